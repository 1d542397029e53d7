"""Super 21, rule by rule (docs/rules.md, "Super 21").

Every hand is dealt from a stacked shoe in the order of docs/rules.md, "Order of play": one card to
each spot, the dealer's up card, the second card to each spot, the dealer's hole card, then the
players' cards in play order and the dealer's draws last. Money is in cents; the bankroll starts
at $1,000 (100_000) and the bet is $10 (1_000) unless a test says otherwise.
"""

from __future__ import annotations

import functools

import pytest

from casino_gui.engine.cards import Card
from casino_gui.engine.errors import CardError
from casino_gui.engine.games import SUPER_21
from casino_gui.engine.hand import HandStatus, Outcome
from casino_gui.engine.round import Action, Phase
from casino_gui.engine.shoe import Shoe
from tests.engine import tables

BANKROLL, BET = tables.BANKROLL, tables.BET
deal = functools.partial(tables.dealt, SUPER_21)
cards_of, dealer_cards = tables.spelled, tables.dealer_spelled


# --- Decks and the dealer's cards ------------------------------------------------------------


def test_super_21_stacked_shoe_holds_six_of_a_card_and_refuses_a_seventh() -> None:
    assert Shoe.stacked(SUPER_21, "AD " * 6).remaining == 6
    with pytest.raises(CardError):
        Shoe.stacked(SUPER_21, "AD " * 7)


def test_super_21_dealer_checks_a_ten_up_card_and_his_blackjack_ends_the_round() -> None:
    # Player 9S TH = 19; dealer KC up, AD in the hole: blackjack, before any decision.
    table = deal("9S KC TH AD")
    assert table.phase is Phase.SETTLED
    hand = table.hands[0]
    assert hand.outcome is Outcome.LOSE
    assert hand.payout == 0
    assert table.bankroll == 99_000


# --- Blackjacks -------------------------------------------------------------------------------


def test_super_21_blackjack_pays_even_money() -> None:
    # AS KH against the dealer's 9C 7D: paid at once, the dealer does not draw to his 16.
    table = deal("AS 9C KH 7D 5S")
    hand = table.hands[0]
    assert table.phase is Phase.SETTLED
    assert hand.outcome is Outcome.WIN
    assert hand.payout == 2_000
    assert dealer_cards(table) == "9C 7D"
    assert table.bankroll == 101_000


def test_super_21_diamond_blackjack_pays_two_to_one() -> None:
    table = deal("AD 9C KD 7D")
    assert table.hands[0].payout == 3_000
    assert table.bankroll == 102_000


@pytest.mark.parametrize("player", ["AD KS", "AS KD", "AH QH"])
def test_super_21_blackjack_with_one_or_no_diamond_pays_even_money(player: str) -> None:
    first, second = player.split()
    table = deal(f"{first} 9C {second} 7D")
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


def test_super_21_diamond_blackjack_beats_a_dealer_blackjack_at_two_to_one() -> None:
    # Player AD QD; dealer AC up (insurance declined), KS in the hole.
    table = deal("AD AC QD KS")
    table.decline_insurance()
    hand = table.hands[0]
    assert hand.outcome is Outcome.WIN
    assert hand.payout == 3_000
    assert table.bankroll == 102_000


def test_super_21_insured_blackjack_against_a_dealer_blackjack_wins_both_bets() -> None:
    # Player AS KH insures against the dealer's AC up, QD in the hole: insurance 2:1 on $5,
    # and the blackjack still wins 1:1.
    table = deal("AS AC KH QD")
    table.insure()
    assert table.spots[1].insurance_payout == 1_500
    assert table.hands[0].outcome is Outcome.WIN
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 100_000 - 1_500 + 3_500


# --- Five-card 21 and six cards ---------------------------------------------------------------


def test_super_21_five_card_21_pays_two_to_one_before_the_dealer_plays() -> None:
    # Spot 1: 2S 3H, hits 4D 5C 7S = 21 in five cards. Spot 2: TC 8D = 18.
    # Dealer 6H up, TH in the hole = 16, draws 9S = 25 after spot 2 stands.
    table = deal("2S TC 6H 3H 8D TH 4D 5C 7S 9S", BET, BET)
    five, other = table.hands
    table.hit()
    table.hit()
    table.hit()
    assert cards_of(five) == "2S 3H 4D 5C 7S"
    assert five.outcome is Outcome.WIN
    assert five.payout == 3_000
    assert table.phase is Phase.PLAYER_TURNS
    assert table.active_hand is other
    assert dealer_cards(table) == "6H TH"
    assert table.bankroll == 98_000 + 3_000
    table.stand()
    assert dealer_cards(table) == "6H TH 9S"
    assert other.payout == 2_000
    assert table.bankroll == 103_000


def test_super_21_dealer_does_not_draw_when_nothing_is_left_to_decide() -> None:
    # The five-card 21 is paid; the dealer's 6H TH = 16 is left as it is, 9S never dealt.
    table = deal("2S 6H 3H TH 4D 5C 7S 9S")
    table.hit()
    table.hit()
    table.hit()
    assert table.phase is Phase.SETTLED
    assert dealer_cards(table) == "6H TH"
    assert table.shoe.remaining == 1
    assert table.hands[0].payout == 3_000
    assert table.bankroll == 102_000


def test_super_21_five_card_21_on_a_split_hand_pays_two_to_one() -> None:
    # 4S 4H split. Hand 1: 4S 2D 3C 5D 7C = 21 in five cards, 2:1. Hand 2: 4H TS = 14, stands.
    # Dealer 9C 8D = 17: hand 2 loses.
    table = deal("4S 9C 4H 8D 2D 3C 5D 7C TS")
    table.split()
    table.hit()
    table.hit()
    table.hit()
    first, second = table.hands
    assert cards_of(first) == "4S 2D 3C 5D 7C"
    assert first.payout == 3_000
    table.stand()
    assert second.payout == 0
    assert table.bankroll == 98_000 + 3_000


def test_super_21_six_cards_without_busting_win_at_once_at_even_money() -> None:
    # 2S 2H 3D 3C 4S 5H = 19 in six cards wins, though the dealer's TC TD = 20 would beat it.
    table = deal("2S TC 2H TD 3D 3C 4S 5H")
    for _ in range(4):
        table.hit()
    hand = table.hands[0]
    assert cards_of(hand) == "2S 2H 3D 3C 4S 5H"
    assert hand.outcome is Outcome.WIN
    assert hand.payout == 2_000
    assert table.bankroll == 101_000


def test_super_21_six_card_21_pays_two_to_one() -> None:
    table = deal("2S TC 2H TD 3D 3C 4S 7H")
    for _ in range(4):
        table.hit()
    hand = table.hands[0]
    assert cards_of(hand) == "2S 2H 3D 3C 4S 7H"
    assert hand.payout == 3_000
    assert table.bankroll == 102_000


def test_super_21_doubled_five_card_21_gets_no_bonus_and_pushes_a_dealer_21() -> None:
    # 2S 3H 4D 5C = 14 doubles, gets 7S: 21 in five cards, doubled. Dealer 6H 5D draws TC = 21.
    table = deal("2S 6H 3H 5D 4D 5C 7S TC")
    table.hit()
    table.hit()
    table.double()
    hand = table.hands[0]
    assert cards_of(hand) == "2S 3H 4D 5C 7S"
    assert dealer_cards(table) == "6H 5D TC"
    assert hand.stake == 2_000
    assert hand.outcome is Outcome.PUSH
    assert hand.payout == 2_000
    assert table.bankroll == 100_000


def test_super_21_doubled_five_card_21_wins_only_even_money() -> None:
    # The same doubled five-card 21 against the dealer's TC 9D = 19: 1:1 on $20, not 2:1.
    table = deal("2S TC 3H 9D 4D 5C 7S")
    table.hit()
    table.hit()
    table.double()
    hand = table.hands[0]
    assert hand.payout == 4_000
    assert table.bankroll == 102_000


def test_super_21_doubled_six_card_hand_does_not_win_at_once() -> None:
    # 2S 2H 3D 3C 4S = 14 doubles, gets 4H: 18 in six cards, doubled; dealer TC 9D = 19 wins.
    table = deal("2S TC 2H 9D 3D 3C 4S 4H")
    table.hit()
    table.hit()
    table.hit()
    table.double()
    hand = table.hands[0]
    assert cards_of(hand) == "2S 2H 3D 3C 4S 4H"
    assert hand.outcome is Outcome.LOSE
    assert hand.payout == 0
    assert table.bankroll == 98_000


# --- Doubling ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shoe", "hits", "doubled_hand"),
    [
        ("5S 9C 6H 8D 9D", 0, "5S 6H 9D"),
        ("2S 9C 3H 8D 4D KC", 1, "2S 3H 4D KC"),
        ("2S 9C 3H 8D 2D 2C 9H", 2, "2S 3H 2D 2C 9H"),
    ],
)
def test_super_21_double_once_on_any_number_of_cards(
    shoe: str, hits: int, doubled_hand: str
) -> None:
    # Each doubled hand makes 18 to 20 against the dealer's 9C 8D = 17: 1:1 on $20.
    table = deal(shoe)
    for _ in range(hits):
        table.hit()
    assert Action.DOUBLE in table.legal_actions()
    table.double()
    hand = table.hands[0]
    assert cards_of(hand) == doubled_hand
    assert hand.doubles == 1
    assert hand.stake == 2_000
    assert hand.payout == 4_000
    assert table.bankroll == 102_000


def test_super_21_doubled_hand_gets_one_card_and_stands() -> None:
    # Spot 1: 5S 6H doubles, gets 2D = 13, and stands at once. Spot 2: TS 8C = 18.
    # Dealer 9C 8D = 17.
    table = deal("5S TS 9C 6H 8C 8D 2D", BET, BET)
    doubled, other = table.hands
    table.double()
    assert cards_of(doubled) == "5S 6H 2D"
    assert doubled.status is HandStatus.STOOD
    assert table.active_hand is other
    assert Action.HIT in table.legal_actions()  # the decisions are spot 2's now
    table.stand()
    assert doubled.payout == 0
    assert other.payout == 2_000
    assert table.bankroll == 100_000 - 3_000 + 2_000


# --- Splitting --------------------------------------------------------------------------------


def test_super_21_split_aces_get_one_card_each_and_make_21_not_a_blackjack() -> None:
    # AD AH split: AD KD = 21 (not a diamond blackjack), AH 5C = soft 16 stands at once.
    # Dealer 9C 8D = 17.
    table = deal("AD 9C AH 8D KD 5C")
    table.split()
    first, second = table.hands
    assert table.phase is Phase.SETTLED
    assert (cards_of(first), cards_of(second)) == ("AD KD", "AH 5C")
    assert first.doubles == 0 and second.doubles == 0
    assert first.outcome is Outcome.WIN and first.payout == 2_000
    assert second.outcome is Outcome.LOSE and second.payout == 0
    assert table.bankroll == 100_000


# --- Surrender --------------------------------------------------------------------------------


# --- Insurance and ties -----------------------------------------------------------------------


def test_super_21_three_card_21_ties_a_dealer_21() -> None:
    # A plain 21 is not a Super 21 bonus: 5S 6H KD against the dealer's 6C 5D QC pushes.
    table = deal("5S 6C 6H 5D KD QC")
    table.hit()
    assert dealer_cards(table) == "6C 5D QC"
    assert table.hands[0].outcome is Outcome.PUSH
    assert table.hands[0].payout == 1_000


def test_super_21_stacked_card_order_is_kept() -> None:
    # The helper deals what the shoe says: a guard for every test above.
    table = deal("9S 5H TH 7C TD")
    assert table.hands[0].cards == [Card("9", "S"), Card("T", "H")]
    assert table.dealer == [Card("5", "H"), Card("7", "C")]
