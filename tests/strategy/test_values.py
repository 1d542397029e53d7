"""The values of moves, in base bets: what every player knows, and what the rules fix exactly."""

from __future__ import annotations

import pytest

from casino_gui.engine.cards import parse_cards
from casino_gui.engine.games import (
    BLACKJACK,
    CARIBBEAN_21,
    FACE_UP_21,
    MATCH_PLAY_21,
    NO_BUST_21,
    PONTOON,
    SUPER_21,
)
from casino_gui.engine.round import Action, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe
from casino_gui.engine.strategy import Decision, action_values, advise, value_in_cents
from casino_gui.engine.strategy.deals import deal_of
from casino_gui.engine.strategy.edge import deal_value

HIT, STAND, DOUBLE, SPLIT = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT
SURRENDER, INSURE, NO_INSURANCE = Action.SURRENDER, Action.INSURE, Action.NO_INSURANCE
SIX_DECKS = BLACKJACK.replace(decks=6, split_max_hands=4)


def values(rules: Rules, hand: str, dealer: str, **known: object) -> dict[Action, float]:
    decision = Decision(rules, tuple(parse_cards(hand)), tuple(parse_cards(dealer)), **known)  # type: ignore[arg-type]
    return action_values(decision)


def best(moves: dict[Action, float]) -> Action:
    return max(moves, key=lambda action: moves[action])


def test_standing_on_hard_20_against_a_6_wins_money() -> None:
    moves = values(SIX_DECKS, "TS QH", "6C")
    assert best(moves) is STAND
    assert 0.6 < moves[STAND] < 0.75  # the dealer busts 42% of the time and rarely makes 21


def test_blackjack_16_against_a_10_hits_and_loses_about_half_a_bet() -> None:
    moves = values(SIX_DECKS, "TS 6H", "TC")
    assert best(moves) is HIT
    assert -0.55 < moves[HIT] < moves[STAND] + 0.01 < -0.52


def test_surrender_is_worth_exactly_half_the_stake() -> None:
    assert values(SUPER_21, "TS 6H", "TC")[SURRENDER] == -0.5
    # Match Play 21's double-down rescue gives back half of the doubled stake: one bet lost.
    rescue = values(MATCH_PLAY_21, "5S 6H 5C", "KC", stake=2.0, doubles=1)
    assert rescue == {STAND: pytest.approx(rescue[STAND]), SURRENDER: -1.0}
    assert best(rescue) is SURRENDER


@pytest.mark.parametrize(
    ("rules", "hand", "dealer", "paid"),
    [
        (BLACKJACK, "AS KH", "6C", 1.5),  # 3:2, the dealer cannot hold one
        (NO_BUST_21, "AS KH", "5C", 1.2),  # 6:5
        (FACE_UP_21, "AS KH", "AC TD", 1.0),  # a tied natural wins, even money
        (SUPER_21, "AS KH", "TC", 1 + 1 / 16),  # always wins; 2:1 if both are diamonds
    ],
)
def test_a_natural_is_worth_its_payout(rules: Rules, hand: str, dealer: str, paid: float) -> None:
    played = deal_value(rules, deal_of(rules, parse_cards(hand), parse_cards(dealer)))
    assert played.moves == {}  # no decision: the engine settles it
    assert played.value == pytest.approx(paid)


def test_a_pontoon_is_worth_2_to_1_unless_the_dealer_shows_one() -> None:
    played = deal_value(PONTOON, deal_of(PONTOON, parse_cards("AS KH"), []))
    aces, tens, left = 32 - 1, 128 - 1, 416 - 2
    assert played.dealer_natural == pytest.approx(2 * aces * tens / (left * (left - 1)))
    # A dealer pontoon beats a player's: every hand loses.
    assert played.value == pytest.approx(2.0 * (1 - played.dealer_natural) - played.dealer_natural)


def test_a_blackjack_against_an_ace_is_worth_its_payout_unless_the_dealer_has_one_too() -> None:
    played = deal_value(BLACKJACK, deal_of(BLACKJACK, parse_cards("AS KH"), parse_cards("AC")))
    tens_left = 128 - 1
    assert played.dealer_natural == pytest.approx(tens_left / (416 - 3))
    assert played.value == pytest.approx(1.5 * (1 - played.dealer_natural))


def test_insurance_is_worth_its_odds_on_the_tens_left() -> None:
    moves = values(BLACKJACK, "TS TH", "AC", insurance=True)
    tens = (128 - 2) / (416 - 3)
    assert moves[INSURE] - moves[NO_INSURANCE] == pytest.approx(0.5 * (3 * tens - 1))
    assert best(moves) is NO_INSURANCE
    # With the small cards of two suits seen, a single deck is rich enough in tens to insure.
    seen = tuple(parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H 7H 8H 9H"))
    rich = values(BLACKJACK.replace(decks=1), "2C 3C", "AC", insurance=True, seen=seen)
    tens = 16 / (52 - 19)
    assert rich[INSURE] - rich[NO_INSURANCE] == pytest.approx(0.5 * (3 * tens - 1))
    assert best(rich) is INSURE


def test_splitting_eights_is_valued_for_both_hands_and_their_resplits() -> None:
    by_limit = {
        hands: values(BLACKJACK.replace(decks=6, split_max_hands=hands), "8S 8H", "TC")
        for hands in (2, 3, 4)
    }
    for moves in by_limit.values():
        assert best(moves) is SPLIT
        assert moves[HIT] < -0.53  # one hand of 16
    # Two hands, each starting from an 8, lose less than one 16; room to re-split helps.
    assert by_limit[2][SPLIT] < by_limit[3][SPLIT] < by_limit[4][SPLIT] < -0.47


def test_split_aces_against_a_6_are_worth_more_than_half_a_bet() -> None:
    moves = values(SIX_DECKS, "AS AH", "6C")
    assert best(moves) is SPLIT
    assert moves[SPLIT] > 0.6 > moves[DOUBLE]


def test_a_split_hand_waiting_for_its_card_counts_when_the_first_one_may_resplit() -> None:
    # 8s split against a 10; the first hand drew another 8. Re-splitting uses the spot's last
    # hand (of three), which the waiting hand could otherwise have used.
    rules = BLACKJACK.replace(decks=6)
    waiting = ((parse_cards("8D")[0], False),)
    moves = values(rules, "8S 8C", "TC", from_split=True, hands_at_spot=2, waiting=waiting)
    assert best(moves) is SPLIT
    full = values(rules, "8S 8C", "TC", from_split=True, hands_at_spot=3, waiting=waiting)
    assert SPLIT not in full  # the spot is full


def test_caribbean_21_splits_any_two_cards() -> None:
    moves = values(CARIBBEAN_21, "TS 6H", "5C")
    assert SPLIT in moves and SURRENDER in moves and DOUBLE in moves


def test_late_insurance_is_valued_on_the_dealers_next_two_cards() -> None:
    moves = values(CARIBBEAN_21, "9S 7H", "AC", insurance_room=0.5)
    tens = 128 - 0
    both = tens * (tens - 1) / (413 * 412)
    others = {a: v for a, v in moves.items() if a is not INSURE}
    assert moves[INSURE] == pytest.approx(max(others.values()) + 0.5 * (10 * both - 1))


def test_the_hint_reads_a_live_round_and_values_exactly_its_legal_actions() -> None:
    table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "TS 9H 6C TD"), bankroll=100_000)
    table.bet(1, 2_500)
    table.deal()
    advice = advise(table)
    assert set(advice.values) == set(table.legal_actions()) == {HIT, STAND, DOUBLE}
    assert advice.best is HIT  # 16 against a 9
    assert advice.shortfall(HIT) == 0.0 < advice.shortfall(STAND)
    assert advice.cents(STAND) == value_in_cents(advice.values[STAND], 2_500)
    assert -1_400 < advice.cents(STAND) < -1_300  # about 54% of $25 lost


def test_the_hint_sees_the_other_spots_cards() -> None:
    shoe = "TS 4H 6C 4S 5H 9D"  # spot 1: T 4; spot 2: 4 5; the dealer 6 up
    table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, shoe), bankroll=100_000)
    table.bet(1, 1_000)
    table.bet(2, 1_000)
    table.deal()
    first = advise(table)
    alone = values(BLACKJACK, "TS 4S", "6C")
    # The other spot's 4 and 5 are out of the shoe: the values differ a little.
    assert first.values[STAND] != pytest.approx(alone[STAND], abs=1e-9)
    assert first.values[STAND] == pytest.approx(alone[STAND], abs=0.01)


def test_value_in_cents_rounds_to_the_cent() -> None:
    assert value_in_cents(-0.5, 1_000) == -500
    assert value_in_cents(0.12345, 1_000) == 123


def test_pontoon_four_card_soft_21_doubles_for_a_sure_five_card_trick() -> None:
    # A-2-3-5 is a soft 21 in four cards: it may hit, stand or double (docs/rules.md, "Pontoon"), and
    # doubling is best: the fifth card cannot bust it, and the trick pays 2:1 on $2.
    moves = values(PONTOON, "AS 2C 3H 5C", "")
    assert set(moves) == {HIT, STAND, DOUBLE}
    assert best(moves) is DOUBLE
    assert moves[DOUBLE] > 3.0


def test_pontoon_three_card_soft_21_may_hit_stand_or_double() -> None:
    assert set(values(PONTOON, "AS 5C 5H", "")) == {HIT, STAND, DOUBLE}
