"""Pontoon, rule by rule (docs/rules.md, "Pontoon").

Every test stacks the shoe in dealing order: one card to each spot, the dealer's first card,
the second card to each spot, the dealer's second card; then the player's cards in play order,
then the dealer's draws. Amounts are cents; every player starts with $1,000 (100_000).
"""

from __future__ import annotations

import functools

import pytest

from casino_gui.engine.errors import IllegalActionError
from casino_gui.engine.events import (
    DealerPeeked,
    DealerRevealed,
    DealerStood,
    HandSettled,
    HandStood,
    RoundSettled,
)
from casino_gui.engine.games import PONTOON
from casino_gui.engine.hand import HandStatus, HandValue, Outcome, hand_value
from casino_gui.engine.result import RoundResult
from casino_gui.engine.round import Action, Phase
from tests.engine import tables

START = tables.BANKROLL
seated = functools.partial(tables.seated, PONTOON)
dealt = functools.partial(tables.dealt, PONTOON)
total = functools.partial(tables.total, PONTOON)
spelled, dealer_cards_dealt = tables.spelled, tables.dealer_cards_dealt


# --- The shoe ------------------------------------------------------------------------------


# --- The dealer's cards and his pontoon check ----------------------------------------------


def test_pontoon_both_dealer_cards_dealt_face_down_and_revealed_at_dealers_turn() -> None:
    # Player TS 8H (18); dealer 9C 8D (17), both face down until his turn.
    table = seated("TS 9C 8H 8D 5S")
    events = table.deal()

    dealer_deals = dealer_cards_dealt(events)
    assert [(spelled([e.card]), e.face_up) for e in dealer_deals] == [
        ("9C", False),
        ("8D", False),
    ]
    assert DealerPeeked(False) in events
    assert not any(isinstance(e, DealerRevealed) for e in events)
    assert table.phase is Phase.PLAYER_TURNS
    assert table.dealer_face_down == 2
    assert table.visible_dealer_cards() == []

    turn = table.stand()

    revealed = [e for e in turn if isinstance(e, DealerRevealed)]
    assert [spelled(e.cards) for e in revealed] == ["9C 8D"]
    assert turn.index(revealed[0]) < turn.index(DealerStood(17))
    assert table.dealer_face_down == 0
    assert spelled(table.visible_dealer_cards()) == "9C 8D"
    hand = table.hands[0]
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 101_000
    assert table.shoe.remaining == 1  # dealer stood on 17: 5S never dealt


@pytest.mark.parametrize("dealer", [("AD", "QC"), ("KC", "AH")])
def test_pontoon_dealer_pontoon_ends_round_every_hand_loses_including_player_pontoon(
    dealer: tuple[str, str],
) -> None:
    # Spot 1 AS KH is a pontoon, spot 2 TC QD is 20; the dealer's two cards are a pontoon.
    first, second = dealer
    table = seated(f"AS TC {first} KH QD {second} 5S", 1_000, 1_000)
    events = table.deal()

    assert DealerPeeked(True) in events
    assert [spelled(e.cards) for e in events if isinstance(e, DealerRevealed)] == [
        f"{first} {second}"
    ]
    assert table.phase is Phase.SETTLED
    assert table.legal_actions() == frozenset()
    assert [spelled(h.cards) for h in table.hands] == ["AS KH", "TC QD"]
    assert [(h.outcome, h.payout) for h in table.hands] == [(Outcome.LOSE, 0), (Outcome.LOSE, 0)]
    assert table.bankroll == 98_000
    assert RoundSettled(98_000) in events
    result = RoundResult.of(table)
    assert [h.net for h in result.hands] == [-1_000, -1_000]
    assert result.bankroll_after == 98_000
    assert table.shoe.remaining == 1


# --- Hand ranks and payouts ----------------------------------------------------------------


def test_pontoon_player_pontoon_pays_2_to_1_at_once() -> None:
    # Player AS KH; dealer 9C 5D (14) does not draw: no hand is left for his cards to decide.
    table = seated("AS 9C KH 5D TH")
    events = table.deal()

    hand = table.hands[0]
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 3_000)
    assert table.phase is Phase.SETTLED
    assert spelled(table.dealer) == "9C 5D"
    assert table.shoe.remaining == 1
    assert table.bankroll == 102_000
    assert RoundSettled(102_000) in events


def test_pontoon_player_pontoon_is_paid_before_dealer_makes_five_card_trick() -> None:
    # Spot 1 AS KH pontoon (paid 2:1 at once); spot 2 TS QH 20 stands; dealer 2C 3D draws
    # 2D 3C 4D, a five-card trick: it beats the 20, the pontoon is already paid.
    table = dealt("AS TS 2C KH QH 3D 2D 3C 4D", 1_000, 1_000)
    pontoon, twenty = table.hands
    assert (pontoon.outcome, pontoon.payout) == (Outcome.WIN, 3_000)
    assert table.active_hand is twenty

    table.stand()

    assert spelled(table.dealer) == "2C 3D 2D 3C 4D"
    assert (pontoon.outcome, pontoon.payout) == (Outcome.WIN, 3_000)
    assert (twenty.outcome, twenty.payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 101_000


def test_pontoon_ace_counts_one_or_eleven() -> None:
    # Player AS 5H is soft 16; hit TC makes it a hard 16; dealer 9C 8D (17) wins.
    table = dealt("AS 9C 5H 8D TC")
    hand = table.hands[0]
    assert hand_value(hand.cards, PONTOON.aces_eleven) == hand_value(hand.cards)
    assert hand_value(hand.cards).soft
    assert total(hand.cards) == 16

    table.hit()
    assert total(hand.cards) == 16
    assert not hand_value(hand.cards).soft
    table.stand()

    assert (hand.outcome, hand.payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 99_000


def test_pontoon_21_in_three_cards_is_an_ordinary_win_at_1_to_1() -> None:
    # Player 7S 7H hits 7D: 21 in three cards stands at once; dealer TC QD (20).
    table = dealt("7S TC 7H QD 7D")
    table.hit()
    hand = table.hands[0]
    assert hand.status is HandStatus.STOOD
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 101_000


def test_pontoon_doubled_four_card_soft_21_becomes_a_five_card_trick_netting_4000() -> None:
    # docs/rules.md, "Pontoon", its soft 21's example. $10 on spot 1. Player AS 2C; dealer 9H 8D (17).
    # HIT 3H (A-2-3, soft 16), HIT 5C (A-2-3-5, soft 21 in four cards: it does not stand),
    # DOUBLE: the stake becomes $20 and the 4D makes five cards (hard 15), a five-card trick
    # that beats the dealer's 17 and pays 2:1 on the doubled stake: $60 back, +$40 net.
    table = dealt("AS 9H 2C 8D 3H 5C 4D")
    table.hit()
    table.hit()
    hand = table.hands[0]
    assert spelled(hand.cards) == "AS 2C 3H 5C"
    assert hand_value(hand.cards) == HandValue(21, True)
    assert hand.status is HandStatus.PLAYING
    assert table.legal_actions() == frozenset({Action.HIT, Action.STAND, Action.DOUBLE})
    table.double()

    assert spelled(hand.cards) == "AS 2C 3H 5C 4D"
    assert (hand.stake, hand.outcome, hand.kind) == (2_000, Outcome.WIN, "five-card trick")
    assert hand.payout == 6_000
    assert table.phase is Phase.SETTLED
    assert table.bankroll == START + 4_000


def test_pontoon_three_card_soft_21_may_hit_and_plays_on() -> None:
    # Player AS 5C hits 5H: A-5-5 is a soft 21 in three cards and waits for the player.
    # HIT 2D makes A-5-5-2 (hard 13), which must hit again below 15 (docs/rules.md, "Pontoon").
    table = dealt("AS TC 5C 7D 5H 2D")
    table.hit()
    hand = table.hands[0]
    assert hand.status is HandStatus.PLAYING
    assert table.legal_actions() == frozenset({Action.HIT, Action.STAND, Action.DOUBLE})
    table.hit()
    assert total(hand.cards) == 13
    assert table.legal_actions() == frozenset({Action.HIT, Action.DOUBLE})


def test_pontoon_three_card_soft_21_standing_wins_1_to_1() -> None:
    # Player AS 5C hits 5H (soft 21 in three) and stands; dealer TC 7D (17): $10 wins $10.
    table = dealt("AS TC 5C 7D 5H")
    table.hit()
    table.stand()
    hand = table.hands[0]
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == START + 1_000


def test_pontoon_hard_21_in_three_cards_still_stands_by_itself() -> None:
    # Player 7S 7H hits 7D: a hard 21 is never offered another card.
    table = dealt("7S TC 7H 8D 7D")
    table.hit()
    assert table.hands[0].status is HandStatus.STOOD
    assert table.phase is Phase.SETTLED


def test_pontoon_bust_loses_even_when_dealer_busts() -> None:
    # Spot 1 TS 6H hits 9C: bust. Spot 2 9S 9H stands on 18. Dealer TC 6D draws TD: 26.
    table = dealt("TS 9S TC 6H 9H 6D 9C TD", 1_000, 1_000)
    table.hit()
    busted, eighteen = table.hands
    assert (busted.outcome, busted.payout) == (Outcome.LOSE, 0)
    table.stand()

    assert spelled(table.dealer) == "TC 6D TD"
    assert total(table.dealer) == 26
    assert (busted.outcome, busted.payout) == (Outcome.LOSE, 0)
    assert (eighteen.outcome, eighteen.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 100_000


@pytest.mark.parametrize(
    ("cards", "hits", "player_total"),
    [
        ("TS 9C 8H 9D", 0, 18),  # 18 against the dealer's 18
        ("7S TC 7H 4D 7D 7C", 1, 21),  # 21 in three cards against the dealer's TC 4D 7C
    ],
)
def test_pontoon_dealer_wins_ties(cards: str, hits: int, player_total: int) -> None:
    table = dealt(cards)
    for _ in range(hits):
        table.hit()
    if table.phase is not Phase.SETTLED:
        table.stand()
    hand = table.hands[0]
    assert total(hand.cards) == player_total == total(table.dealer)
    assert (hand.outcome, hand.payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 99_000


# --- Standing: 15 or more, or five cards -----------------------------------------------------


def test_pontoon_stand_refused_below_15() -> None:
    # Player 9S 5H (14) must hit; HIT 5C makes 19 against the dealer's TC 8D (18).
    table = dealt("9S TC 5H 8D 5C")
    assert table.legal_actions() == frozenset({Action.HIT, Action.DOUBLE})
    assert not table.can_stand()
    with pytest.raises(
        IllegalActionError, match="hand 1 totals 14; Pontoon lets a hand stand on 15"
    ):
        table.stand()
    assert table.phase is Phase.PLAYER_TURNS

    table.hit()
    assert Action.STAND in table.legal_actions()
    table.stand()

    hand = table.hands[0]
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 101_000


@pytest.mark.parametrize("player", [("AS", "4H"), ("9S", "6H")], ids=["soft-15", "hard-15"])
def test_pontoon_may_stand_on_15(player: tuple[str, str]) -> None:
    # Player on 15; dealer TC 6D (16) draws TD and busts.
    first, second = player
    table = dealt(f"{first} TC {second} 6D TD")
    assert total(table.hands[0].cards) == 15
    assert Action.STAND in table.legal_actions()

    table.stand()

    hand = table.hands[0]
    assert spelled(table.dealer) == "TC 6D TD"
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 101_000


def test_pontoon_five_card_hand_stands_automatically_and_pays_2_to_1() -> None:
    # Spot 1 2S 3H hits 2C 3D 2D: five cards totalling 12 stand at once. Spot 2 TH 8S (18).
    # Dealer TC 9D (19).
    table = dealt("2S TH TC 3H 8S 9D 2C 3D 2D", 1_000, 1_000)
    trick, eighteen = table.hands
    table.hit()
    table.hit()
    assert len(trick.cards) == 4
    assert table.legal_actions() == frozenset({Action.HIT, Action.DOUBLE})  # 10: must hit

    events = table.hit()

    assert spelled(trick.cards) == "2S 3H 2C 3D 2D"
    assert trick.status is HandStatus.STOOD
    assert HandStood(trick.id, 12) in events
    assert table.active_hand is eighteen
    table.stand()

    assert (trick.outcome, trick.payout) == (Outcome.WIN, 3_000)
    assert (eighteen.outcome, eighteen.payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 101_000


def test_pontoon_five_card_trick_beats_dealer_21_in_three_cards() -> None:
    # Player 2S 3H hits 2C 3D 4S (14, five cards); dealer 7C 4D draws TH: 21 in three cards.
    table = dealt("2S 7C 3H 4D 2C 3D 4S TH")
    for _ in range(3):
        table.hit()

    hand = table.hands[0]
    assert spelled(table.dealer) == "7C 4D TH"
    assert total(table.dealer) == 21
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 3_000)
    assert RoundResult.of(table).hands[0].net == 2_000
    assert table.bankroll == 102_000


def test_pontoon_dealer_five_card_trick_beats_player_five_card_trick() -> None:
    # Player 2S 3H hits 4S 5H 6C: a five-card 20. Dealer 2C 3D draws 2D 3C 4D: five cards,
    # 14, and stops there; his trick beats the player's.
    table = dealt("2S 2C 3H 3D 4S 5H 6C 2D 3C 4D 9S")
    table.hit()
    table.hit()
    events = table.hit()

    hand = table.hands[0]
    assert total(hand.cards) == 20
    assert spelled(table.dealer) == "2C 3D 2D 3C 4D"
    assert DealerStood(14) in events
    assert table.shoe.remaining == 1
    assert (hand.outcome, hand.payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 99_000


def test_pontoon_dealer_stands_on_any_five_cards_and_his_trick_beats_totals() -> None:
    # Spot 1 TS QH (20) stands; spot 2 7S 7H hits 7D (21 in three). Dealer 2C 3D draws
    # 2D 3C 4D: a five-card 14, he stands and beats both.
    table = dealt("TS 7S 2C QH 7H 3D 7D 2D 3C 4D 9S", 1_000, 1_000)
    table.stand()
    table.hit()

    assert spelled(table.dealer) == "2C 3D 2D 3C 4D"
    assert table.shoe.remaining == 1
    assert [total(h.cards) for h in table.hands] == [20, 21]
    assert [(h.outcome, h.payout) for h in table.hands] == [(Outcome.LOSE, 0), (Outcome.LOSE, 0)]
    assert table.bankroll == 98_000


# --- Doubling ------------------------------------------------------------------------------


def test_pontoon_double_on_two_cards_gives_one_card_then_must_hit_under_15() -> None:
    # Player 2S 3H (5) doubles: 4C makes 9; he must hit: TD makes 19. Dealer TC 8D (18).
    table = dealt("2S TC 3H 8D 4C TD")
    hand = table.hands[0]

    table.double()

    assert spelled(hand.cards) == "2S 3H 4C"
    assert hand.stake == 2_000
    assert table.bankroll == 98_000
    assert table.active_hand is hand
    assert table.legal_actions() == frozenset({Action.HIT})
    with pytest.raises(IllegalActionError, match="totals 9; Pontoon lets a hand stand on 15"):
        table.stand()

    table.hit()
    table.stand()

    assert (hand.outcome, hand.payout) == (Outcome.WIN, 4_000)
    assert table.bankroll == 102_000


def test_pontoon_doubled_hand_may_go_on_hitting_and_double_refused_a_second_time() -> None:
    # Player 9S 5H (14) doubles: 2C makes 16; he may hit or stand, not double again.
    # HIT 3D makes 19 against the dealer's TC 8D (18).
    table = dealt("9S TC 5H 8D 2C 3D")
    hand = table.hands[0]
    table.double()

    assert table.legal_actions() == frozenset({Action.HIT, Action.STAND})
    assert not table.can_double()
    with pytest.raises(
        IllegalActionError, match="has doubled already; Pontoon allows doubling once"
    ):
        table.double()

    table.hit()
    table.stand()

    assert spelled(hand.cards) == "9S 5H 2C 3D"
    assert (hand.stake, hand.outcome, hand.payout) == (2_000, Outcome.WIN, 4_000)
    assert table.bankroll == 102_000


def test_pontoon_double_on_three_cards() -> None:
    # Player 2S 3H hits 4C (9), doubles on three cards: TD makes 19. Dealer TC 8D (18).
    table = dealt("2S TC 3H 8D 4C TD")
    table.hit()
    assert Action.DOUBLE in table.legal_actions()
    table.double()
    table.stand()

    hand = table.hands[0]
    assert spelled(hand.cards) == "2S 3H 4C TD"
    assert (hand.stake, hand.outcome, hand.payout) == (2_000, Outcome.WIN, 4_000)
    assert table.bankroll == 102_000


def test_pontoon_five_card_trick_on_doubled_hand_pays_2_to_1_on_whole_stake() -> None:
    # Player 2S 3H hits 2C 2D (9), doubles on four cards: 3C is the fifth card (12), the
    # hand stands at once. Dealer TC 9D (19).
    table = dealt("2S TC 3H 9D 2C 2D 3C")
    table.hit()
    table.hit()
    assert Action.DOUBLE in table.legal_actions()

    table.double()

    hand = table.hands[0]
    assert spelled(hand.cards) == "2S 3H 2C 2D 3C"
    assert table.phase is Phase.SETTLED
    assert (hand.stake, hand.outcome, hand.payout) == (2_000, Outcome.WIN, 6_000)
    assert table.bankroll == 104_000


def test_pontoon_double_refused_on_five_cards() -> None:
    # Player 2S 3H hits 2C 3D 2D: the five-card hand is over, nothing more is allowed on it.
    # Dealer TC 9D (19): the trick pays 2:1 on the undoubled $10.
    table = dealt("2S TC 3H 9D 2C 3D 2D")
    for _ in range(3):
        table.hit()

    hand = table.hands[0]
    assert len(hand.cards) == 5
    assert not table.can_double()
    with pytest.raises(IllegalActionError):
        table.double()
    assert (hand.doubles, hand.stake, hand.payout) == (0, 1_000, 3_000)
    assert table.bankroll == 102_000


# --- Splitting -----------------------------------------------------------------------------


def test_pontoon_split_refused_on_unequal_ranks_k_q() -> None:
    # Player KS QH (20); dealer 9C 8D (17).
    table = dealt("KS 9C QH 8D")
    assert Action.SPLIT not in table.legal_actions()
    with pytest.raises(
        IllegalActionError, match="holds KS and QH; Pontoon splits equal ranks only"
    ):
        table.split()

    table.stand()
    hand = table.hands[0]
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 101_000


def test_pontoon_split_k_k_up_to_three_hands() -> None:
    # Player KS KH split; hand 1 KS takes KD and splits again (KD makes hand 2, right after
    # hand 1); KS takes 7C (17); KD takes KC (20) and may not split a third time; KH takes
    # 5S (15). Dealer 9C 8D (17) beats 17 (tie) and 15, loses to 20.
    table = dealt("KS 9C KH 8D KD 7C KC 5S")
    assert Action.SPLIT in table.legal_actions()
    table.split()
    assert spelled(table.hands[0].cards) == "KS KD"
    assert Action.SPLIT in table.legal_actions()
    table.split()
    assert table.bankroll == 97_000
    assert [spelled(h.cards) for h in table.hands] == ["KS 7C", "KD", "KH"]

    table.stand()
    assert spelled(table.hands[1].cards) == "KD KC"
    assert Action.SPLIT not in table.legal_actions()
    with pytest.raises(IllegalActionError, match="spot 1 has 3 hands, the most Pontoon allows"):
        table.split()
    table.stand()
    table.stand()

    assert [spelled(h.cards) for h in table.hands] == ["KS 7C", "KD KC", "KH 5S"]
    assert [(h.outcome, h.payout) for h in table.hands] == [
        (Outcome.LOSE, 0),
        (Outcome.WIN, 2_000),
        (Outcome.LOSE, 0),
    ]
    assert table.bankroll == 99_000


def test_pontoon_ace_and_ten_after_split_of_kings_is_a_pontoon() -> None:
    # Player KS KH split; KS takes AD: a pontoon, paid 2:1 at once. KH takes 9S (19).
    # Dealer 9C 8D (17).
    table = dealt("KS 9C KH 8D AD 9S")
    table.split()

    first, second = table.hands
    assert spelled(first.cards) == "KS AD"
    assert (first.outcome, first.payout) == (Outcome.WIN, 3_000)
    assert table.active_hand is second
    table.stand()

    assert (second.outcome, second.payout) == (Outcome.WIN, 2_000)
    assert table.bankroll == 103_000


def test_pontoon_split_aces_draw_and_resplit_a_k_is_a_pontoon_paying_2_to_1() -> None:
    # Player AS AH split; AS takes AD and re-splits; AS takes KC: a pontoon (2:1 at once).
    # AD takes 4S (soft 15) and draws 3H (soft 18); AH takes 5D and draws 9S (15).
    # Dealer 9C 8D (17).
    table = dealt("AS 9C AH 8D AD KC 4S 3H 5D 9S")
    table.split()
    assert spelled(table.hands[0].cards) == "AS AD"
    assert Action.SPLIT in table.legal_actions()
    table.split()

    pontoon, drawn, last = table.hands
    assert spelled(pontoon.cards) == "AS KC"
    assert (pontoon.outcome, pontoon.payout) == (Outcome.WIN, 3_000)
    assert table.active_hand is drawn
    assert spelled(drawn.cards) == "AD 4S"
    assert Action.HIT in table.legal_actions()
    table.hit()
    table.stand()
    assert spelled(last.cards) == "AH 5D"
    table.hit()
    table.stand()

    assert [spelled(h.cards) for h in table.hands] == ["AS KC", "AD 4S 3H", "AH 5D 9S"]
    assert [(h.outcome, h.payout) for h in table.hands] == [
        (Outcome.WIN, 3_000),
        (Outcome.WIN, 2_000),
        (Outcome.LOSE, 0),
    ]
    assert table.bankroll == 102_000


# --- The dealer's play ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "draws", "final"),
    [
        ("AC 6D", "2S", "AC 6D 2S"),  # soft 17 hits, soft 19 stands
        ("TC 6D", "3S", "TC 6D 3S"),  # hard 16 hits
        ("AC 5D", "3S", "AC 5D 3S"),  # soft 16 hits
    ],
    ids=["soft-17", "hard-16", "soft-16"],
)
def test_pontoon_dealer_hits_soft_17_and_below(dealer: str, draws: str, final: str) -> None:
    # Player TS 8H (18) stands; the dealer ends on 19.
    up, second = dealer.split()
    table = dealt(f"TS {up} 8H {second} {draws} 5H")
    table.stand()

    hand = table.hands[0]
    assert spelled(table.dealer) == final
    assert total(table.dealer) == 19
    assert table.shoe.remaining == 1
    assert (hand.outcome, hand.payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 99_000


@pytest.mark.parametrize(
    ("dealer", "outcome", "payout", "bankroll"),
    [
        ("TC 7D", Outcome.WIN, 2_000, 101_000),  # hard 17 stands, 18 wins
        ("AC 7D", Outcome.LOSE, 0, 99_000),  # soft 18 stands, 18 ties: dealer wins
    ],
    ids=["hard-17", "soft-18"],
)
def test_pontoon_dealer_stands_on_hard_17_and_soft_18(
    dealer: str, outcome: Outcome, payout: int, bankroll: int
) -> None:
    # Player TS 8H (18) stands.
    up, second = dealer.split()
    table = dealt(f"TS {up} 8H {second} 2S")
    table.stand()

    hand = table.hands[0]
    assert spelled(table.dealer) == dealer
    assert table.shoe.remaining == 1
    assert (hand.outcome, hand.payout) == (outcome, payout)
    assert table.bankroll == bankroll


# --- No insurance, no surrender ------------------------------------------------------------


def test_pontoon_offers_no_insurance() -> None:
    # The dealer's first card is AC; nobody is asked. Player TS 8H (18); dealer AC 6D draws
    # 2S (soft 19).
    table = seated("TS AC 8H 6D 2S")
    events = table.deal()

    assert table.phase is Phase.PLAYER_TURNS
    assert table.insurance_spot is None
    assert Action.INSURE not in table.legal_actions()
    assert Action.NO_INSURANCE not in table.legal_actions()
    assert not any(type(e).__name__.startswith("Insurance") for e in events)
    with pytest.raises(IllegalActionError, match="Pontoon offers no insurance"):
        table.insure()
    with pytest.raises(IllegalActionError, match="Pontoon offers no insurance"):
        table.insure(500)

    table.stand()
    assert table.spots[1].insurance == 0
    assert table.bankroll == 99_000


def test_pontoon_settlement_events_carry_the_payouts() -> None:
    # Player AS KH pontoon, dealer 9C 8D: one HandSettled with the 2:1 payout.
    table = seated("AS 9C KH 8D")
    events = table.deal()
    settled = [e for e in events if isinstance(e, HandSettled)]
    assert [(e.outcome, e.payout) for e in settled] == [(Outcome.WIN, 3_000)]
    assert table.bankroll == 102_000
