"""No Bust 21st Century Blackjack, rule by rule (docs/rules.md, "No Bust 21st Century Blackjack",
and the common rules), with the Buster side bet's pay table.

Every hand is dealt from a stacked shoe in the order of docs/rules.md, "Order of play": one card to
each spot, the dealer's up card, the second card to each spot, the dealer's hole card, then the
players' cards in play order and the dealer's draws last. Money is in cents; the bankroll starts
at $1,000 (100_000) and the bet is $10 (1_000) unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from casino_gui.engine.errors import BetError, CardError, IllegalActionError
from casino_gui.engine.games import NO_BUST_21, SUPER_21
from casino_gui.engine.hand import HandStatus, Outcome, hand_value
from casino_gui.engine.round import Action, Bet, Phase, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe
from tests.engine import tables

BANKROLL, BET = tables.BANKROLL, tables.BET
cards_of, dealer_cards = tables.spelled, tables.dealer_spelled


def deal(
    cards: str, *bets: int | Bet, bankroll: int = BANKROLL, rules: Rules = NO_BUST_21
) -> Round:
    """A No Bust 21 round dealt from `cards` (`tables.dealt`: a `Bet` carries its Buster bet)."""
    return tables.dealt(rules, cards, *bets, bankroll=bankroll)


def shoe_for(player: str, dealer: str) -> str:
    """One spot's shoe: the player's cards (the first two dealt, the rest drawn in order)
    interleaved with the dealer's up and hole cards, then the dealer's draws."""
    mine, theirs = player.split(), dealer.split()
    return " ".join([mine[0], theirs[0], mine[1], theirs[1], *mine[2:], *theirs[2:]])


# --- Decks and the dealer's cards -------------------------------------------------------------


def test_no_bust_21_two_deck_table_option() -> None:
    rules = NO_BUST_21.replace(decks=2)
    assert Shoe.shuffled(rules, seed=2).remaining == 104
    assert Shoe.stacked(rules, "AS AS").remaining == 2
    with pytest.raises(CardError):
        Shoe.stacked(rules, "AS AS AS")


@pytest.mark.parametrize("dealer", ["TC AD", "AC KD"])
def test_no_bust_21_dealer_checks_an_ace_or_ten_up_card_and_his_natural_ends_the_round(
    dealer: str,
) -> None:
    # Player KS 9H = 19 loses only its bet, before any decision.
    table = deal(shoe_for("KS 9H", dealer))
    assert table.phase is Phase.SETTLED
    assert dealer_cards(table) == dealer
    assert table.hands[0].outcome is Outcome.LOSE
    assert table.hands[0].payout == 0
    assert table.bankroll == 99_000


def test_no_bust_21_dealer_stands_on_a_hard_17_made_from_a_soft_hand() -> None:
    # Dealer 6C AD = soft 17 hits TS = hard 17 and stands; the 5S is never dealt.
    table = deal("TS 6C 8H AD TS 5S")
    table.stand()
    assert dealer_cards(table) == "6C AD TS"
    assert hand_value(table.dealer).total == 17
    assert table.hands[0].payout == 2_000


def test_no_bust_21_dealer_plays_out_his_hand_when_every_player_hand_is_bust() -> None:
    # TS 6H hits KD = 26, lost at once; the dealer's 9C 5D = 14 still draws 2S 3S = 19.
    table = deal("TS 9C 6H 5D KD 2S 3S")
    table.hit()
    hand = table.hands[0]
    assert hand.status is HandStatus.BUSTED
    assert dealer_cards(table) == "9C 5D 2S 3S"
    assert table.phase is Phase.SETTLED
    assert hand.payout == 0
    assert table.bankroll == 99_000


def test_no_bust_21_dealer_plays_out_his_hand_after_a_player_natural() -> None:
    # AS KH is paid 6:5 at once; the dealer's 9C 7D = 16 still draws 8S = 24.
    table = deal("AS 9C KH 7D 8S")
    assert dealer_cards(table) == "9C 7D 8S"
    assert table.hands[0].payout == 2_200


# --- Naturals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("bet", "payout"), [(500, 1_100), (300, 660), (1_000, 2_200)])
def test_no_bust_21_natural_pays_six_to_five(bet: int, payout: int) -> None:
    # AS KH against the dealer's 9C 7D, who draws 8S = 24.
    table = deal("AS 9C KH 7D 8S", bet)
    hand = table.hands[0]
    assert hand.outcome is Outcome.WIN
    assert hand.payout == payout
    assert table.bankroll == 100_000 - bet + payout


def test_no_bust_21_natural_six_to_five_rounds_down_to_the_cent() -> None:
    # 101 cents at 6:5 wins 121.2 cents: 121, the house keeps the fraction.
    rules = NO_BUST_21
    table = deal("AS 9C KH 7D 8S", 101, rules=rules)
    assert table.hands[0].payout == 101 + 121
    assert table.bankroll == 100_000 - 101 + 222


def test_no_bust_21_natural_beats_a_dealer_21_in_three_cards() -> None:
    # AS KH against the dealer's 9C 7D 5S = 21: still 6:5.
    table = deal("AS 9C KH 7D 5S")
    assert hand_value(table.dealer).total == 21
    assert table.hands[0].payout == 2_200


@pytest.mark.parametrize("dealer", ["AC KD", "KC AD"])
def test_no_bust_21_two_naturals_push(dealer: str) -> None:
    table = deal(shoe_for("AS KH", dealer))
    hand = table.hands[0]
    assert table.phase is Phase.SETTLED
    assert hand.outcome is Outcome.PUSH
    assert hand.payout == 1_000
    assert table.bankroll == 100_000


# --- Standing and hitting ---------------------------------------------------------------------


def test_no_bust_21_must_hit_11_or_less() -> None:
    # 5S 6H = 11 may not stand; it hits 2D = 13 and stands, losing to the dealer's 17.
    table = deal("5S 9C 6H 8D 2D")
    assert Action.STAND not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.stand()
    table.hit()
    assert Action.STAND in table.legal_actions()
    table.stand()
    hand = table.hands[0]
    assert cards_of(hand) == "5S 6H 2D"
    assert hand.payout == 0
    assert table.bankroll == 99_000


def test_no_bust_21_may_stand_on_12() -> None:
    # TS 2H = 12 stands; the dealer's 9C 3D = 12 draws TC = 22.
    table = deal("TS 9C 2H 3D TC")
    assert Action.STAND in table.legal_actions()
    table.stand()
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


def test_no_bust_21_may_stand_on_a_soft_total_of_12_or_more() -> None:
    # AS AH is soft 12, its best total: it may stand.
    table = deal("AS 9C AH 8D")
    assert Action.STAND in table.legal_actions()


# --- Doubling ---------------------------------------------------------------------------------


def test_no_bust_21_double_on_the_first_two_cards() -> None:
    # 5S 6H doubles and gets 9D = 20 against the dealer's 9C 8D = 17: 1:1 on $20.
    table = deal("5S 9C 6H 8D 9D")
    table.double()
    hand = table.hands[0]
    assert cards_of(hand) == "5S 6H 9D"
    assert hand.stake == 2_000
    assert hand.payout == 4_000
    assert table.bankroll == 102_000


def test_no_bust_21_no_double_after_a_hit() -> None:
    table = deal("2S 9C 3H 8D 4D")
    table.hit()
    assert Action.DOUBLE not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.double()


def test_no_bust_21_doubled_hand_gets_one_card_and_stands_whatever_its_total() -> None:
    # 2S 3H doubles and gets 4D = 9, below the 12 a hand must reach, and stands anyway.
    table = deal("2S 9C 3H 8D 4D")
    table.double()
    hand = table.hands[0]
    assert cards_of(hand) == "2S 3H 4D"
    assert hand.status is HandStatus.STOOD
    assert table.phase is Phase.SETTLED
    assert hand.payout == 0
    assert table.bankroll == 98_000


def test_no_bust_21_no_double_on_a_natural() -> None:
    # Spot 1's AS KH is paid 6:5 at once and never becomes the hand to act; spot 2 plays.
    table = deal("AS 9S 9C KH 8H 8D", BET, BET)
    natural, other = table.hands
    assert natural.outcome is Outcome.WIN and natural.payout == 2_200
    assert natural.doubles == 0
    assert table.active_hand is other
    table.stand()
    assert natural.stake == 1_000
    assert other.outcome is Outcome.PUSH


def test_no_bust_21_double_after_a_split() -> None:
    # 5S 5H split. Hand 1: 5S 6D = 11 doubles, gets 9D = 20. Hand 2: 5H 4C = 9 doubles, gets
    # 2C = 11 and stands whatever its total. Dealer TC 8D = 18.
    table = deal("5S TC 5H 8D 6D 9D 4C 2C")
    table.split()
    table.double()
    table.double()
    first, second = table.hands
    assert (cards_of(first), cards_of(second)) == ("5S 6D 9D", "5H 4C 2C")
    assert first.stake == 2_000 and first.payout == 4_000
    assert second.stake == 2_000 and second.payout == 0
    assert table.bankroll == 100_000 - 4_000 + 4_000


# --- Splitting --------------------------------------------------------------------------------


def test_no_bust_21_splits_up_to_four_hands() -> None:
    # 8S 8H split three times (8D, 8C), and 8S 8S may not split a fourth time.
    # Hands in play order: 8S 8S = 16, 8C TC = 18, 8D TD = 18, 8H TH = 18; dealer TS 7S = 17.
    table = deal("8S TS 8H 7S 8D 8C 8S TC TD TH")
    table.split()
    table.split()
    table.split()
    assert len(table.hands) == 4
    assert cards_of(table.hands[0]) == "8S 8S"
    assert Action.SPLIT not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.split()
    for _ in range(4):
        table.stand()
    assert [cards_of(hand) for hand in table.hands] == ["8S 8S", "8C TC", "8D TD", "8H TH"]
    assert [hand.payout for hand in table.hands] == [0, 2_000, 2_000, 2_000]
    assert table.bankroll == 100_000 - 4_000 + 6_000


def test_no_bust_21_split_aces_get_one_card_each_and_make_21_not_a_natural() -> None:
    # AS AH split: AS 9D = 20 stands at once; AH KC = 21 wins 1:1, not 6:5.
    # Dealer 9C 8D = 17.
    table = deal("AS 9C AH 8D 9D KC")
    table.split()
    first, second = table.hands
    assert table.phase is Phase.SETTLED
    assert (cards_of(first), cards_of(second)) == ("AS 9D", "AH KC")
    assert first.doubles == 0 and second.doubles == 0
    assert first.payout == 2_000
    assert second.payout == 2_000
    assert table.bankroll == 102_000


# --- Surrender --------------------------------------------------------------------------------


@pytest.mark.parametrize("player", ["TS 6H", "TS 2H", "7S 7H", "9S 8H"])
def test_no_bust_21_surrender_on_the_first_two_cards_totalling_12_or_more(player: str) -> None:
    table = deal(shoe_for(player, "9C 8D"))
    assert Action.SURRENDER in table.legal_actions()
    table.surrender()
    hand = table.hands[0]
    assert hand.outcome is Outcome.SURRENDER
    assert hand.payout == 500
    assert table.bankroll == 99_500


def test_no_bust_21_surrender_rounds_half_the_wager_down() -> None:
    table = deal(shoe_for("TS 6H", "9C 8D"), 1_001)
    table.surrender()
    assert table.hands[0].payout == 500
    assert table.bankroll == 100_000 - 1_001 + 500


@pytest.mark.parametrize("player", ["AS 6H", "AS AH", "AS 2H"])
def test_no_bust_21_no_surrender_with_an_ace(player: str) -> None:
    table = deal(shoe_for(player, "9C 8D"))
    assert Action.SURRENDER not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.surrender()


@pytest.mark.parametrize("player", ["5S 6H", "2S 3H", "4S 4H"])
def test_no_bust_21_no_surrender_below_12(player: str) -> None:
    table = deal(shoe_for(player, "9C 8D"))
    assert Action.SURRENDER not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.surrender()


def test_no_bust_21_no_surrender_after_a_hit() -> None:
    # 5S 4H hits 3D = 12 in three cards.
    table = deal("5S 9C 4H 8D 3D")
    table.hit()
    assert Action.SURRENDER not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.surrender()


def test_no_bust_21_no_surrender_after_a_split() -> None:
    # 8S 8H split; hand 1 is 8S 4D = 12 in two cards, but it comes from a split.
    table = deal("8S 9C 8H 8D 4D")
    table.split()
    assert cards_of(table.hands[0]) == "8S 4D"
    assert Action.SURRENDER not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.surrender()


# --- Outcome ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "dealer", "outcome", "payout"),
    [
        pytest.param("TS 8H", "TC 6D KS", Outcome.WIN, 2_000, id="18-vs-dealer-bust-26-wins"),
        pytest.param("TS 8H", "TC 7D", Outcome.WIN, 2_000, id="18-vs-dealer-17-wins"),
        pytest.param("TS 8H", "TC 8D", Outcome.PUSH, 1_000, id="18-vs-dealer-18-pushes"),
        pytest.param("TS 7H", "TC 8D", Outcome.LOSE, 0, id="17-vs-dealer-18-loses"),
        pytest.param("TS 8H 3D", "TC 9D", Outcome.WIN, 2_000, id="21-vs-dealer-19-wins"),
    ],
)
def test_no_bust_21_outcome_against_the_dealer(
    player: str, dealer: str, outcome: Outcome, payout: int
) -> None:
    table = deal(shoe_for(player, dealer))
    for _ in player.split()[2:]:
        table.hit()
    if table.phase is Phase.PLAYER_TURNS:
        table.stand()
    hand = table.hands[0]
    assert cards_of(hand) == player
    assert dealer_cards(table) == dealer
    assert hand.outcome is outcome
    assert hand.payout == payout
    assert table.bankroll == 100_000 - 1_000 + payout


# --- The no-bust push -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "dealer"),
    [
        pytest.param("TS 6H 7D", "TC 4D KS", id="23-vs-dealer-24"),
        pytest.param("TS 6H 7D", "TC 6D KS", id="23-vs-dealer-26"),
        pytest.param("TS 6H 8D", "TC 5D KS", id="24-vs-dealer-25"),
        pytest.param("TS 6H 9D", "TC 6D KS", id="25-vs-dealer-26"),
        pytest.param("9S 5H 9D", "9C 7D QS", id="23-vs-dealer-26-other-cards"),
    ],
)
def test_no_bust_21_three_card_23_to_25_pushes_when_the_dealer_goes_higher(
    player: str, dealer: str
) -> None:
    table = deal(shoe_for(player, dealer))
    table.hit()
    hand = table.hands[0]
    assert cards_of(hand) == player
    assert dealer_cards(table) == dealer
    assert hand.outcome is Outcome.PUSH
    assert hand.payout == 1_000
    assert table.bankroll == 100_000


@pytest.mark.parametrize(
    ("player", "dealer"),
    [
        pytest.param("TS 6H 8D", "TC 2D KS", id="24-vs-dealer-22"),
        pytest.param("TS 6H 7D", "TC KD", id="23-vs-dealer-20"),
        pytest.param("TS 6H 7D", "TC 3D KS", id="23-vs-dealer-23"),
        pytest.param("TS 6H 9D", "TC 4D KS", id="25-vs-dealer-24"),
        pytest.param("TS 2H KD", "TC 4D 9S", id="22-vs-dealer-23"),
        pytest.param("TS 6H KD", "TC 6D KS", id="26-vs-dealer-26"),
    ],
)
def test_no_bust_21_three_card_bust_loses_unless_the_dealer_goes_higher_than_23_to_25(
    player: str, dealer: str
) -> None:
    table = deal(shoe_for(player, dealer))
    table.hit()
    hand = table.hands[0]
    assert cards_of(hand) == player
    assert dealer_cards(table) == dealer
    assert hand.outcome is Outcome.LOSE
    assert hand.payout == 0
    assert table.bankroll == 99_000


def test_no_bust_21_three_card_23_waits_for_the_dealer_while_26_loses_at_once() -> None:
    # Spot 1: TS 6H hits 7D = 23. Spot 2: TH 6C hits KD = 26. Spot 3: TD 8C = 18.
    # Dealer TC 4D = 14 draws KS = 24: spot 1 pushes, spot 3 wins.
    table = deal("TS TH TD TC 6H 6C 8C 4D 7D KD KS", BET, BET, BET)
    twenty_three, twenty_six, eighteen = table.hands
    table.hit()
    assert twenty_three.status is HandStatus.BUSTED
    assert twenty_three.outcome is None
    table.hit()
    assert twenty_six.outcome is Outcome.LOSE and twenty_six.payout == 0
    assert table.phase is Phase.PLAYER_TURNS
    table.stand()
    assert dealer_cards(table) == "TC 4D KS"
    assert twenty_three.outcome is Outcome.PUSH and twenty_three.payout == 1_000
    assert eighteen.payout == 2_000
    assert table.bankroll == 100_000 - 3_000 + 3_000


def test_no_bust_21_four_card_23_loses_when_the_dealer_goes_higher() -> None:
    # 2S 3H TD = 15 hits 8C = 23 in four cards; the dealer's TC 4D KS = 24 does not save it.
    table = deal("2S TC 3H 4D TD 8C KS")
    table.hit()
    table.hit()
    hand = table.hands[0]
    assert cards_of(hand) == "2S 3H TD 8C"
    assert dealer_cards(table) == "TC 4D KS"
    assert hand.outcome is Outcome.LOSE
    assert hand.payout == 0
    assert table.bankroll == 99_000


def test_no_bust_21_doubled_three_card_23_pushes_with_its_doubled_stake_back() -> None:
    # 7S 6H = 13 doubles and gets TD = 23; the dealer's TC 4D draws KS = 24.
    table = deal("7S TC 6H 4D TD KS")
    table.double()
    hand = table.hands[0]
    assert cards_of(hand) == "7S 6H TD"
    assert dealer_cards(table) == "TC 4D KS"
    assert hand.stake == 2_000
    assert hand.outcome is Outcome.PUSH
    assert hand.payout == 2_000
    assert table.bankroll == 100_000


def test_no_bust_21_split_hand_of_three_cards_totalling_24_pushes() -> None:
    # 8S 8H split. Hand 1: 8S 6D = 14 hits KC = 24. Hand 2: 8H 9C = 17.
    # Dealer TD 5D = 15 draws KS = 25: hand 1 pushes, hand 2 wins.
    table = deal("8S TD 8H 5D 6D KC 9C KS")
    table.split()
    table.hit()
    table.stand()
    first, second = table.hands
    assert (cards_of(first), cards_of(second)) == ("8S 6D KC", "8H 9C")
    assert dealer_cards(table) == "TD 5D KS"
    assert first.outcome is Outcome.PUSH and first.payout == 1_000
    assert second.outcome is Outcome.WIN and second.payout == 2_000
    assert table.bankroll == 100_000 - 2_000 + 3_000


# --- The Buster side bet ----------------------------------------------------------------------


def test_no_bust_21_buster_limits_are_1_to_25_dollars() -> None:
    table = Round(NO_BUST_21, Shoe.shuffled(NO_BUST_21, seed=1), bankroll=BANKROLL)
    assert table.can_bet(1, 1_000, 100)
    assert table.can_bet(1, 1_000, 2_500)
    for amount in (1, 99, 2_501, 5_000):
        assert not table.can_bet(1, 1_000, amount)
        with pytest.raises(BetError):
            table.bet(1, 1_000, amount)


@pytest.mark.parametrize(
    "rules",
    [NO_BUST_21.replace(buster_bet=False), SUPER_21],
    ids=["no-bust-21-without-buster", "super-21"],
)
def test_no_buster_bet_without_the_rules_buster_flag(rules: Rules) -> None:
    table = Round(rules, Shoe.shuffled(rules, seed=1), bankroll=BANKROLL)
    assert not table.can_bet(1, 1_000, 500)
    with pytest.raises(BetError):
        table.bet(1, 1_000, 500)
    assert table.spots == {}


def test_no_bust_21_buster_is_one_bet_per_spot() -> None:
    # A second Buster bet on circle 1 replaces the first; circle 2 has its own.
    # Player hands TS 8H and 9S 9H = 18 each; dealer TC 6D draws KS = 26 (three cards, 1:1).
    table = Round(NO_BUST_21, Shoe.stacked(NO_BUST_21, "TS 9S TC 8H 9H 6D KS"), BANKROLL)
    table.bet(1, 1_000, 500)
    table.bet(1, 1_000, 300)
    table.bet(2, 1_000, 2_500)
    assert (table.spots[1].buster, table.spots[2].buster) == (300, 2_500)
    table.deal()
    assert table.bankroll == 100_000 - 2_000 - 2_800
    table.stand()
    table.stand()
    assert (table.spots[1].buster_payout, table.spots[2].buster_payout) == (600, 5_000)
    assert [hand.payout for hand in table.hands] == [2_000, 2_000]
    assert table.bankroll == 100_000 - 4_800 + 4_000 + 5_600


@pytest.mark.parametrize(
    ("dealer", "buster_payout"),
    [
        pytest.param("TC 6D KS", 500 + 500, id="3-cards-1-to-1"),
        pytest.param("2C 3D TS KS", 500 + 1_500, id="4-cards-3-to-1"),
        pytest.param("2C 2D 2S TS KH", 500 + 3_000, id="5-cards-6-to-1"),
        pytest.param("2C 2D 2S 2H 8S KH", 500 + 15_000, id="6-cards-30-to-1"),
        pytest.param("2C 2D 2S 2H 2C 6S KH", 500 + 50_000, id="7-cards-100-to-1"),
        pytest.param("2C 2D 2S 2H 2C 2D 4S KH", 500 + 100_000, id="8-cards-200-to-1"),
        pytest.param("2C 2D 2S 2H 2C 2D 2S 2H KH", 500 + 100_000, id="9-cards-200-to-1"),
    ],
)
def test_no_bust_21_buster_pays_by_the_cards_in_the_dealers_busted_hand(
    dealer: str, buster_payout: int
) -> None:
    # Player TS 8H = 18 stands and wins 1:1; a $5 Buster bet is paid by the dealer's cards.
    table = deal(shoe_for("TS 8H", dealer), Bet(1, 1_000, 500), bankroll=200_000)
    table.stand()
    assert dealer_cards(table) == dealer
    assert hand_value(table.dealer).total > 21
    spot = table.spots[1]
    assert spot.buster == 500
    assert spot.buster_payout == buster_payout
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 200_000 - 1_500 + 2_000 + buster_payout


@pytest.mark.parametrize("dealer", ["TC 8D", "TC 6D 5S", "AC KD"])
def test_no_bust_21_buster_loses_when_the_dealer_does_not_bust(dealer: str) -> None:
    table = deal(shoe_for("TS 8H", dealer), Bet(1, 1_000, 500))
    if table.phase is Phase.PLAYER_TURNS:
        table.stand()
    assert dealer_cards(table) == dealer
    spot = table.spots[1]
    assert spot.buster_payout == 0
    assert table.bankroll == 100_000 - 1_500 + table.hands[0].payout


def test_no_bust_21_buster_is_paid_when_every_player_hand_is_bust() -> None:
    # TS 6H hits KD = 26; the dealer plays out TC 6D + KS = 26 in three cards: Buster 1:1.
    table = deal("TS TC 6H 6D KD KS", Bet(1, 1_000, 500))
    table.hit()
    assert dealer_cards(table) == "TC 6D KS"
    assert table.hands[0].payout == 0
    assert table.spots[1].buster_payout == 1_000
    assert table.bankroll == 100_000 - 1_500 + 1_000
