"""Face Up 21, rule by rule (docs/rules.md, "Face Up 21" and the common rules as this game applies them;
seed 000 "Face Up 21").

Every hand is dealt from a stacked shoe. Dealing order (docs/rules.md, "Order of play"): one card to
each occupied spot in spot order, the dealer's first card, the second card to each spot, the
dealer's second card; then hits, doubles and split cards in play order; the dealer draws last.
Money is in cents; the player starts each test with $1,000 (100_000 cents) unless a test says
otherwise.
"""

from __future__ import annotations

import pytest

from casino_gui.engine.cards import Card, parse_cards
from casino_gui.engine.errors import CardError, IllegalActionError
from casino_gui.engine.events import (
    CardDealt,
    DealerBusted,
    DealerRevealed,
    DealerStood,
    Event,
    InsuranceOffered,
)
from casino_gui.engine.games import FACE_UP_21
from casino_gui.engine.hand import HandStatus, Outcome, hand_value
from casino_gui.engine.result import RoundResult
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rulebook import AutomaticMove, automatic_move, facts_of
from casino_gui.engine.rulebook.answers import answers_for
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe, shoe_cards
from tests.engine import tables

BANKROLL, BET = tables.BANKROLL, tables.BET
dealer_cards_dealt = tables.dealer_cards_dealt

AUTO_HIT = FACE_UP_21.replace(auto_hit_beaten_hands=True)


def deal(
    shoe: str,
    bets: tuple[int, ...] = (BET,),
    bankroll: int = BANKROLL,
    rules: Rules = FACE_UP_21,
) -> tuple[Round, list[Event]]:
    """A Face Up 21 round with `bets` on spots 1, 2, ... dealt from the stacked `shoe`."""
    table = tables.seated(rules, shoe, *bets, bankroll=bankroll)
    return table, table.deal()


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# --- The shoe and the deal ------------------------------------------------------------------


def test_face_up_21_deals_from_eight_decks() -> None:
    assert FACE_UP_21.decks == 8
    assert len(shoe_cards(FACE_UP_21)) == 8 * 52
    Shoe.stacked(FACE_UP_21, " ".join(["AS"] * 8))  # eight aces of spades: one per deck
    with pytest.raises(CardError):
        Shoe.stacked(FACE_UP_21, " ".join(["AS"] * 9))


def test_face_up_21_shuffles_a_fresh_shoe_from_a_recorded_seed() -> None:
    first = Shoe.shuffled(FACE_UP_21)
    assert first.seed is not None
    assert first.remaining == 8 * 52
    replayed = Shoe.shuffled(FACE_UP_21, first.seed)
    assert [first.draw() for _ in range(20)] == [replayed.draw() for _ in range(20)]


def test_face_up_21_deals_both_dealer_cards_face_up() -> None:
    # Player 9S TH (19); dealer 7C then KD, both turned up as they are dealt.
    table, events = deal("9S 7C TH KD")
    dealt = [e for e in events if isinstance(e, CardDealt)]
    assert [(e.hand_id is None, str(e.card), e.face_up) for e in dealt] == [
        (False, "9S", True),
        (True, "7C", True),
        (False, "TH", True),
        (True, "KD", True),
    ]
    assert table.dealer == cards("7C KD")
    assert table.dealer_face_down == 0
    assert table.visible_dealer_cards() == cards("7C KD")

    later = table.stand()
    # Nothing was face down, so the dealer has nothing to reveal at his turn.
    assert not any(isinstance(e, DealerRevealed) for e in events + later)
    assert table.phase is Phase.SETTLED
    assert table.hands[0].outcome is Outcome.WIN
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


# --- Naturals -------------------------------------------------------------------------------


def test_face_up_21_player_natural_pays_even_money() -> None:
    # Player AS KH; dealer 9C 8D (17). The blackjack pays 1:1: $10 back plus $10.
    table, _ = deal("AS 9C KH 8D")
    hand = table.hands[0]
    assert table.phase is Phase.SETTLED
    assert hand.outcome is Outcome.WIN
    assert hand.kind == "blackjack"
    assert hand.payout == 2_000
    assert table.bankroll == 101_000
    assert RoundResult.of(table).hands[0].net == 1_000


def test_face_up_21_player_natural_is_paid_at_once_without_the_dealer_drawing() -> None:
    # Player AS QH; dealer 6C 5D (11). The dealer's visible cards are no blackjack, so the
    # natural wins at once and the dealer draws nothing (TC stays in the shoe).
    table, _ = deal("AS 6C QH 5D TC")
    assert table.phase is Phase.SETTLED
    assert table.dealer == cards("6C 5D")
    assert table.shoe.remaining == 1
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


def test_face_up_21_dealer_blackjack_ends_the_round_at_once() -> None:
    # Spot 1 AS KH (natural), spot 2 5C 6D (11, a double in any other deal), spot 3 TC QD (20);
    # dealer AH JC, a blackjack. No player decision is asked, no card more is dealt.
    table, events = deal("AS 5C TC AH KH 6D QD JC 9S 9H", bets=(BET, BET, BET))
    natural, eleven, twenty = table.hands
    assert table.phase is Phase.SETTLED
    assert not any(isinstance(e, InsuranceOffered) for e in events)
    assert table.legal_actions() == frozenset()
    assert table.shoe.remaining == 2

    assert natural.outcome is Outcome.WIN
    assert natural.payout == 2_000  # even money
    assert eleven.cards == cards("5C 6D")
    assert eleven.stake == 1_000  # never got the chance to double
    assert eleven.outcome is Outcome.LOSE
    assert eleven.payout == 0
    assert twenty.outcome is Outcome.LOSE
    assert twenty.payout == 0
    # $30 staked, $20 back.
    assert table.bankroll == 99_000


def test_face_up_21_dealer_blackjack_with_the_ace_second_ends_the_round() -> None:
    # Player 9S 9H (a pair); dealer TC then AD: a blackjack all the same.
    table, _ = deal("9S TC 9H AD 2C")
    assert table.phase is Phase.SETTLED
    assert not table.can_split()
    assert table.hands[0].outcome is Outcome.LOSE
    assert table.hands[0].payout == 0
    assert table.shoe.remaining == 1
    assert table.bankroll == 99_000


def test_face_up_21_player_wins_tie_of_naturals_at_even_money() -> None:
    # Player KS AH; dealer AC QD: both blackjacks, and the player's wins 1:1.
    table, _ = deal("KS AC AH QD")
    hand = table.hands[0]
    assert table.phase is Phase.SETTLED
    assert hand.outcome is Outcome.WIN
    assert hand.payout == 2_000
    assert table.bankroll == 101_000


# --- Ties and ordinary results --------------------------------------------------------------


def test_face_up_21_dealer_wins_tie_of_twenties() -> None:
    # Player KS QH (20); dealer TC JD (20).
    table, _ = deal("KS TC QH JD")
    table.stand()
    hand = table.hands[0]
    assert hand.outcome is Outcome.LOSE
    assert hand.payout == 0
    assert table.bankroll == 99_000


def test_face_up_21_dealer_wins_tie_of_seventeens() -> None:
    # Player TS 7H (17); dealer 9C 8D (hard 17, he stands).
    table, _ = deal("TS 9C 7H 8D")
    table.stand()
    assert table.dealer == cards("9C 8D")
    assert table.hands[0].outcome is Outcome.LOSE
    assert table.hands[0].payout == 0
    assert table.bankroll == 99_000


def test_face_up_21_dealer_wins_tie_of_three_card_21s() -> None:
    # Player 7S 4H hits TC: 21, and stands by itself. Dealer 6C 5D (11) draws KD: 21.
    table, _ = deal("7S 6C 4H 5D TC KD")
    events = table.hit()
    assert table.phase is Phase.SETTLED
    assert table.hands[0].cards == cards("7S 4H TC")
    assert table.dealer == cards("6C 5D KD")
    assert DealerStood(21) in events
    assert table.hands[0].outcome is Outcome.LOSE
    assert table.bankroll == 99_000


def test_face_up_21_dealer_wins_tie_against_a_doubled_hand() -> None:
    # Player 6S 5H (11) doubles and draws 9C: 20. Dealer TC QD (20). Both stakes are lost.
    table, _ = deal("6S TC 5H QD 9C")
    table.double()
    hand = table.hands[0]
    assert hand.stake == 2_000
    assert hand.outcome is Outcome.LOSE
    assert hand.payout == 0
    assert table.bankroll == 98_000


def test_face_up_21_higher_total_wins_even_money() -> None:
    # Player TS 9H (19); dealer TC 8D (18).
    table, _ = deal("TS TC 9H 8D")
    table.stand()
    assert table.hands[0].outcome is Outcome.WIN
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


def test_face_up_21_player_wins_when_dealer_busts() -> None:
    # Player TS 2H (12) stands; dealer TC 6D (16) draws 8S: 24.
    table, _ = deal("TS TC 2H 6D 8S")
    events = table.stand()
    assert DealerBusted(24) in events
    assert table.hands[0].outcome is Outcome.WIN
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


def test_face_up_21_bust_is_settled_before_the_next_spot_plays() -> None:
    # Spot 1 TS 5H (15) hits KC: 25, lost at once. Spot 2 9S 9H (18) then plays and stands.
    # Dealer 6C 5D (11) draws 7S: 18, a tie, which the dealer wins.
    table, _ = deal("TS 9S 6C 5H 9H 5D KC 7S", bets=(BET, 2_500))
    table.hit()
    first, second = table.hands
    assert table.phase is Phase.PLAYER_TURNS
    assert table.active_hand is second
    assert first.outcome is Outcome.LOSE
    assert first.payout == 0
    assert table.bankroll == 96_500
    table.stand()
    assert table.dealer == cards("6C 5D 7S")
    assert second.outcome is Outcome.LOSE
    assert table.bankroll == 96_500


def test_face_up_21_hand_reaching_21_stands_by_itself() -> None:
    # Player 5S 4H hits 2C, then QC: 21, no decision asked. Dealer 9C 8D (17).
    table, _ = deal("5S 9C 4H 8D 2C QC")
    table.hit()
    assert table.active_hand is table.hands[0]
    table.hit()
    assert table.phase is Phase.SETTLED
    assert table.hands[0].status is HandStatus.STOOD
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


# --- The dealer's hand ----------------------------------------------------------------------


def test_face_up_21_dealer_hits_16_and_stands_on_hard_17() -> None:
    # Player TS 8H (18) stands; dealer TC 6D (16) draws AH: hard 17, and he stands (5C unused).
    table, _ = deal("TS TC 8H 6D AH 5C")
    events = table.stand()
    assert table.dealer == cards("TC 6D AH")
    assert hand_value(table.dealer).soft is False
    assert DealerStood(17) in events
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


# --- Doubling: two-card hard 9, 10 or 11 only -----------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "final"),
    [
        ("5S", "4H", 19),  # hard 9
        ("6S", "4H", 20),  # hard 10
        ("6S", "5H", 21),  # hard 11
        ("2S", "9H", 21),  # hard 11 another way
    ],
)
def test_face_up_21_doubles_on_two_card_hard_9_10_or_11(
    first: str, second: str, final: int
) -> None:
    # Dealer 9C 8D (17); the double draws TC.
    table, _ = deal(f"{first} 9C {second} 8D TC")
    assert Action.DOUBLE in table.legal_actions()
    table.double()
    hand = table.hands[0]
    assert hand.cards == cards(f"{first} {second} TC")
    assert hand_value(hand.cards).total == final
    assert hand.stake == 2_000
    assert hand.status is HandStatus.STOOD
    assert hand.outcome is Outcome.WIN
    assert hand.payout == 4_000
    assert table.bankroll == 102_000


@pytest.mark.parametrize(
    "pair",
    [
        "5S 3H",  # hard 8
        "7S 5H",  # hard 12
        "TS 2H",  # hard 12
        "AS 8H",  # soft 19
        "AS 9H",  # soft 20
        "AS AH",  # soft 12
    ],
)
def test_face_up_21_refuses_double_on_other_two_card_totals(pair: str) -> None:
    first, second = pair.split()
    table, _ = deal(f"{first} 9C {second} 8D TC")
    assert Action.DOUBLE not in table.legal_actions()
    assert not table.can_double()
    with pytest.raises(IllegalActionError):
        table.double()
    assert table.hands[0].stake == 1_000
    assert table.hands[0].cards == cards(pair)
    assert table.bankroll == 99_000


def test_face_up_21_refuses_double_on_three_cards_totalling_10() -> None:
    # Player 2S 3H hits 5C: 10 in three cards. Dealer TC 7D (17).
    table, _ = deal("2S TC 3H 7D 5C 9S")
    table.hit()
    assert hand_value(table.hands[0].cards).total == 10
    assert Action.DOUBLE not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.double()
    assert table.hands[0].stake == 1_000
    assert table.bankroll == 99_000


def test_face_up_21_doubled_hand_takes_one_card_and_stands() -> None:
    # Player 6S 5H (11) doubles and draws 2C: 13, and the hand stands there. Dealer 9C 8D (17).
    table, _ = deal("6S 9C 5H 8D 2C 8S")
    table.double()
    hand = table.hands[0]
    assert hand.cards == cards("6S 5H 2C")
    assert hand.status is HandStatus.STOOD
    assert table.phase is Phase.SETTLED
    assert hand.outcome is Outcome.LOSE
    assert table.bankroll == 98_000


def test_face_up_21_doubles_for_less_when_the_bankroll_is_short() -> None:
    # $15 in all: $10 bet on 6S 5H (11), the double adds the $5 left and draws 9C: 20.
    table, _ = deal("6S 9C 5H 8D 9C", bankroll=1_500)
    assert table.can_double()
    table.double()
    hand = table.hands[0]
    assert hand.extra == 500
    assert hand.stake == 1_500
    assert hand.payout == 3_000
    assert table.bankroll == 3_000


# --- Splitting ------------------------------------------------------------------------------


def test_face_up_21_splits_equal_values_up_to_three_hands() -> None:
    # Player KS QH (equal value, not equal rank); dealer 9C 8D (17).
    # First hand KS draws JD and splits again; KS then draws 9S (19). The JD hand draws TC (20)
    # and may not split: the spot holds three hands. The QH hand draws 7C (17, a tie).
    table, _ = deal("KS 9C QH 8D JD 9S TC 7C")
    assert Action.SPLIT in table.legal_actions()
    table.split()
    assert table.active_hand is table.hands[0]
    assert table.hands[0].cards == cards("KS JD")
    table.split()
    assert [hand.cards for hand in table.hands] == [cards("KS 9S"), cards("JD"), cards("QH")]
    table.stand()
    assert table.hands[1].cards == cards("JD TC")
    assert Action.SPLIT not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.split()
    table.stand()
    table.stand()
    assert table.phase is Phase.SETTLED
    assert [hand.bet for hand in table.hands] == [1_000, 1_000, 1_000]
    assert [hand.outcome for hand in table.hands] == [Outcome.WIN, Outcome.WIN, Outcome.LOSE]
    assert [hand.payout for hand in table.hands] == [2_000, 2_000, 0]
    # $30 staked, $40 back.
    assert table.bankroll == 101_000


def test_face_up_21_split_aces_take_one_card_each_and_are_not_resplit() -> None:
    # Player AS AH split; AS draws AD (soft 12, no re-split, stands), AH draws 9C (20, stands).
    # Dealer 9C 8D (17).
    table, _ = deal("AS 9C AH 8D AD 9C")
    table.split()
    assert table.phase is Phase.SETTLED
    first, second = table.hands
    assert first.cards == cards("AS AD")
    assert second.cards == cards("AH 9C")
    assert first.status is second.status is HandStatus.STOOD
    assert first.outcome is Outcome.LOSE
    assert second.payout == 2_000
    assert table.bankroll == 100_000


def test_face_up_21_two_card_21_after_split_is_not_a_natural() -> None:
    # Player TS TH split; TS draws AC (21, stands), TH draws 9D (19, stands).
    # Dealer 6C 5D (11) draws TC: 21 in three cards. A natural would win; a 21 ties and loses.
    table, _ = deal("TS 6C TH 5D AC 9D TC")
    table.split()
    assert table.hands[0].cards == cards("TS AC")
    assert table.hands[0].status is HandStatus.STOOD
    table.stand()
    assert table.dealer == cards("6C 5D TC")
    assert table.hands[0].kind != "blackjack"
    assert [hand.outcome for hand in table.hands] == [Outcome.LOSE, Outcome.LOSE]
    assert table.bankroll == 98_000


def test_face_up_21_doubles_after_split_on_hard_9_to_11() -> None:
    # Player 5S 5H split. 5S draws 4C (9), doubles and draws TC (19).
    # 5H draws 6D (11), doubles and draws 9H (20). Dealer 9C 8D (17).
    table, _ = deal("5S 9C 5H 8D 4C TC 6D 9H")
    table.split()
    assert table.can_double()
    table.double()
    assert table.hands[1].cards == cards("5H 6D")
    assert table.can_double()
    table.double()
    assert table.phase is Phase.SETTLED
    assert [hand.cards for hand in table.hands] == [cards("5S 4C TC"), cards("5H 6D 9H")]
    assert [hand.stake for hand in table.hands] == [2_000, 2_000]
    assert [hand.payout for hand in table.hands] == [4_000, 4_000]
    # $40 staked, $80 back.
    assert table.bankroll == 104_000


def test_face_up_21_refuses_double_after_split_on_12() -> None:
    # Player 7S 7H split. 7S draws 5C (12): no double, stands. 7H draws 4D (11), doubles and
    # draws 9C (20). Dealer 9C 8D (17).
    table, _ = deal("7S 9C 7H 8D 5C 4D 9C")
    table.split()
    assert not table.can_double()
    with pytest.raises(IllegalActionError):
        table.double()
    table.stand()
    table.double()
    assert [hand.payout for hand in table.hands] == [0, 4_000]
    assert table.bankroll == 101_000


def test_face_up_21_split_is_not_offered_when_the_bankroll_cannot_cover_it() -> None:
    # $15 in all, $10 on 8S 8H: the split would cost $10 more.
    table, _ = deal("8S 9C 8H 8D", bankroll=1_500)
    assert Action.SPLIT not in table.legal_actions()
    assert not table.can_split()
    assert table.bankroll == 500


# --- The optional auto-hit of beaten hands --------------------------------------------------


def test_face_up_21_does_not_auto_hit_by_default() -> None:
    # Player TS 2H (12) against the dealer's final TC 8D (18): nothing is hit for the player.
    assert FACE_UP_21.auto_hit_beaten_hands is False
    table, _ = deal("TS TC 2H 8D 3S 4C")
    assert table.hands[0].cards == cards("TS 2H")
    assert table.legal_actions() == {Action.HIT, Action.STAND}
    table.stand()
    assert table.hands[0].cards == cards("TS 2H")
    assert table.shoe.remaining == 2
    assert table.hands[0].outcome is Outcome.LOSE
    assert table.bankroll == 99_000


def test_face_up_21_auto_hit_hits_a_beaten_hand_until_it_beats_the_dealer() -> None:
    # Player TS 2H (12) against the dealer's final TC 8D (18): hit with 3S (15), then 4C (19),
    # which beats 18; 2D is not dealt. The player then stands and wins.
    table, events = deal("TS TC 2H 8D 3S 4C 2D", rules=AUTO_HIT)
    hand = table.hands[0]
    hits = [e.card for e in events if isinstance(e, CardDealt) and e.hand_id == hand.id]
    assert hits == cards("TS 2H 3S 4C")
    assert table.active_hand is hand
    assert table.legal_actions() == {Action.HIT, Action.STAND}
    table.stand()
    assert table.dealer == cards("TC 8D")
    assert hand.outcome is Outcome.WIN
    assert hand.payout == 2_000
    assert table.shoe.remaining == 1
    assert table.bankroll == 101_000


def test_face_up_21_auto_hit_hits_a_beaten_hand_until_it_busts() -> None:
    # Player TS 6H (16) against the dealer's final TC 9D (19): hit with 8S, 24, bust.
    table, _ = deal("TS TC 6H 9D 8S 2C", rules=AUTO_HIT)
    hand = table.hands[0]
    assert hand.cards == cards("TS 6H 8S")
    assert hand.status is HandStatus.BUSTED
    assert table.phase is Phase.SETTLED
    assert hand.payout == 0
    assert table.dealer == cards("TC 9D")
    assert table.bankroll == 99_000


def test_face_up_21_auto_hit_hits_a_hand_tied_with_the_dealer() -> None:
    # The dealer wins ties, so his final TC 8D (18) beats the player's TS 8H (18): hit with 2C.
    table, _ = deal("TS TC 8H 8D 2C 3C", rules=AUTO_HIT)
    assert table.hands[0].cards == cards("TS 8H 2C")
    table.stand()
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


def test_face_up_21_auto_hit_counts_a_soft_hand_by_its_best_total() -> None:
    # Player AS 6H (soft 17) against the dealer's final TC 8D (18): 5C makes hard 12, 7C 19.
    table, _ = deal("AS TC 6H 8D 5C 7C 2D", rules=AUTO_HIT)
    assert table.hands[0].cards == cards("AS 6H 5C 7C")
    table.stand()
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


def test_face_up_21_auto_hit_leaves_a_hand_that_beats_the_dealer() -> None:
    # Dealer TC 8D (18). Spot 1 TS QH (20) is left alone; spot 2 TH 3H (13) is hit with 6C
    # (19) when its turn comes.
    table, _ = deal("TS TH TC QH 3H 8D 6C 2D", bets=(BET, BET), rules=AUTO_HIT)
    first, second = table.hands
    assert first.cards == cards("TS QH")
    assert second.cards == cards("TH 3H")
    table.stand()
    assert second.cards == cards("TH 3H 6C")
    assert table.active_hand is second
    table.stand()
    assert [hand.payout for hand in table.hands] == [2_000, 2_000]
    assert table.bankroll == 102_000


@pytest.mark.parametrize(
    "dealer",
    [
        ("TC", "6D"),  # hard 16: he must draw
        ("AC", "6D"),  # soft 17: he must draw
    ],
)
def test_face_up_21_auto_hit_waits_while_the_dealer_must_still_draw(
    dealer: tuple[str, str],
) -> None:
    # Player TS 2H (12): the dealer's hand is not final, so nothing is hit.
    up, second = dealer
    table, _ = deal(f"TS {up} 2H {second} 5S 5H", rules=AUTO_HIT)
    assert table.hands[0].cards == cards("TS 2H")
    assert table.legal_actions() >= {Action.HIT, Action.STAND}
    assert table.bankroll == 99_000


def test_face_up_21_auto_hit_leaves_a_hand_that_may_double_or_split_to_the_player() -> None:
    # Player 6S 5H (hard 11) against the dealer's final TC 9D (19): DOUBLE is still a choice,
    # so nothing is hit until the player hits once (6S 5H 2C = 13); then 3C (16) and 4C (20).
    table, _ = deal("6S TC 5H 9D 2C 3C 4C", rules=AUTO_HIT)
    hand = table.hands[0]
    assert hand.cards == cards("6S 5H")
    assert table.legal_actions() == {Action.HIT, Action.STAND, Action.DOUBLE}
    table.hit()
    assert hand.cards == cards("6S 5H 2C 3C 4C")
    table.stand()
    assert hand.payout == 2_000
    assert table.bankroll == 101_000


def test_face_up_21_auto_hit_leaves_a_pair_to_split() -> None:
    # Player 8S 8H (16) against the dealer's final TC 9D (19): SPLIT is still a choice.
    table, _ = deal("8S TC 8H 9D 2C", rules=AUTO_HIT)
    assert table.hands[0].cards == cards("8S 8H")
    assert Action.SPLIT in table.legal_actions()


@pytest.mark.parametrize(
    ("option", "beaten", "move"),
    [(True, True, AutomaticMove.HIT), (True, False, None), (False, True, None)],
)
def test_the_rulebook_decides_the_hit_of_a_beaten_hand(
    option: bool, beaten: bool, move: AutomaticMove | None
) -> None:
    # TS 5C (hard 15), with the round's answer on whether the dealer's final hand beats it:
    # the rulebook's `automatic_move` hits it only where the table has the option.
    rules = FACE_UP_21.replace(auto_hit_beaten_hands=option)
    asked: list[bool] = []

    def dealer_beats_it() -> bool:
        asked.append(beaten)
        return beaten

    hand = facts_of(parse_cards("TS 5C"))
    assert automatic_move(rules, hand, beaten=dealer_beats_it) is move
    assert asked == ([beaten] if option else [])  # the round's state is asked only where it counts
    assert answers_for(rules).automatic_move(hand, False, dealer_beats_it) is move
