"""docs/rules.md, "Standard BlackJack": its section, rule by rule.

Shoes are written in dealing order: spots, the dealer's up card, the spots' second cards,
the dealer's hole card, then the cards of the play in order, the dealer's draws last. Cents.
"""

from __future__ import annotations

import pytest

from casino_gui.engine import parse_move
from casino_gui.engine.errors import BetError, IllegalActionError
from casino_gui.engine.events import DealerPeeked
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.hand import HandStatus, Outcome
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rules import Odds, Rules
from casino_gui.engine.shoe import Shoe
from tests.engine import tables

HIT, STAND, DOUBLE, SPLIT = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT
INSURE, NO_INSURANCE = Action.INSURE, Action.NO_INSURANCE


cards = tables.spelled


def dealt(shoe: str, rules: Rules = BLACKJACK, bankroll: int = 100_000, **bets: int) -> Round:
    """A dealt round from a stacked shoe; bets as `spot1=1000` (one $10 bet by default)."""
    return tables.dealt(rules, shoe, *tables.by_spot(**bets), bankroll=bankroll)


def hands(round_: Round) -> list[str]:
    return [cards(hand) for hand in round_.hands]


# --- The table ------------------------------------------------------------------------------


def test_blackjack_is_dealt_from_eight_decks_with_one_up_card_and_a_hole_card() -> None:
    assert BLACKJACK.game == "blackjack"
    assert BLACKJACK.decks == 8
    round_ = dealt("9S 7C TH TD")
    assert cards(round_.visible_dealer_cards()) == "7C"
    assert cards(round_.dealer) == "7C TD"


# --- Naturals -------------------------------------------------------------------------------


def test_blackjack_natural_pays_three_to_two() -> None:
    # Player AS KD, dealer 9H 7C: paid at once, the dealer keeps his two cards.
    round_ = dealt("AS 9H KD 7C 5S")
    hand = round_.hands[0]
    assert round_.phase is Phase.SETTLED
    assert (hand.outcome, hand.kind, hand.payout) == (Outcome.WIN, "blackjack", 2_500)
    assert cards(round_.dealer) == "9H 7C"
    assert round_.bankroll == 101_500


def test_blackjack_natural_three_to_two_rounds_down_to_the_cent() -> None:
    # $1.05 on a natural: 3:2 is 157.5 cents; the house keeps the half cent.
    assert Odds(3, 2).winnings(105) == 157
    round_ = dealt("AS 9H KD 7C", BLACKJACK, spot1=105)
    assert round_.hands[0].payout == 105 + 157
    assert round_.bankroll == 100_000 + 157


def test_blackjack_natural_against_a_ten_up_is_paid_once_the_dealer_has_checked() -> None:
    # Dealer TH 7C has no blackjack: the player's QS AD is paid 3:2 at once.
    round_ = dealt("QS TH AD 7C")
    assert round_.phase is Phase.SETTLED
    assert (round_.hands[0].payout, round_.bankroll) == (2_500, 101_500)
    assert cards(round_.dealer) == "TH 7C"


def test_blackjack_natural_beats_a_three_card_21() -> None:
    # Spot 1 AS KD is paid 3:2 at once; spot 2 stands on 18; dealer 6H 5C draws TC (21).
    round_ = dealt("AS 9S 6H KD 9C 5C TC", spot1=1_000, spot2=1_000)
    round_.stand()
    assert cards(round_.dealer) == "6H 5C TC"
    assert [hand.payout for hand in round_.hands] == [2_500, 0]
    assert round_.bankroll == 100_500


def test_blackjack_against_dealer_blackjack_pushes() -> None:
    # Player AS KD, dealer KH AC (ten up, ace in the hole): the round ends, stake back.
    round_ = dealt("AS KH KD AC")
    assert round_.phase is Phase.SETTLED
    assert (round_.hands[0].outcome, round_.hands[0].payout) == (Outcome.PUSH, 1_000)
    assert round_.bankroll == 100_000


def test_blackjack_natural_is_never_played_so_never_doubled() -> None:
    # Spot 1's AS KD is settled before any decision; the first decision is spot 2's.
    round_ = dealt("AS 5S 6H KD 6C TC", spot1=1_000, spot2=1_000)
    natural = round_.hands[0]
    assert (natural.status, natural.stake, natural.payout) == (HandStatus.STOOD, 1_000, 2_500)
    assert round_.active_hand is round_.hands[1]


# --- Dealer ---------------------------------------------------------------------------------


def test_blackjack_dealer_stands_on_soft_17_option() -> None:
    # The same cards with "dealer stands on soft 17": 17 stays, the player's 19 wins.
    round_ = dealt("TS 6H 9D AC 3S", BLACKJACK.replace(dealer_hits_soft_17=False))
    round_.stand()
    assert cards(round_.dealer) == "6H AC"
    assert (round_.hands[0].outcome, round_.bankroll) == (Outcome.WIN, 101_000)


def test_blackjack_dealer_hits_a_soft_17_of_three_cards() -> None:
    # Dealer 2H AC (soft 13) draws 4S (soft 17) and hits again: 2D makes 19, beating 18.
    round_ = dealt("TS 2H 8D AC 4S 2D")
    round_.stand()
    assert cards(round_.dealer) == "2H AC 4S 2D"
    assert round_.bankroll == 99_000


def test_blackjack_dealer_hits_16() -> None:
    # Player TS 9D (19); dealer TH 6C draws 5S: 21.
    round_ = dealt("TS TH 9D 6C 5S")
    round_.stand()
    assert cards(round_.dealer) == "TH 6C 5S"
    assert round_.bankroll == 99_000


def test_blackjack_dealer_stands_on_a_hard_17_holding_an_ace() -> None:
    # Dealer 6H AC (soft 17) hits TH: hard 17, stands; the player's 19 wins.
    round_ = dealt("TS 6H 9D AC TH 5S")
    round_.stand()
    assert cards(round_.dealer) == "6H AC TH"
    assert round_.bankroll == 101_000


def test_blackjack_dealer_busts_and_every_standing_hand_wins() -> None:
    # Player TS 2D (12) stands; dealer TH 6C draws 8S: 24.
    round_ = dealt("TS TH 2D 6C 8S")
    round_.stand()
    assert (round_.hands[0].payout, round_.bankroll) == (2_000, 101_000)


# --- Ties -----------------------------------------------------------------------------------


# --- Insurance 2:1 --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("up", "offered"), [("AH", True), ("KH", False), ("TH", False), ("6H", False), ("9H", False)]
)
def test_blackjack_insurance_offered_on_an_ace_up_only(up: str, offered: bool) -> None:
    round_ = dealt(f"9S {up} 9D 7C")
    assert (round_.phase is Phase.INSURANCE) is offered
    assert (INSURE in round_.legal_actions()) is offered
    assert (NO_INSURANCE in round_.legal_actions()) is offered


def test_blackjack_insurance_is_lost_without_dealer_blackjack() -> None:
    # Dealer AH 7C (soft 18): insurance lost; the player's TS 9D (19) wins.
    round_ = dealt("TS AH 9D 7C")
    round_.insure()
    assert round_.bankroll == 98_500
    round_.stand()
    assert (round_.spots[1].insurance_payout, round_.hands[0].payout) == (0, 2_000)
    assert round_.bankroll == 100_500


def test_blackjack_no_insurance_loses_only_the_bet_to_dealer_blackjack() -> None:
    round_ = dealt("TS AH 9D KC")
    round_.decline_insurance()
    assert round_.spots[1].insurance == 0
    assert round_.phase is Phase.SETTLED
    assert round_.bankroll == 99_000


def test_blackjack_even_money_when_the_player_has_blackjack() -> None:
    # AS KD insured against AH QC: the push and the 2:1 insurance make even money.
    round_ = dealt("AS AH KD QC")
    round_.insure()
    assert round_.bankroll == 100_000 + 1_000


# --- Doubling -------------------------------------------------------------------------------


def test_blackjack_double_on_the_first_two_cards_gets_one_card() -> None:
    # 5S 6D (11) doubles, takes 9S (20); dealer 9H 7C draws 2C (18).
    round_ = dealt("5S 9H 6D 7C 9S 2C")
    round_.double()
    hand = round_.hands[0]
    assert (cards(hand), hand.stake, hand.payout) == ("5S 6D 9S", 2_000, 4_000)
    assert round_.bankroll == 102_000


def test_blackjack_double_is_refused_on_three_cards() -> None:
    round_ = dealt("2S 9H 3D 7C 4S")
    round_.hit()
    assert round_.legal_actions() == {HIT, STAND}
    with pytest.raises(IllegalActionError, match="3 cards") as error:
        round_.double()
    assert "first two cards" in str(error.value)
    assert (round_.hands[0].stake, round_.bankroll) == (1_000, 99_000)


def test_blackjack_double_on_any_two_cards() -> None:
    # Soft 19 (AS 8D) and hard 20 (TS QD) may double too.
    assert DOUBLE in dealt("AS 9H 8D 7C").legal_actions()
    assert DOUBLE in dealt("TS 9H QD 7C").legal_actions()


def test_blackjack_double_for_less_when_the_bankroll_is_short() -> None:
    # $15 bankroll, $10 bet: the double adds the $5 left. 5S 6D + 9S (20) beats 9H 7C 2C.
    round_ = dealt("5S 9H 6D 7C 9S 2C", bankroll=1_500)
    round_.double()
    hand = round_.hands[0]
    assert (hand.extra, hand.stake, hand.payout) == (500, 1_500, 3_000)
    assert round_.bankroll == 3_000


def test_blackjack_double_for_less_after_split() -> None:
    # $25 bankroll: $10 bet, $10 split, $5 left for the double on 5S 6S.
    round_ = dealt("5S 9H 5D 7C 6S TC 6H 9S 2C", bankroll=2_500)
    round_.split()
    round_.double()
    assert round_.hands[0].stake == 1_500
    assert round_.bankroll == 0
    assert round_.legal_actions() == {HIT, STAND}  # the second hand, nothing left to double


# --- Splitting ------------------------------------------------------------------------------


def test_blackjack_split_equal_value_king_queen() -> None:
    # KS QD against 9H 7C. KS 9S (19) and QD TD (20) stand; the dealer draws 2C (18).
    round_ = dealt("KS 9H QD 7C 9S TD 2C")
    assert SPLIT in round_.legal_actions()
    round_.split()
    round_.stand()
    round_.stand()
    assert hands(round_) == ["KS 9S", "QD TD"]
    assert [hand.payout for hand in round_.hands] == [2_000, 2_000]
    assert round_.bankroll == 102_000


def test_blackjack_split_refused_on_nine_ten() -> None:
    round_ = dealt("9S 9H TD 7C")
    assert round_.legal_actions() == {HIT, STAND, DOUBLE}
    with pytest.raises(IllegalActionError, match="equal values"):
        round_.split()
    assert hands(round_) == ["9S TD"]
    assert round_.bankroll == 99_000


def test_blackjack_split_to_three_hands_at_most() -> None:
    # 8S 8D against 7H TC (17). Split; 8S takes 8H and splits again; 8S takes 8C: a third
    # split would make four hands. 8S 8C (16) stands; 8H TS (18); 8D TH (18).
    round_ = dealt("8S 7H 8D TC 8H 8C TS TH")
    round_.split()
    round_.split()
    assert hands(round_) == ["8S 8C", "8H", "8D"]
    assert SPLIT not in round_.legal_actions()
    with pytest.raises(IllegalActionError, match="3 hands"):
        round_.split()
    for _ in range(3):
        round_.stand()
    assert hands(round_) == ["8S 8C", "8H TS", "8D TH"]
    assert [hand.payout for hand in round_.hands] == [0, 2_000, 2_000]
    assert round_.bankroll == 100_000 - 3_000 + 4_000


def test_blackjack_split_hands_take_their_second_card_in_play_order() -> None:
    # 8S 8D against 7H TC (17). Each hand is played out before the next gets its second card:
    # 8S takes 8H and re-splits; 8S takes 3C and doubles on 9D (20); the re-split 8H comes
    # next and takes 2S, hits TD (20); only then does 8D take 9C (17).
    round_ = dealt("8S 7H 8D TC 8H 3C 9D 2S TD 9C")
    round_.split()
    assert hands(round_) == ["8S 8H", "8D"]
    round_.split()
    assert hands(round_) == ["8S 3C", "8H", "8D"]
    round_.double()
    assert hands(round_) == ["8S 3C 9D", "8H 2S", "8D"]
    round_.hit()
    round_.stand()
    assert hands(round_) == ["8S 3C 9D", "8H 2S TD", "8D 9C"]
    round_.stand()
    assert [hand.outcome for hand in round_.hands] == [Outcome.WIN, Outcome.WIN, Outcome.PUSH]
    assert [(hand.stake, hand.payout) for hand in round_.hands] == [
        (2_000, 4_000),
        (1_000, 2_000),
        (1_000, 1_000),
    ]
    assert round_.bankroll == 100_000 - 4_000 + 7_000


def test_blackjack_resplit_hand_is_played_before_the_next_spot() -> None:
    # Spot 1 8S 8D, spot 2 TS 9S, dealer 7H TC (17). 8S takes 2C, hits 9C (19); 8D takes 8H
    # and re-splits: 8D takes 3D (11, stands); the re-split 8H takes TD (18) before spot 2.
    round_ = dealt("8S TS 7H 8D 9S TC 2C 9C 8H 3D TD", spot1=1_000, spot2=1_000)
    for move in ("split", "hit", "stand", "split", "stand", "stand", "stand"):
        round_.apply(parse_move(move))
    assert [(hand.spot, cards(hand)) for hand in round_.hands] == [
        (1, "8S 2C 9C"),
        (1, "8D 3D"),
        (1, "8H TD"),
        (2, "TS 9S"),
    ]
    assert [hand.payout for hand in round_.hands] == [2_000, 0, 2_000, 2_000]
    assert round_.bankroll == 100_000 - 4_000 + 6_000


def test_split_aces_receive_one_card_each() -> None:
    # AS AD against 9H 7C (16). AS 5S (soft 16) and AD KH (21) stand without a decision;
    # the dealer draws 2C (18).
    round_ = dealt("AS 9H AD 7C 5S KH 2C")
    round_.split()
    assert round_.phase is Phase.SETTLED
    assert hands(round_) == ["AS 5S", "AD KH"]
    assert all(hand.status is HandStatus.STOOD and hand.extra == 0 for hand in round_.hands)
    assert [hand.payout for hand in round_.hands] == [0, 2_000]
    assert round_.bankroll == 100_000


def test_split_aces_are_not_resplit() -> None:
    # AS AD split; AS draws AH and stands on soft 12; AD 6S (soft 17); dealer 9H 7C + 2C.
    round_ = dealt("AS 9H AD 7C AH 6S 2C")
    round_.split()
    assert hands(round_) == ["AS AH", "AD 6S"]
    assert round_.phase is Phase.SETTLED
    assert round_.bankroll == 98_000


def test_split_aces_cannot_double() -> None:
    # AS 9S and AD 2H would be worth doubling; split aces stand at once instead.
    round_ = dealt("AS 9H AD 7C 9S 2H 2C")
    round_.split()
    assert [hand.stake for hand in round_.hands] == [1_000, 1_000]
    assert round_.phase is Phase.SETTLED
    assert hands(round_) == ["AS 9S", "AD 2H"]
    assert cards(round_.dealer) == "9H 7C 2C"
    assert [hand.payout for hand in round_.hands] == [2_000, 0]
    assert round_.bankroll == 100_000


def test_blackjack_21_after_a_split_is_not_a_blackjack_and_pays_one_to_one() -> None:
    # AD AS split against 9H 7C; AD KH is 21 in two cards, paid 1:1 ($20 back, not $25).
    round_ = dealt("AS 9H AD 7C 5S KH 2C")
    round_.split()
    assert (round_.hands[1].outcome, round_.hands[1].payout) == (Outcome.WIN, 2_000)
    assert round_.hands[1].kind != "blackjack"


def test_blackjack_21_after_a_split_pushes_a_dealer_21() -> None:
    # KS QD split against 6H 5C. KS AH (21) stands by itself; QD 9S (19) stands; the dealer
    # draws TD (21): the split 21 pushes, as a 21 and not a blackjack.
    round_ = dealt("KS 6H QD 5C AH 9S TD")
    round_.split()
    assert round_.active_hand is round_.hands[1]
    round_.stand()
    assert cards(round_.dealer) == "6H 5C TD"
    assert [hand.outcome for hand in round_.hands] == [Outcome.PUSH, Outcome.LOSE]
    assert round_.bankroll == 100_000 - 2_000 + 1_000


def test_blackjack_split_allowed_on_exactly_the_money_left() -> None:
    round_ = dealt("8S 7H 8D TC TS TH", bankroll=2_000)
    round_.split()
    assert round_.bankroll == 0
    assert [hand.bet for hand in round_.hands] == [1_000, 1_000]


# --- Surrender ------------------------------------------------------------------------------


def test_blackjack_surrender_is_not_offered() -> None:
    # TS 6D (16) against TH 7C: the worst hand to hold, still no surrender.
    round_ = dealt("TS TH 6D 7C")
    assert Action.SURRENDER not in round_.legal_actions()
    with pytest.raises(IllegalActionError, match="does not allow surrender"):
        round_.surrender()
    assert (round_.hands[0].status, round_.bankroll) == (HandStatus.PLAYING, 99_000)


# --- The dealer's check for a natural -----------------------------------------------------


def test_blackjack_dealer_checks_for_blackjack_on_an_ace_or_ten_only() -> None:
    for up, checks in (("AH", True), ("TH", True), ("JH", True), ("9H", False), ("2H", False)):
        round_ = Round(BLACKJACK, Shoe.stacked(BLACKJACK, f"9S {up} 9D 7C"), bankroll=100_000)
        round_.bet(1, 1_000)
        events = round_.deal()
        if round_.phase is Phase.INSURANCE:
            events += round_.decline_insurance()
        assert any(isinstance(event, DealerPeeked) for event in events) is checks, up


def test_blackjack_dealer_blackjack_takes_only_the_original_bets() -> None:
    # Two spots of $10 and $25 against dealer QH AC: the round ends before anyone can split
    # (8S 8C) or double (6D 5H); each loses exactly its bet.
    round_ = dealt("8S 6D QH 8C 5H AC", spot1=1_000, spot2=2_500)
    assert round_.phase is Phase.SETTLED
    assert [(hand.stake, hand.payout) for hand in round_.hands] == [(1_000, 0), (2_500, 0)]
    assert round_.bankroll == 96_500


def test_blackjack_bet_errors_name_the_limits_and_the_bankroll() -> None:
    round_ = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "9S 7C TH TD"), bankroll=5_000)
    with pytest.raises(BetError, match=r"\$0\.50 on circle 1 is outside the table limits"):
        round_.bet(1, 50)
    with pytest.raises(BetError, match=r"more than your bankroll: you have \$50\.00"):
        round_.bet(1, 5_001)
