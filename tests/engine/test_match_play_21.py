"""Match Play 21, rule by rule (docs/rules.md, "Match Play 21",
with its bonus table).

Every hand is dealt from a stacked shoe in the order of docs/rules.md, "Order of play": one card to
each spot, the dealer's up card, the second card to each spot, the dealer's hole card, then the
players' cards in play order and the dealer's draws last. The shoe has no tens, so ten-value
cards are J, Q and K. Money is in cents; the bankroll starts at $1,000 (100_000) and the bet is
$10 (1_000) unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from casino_gui.engine.errors import CardError, IllegalActionError, ShoeExhaustedError
from casino_gui.engine.games import MATCH_PLAY_21
from casino_gui.engine.hand import HandStatus, Outcome, hand_value
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe
from tests.engine import tables

BANKROLL, BET = tables.BANKROLL, tables.BET
cards_of, dealer_cards = tables.spelled, tables.dealer_spelled


def deal(cards: str, *bets: int, bankroll: int = BANKROLL, rules: Rules = MATCH_PLAY_21) -> Round:
    """A Match Play 21 round dealt from `cards` (`tables.dealt`)."""
    return tables.dealt(rules, cards, *bets, bankroll=bankroll)


# --- The 48-card decks ------------------------------------------------------------------------


@pytest.mark.parametrize("ten", ["TS", "TH", "TD", "TC", "10S"])
def test_match_play_21_stacked_shoe_refuses_a_ten(ten: str) -> None:
    with pytest.raises(CardError):
        Shoe.stacked(MATCH_PLAY_21, f"9S 5H {ten} 7C")


def test_match_play_21_keeps_jacks_queens_and_kings() -> None:
    shoe = Shoe.stacked(MATCH_PLAY_21, "JS QH KD JC")
    assert shoe.remaining == 4


def test_match_play_21_stacked_shoe_holds_eight_of_a_card_and_refuses_a_ninth() -> None:
    assert Shoe.stacked(MATCH_PLAY_21, "KS " * 8).remaining == 8
    with pytest.raises(CardError):
        Shoe.stacked(MATCH_PLAY_21, "KS " * 9)


def test_match_play_21_shuffled_shoe_is_eight_48_card_decks_without_tens() -> None:
    shoe = Shoe.shuffled(MATCH_PLAY_21, seed=48)
    assert shoe.remaining == 384
    cards = [shoe.draw() for _ in range(384)]
    with pytest.raises(ShoeExhaustedError):
        shoe.draw()
    assert not any(card.rank == "T" for card in cards)
    assert len(set(cards)) == 48
    assert all(cards.count(card) == 8 for card in set(cards))
    assert sum(card.is_ten_value for card in cards) == 3 * 4 * 8


# --- The dealer -------------------------------------------------------------------------------


def test_match_play_21_dealer_checks_a_ten_value_up_card_for_blackjack() -> None:
    # Player 9S QH = 19; dealer KC up, AD in the hole: the round ends, the hand loses its bet.
    table = deal("9S KC QH AD")
    assert table.phase is Phase.SETTLED
    assert table.hands[0].outcome is Outcome.LOSE
    assert table.hands[0].payout == 0
    assert table.bankroll == 99_000


# --- Blackjack and 21 -------------------------------------------------------------------------


@pytest.mark.parametrize(("bet", "payout"), [(1_000, 2_500), (500, 1_250), (101, 252)])
def test_match_play_21_blackjack_pays_three_to_two(bet: int, payout: int) -> None:
    # AS KH against the dealer's 9C 7D; on $1.01 the 151.5 cents of winnings round down.
    table = deal("AS 9C KH 7D", bet)
    hand = table.hands[0]
    assert table.phase is Phase.SETTLED
    assert hand.outcome is Outcome.WIN
    assert hand.payout == payout
    assert table.bankroll == 100_000 - bet + payout


def test_match_play_21_blackjack_beats_a_dealer_blackjack_under_an_ace() -> None:
    # Dealer AC up (insurance declined), KD in the hole.
    table = deal("AS AC QH KD")
    table.decline_insurance()
    assert table.hands[0].outcome is Outcome.WIN
    assert table.hands[0].payout == 2_500
    assert table.bankroll == 101_500


def test_match_play_21_player_21_beats_a_dealer_21() -> None:
    # Spot 1: 5S 6H hits KD = 21, paid at once. Spot 2: KS 9H = 19 stands.
    # Dealer 6C 5D = 11 draws QC = 21: spot 2 loses, spot 1's 21 has won.
    table = deal("5S KS 6C 6H 9H 5D KD QC", BET, BET)
    twenty_one, nineteen = table.hands
    table.hit()
    assert twenty_one.outcome is Outcome.WIN
    assert twenty_one.payout == 2_000
    assert table.active_hand is nineteen
    table.stand()
    assert dealer_cards(table) == "6C 5D QC"
    assert hand_value(table.dealer).total == 21
    assert twenty_one.payout == 2_000
    assert nineteen.outcome is Outcome.LOSE
    assert table.bankroll == 100_000 - 2_000 + 2_000


def test_match_play_21_three_card_21_beats_a_dealer_blackjack() -> None:
    # The preset dealer checks a ten-value up card, so only a table without the check lets a
    # hand reach three cards against his blackjack: 5S 6H QD = 21 against KC AD.
    rules = MATCH_PLAY_21.replace(dealer_peek="never")
    table = deal("5S KC 6H AD QD", rules=rules)
    table.hit()
    hand = table.hands[0]
    assert table.phase is Phase.SETTLED
    assert dealer_cards(table) == "KC AD"
    assert hand.outcome is Outcome.WIN
    assert hand.payout == 2_000
    assert table.bankroll == 101_000


def test_match_play_21_player_21_is_paid_before_the_dealer_plays() -> None:
    # 5S 6H QD = 21 is settled at once; the dealer's 6C 9D = 15 does not draw the 5C.
    table = deal("5S 6C 6H 9D QD 5C")
    table.hit()
    assert table.phase is Phase.SETTLED
    assert dealer_cards(table) == "6C 9D"
    assert table.shoe.remaining == 1
    assert table.hands[0].payout == 2_000


# --- The bonus table --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "dealer", "payout"),
    [
        # Three suited 7s while the dealer's up card is a 7 (of any suit): 40:1.
        pytest.param("7H 7H 7H", "7C 9D", 41_000, id="suited-777-vs-dealer-7-40-to-1"),
        pytest.param("7D 7D 7D", "7D 9C", 41_000, id="suited-777-vs-dealer-7-same-suit"),
        # Spades are suited too: only the highest line (40:1) is paid, not 40:1 + 3:1.
        pytest.param("7S 7S 7S", "7D 9C", 41_000, id="spades-777-vs-dealer-7-highest-only"),
        # The same suited 7s against a dealer that shows no 7.
        pytest.param("7H 7H 7H", "9C 7D", 3_000, id="suited-777-vs-dealer-9-2-to-1"),
        pytest.param("7S 7S 7S", "9C 7D", 4_000, id="spades-777-3-to-1"),
        pytest.param("6S 7S 8S", "9C 7D", 4_000, id="spades-678-3-to-1"),
        pytest.param("8S 6S 7S", "9C 7D", 4_000, id="spades-678-any-order-3-to-1"),
        pytest.param("6H 7H 8H", "9C 7D", 3_000, id="same-suit-678-2-to-1"),
        pytest.param("6H 7H 8H", "7C 9D", 3_000, id="same-suit-678-vs-dealer-7-2-to-1"),
        pytest.param("7S 7H 7D", "9C 7D", 2_500, id="mixed-777-3-to-2"),
        pytest.param("7S 7H 7D", "7C 9D", 2_500, id="mixed-777-vs-dealer-7-3-to-2"),
        pytest.param("6S 7H 8D", "9C 7D", 2_500, id="mixed-678-3-to-2"),
        pytest.param("2S 3H 4D 5C 7S", "9C 7D", 2_500, id="five-card-21-3-to-2"),
        pytest.param("2S 2H 3D 3C 4S 7H", "9C 7D", 3_000, id="six-card-21-2-to-1"),
        pytest.param("2S 2H 2D 3C 3S 4H 5D", "9C 7D", 4_000, id="seven-card-21-3-to-1"),
        pytest.param("2S 2H 2D 2C 3S 3H 3D 4C", "9C 7D", 4_000, id="eight-card-21-3-to-1"),
        pytest.param("2S 2H 2D 2C 2S 2H 2D 3C 4S", "9C 7D", 4_000, id="nine-card-21-3-to-1"),
        pytest.param("AS KH", "9C 7D", 2_500, id="blackjack-3-to-2"),
        pytest.param("5S 6H KD", "9C 7D", 2_000, id="other-three-card-21-1-to-1"),
        pytest.param("2S 3H 6D QC", "9C 7D", 2_000, id="other-four-card-21-1-to-1"),
        pytest.param("5S 5S 5S 6S", "9C 7D", 2_000, id="suited-four-card-21-1-to-1"),
    ],
)
def test_match_play_21_bonus_table(player: str, dealer: str, payout: int) -> None:
    mine, theirs = player.split(), dealer.split()
    # The player hits to 21; the dealer's 16 or 17 is never drawn to (no card left for him).
    table = deal(" ".join([mine[0], theirs[0], mine[1], theirs[1], *mine[2:]]))
    for _ in mine[2:]:
        table.hit()
    hand = table.hands[0]
    assert cards_of(hand) == player
    assert table.phase is Phase.SETTLED
    assert hand.outcome is Outcome.WIN
    assert hand.payout == payout
    assert table.bankroll == 100_000 - 1_000 + payout


def test_match_play_21_bonus_is_not_paid_on_a_doubled_hand() -> None:
    # 7H 7H doubles and gets 7H: suited 7-7-7 against a dealer 7, paid 1:1 on $20.
    table = deal("7H 7C 7H 9D 7H")
    table.double()
    hand = table.hands[0]
    assert cards_of(hand) == "7H 7H 7H"
    assert hand.stake == 2_000
    assert hand.outcome is Outcome.WIN
    assert hand.payout == 4_000
    assert table.bankroll == 102_000


def test_match_play_21_bonus_is_not_paid_on_a_split_hand() -> None:
    # 7S 7S split. Hand 1: 7S 7S hits 7S = 7-7-7 in spades, paid 1:1. Hand 2: 7S KD = 17.
    # Dealer 9C 8D = 17: hand 2 pushes.
    table = deal("7S 9C 7S 8D 7S 7S KD")
    table.split()
    table.hit()
    first, second = table.hands
    assert cards_of(first) == "7S 7S 7S"
    assert first.payout == 2_000
    table.stand()
    assert cards_of(second) == "7S KD"
    assert second.outcome is Outcome.PUSH and second.payout == 1_000
    assert table.bankroll == 100_000 - 2_000 + 3_000


def test_match_play_21_five_card_21_on_a_split_hand_pays_even_money() -> None:
    # 4S 4H split. Hand 1: 4S 2D 3C 5D 7C = 21 in five cards, 1:1. Hand 2: 4H KS = 14.
    # Dealer 9C 8D = 17: hand 2 loses.
    table = deal("4S 9C 4H 8D 2D 3C 5D 7C KS")
    table.split()
    table.hit()
    table.hit()
    table.hit()
    first, second = table.hands
    assert cards_of(first) == "4S 2D 3C 5D 7C"
    assert first.payout == 2_000
    table.stand()
    assert second.payout == 0
    assert table.bankroll == 100_000 - 2_000 + 2_000


# --- Doubling and the rescue ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shoe", "hits", "doubled_hand"),
    [
        ("5S 9C 6H 8D 9D", 0, "5S 6H 9D"),
        ("2S 9C 3H 8D 4D KC", 1, "2S 3H 4D KC"),
        ("2S 9C 3H 8D 2D 2C 9H", 2, "2S 3H 2D 2C 9H"),
    ],
)
def test_match_play_21_double_once_on_any_number_of_cards(
    shoe: str, hits: int, doubled_hand: str
) -> None:
    # Each doubled hand makes 18 to 20, stands, and beats the dealer's 9C 8D = 17: 1:1 on $20.
    table = deal(shoe)
    for _ in range(hits):
        table.hit()
    assert Action.DOUBLE in table.legal_actions()
    table.double()
    hand = table.hands[0]
    assert cards_of(hand) == doubled_hand
    assert hand.stake == 2_000
    assert Action.DOUBLE not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.double()
    table.stand()
    assert hand.payout == 4_000
    assert table.bankroll == 102_000


def test_match_play_21_doubled_hand_gets_one_card_then_may_only_stand_or_surrender() -> None:
    # 5S 6H doubles and gets 2D = 13.
    table = deal("5S KC 6H 9D 2D 3S")
    table.double()
    hand = table.hands[0]
    assert cards_of(hand) == "5S 6H 2D"
    assert hand.status is HandStatus.PLAYING
    assert table.legal_actions() == frozenset({Action.STAND, Action.SURRENDER})
    with pytest.raises(IllegalActionError):
        table.hit()
    with pytest.raises(IllegalActionError):
        table.split()
    assert cards_of(hand) == "5S 6H 2D"


def test_match_play_21_doubled_hand_that_stands_plays_for_the_doubled_stake() -> None:
    # 5S 6H 2D = 13 doubled stands against the dealer's KC 9D = 19: $20 lost.
    table = deal("5S KC 6H 9D 2D")
    table.double()
    table.stand()
    hand = table.hands[0]
    assert hand.outcome is Outcome.LOSE
    assert hand.payout == 0
    assert table.bankroll == 98_000


def test_match_play_21_double_down_rescue_returns_half_the_doubled_stake() -> None:
    table = deal("5S KC 6H 9D 2D")
    table.double()
    table.surrender()
    hand = table.hands[0]
    assert hand.outcome is Outcome.SURRENDER
    assert hand.payout == 1_000
    assert table.bankroll == 100_000 - 2_000 + 1_000


def test_match_play_21_double_down_rescue_after_doubling_for_less_rounds_down() -> None:
    # $15.01 bankroll: $10 bet, doubled for the $5.01 left; half of $15.01 is 750 cents.
    table = deal("5S KC 6H 9D 2D", bankroll=1_501)
    table.double()
    hand = table.hands[0]
    assert hand.stake == 1_501
    table.surrender()
    assert hand.payout == 750
    assert table.bankroll == 750


def test_match_play_21_doubled_21_wins_at_once_at_even_money() -> None:
    # 5S 6H doubles and gets KD = 21; paid 1:1 on $20, no need to stand.
    table = deal("5S 9C 6H 8D KD")
    table.double()
    hand = table.hands[0]
    assert table.phase is Phase.SETTLED
    assert hand.payout == 4_000
    assert table.bankroll == 102_000


# --- Splitting --------------------------------------------------------------------------------


def test_match_play_21_split_aces_get_one_card_each_and_make_21_not_a_blackjack() -> None:
    # AS AH split: AS KD = 21 paid 1:1 (not 3:2); AH 9C = 20 stands at once.
    # Dealer KC 8D = 18.
    table = deal("AS KC AH 8D KD 9C")
    table.split()
    first, second = table.hands
    assert table.phase is Phase.SETTLED
    assert (cards_of(first), cards_of(second)) == ("AS KD", "AH 9C")
    assert first.payout == 2_000
    assert second.payout == 2_000
    assert table.bankroll == 102_000


# --- Surrender --------------------------------------------------------------------------------


# --- Insurance and ties -----------------------------------------------------------------------


def test_match_play_21_ties_other_than_21_push() -> None:
    table = deal("KS 9C 8H 9D")
    table.stand()
    hand = table.hands[0]
    assert hand.outcome is Outcome.PUSH
    assert hand.payout == 1_000
    assert table.bankroll == 100_000
