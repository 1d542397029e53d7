"""Caribbean 21, rule by rule (docs/rules.md, "Caribbean 21").

Every test stacks the shoe in dealing order: one card to each spot, the dealer's one card (face
up, no hole card), the second card to each spot; then the player's cards in play order, then the
dealer's draws. Amounts are cents; every player starts with $1,000 (100_000).
"""

from __future__ import annotations

import functools

import pytest

from casino_gui.engine import actions_of, parse_move
from casino_gui.engine.cards import Card
from casino_gui.engine.errors import BetError, IllegalActionError
from casino_gui.engine.events import (
    CardDealt,
    DealerPeeked,
    DealerRevealed,
    HandSurrendered,
    SideBetSettled,
)
from casino_gui.engine.games import CARIBBEAN_21
from casino_gui.engine.hand import HandStatus, HandValue, Outcome, hand_value
from casino_gui.engine.result import RoundResult
from casino_gui.engine.round import Action, Phase
from tests.engine import tables

START = tables.BANKROLL
seated = functools.partial(tables.seated, CARIBBEAN_21)
dealt = functools.partial(tables.dealt, CARIBBEAN_21)
total = functools.partial(tables.total, CARIBBEAN_21)
spelled = tables.spelled


def value(cards: list[Card]) -> HandValue:
    return hand_value(cards, CARIBBEAN_21.aces_eleven)


# --- The shoe and the dealer's card ----------------------------------------------------------


def test_caribbean_21_dealer_gets_one_card_face_up_and_no_hole_card() -> None:
    # Player 5S 4H; the dealer's one card 9C lies face up from the deal; his next card, 8D,
    # comes only after the player stands (17). Nothing is ever face down, nothing revealed.
    table = seated("5S 9C 4H 8D")
    events = table.deal()

    deals = [e for e in events if isinstance(e, CardDealt)]
    assert [(e.hand_id is None, spelled([e.card]), e.face_up) for e in deals] == [
        (False, "5S", True),
        (True, "9C", True),
        (False, "4H", True),
    ]
    assert not any(isinstance(e, DealerPeeked | DealerRevealed) for e in events)
    assert spelled(table.dealer) == "9C"
    assert table.dealer_face_down == 0
    assert spelled(table.visible_dealer_cards()) == "9C"

    turn = table.stand()

    assert not any(isinstance(e, DealerRevealed) for e in turn)
    assert CardDealt(None, Card.parse("8D"), True) in turn
    assert spelled(table.dealer) == "9C 8D"
    assert (table.hands[0].outcome, table.hands[0].payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 99_000


def test_caribbean_21_dealer_draws_after_the_players() -> None:
    # Spot 1 5S 4H (9) hits 3D (12) and 6C (18); spot 2 TS 9H (19) stands. The dealer's 9C
    # waits alone until both spots are done, then he draws 8D (17); 5D stays in the shoe.
    table = dealt("5S TS 9C 4H 9H 3D 6C 8D 5D", 1_000, 1_000)
    assert len(table.dealer) == 1
    table.hit()
    table.hit()
    assert len(table.dealer) == 1
    table.stand()
    assert len(table.dealer) == 1
    table.stand()

    assert [spelled(h.cards) for h in table.hands] == ["5S 4H 3D 6C", "TS 9H"]
    assert spelled(table.dealer) == "9C 8D"
    assert table.shoe.remaining == 1
    assert [(h.outcome, h.payout) for h in table.hands] == [
        (Outcome.WIN, 2_000),
        (Outcome.WIN, 2_000),
    ]
    assert table.bankroll == 102_000


# --- Aces count 1 --------------------------------------------------------------------------


def test_caribbean_21_ace_counts_1_only_a_6_is_7_not_soft_17() -> None:
    # Player AS 6H is 7; HIT 4D makes 11 (a soft count would have been 21 and stood).
    # Dealer 9C draws 8S (17).
    table = dealt("AS 9C 6H 4D 8S")
    hand = table.hands[0]
    assert value(hand.cards) == HandValue(7, False)

    table.hit()
    assert value(hand.cards) == HandValue(11, False)
    assert hand.status is HandStatus.PLAYING
    table.stand()

    assert (hand.outcome, hand.payout) == (Outcome.LOSE, 0)
    assert RoundResult.of(table).hands[0].total == 11
    assert table.bankroll == 99_000


def test_caribbean_21_a_k_is_11_not_a_blackjack() -> None:
    # Player AS KH is 11, plays on, and stands on 11; dealer 9C draws 8D (17).
    table = dealt("AS 9C KH 8D")
    hand = table.hands[0]
    assert value(hand.cards) == HandValue(11, False)
    assert table.phase is Phase.PLAYER_TURNS
    assert hand.outcome is None
    assert table.legal_actions() == frozenset(
        {Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER}
    )

    table.stand()

    assert (hand.outcome, hand.payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 99_000


def test_caribbean_21_player_may_stand_on_any_total() -> None:
    # Player 2S 3H stands on 5; dealer TC draws 6D (16) and TD: bust.
    table = dealt("2S TC 3H 6D TD")
    assert Action.STAND in table.legal_actions()
    table.stand()

    hand = table.hands[0]
    assert spelled(table.dealer) == "TC 6D TD"
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 101_000


# --- The dealer's play ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("up", "draws", "final"),
    [
        ("AC", "6D TC", "AC 6D TC"),  # A 6 is 7, not soft 17: he draws, TC makes 17
        ("TC", "6D 2S", "TC 6D 2S"),  # 16 hits, 18 stands
        ("TC", "7D", "TC 7D"),  # 17 stands
        ("AC", "KD 6S", "AC KD 6S"),  # A K is 11, not a blackjack: 6S makes 17
    ],
    ids=["A-6-is-7", "16-hits", "17-stands", "A-K-is-11"],
)
def test_caribbean_21_dealer_hits_16_or_less_and_stands_on_17_or_more(
    up: str, draws: str, final: str
) -> None:
    # Player TS 9H (19) stands; a spare 5H stays in the shoe.
    table = dealt(f"TS {up} 9H {draws} 5H")
    table.stand()

    hand = table.hands[0]
    assert spelled(table.dealer) == final
    assert 17 <= total(table.dealer) <= 18
    assert table.shoe.remaining == 1
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 101_000


# --- Caribbean 21 --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bet", "payout"),
    [(1_000, 2_500), (1_005, 2_512)],  # 3:2 on $10.05 is $15.075: the house keeps the half cent
)
def test_caribbean_21_a_k_q_pays_3_to_2_on_the_base_stake(bet: int, payout: int) -> None:
    # Player AS KH hits QD: an ace and two ten-value cards, 21, stands. Dealer 9C draws 8D.
    table = dealt("AS 9C KH QD 8D", bet)
    table.hit()

    hand = table.hands[0]
    assert hand.status is HandStatus.STOOD
    assert spelled(table.dealer) == "9C 8D"
    assert (hand.outcome, hand.kind, hand.payout) == (Outcome.WIN, "caribbean 21", payout)
    assert table.bankroll == START - bet + payout


@pytest.mark.parametrize(
    ("bet", "payout"),
    [
        (1_000, 4_500),  # stake 2_000 back + 1_500 (3:2 on 1_000) + 1_000 (1:1 on the double)
        (1_005, 4_522),  # 2_010 + 1_507 + 1_005
    ],
)
def test_caribbean_21_on_doubled_hand_pays_3_to_2_on_base_and_1_to_1_on_double(
    bet: int, payout: int
) -> None:
    # Player AS KH (11) doubles and takes QD: a Caribbean 21. Dealer 9C draws 8D (17).
    table = dealt("AS 9C KH QD 8D", bet)
    table.double()

    hand = table.hands[0]
    assert spelled(hand.cards) == "AS KH QD"
    assert hand.stake == 2 * bet
    assert (hand.outcome, hand.kind, hand.payout) == (Outcome.WIN, "caribbean 21", payout)
    assert table.bankroll == START - 2 * bet + payout


def test_caribbean_21_on_double_for_less_pays_1_to_1_on_the_amount_added() -> None:
    # Bankroll $15, bet $10: doubling adds the $5 left. AS KH + QD against dealer 9C 8D:
    # 1_500 back + 1_500 (3:2 on 1_000) + 500 (1:1 on the 500 added).
    table = dealt("AS 9C KH QD 8D", bankroll=1_500)
    table.double()

    hand = table.hands[0]
    assert (hand.bet, hand.extra) == (1_000, 500)
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 3_500)
    assert table.bankroll == 3_500


def test_caribbean_21_beats_dealer_ordinary_21() -> None:
    # Player AS KH hits QD; dealer 7C draws 7D 7H: 21 in three cards.
    table = dealt("AS 7C KH QD 7D 7H")
    table.hit()

    hand = table.hands[0]
    assert spelled(table.dealer) == "7C 7D 7H"
    assert total(table.dealer) == 21
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 2_500)
    assert table.bankroll == 101_500


def test_caribbean_21_dealer_wins_a_tie_of_caribbean_21s() -> None:
    # Player KS AH hits QD; dealer AC draws KD QC. No insurance taken.
    table = dealt("KS AC AH QD KD QC")
    table.hit()

    hand = table.hands[0]
    assert spelled(hand.cards) == "KS AH QD"
    assert spelled(table.dealer) == "AC KD QC"
    assert (hand.outcome, hand.payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 99_000


def test_caribbean_21_dealer_caribbean_21_beats_player_ordinary_21() -> None:
    # Player 7S 7H hits 7D (21); dealer AC draws KD QC.
    table = dealt("7S AC 7H 7D KD QC")
    table.hit()

    hand = table.hands[0]
    assert total(hand.cards) == 21
    assert (hand.outcome, hand.payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 99_000


@pytest.mark.parametrize(
    ("cards", "hits"),
    [
        ("TS 9C 8H 9D", 0),  # 18 against 18
        ("7S 9C 7H 7D 5D 7C", 1),  # 21 in three cards against 9C 5D 7C
    ],
    ids=["18-18", "21-21"],
)
def test_caribbean_21_dealer_wins_all_other_ties(cards: str, hits: int) -> None:
    table = dealt(cards)
    for _ in range(hits):
        table.hit()
    if table.phase is not Phase.SETTLED:
        table.stand()

    hand = table.hands[0]
    assert total(hand.cards) == total(table.dealer)
    assert (hand.outcome, hand.payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 99_000


# --- Hitting and doubling ------------------------------------------------------------------


def test_caribbean_21_hit_any_time_even_on_20() -> None:
    # Player TS 6H (16) hits 4D (20), may hit again: AD makes 21 in four cards, which
    # stands. Dealer 9C draws 8D (17).
    table = dealt("TS 9C 6H 4D AD 8D")
    table.hit()
    hand = table.hands[0]
    assert total(hand.cards) == 20
    assert Action.HIT in table.legal_actions()
    table.hit()

    assert spelled(hand.cards) == "TS 6H 4D AD"
    assert hand.status is HandStatus.STOOD
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 101_000


def test_caribbean_21_redouble_stake_1000_2000_4000_and_play_goes_on() -> None:
    # Player 2S 3H hits 4D (9), doubles on three cards: 2C (11); doubles again: 3C (14);
    # hits 5D (19) and stands. Dealer 9C draws 8S (17).
    table = dealt("2S 9C 3H 4D 2C 3C 5D 8S")
    hand = table.hands[0]
    table.hit()
    assert Action.DOUBLE in table.legal_actions()

    table.double()
    assert (len(hand.cards), hand.stake, table.bankroll) == (4, 2_000, 98_000)
    assert Action.DOUBLE in table.legal_actions()
    table.double()
    assert (len(hand.cards), hand.stake, table.bankroll) == (5, 4_000, 96_000)
    assert {Action.HIT, Action.STAND, Action.DOUBLE} <= table.legal_actions()
    table.hit()
    table.stand()

    assert spelled(hand.cards) == "2S 3H 4D 2C 3C 5D"
    assert (hand.doubles, hand.outcome, hand.payout) == (2, Outcome.WIN, 8_000)
    assert table.bankroll == 104_000


def test_caribbean_21_double_up_to_7_times_and_the_8th_refused() -> None:
    # Bankroll $2,000. Player AS AH doubles seven times: AD AC 2S 2H 2D 2C 3S (15), stake
    # $10 * 2**7 = $1,280. Dealer TC draws 6D TD: bust.
    table = dealt("AS TC AH AD AC 2S 2H 2D 2C 3S 6D TD", bankroll=200_000)
    hand = table.hands[0]
    stakes = []
    for _ in range(7):
        table.double()
        stakes.append(hand.stake)

    assert stakes == [2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000]
    assert table.bankroll == 72_000
    assert total(hand.cards) == 15
    assert Action.DOUBLE not in table.legal_actions()
    with pytest.raises(
        IllegalActionError, match="has doubled already; Caribbean 21 allows doubling 7 times"
    ):
        table.double()

    table.stand()
    assert spelled(table.dealer) == "TC 6D TD"
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 256_000)
    assert table.bankroll == 328_000


# --- Splitting -----------------------------------------------------------------------------


def test_caribbean_21_split_any_two_cards_9_5_once_each_hand_gets_its_second_card() -> None:
    # Player 9S 5H split: 9S takes 9D (18) and may not split again; 5H takes TC (15).
    # Dealer 7C draws TD (17).
    table = dealt("9S 7C 5H 9D TC TD")
    assert Action.SPLIT in table.legal_actions()
    table.split()

    first, second = table.hands
    assert table.bankroll == 98_000
    assert spelled(first.cards) == "9S 9D"
    assert spelled(second.cards) == "5H"
    assert Action.SPLIT not in table.legal_actions()
    with pytest.raises(
        IllegalActionError, match="spot 1 has 2 hands, the most Caribbean 21 allows"
    ):
        table.split()
    table.stand()
    assert spelled(second.cards) == "5H TC"
    table.stand()

    assert spelled(table.dealer) == "7C TD"
    assert [(h.stake, h.outcome, h.payout) for h in table.hands] == [
        (1_000, Outcome.WIN, 2_000),
        (1_000, Outcome.LOSE, 0),
    ]
    assert table.bankroll == 100_000


def test_caribbean_21_split_only_the_first_two_cards() -> None:
    # Player 5S 4H hits 2C: three cards do not split. Dealer 9C draws 8D (17); 11 loses.
    table = dealt("5S 9C 4H 2C 8D")
    table.hit()
    assert Action.SPLIT not in table.legal_actions()
    with pytest.raises(IllegalActionError, match="only a hand's first two cards can be split"):
        table.split()
    table.stand()
    assert table.bankroll == 99_000


def test_caribbean_21_split_aces_play_on_double_after_split_and_caribbean_21_on_split_bet() -> None:
    # Player AS AH split: AS takes KD (11, plays on) and hits QS: a Caribbean 21, 3:2 on the
    # split hand's $10. AH takes 9H (10), doubles, takes TH (20). Dealer 8C draws TC (18).
    table = dealt("AS 8C AH KD QS 9H TH TC")
    table.split()
    first, second = table.hands
    assert spelled(first.cards) == "AS KD"
    assert table.active_hand is first
    table.hit()
    assert spelled(second.cards) == "AH 9H"
    assert Action.DOUBLE in table.legal_actions()
    table.double()
    table.stand()

    assert spelled(table.dealer) == "8C TC"
    assert (first.stake, first.kind, first.payout) == (1_000, "caribbean 21", 2_500)
    assert (second.stake, second.outcome, second.payout) == (2_000, Outcome.WIN, 4_000)
    assert table.bankroll == 103_500


# --- Surrender -----------------------------------------------------------------------------


@pytest.mark.parametrize(("bet", "refund"), [(1_000, 500), (1_001, 500)])
def test_caribbean_21_surrender_on_two_cards_returns_half_rounded_down(
    bet: int, refund: int
) -> None:
    # Player TS 6H surrenders; dealer 7C draws nothing: no hand is left for his cards.
    table = seated("TS 7C 6H KD", bet)
    table.deal()
    assert Action.SURRENDER in table.legal_actions()
    events = table.surrender()

    hand = table.hands[0]
    assert HandSurrendered(hand.id, refund) in events
    assert (hand.outcome, hand.payout) == (Outcome.SURRENDER, refund)
    assert spelled(table.dealer) == "7C"
    assert table.bankroll == START - bet + refund


def test_caribbean_21_surrender_after_double_returns_half_the_current_stake() -> None:
    # Player 5S 4H doubles ($20 in all), takes 3D (12), surrenders: $10 back.
    table = dealt("5S TC 4H 3D")
    table.double()
    assert Action.SURRENDER in table.legal_actions()
    table.surrender()

    hand = table.hands[0]
    assert (hand.stake, hand.outcome, hand.payout) == (2_000, Outcome.SURRENDER, 1_000)
    assert table.bankroll == 99_000


def test_caribbean_21_surrender_after_redouble_rounds_down() -> None:
    # Bet $10.01; doubles to $20.02 (5S 4H + 2D = 11) and $40.04 (+ 3D = 14), then
    # surrenders: half of 4_004 is 2_002.
    table = dealt("5S TC 4H 2D 3D", 1_001)
    table.double()
    table.double()
    table.surrender()

    hand = table.hands[0]
    assert (hand.stake, hand.payout) == (4_004, 2_002)
    assert table.bankroll == START - 4_004 + 2_002


def test_caribbean_21_surrender_after_split() -> None:
    # Player 9S 5H split: 9S takes 7D (16) and surrenders ($5 back); 5H takes TC (15).
    # Dealer 7C draws TD (17).
    table = dealt("9S 7C 5H 7D TC TD")
    table.split()
    assert Action.SURRENDER in table.legal_actions()
    table.surrender()
    table.stand()

    assert [(h.outcome, h.payout) for h in table.hands] == [
        (Outcome.SURRENDER, 500),
        (Outcome.LOSE, 0),
    ]
    assert table.bankroll == 98_500


# --- Late insurance ------------------------------------------------------------------------


def test_caribbean_21_insure_lit_at_any_time_of_the_turn_while_dealer_shows_an_ace() -> None:
    # Player 5S 4H (9) insures $2, hits 2D (11), doubles (3C, 14) and insures $3 more.
    # Dealer AC draws 9H (insurance lost) and KD (20).
    table = seated("5S AC 4H 2D 3C 9H KD")
    assert not table.can_insure()  # not before the deal
    table.deal()
    assert table.phase is Phase.PLAYER_TURNS
    assert Action.INSURE in table.legal_actions()
    table.insure(200)
    assert Action.INSURE in table.legal_actions()

    table.hit()
    assert Action.INSURE in table.legal_actions()
    table.double()
    assert Action.INSURE in table.legal_actions()
    table.insure(300)
    assert table.spots[1].insurance == 500
    table.stand()

    assert Action.INSURE not in table.legal_actions()  # the round is over
    assert spelled(table.dealer) == "AC 9H KD"
    assert table.spots[1].insurance_payout == 0
    assert table.hands[0].payout == 0
    assert table.bankroll == 97_500


def test_caribbean_21_insure_not_lit_when_dealer_shows_no_ace() -> None:
    # Player TS 8H (18); dealer 9C draws 8D (17).
    table = dealt("TS 9C 8H 8D")
    assert Action.INSURE not in table.legal_actions()
    with pytest.raises(IllegalActionError, match="only while the dealer shows an ace"):
        table.insure(100)
    with pytest.raises(IllegalActionError, match="only while the dealer shows an ace"):
        table.apply(parse_move("insure:100"))
    table.stand()

    assert table.spots[1].insurance == 0
    assert table.bankroll == 101_000


def test_caribbean_21_insurance_up_to_half_the_spots_stake_added_later_within_the_cap() -> None:
    # Bet $10: up to $5 of insurance. $6 refused; $3 then $3 more refused ($2 left); $2 fills
    # it. Player 5S 6H doubles (9D, 20): the stake is $20, the cap $10, $5 more allowed.
    # Dealer AC draws 5C (insurance lost), TC, 2C (18).
    table = dealt("5S AC 6H 9D 5C TC 2C")
    with pytest.raises(IllegalActionError, match=r"\$6.00 of insurance is over the \$5.00 spot 1"):
        table.insure(600)
    table.insure(300)
    with pytest.raises(IllegalActionError, match=r"\$3.00 of insurance is over the \$2.00 spot 1"):
        table.insure(300)
    table.insure(200)
    assert Action.INSURE not in table.legal_actions()
    with pytest.raises(IllegalActionError, match="insured for half its stake already"):
        table.insure(100)
    assert table.bankroll == 98_500

    table.double()
    assert table.late_insurance_room(1) == 500
    assert Action.INSURE in table.legal_actions()
    with pytest.raises(IllegalActionError, match=r"over the \$5.00 spot 1 may still buy"):
        table.insure(501)
    table.insure(500)
    table.stand()

    spot = table.spots[1]
    assert (spot.insurance, spot.insurance_payout) == (1_000, 0)
    assert spelled(table.dealer) == "AC 5C TC 2C"
    assert (table.hands[0].outcome, table.hands[0].payout) == (Outcome.WIN, 4_000)
    assert table.bankroll == 101_000


def test_caribbean_21_insurance_cap_counts_split_hands() -> None:
    # Player 9S 5H split: the spot's stake is $20, insurance up to $10. 9S takes TD (19);
    # 5H takes TC (15). Dealer AC draws 7C (insurance lost) and 9C (17).
    table = dealt("9S AC 5H TD TC 7C 9C")
    table.split()
    with pytest.raises(IllegalActionError, match=r"over the \$10.00"):
        table.insure(1_001)
    table.insure(1_000)
    table.stand()
    assert Action.INSURE not in table.legal_actions()
    table.stand()

    assert spelled(table.dealer) == "AC 7C 9C"
    assert [(h.outcome, h.payout) for h in table.hands] == [
        (Outcome.WIN, 2_000),
        (Outcome.LOSE, 0),
    ]
    assert table.spots[1].insurance_payout == 0
    assert table.bankroll == 99_000


@pytest.mark.parametrize(("insured", "payout"), [(500, 5_000), (333, 3_330)])
def test_caribbean_21_insurance_pays_9_to_1_when_dealers_next_two_cards_are_ten_value(
    insured: int, payout: int
) -> None:
    # Player 9S 9H (18) insures and stands; dealer AC draws KD QC: a dealer Caribbean 21.
    table = dealt("9S AC 9H KD QC")
    table.insure(insured)
    table.stand()

    spot = table.spots[1]
    assert spelled(table.dealer) == "AC KD QC"
    assert (spot.insurance, spot.insurance_payout) == (insured, payout)
    assert (table.hands[0].outcome, table.hands[0].payout) == (Outcome.LOSE, 0)
    result = RoundResult.of(table)
    assert [(i.stake, i.payout, i.net) for i in result.insurance] == [
        (insured, payout, payout - insured)
    ]
    assert table.bankroll == START - 1_000 - insured + payout


@pytest.mark.parametrize(
    ("draws", "dealer"),
    [
        ("9D 8C", "AC 9D 8C"),  # second card not ten-value: 18
        ("KD 5C 2C", "AC KD 5C 2C"),  # ten-value then 5: 18
    ],
    ids=["second-not-ten", "third-not-ten"],
)
def test_caribbean_21_insurance_lost_unless_both_next_cards_are_ten_value(
    draws: str, dealer: str
) -> None:
    # Player TS 9H (19) insures $5 and stands; the dealer ends on 18.
    table = dealt(f"TS AC 9H {draws}")
    table.insure(500)
    events = table.stand()

    assert spelled(table.dealer) == dealer
    assert SideBetSettled(1, "insurance", 500, 0) in events
    assert table.spots[1].insurance_payout == 0
    assert (table.hands[0].outcome, table.hands[0].payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 100_500


@pytest.mark.parametrize(
    ("draws", "dealer", "insurance_payout", "bankroll"),
    [
        ("QC KH", "AC QC KH", 5_000, 103_500),  # won on the third card
        ("5C 9H", "AC 5C", 0, 98_500),  # lost on the second card: he stops on 6
        ("QC 2H", "AC QC 2H", 0, 98_500),  # lost on the third card: he stops on 13
    ],
    ids=["won", "lost-on-second", "lost-on-third"],
)
def test_caribbean_21_all_hands_bust_dealer_draws_until_insurance_is_decided(
    draws: str, dealer: str, insurance_payout: int, bankroll: int
) -> None:
    # Player TS 5H insures $5 and hits KD: bust. The dealer AC draws only as far as the
    # insurance needs; a spare 4H is never dealt.
    table = dealt(f"TS AC 5H KD {draws} 4H")
    table.insure(500)
    table.hit()

    hand = table.hands[0]
    assert (hand.status, hand.outcome, hand.payout) == (HandStatus.BUSTED, Outcome.LOSE, 0)
    assert table.phase is Phase.SETTLED
    assert spelled(table.dealer) == dealer
    assert table.spots[1].insurance_payout == insurance_payout
    assert table.bankroll == bankroll


def test_caribbean_21_insurance_refused_beyond_the_bankroll() -> None:
    # Bankroll $12, bet $10: $2 is left, insurance of $3 (under the $5 cap) is refused.
    # Player TS 9H (19); dealer AC draws 8D (insurance lost) and 9D (18).
    table = dealt("TS AC 9H 8D 9D", bankroll=1_200)
    with pytest.raises(BetError, match="more than your"):
        table.insure(300)
    table.insure(200)
    assert Action.INSURE not in table.legal_actions()
    table.stand()

    assert table.spots[1].insurance_payout == 0
    assert table.bankroll == 2_000


def test_caribbean_21_all_hands_surrendered_dealer_draws_until_insurance_is_decided() -> None:
    # Player TS 6H insures $5 and surrenders ($5 back). Dealer AC draws KD (undecided) and
    # 5C: the insurance is lost and he stops on 16; a spare 4H is never dealt.
    table = dealt("TS AC 6H KD 5C 4H")
    table.apply(parse_move("insure:500"))
    table.surrender()

    assert table.phase is Phase.SETTLED
    assert spelled(table.dealer) == "AC KD 5C"
    assert table.shoe.remaining == 1
    assert (table.hands[0].outcome, table.hands[0].payout) == (Outcome.SURRENDER, 500)
    assert table.spots[1].insurance_payout == 0
    assert table.bankroll == 99_000


def test_caribbean_21_each_spot_insures_in_its_own_turn_within_its_own_cap() -> None:
    # Spot 1 ($10) TS 8H insures $5 and stands; spot 2 ($20) 9S 9H may insure up to $10.
    # Dealer AC draws KD QC: both insurances pay 9:1, both hands lose.
    table = dealt("TS 9S AC 8H 9H KD QC", 1_000, 2_000)
    first, second = table.hands
    assert table.active_hand is first
    table.insure(500)
    assert Action.INSURE not in table.legal_actions()
    table.stand()

    assert table.active_hand is second
    assert Action.INSURE in table.legal_actions()
    with pytest.raises(IllegalActionError, match=r"over the \$10.00 spot 2 may still buy"):
        table.insure(1_001)
    table.insure(1_000)
    table.stand()

    assert spelled(table.dealer) == "AC KD QC"
    assert [(s.insurance, s.insurance_payout) for s in table.spots.values()] == [
        (500, 5_000),
        (1_000, 10_000),
    ]
    assert [(h.outcome, h.payout) for h in table.hands] == [(Outcome.LOSE, 0), (Outcome.LOSE, 0)]
    assert table.bankroll == 110_500


# --- The legal amounts of late insurance (amounts are part of legality) ----------------------


def test_caribbean_21_insurance_amounts_give_the_bounds_verify_insure_accepts() -> None:
    # Bet $10 against the dealer's ace: from $0.01 to $5.00; $5.01 is refused. After $3.00,
    # $0.01 to $2.00 is left. Player 5S 6H stands on 11; dealer AC draws 5C, TC, 2C (18).
    table = dealt("5S AC 6H 5C TC 2C")
    assert table.insurance_amounts() == (1, 500)
    table.verify_insure(1)
    table.verify_insure(500)
    with pytest.raises(IllegalActionError, match=r"over the \$5.00 spot 1"):
        table.verify_insure(501)
    with pytest.raises(IllegalActionError, match=r"from \$0.01 up to \$5.00"):
        table.verify_insure(0)
    table.insure(300)
    assert table.insurance_amounts() == (1, 200)


def test_caribbean_21_insurance_amounts_stop_at_the_bankroll() -> None:
    # Bankroll $12, bet $10: the cap is $5 but $2 is all there is.
    table = dealt("TS AC 9H 8D 9D", bankroll=1_200)
    assert table.insurance_amounts() == (1, 200)
    table.insure(200)
    assert table.insurance_amounts() is None
    assert not table.can_insure()
    assert Action.INSURE not in table.legal_actions()


def test_caribbean_21_insure_without_an_amount_buys_the_most_allowed() -> None:
    # INSURE is lit, so "insure" must be accepted as it stands: it buys the cap, $5.00, and
    # is recorded with its amount. Player TS 9H stands; dealer AC draws KD and QC: a dealer
    # Caribbean 21, insurance pays 9:1 ($50 + $5 back); the hand loses its $10.
    table = dealt("TS AC 9H KD QC")
    assert Action.INSURE in table.legal_actions()
    table.verify_insure()
    assert table.can_insure()
    table.apply(parse_move("insure"))
    assert table.spots[1].insurance == 500
    assert actions_of(table) == ["insure:500"]
    table.stand()
    assert table.spots[1].insurance_payout == 5_000
    assert table.bankroll == START - 1_000 - 500 + 5_000


def test_caribbean_21_no_insurance_when_the_bankroll_is_empty() -> None:
    # Bankroll $10, all of it bet: INSURE is not lit, and "insure" is refused for the money.
    table = dealt("TS AC 9H 8D 9D", bankroll=1_000)
    assert table.insurance_amounts() is None
    assert Action.INSURE not in table.legal_actions()
    with pytest.raises(BetError, match="no money left"):
        table.apply(parse_move("insure"))


def test_caribbean_21_double_amounts_show_a_double_for_less() -> None:
    # Bankroll $15, bet $10: $5 is left, so DOUBLE adds $5.00; once doubled, nothing more
    # until the hand may double again (Caribbean 21 doubles up to 7 times), and $0 is left.
    table = dealt("5S 9C 4H 2D 7C 8C", bankroll=1_500)
    assert table.double_amounts() == 500
    table.double()
    assert table.hands[0].stake == 1_500
    assert table.double_amounts() is None  # no money left to double with
