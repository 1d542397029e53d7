"""Building bets with chips and what DEAL does (docs/rules.md, "Chips and limits", "Betting circles"
and "DEAL"; seed 002 "Placing Bets").

`casino_gui.engine.betting` works on a mapping of circle number to cents; the round takes the
bets it returns. Default table: three circles, $1 minimum, $500 maximum per circle.
"""

from __future__ import annotations

import pytest

from casino_gui.engine import betting
from casino_gui.engine.betting import (
    CHIPS,
    add_chip,
    affordable_chips,
    can_deal,
    check_bets,
    deal_bets,
    remove_chip,
)
from casino_gui.engine.errors import BetError
from casino_gui.engine.games import BLACKJACK, FACE_UP_21, GAMES
from casino_gui.engine.round import Bet, Phase, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe

BANKROLL = 100_000  # a new player's $1,000
FIVE_DOLLAR_TABLE = BLACKJACK.replace(min_bet=500)


# --- Chips and limits -----------------------------------------------------------------------


def test_chips_are_1_5_10_25_100_and_500_dollars() -> None:
    assert CHIPS == (100, 500, 1_000, 2_500, 10_000, 50_000)


def test_default_table_limits_are_1_to_500_dollars_on_three_circles() -> None:
    assert (BLACKJACK.min_bet, BLACKJACK.max_bet, BLACKJACK.circles) == (100, 50_000, 3)


# --- Left-click: add the selected chip ------------------------------------------------------


def test_left_click_adds_the_selected_chip() -> None:
    # Seed 002: $25, $25 again, then the $5 chip: $55 on the circle.
    bets = add_chip({}, 1, 2_500, BANKROLL, BLACKJACK)
    assert bets == {1: 2_500}
    bets = add_chip(bets, 1, 2_500, BANKROLL, BLACKJACK)
    assert bets == {1: 5_000}
    bets = add_chip(bets, 1, 500, BANKROLL, BLACKJACK)
    assert bets == {1: 5_500}


def test_left_click_adds_only_to_the_circle_clicked() -> None:
    bets = add_chip({1: 1_000}, 3, 100, BANKROLL, BLACKJACK)
    assert bets == {1: 1_000, 3: 100}


def test_left_click_over_the_table_maximum_is_refused_and_the_bets_are_unchanged() -> None:
    bets = {1: 50_000, 2: 1_000}
    with pytest.raises(BetError, match=r"\$501\.00 on circle 1 is over the table maximum of \$500"):
        add_chip(bets, 1, 100, BANKROLL, BLACKJACK)
    assert bets == {1: 50_000, 2: 1_000}
    # $475 + $25 reaches the maximum exactly and is taken.
    assert add_chip({1: 47_500}, 1, 2_500, BANKROLL, BLACKJACK) == {1: 50_000}


def test_left_click_over_the_bankroll_is_refused_and_the_bets_are_unchanged() -> None:
    # $30 to play: $25 on circle 1, and a $10 chip on circle 2 would make $35.
    bets = {1: 2_500}
    with pytest.raises(
        BetError,
        match=r"your bets would come to \$35\.00, more than your bankroll: you have \$30\.00",
    ):
        add_chip(bets, 2, 1_000, 3_000, BLACKJACK)
    assert bets == {1: 2_500}
    # A $5 chip fits exactly.
    assert add_chip(bets, 2, 500, 3_000, BLACKJACK) == {1: 2_500, 2: 500}


def test_left_click_refuses_a_chip_that_does_not_exist() -> None:
    with pytest.raises(BetError, match=r"no \$2\.00 chip"):
        add_chip({}, 1, 200, BANKROLL, BLACKJACK)


def test_left_click_refuses_a_circle_the_table_does_not_have() -> None:
    with pytest.raises(BetError, match="there is no circle 4: this table has 3"):
        add_chip({}, 4, 100, BANKROLL, BLACKJACK)
    with pytest.raises(BetError, match="there is no circle 0"):
        add_chip({}, 0, 100, BANKROLL, BLACKJACK)
    # A table setting offers up to five circles.
    five = BLACKJACK.replace(circles=5)
    assert add_chip({}, 5, 100, BANKROLL, five) == {5: 100}


# --- Right-click: remove that denomination, or whatever is left -----------------------------


def test_right_click_removes_the_selected_denomination() -> None:
    bets = {1: 5_500, 2: 1_000}
    assert remove_chip(bets, 1, 2_500, BLACKJACK) == {1: 3_000, 2: 1_000}
    assert bets == {1: 5_500, 2: 1_000}


def test_right_click_removes_whatever_is_left_when_less_than_the_chip() -> None:
    # $3 on the circle, the $5 chip selected: the circle is emptied, not taken below zero.
    bets = remove_chip({1: 300, 2: 1_000}, 1, 500, BLACKJACK)
    assert bets.get(1, 0) == 0
    assert bets.get(2) == 1_000
    assert sum(bets.values()) == 1_000


def test_right_click_on_an_empty_circle_leaves_it_empty() -> None:
    bets = remove_chip({2: 1_000}, 1, 100, BLACKJACK)
    assert bets.get(1, 0) == 0
    assert bets.get(2) == 1_000


# --- Checking bets ------------------------------------------------------------------------


def test_a_circle_holds_zero_or_a_bet_within_the_limits() -> None:
    check_bets({1: 500, 2: 0, 3: 50_000}, BANKROLL, FIVE_DOLLAR_TABLE)
    with pytest.raises(BetError, match=r"\$1\.00 on circle 2 is outside the table limits"):
        check_bets({1: 500, 2: 100}, BANKROLL, FIVE_DOLLAR_TABLE)


def test_the_bets_together_never_exceed_the_bankroll() -> None:
    check_bets({1: 1_000, 2: 1_000}, 2_000, BLACKJACK)
    with pytest.raises(
        BetError, match=r"your bets come to \$20\.00, more than your bankroll: you have \$19\.99"
    ):
        check_bets({1: 1_000, 2: 1_000}, 1_999, BLACKJACK)


# --- DEAL ---------------------------------------------------------------------------------


def test_deal_stays_unlit_while_a_circle_is_below_the_minimum() -> None:
    # A $5 table: a $1 chip on circle 1 is not yet a bet, and DEAL waits for it.
    bets = add_chip({}, 1, 100, BANKROLL, FIVE_DOLLAR_TABLE)
    assert bets == {1: 100}
    assert not can_deal(bets, None, 100, BANKROLL, FIVE_DOLLAR_TABLE)
    # Not even the repeat of a valid previous round stands in for it.
    assert not can_deal(bets, {1: 1_000}, 100, BANKROLL, FIVE_DOLLAR_TABLE)
    with pytest.raises(BetError, match="outside the table limits"):
        deal_bets(bets, None, 100, BANKROLL, FIVE_DOLLAR_TABLE)
    for _ in range(4):
        bets = add_chip(bets, 1, 100, BANKROLL, FIVE_DOLLAR_TABLE)
    assert bets == {1: 500}
    assert can_deal(bets, None, 100, BANKROLL, FIVE_DOLLAR_TABLE)


def test_deal_is_lit_with_one_valid_circle_and_deals_the_bets_on_the_table() -> None:
    assert can_deal({2: 1_000}, None, 100, BANKROLL, BLACKJACK)
    assert deal_bets({2: 1_000}, None, 100, BANKROLL, BLACKJACK) == {2: 1_000}
    # The chips on the table are dealt, not the previous round's bets nor the selected chip.
    bets = deal_bets({3: 2_500, 1: 500}, {2: 10_000}, 50_000, BANKROLL, BLACKJACK)
    assert bets == {1: 500, 3: 2_500}
    assert list(bets) == [1, 3]


def test_deal_with_no_bet_repeats_the_previous_bets_circle_by_circle() -> None:
    previous = {1: 1_000, 3: 2_500}
    assert can_deal({}, previous, 500, BANKROLL, BLACKJACK)
    assert deal_bets({}, previous, 500, BANKROLL, BLACKJACK) == {1: 1_000, 3: 2_500}
    # Emptied circles count as no bet.
    assert deal_bets({1: 0}, previous, 500, BANKROLL, BLACKJACK) == {1: 1_000, 3: 2_500}


def test_deal_repeats_the_previous_bets_when_the_bankroll_just_covers_them() -> None:
    # $35 left, $10 + $25 last round; the selected $500 chip is out of reach and does not matter.
    previous = {1: 1_000, 3: 2_500}
    assert deal_bets({}, previous, 50_000, 3_500, BLACKJACK) == {1: 1_000, 3: 2_500}


def test_deal_with_no_bet_on_the_first_round_bets_the_selected_chip_on_spot_1() -> None:
    assert can_deal({}, None, 2_500, BANKROLL, BLACKJACK)
    assert deal_bets({}, None, 2_500, BANKROLL, BLACKJACK) == {1: 2_500}
    assert deal_bets({}, {}, 500, BANKROLL, BLACKJACK) == {1: 500}


def test_deal_with_no_bet_and_too_little_for_the_repeat_bets_the_selected_chip_on_spot_1() -> None:
    # $10 + $10 last round, $15 left: the selected $5 chip goes on spot 1 instead.
    previous = {1: 1_000, 2: 1_000}
    assert can_deal({}, previous, 500, 1_500, BLACKJACK)
    assert deal_bets({}, previous, 500, 1_500, BLACKJACK) == {1: 500}


def test_deal_is_unlit_when_even_the_selected_chip_exceeds_the_bankroll() -> None:
    # $3 left: neither last round's $10 nor the selected $5 chip can be bet.
    assert not can_deal({}, {1: 1_000}, 500, 300, BLACKJACK)
    assert not can_deal({}, None, 500, 300, BLACKJACK)
    with pytest.raises(BetError, match=r"\$5\.00, more than your bankroll: you have \$3\.00"):
        deal_bets({}, {1: 1_000}, 500, 300, BLACKJACK)
    assert not can_deal({}, None, 100, 0, BLACKJACK)
    # The $1 chip still fits.
    assert deal_bets({}, {1: 1_000}, 100, 300, BLACKJACK) == {1: 100}


def test_deal_is_unlit_when_the_chips_on_the_table_exceed_the_bankroll() -> None:
    assert not can_deal({1: 2_500}, None, 100, 2_000, BLACKJACK)


# --- The chip rack ------------------------------------------------------------------------


def test_affordable_chips_are_those_the_free_bankroll_covers() -> None:
    assert affordable_chips({}, BANKROLL) == CHIPS
    # $30 in all, $25 on the table: $5 free.
    assert affordable_chips({1: 2_500}, 3_000) == (100, 500)
    assert affordable_chips({1: 2_500, 2: 400}, 3_000) == (100,)
    assert affordable_chips({}, 99) == ()
    assert affordable_chips({}, 0) == ()


# --- The bets at the table ----------------------------------------------------------------


def test_bets_are_debited_when_the_deal_starts() -> None:
    # $10 on spot 1, $25 on spot 2: the bankroll stays $1,000 until DEAL, then holds $965.
    # Spot 1 9S 7H (16), spot 2 TS 8H (18); dealer 9C 8D (17), Face Up 21.
    table = Round(FACE_UP_21, Shoe.stacked(FACE_UP_21, "9S TS 9C 7H 8H 8D"), bankroll=BANKROLL)
    table.bet(1, 1_000)
    table.bet(2, 2_500)
    assert table.bankroll == 100_000
    assert table.on_table() == 3_500
    table.deal()
    assert table.phase is Phase.PLAYER_TURNS
    assert table.bankroll == 96_500
    assert [hand.stake for hand in table.hands] == [1_000, 2_500]


def test_bets_are_locked_once_the_deal_starts() -> None:
    table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "9S 9C 7H 8D"), bankroll=BANKROLL)
    table.bet(1, 1_000)
    table.deal()
    with pytest.raises(BetError, match="bets are locked once the deal starts"):
        table.bet(1, 2_500)
    with pytest.raises(BetError, match="bets are locked"):
        table.bet(2, 1_000)
    assert {spot: s.bet for spot, s in table.spots.items()} == {1: 1_000}
    assert table.bankroll == 99_000


def test_the_round_refuses_bets_over_the_bankroll_or_outside_the_limits() -> None:
    table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "9S 9C 7H 8D"), bankroll=3_000)
    table.bet(1, 2_500)
    with pytest.raises(
        BetError, match=r"your bets come to \$35\.00, more than your bankroll: you have \$30\.00"
    ):
        table.bet(2, 1_000)
    with pytest.raises(BetError, match="outside the table limits"):
        table.bet(2, 50_100)
    with pytest.raises(BetError, match="outside the table limits"):
        table.bet(2, 99)
    with pytest.raises(BetError, match="there is no circle 4"):
        table.bet(4, 100)
    assert {spot: s.bet for spot, s in table.spots.items()} == {1: 2_500}
    assert table.bankroll == 3_000


def test_deal_bets_go_to_the_table_and_are_debited_on_the_deal() -> None:
    # No chips on the table, $10 + $25 last round: DEAL repeats them.
    bets = betting.deal_bets({}, {1: 1_000, 2: 2_500}, 500, BANKROLL, FACE_UP_21)
    table = Round(FACE_UP_21, Shoe.stacked(FACE_UP_21, "9S TS 9C 7H 8H 8D"), bankroll=BANKROLL)
    table.place(Bet(spot, amount) for spot, amount in bets.items())
    assert table.bankroll == 100_000
    table.deal()
    assert [(hand.spot, hand.bet) for hand in table.hands] == [(1, 1_000), (2, 2_500)]
    assert table.bankroll == 96_500


def test_deal_without_a_bet_is_refused_by_the_round() -> None:
    table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "9S 9C 7H 8D"), bankroll=BANKROLL)
    assert not table.can_deal()
    with pytest.raises(BetError, match="place a bet"):
        table.deal()
    assert table.phase is Phase.BETTING
    assert table.bankroll == 100_000


# --- No Bust 21's Buster circles and DEAL with side bets ---------------------------------------

NO_BUST = GAMES["no_bust_21"]


def test_buster_chip_is_added_within_its_own_limits() -> None:
    busters = betting.add_buster_chip({}, {1: 1_000}, 1, 500, 100_000, NO_BUST)
    busters = betting.add_buster_chip(busters, {1: 1_000}, 1, 1_000, 100_000, NO_BUST)
    assert busters == {1: 1_500}
    with pytest.raises(BetError, match=r"\$40.00 on Buster 1 is over its maximum of \$25.00"):
        betting.add_buster_chip(busters, {1: 1_000}, 1, 2_500, 100_000, NO_BUST)


def test_buster_chip_is_refused_on_a_game_without_the_bet() -> None:
    with pytest.raises(BetError, match="Standard BlackJack has no Buster bet"):
        betting.add_buster_chip({}, {1: 1_000}, 1, 100, 100_000, GAMES["blackjack"])


def test_buster_chip_counts_against_the_bankroll_with_the_main_bets() -> None:
    with pytest.raises(
        BetError,
        match=r"your bets would come to \$11.00, more than your bankroll: you have \$10.50",
    ):
        betting.add_buster_chip({}, {1: 1_000}, 1, 100, 1_050, NO_BUST)


def test_deal_with_a_buster_bet_deals_it_beside_its_main_bet() -> None:
    bets = betting.deal_round_bets({1: 1_000, 2: 500}, {2: 200}, None, 500, 100_000, NO_BUST)
    assert bets == [Bet(1, 1_000, 0), Bet(2, 500, 200)]


def test_deal_refuses_a_buster_bet_without_a_main_bet() -> None:
    with pytest.raises(BetError, match="the Buster bet on circle 2 needs a bet in its circle"):
        betting.deal_round_bets({1: 1_000}, {2: 200}, None, 500, 100_000, NO_BUST)


def test_deal_with_no_bet_repeats_the_previous_bets_and_their_buster_bets() -> None:
    previous = [Bet(1, 1_000, 200), Bet(3, 2_500)]
    assert betting.deal_round_bets({}, {}, previous, 500, 3_700, NO_BUST) == previous


def test_deal_with_no_bet_bets_the_chip_when_the_repeat_with_busters_is_too_dear() -> None:
    # $37.00 to repeat, $36.99 in the bankroll: the selected $5 chip goes on spot 1.
    previous = [Bet(1, 1_000, 200), Bet(3, 2_500)]
    assert betting.deal_round_bets({}, {}, previous, 500, 3_699, NO_BUST) == [Bet(1, 500)]


# --- One implementation: the window's chips and the round's bets say the same -------------

NO_BUST = GAMES["no_bust_21"]


def round_refusal(rules: Rules, bets: dict[int, tuple[int, int]], bankroll: int) -> str:
    """The round's message for placing these (main, Buster) bets, circle by circle."""
    table = Round(rules, Shoe.shuffled(rules, seed=1), bankroll=bankroll)
    with pytest.raises(BetError) as refused:
        for spot, (amount, buster) in sorted(bets.items()):
            table.bet(spot, amount, buster)
    return str(refused.value)


def window_refusal(rules: Rules, bets: dict[int, tuple[int, int]], bankroll: int) -> str:
    """The betting API's message for DEAL with the same chips on the table."""
    mains = {spot: amount for spot, (amount, _) in bets.items()}
    busters = {spot: buster for spot, (_, buster) in bets.items() if buster}
    with pytest.raises(BetError) as refused:
        betting.deal_round_bets(mains, busters, None, 100, bankroll, rules)
    return str(refused.value)


@pytest.mark.parametrize(
    ("rules", "bets", "bankroll", "message"),
    [
        (BLACKJACK, {1: (50_100, 0)}, 100_000, "$501.00 on circle 1 is outside the table limits"),
        (BLACKJACK, {1: (2_000, 0), 2: (1_500, 0)}, 3_000, "your bets come to $35.00"),
        (NO_BUST, {1: (1_000, 3_000)}, 100_000, "Buster bet of $30.00 on circle 1 is outside"),
        (NO_BUST, {1: (0, 200)}, 100_000, "the Buster bet on circle 1 needs a bet in its circle"),
    ],
    ids=["over the maximum", "over the bankroll", "Buster limits", "Buster alone"],
)
def test_the_round_and_the_window_refuse_a_bet_with_one_message(
    rules: Rules, bets: dict[int, tuple[int, int]], bankroll: int, message: str
) -> None:
    said = round_refusal(rules, bets, bankroll)
    assert message in said
    assert window_refusal(rules, bets, bankroll) == said


# --- REBET and REBET x2 (docs/decisions.md, "Betting conveniences")
# -----------------------------------


def test_rebet_puts_the_last_rounds_bets_back_circle_by_circle() -> None:
    last = [Bet(3, 1_000), Bet(1, 2_500)]
    assert betting.rebet_bets({}, {}, last, BANKROLL, BLACKJACK) == [Bet(1, 2_500), Bet(3, 1_000)]
    assert betting.rebet_bets({}, {}, last, BANKROLL, BLACKJACK, 2) == [
        Bet(1, 5_000),
        Bet(3, 2_000),
    ]


@pytest.mark.parametrize(
    ("bets", "previous", "bankroll", "factor", "reason"),
    [
        ({1: 500}, [Bet(1, 2_500)], BANKROLL, 1, "take the chips on the table back first"),
        ({}, None, BANKROLL, 1, "there is no last round to repeat"),
        ({}, [], BANKROLL, 1, "there is no last round to repeat"),
        # $300 doubled is $600, over the $500 maximum.
        ({}, [Bet(1, 30_000)], BANKROLL, 2, "$600.00 on circle 1 is outside the table limits"),
        # $400 on two circles doubled is $800 with $600 in the bankroll.
        ({}, [Bet(1, 20_000), Bet(2, 20_000)], 60_000, 2, "bankroll"),
        ({}, [Bet(1, 20_000), Bet(2, 20_000)], 39_999, 1, "bankroll"),
        ({}, [Bet(1, 500)], BANKROLL, 3, "not 3 times"),
    ],
)
def test_rebet_is_refused_with_the_reason(
    bets: dict[int, int], previous: list[Bet] | None, bankroll: int, factor: int, reason: str
) -> None:
    with pytest.raises(BetError, match=reason.replace("$", r"\$").replace(".", r"\.")):
        betting.rebet_bets(bets, {}, previous, bankroll, BLACKJACK, factor)
    assert not betting.can_rebet(bets, {}, previous, bankroll, BLACKJACK, factor)


def test_rebet_at_exactly_the_bankroll_and_the_maximum_is_allowed() -> None:
    assert betting.can_rebet({}, {}, [Bet(1, 25_000), Bet(2, 25_000)], 100_000, BLACKJACK, 2)
    assert not betting.can_rebet({}, {}, [Bet(1, 25_000), Bet(2, 25_000)], 99_999, BLACKJACK, 2)


def test_rebet_repeats_and_doubles_buster_bets_too() -> None:
    last = [Bet(1, 1_000, 500)]
    assert betting.rebet_bets({}, {}, last, BANKROLL, NO_BUST, 2) == [Bet(1, 2_000, 1_000)]
    # A Buster chip alone on the table is a chip on the table: no rebet.
    assert not betting.can_rebet({}, {1: 500}, last, BANKROLL, NO_BUST)
