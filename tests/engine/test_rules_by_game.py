"""The rules several games share, each tested once for every game that has it (docs/rules.md: the
common rules and each game's section). The per-game modules keep what only their game does.

Hands are dealt from a stacked shoe in the order of docs/rules.md, "Order of play": one card to each
spot, the dealer's up card, the second card to each spot, the dealer's hole card (Caribbean 21
deals him none before the players play), then the players' cards in play order and the
dealer's draws last. Ten-value cards are written J, Q and K, which every shoe holds (Match
Play 21's has no tens). Money is in cents; the bankroll starts at $1,000 (100_000) and the bet
is $10 (1_000) unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from casino_gui.engine import parse_move
from casino_gui.engine.errors import (
    BetError,
    BlackjackError,
    CardError,
    IllegalActionError,
    ShoeExhaustedError,
)
from casino_gui.engine.events import DealerStood, Event, InsuranceOffered
from casino_gui.engine.games import rules_for
from casino_gui.engine.hand import HandStatus, Outcome, hand_value
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.shoe import Shoe
from tests.engine import tables

BANKROLL = tables.BANKROLL
cards_of, dealer_cards = tables.spelled, tables.dealer_spelled

# The dealer hits soft 17 and stands on hard 17 and soft 18 (docs/rules.md, "The dealer" of each game).
HITS_SOFT_17 = ["blackjack", "face_up_21", "super_21", "match_play_21", "no_bust_21"]
# One card up and one in the hole, checked for a natural under a ten or an ace.
HOLE_CARD = ["blackjack", "super_21", "match_play_21", "no_bust_21"]
INSURANCE = ["blackjack", "super_21", "match_play_21"]
SURRENDER_ANY_TIME = ["super_21", "match_play_21"]  # late, after hits and after splits too
SPLIT_THREE_HANDS = ["super_21", "match_play_21"]


def deal(game: str, cards: str, *bets: int, bankroll: int = BANKROLL) -> Round:
    """A round of `game` dealt from `cards` (`tables.dealt`)."""
    return tables.dealt(rules_for(game), cards, *bets, bankroll=bankroll)


def dealt_with_events(game: str, cards: str) -> tuple[Round, list[Event]]:
    table = tables.seated(rules_for(game), cards)
    return table, table.deal()


def play_out(table: Round) -> None:
    """Stand every hand still in play, whatever its game asks of a doubled one."""
    while Action.STAND in table.legal_actions():
        table.stand()


# --- The shoe ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "decks", "seed"),
    [("pontoon", 8, 2024), ("caribbean_21", 8, 21), ("super_21", 6, 21), ("no_bust_21", 6, 21)],
)
def test_the_shoe_is_whole_52_card_decks(game: str, decks: int, seed: int) -> None:
    rules = rules_for(game)
    assert rules.decks == decks
    shoe = Shoe.shuffled(rules, seed=seed)
    cards = [shoe.draw() for _ in range(52 * decks)]
    with pytest.raises(ShoeExhaustedError):
        shoe.draw()
    assert len(set(cards)) == 52
    assert all(cards.count(card) == decks for card in set(cards))
    assert Shoe.stacked(rules, "AS " * decks).remaining == decks
    with pytest.raises(CardError, match=f"hold only {decks}"):
        Shoe.stacked(rules, "KD " * (decks + 1))


# --- The dealer -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", HITS_SOFT_17)
def test_the_dealer_hits_soft_17(game: str) -> None:
    # Player KS 8H = 18; dealer 6C and AD = soft 17, hits 3S = soft 20.
    table = deal(game, "KS 6C 8H AD 3S")
    assert DealerStood(20) in table.stand()
    assert dealer_cards(table) == "6C AD 3S"
    assert table.hands[0].outcome is Outcome.LOSE
    assert table.bankroll == 99_000


@pytest.mark.parametrize("game", HITS_SOFT_17)
def test_the_dealer_stands_on_hard_17(game: str) -> None:
    # Player KS 8H = 18; dealer JC 7D = 17 stands; the 5S is never dealt.
    table = deal(game, "KS JC 8H 7D 5S")
    assert DealerStood(17) in table.stand()
    assert dealer_cards(table) == "JC 7D"
    assert table.shoe.remaining == 1
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


@pytest.mark.parametrize("game", HITS_SOFT_17)
def test_the_dealer_stands_on_soft_18(game: str) -> None:
    # Player KC 9D = 19; dealer 7H AC = soft 18 stands, the 5S stays in the shoe.
    table = deal(game, "KC 7H 9D AC 5S")
    assert DealerStood(18) in table.stand()
    assert dealer_cards(table) == "7H AC"
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


@pytest.mark.parametrize("game", HOLE_CARD)
def test_the_dealer_has_one_card_up_and_one_hole_card(game: str) -> None:
    # Player 9S KH = 19; dealer 5H up, 7C in the hole = 12, draws QD = 22.
    table = deal(game, "9S 5H KH 7C QD")
    assert [str(card) for card in table.visible_dealer_cards()] == ["5H"]
    assert table.dealer_face_down == 1
    table.stand()
    assert table.dealer_face_down == 0
    assert dealer_cards(table) == "5H 7C QD"
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


@pytest.mark.parametrize("game", HOLE_CARD)
def test_an_ace_counts_eleven_or_one(game: str) -> None:
    # AS 6H is soft 17; with 9D the ace drops to 1 (16); 4C makes 20 against 9C 8D = 17.
    table = deal(game, "AS 9C 6H 8D 9D 4C")
    hand = table.hands[0]
    assert hand_value(hand.cards).total == 17 and hand_value(hand.cards).soft
    table.hit()
    assert hand_value(hand.cards).total == 16 and not hand_value(hand.cards).soft
    table.hit()
    table.stand()
    assert cards_of(hand) == "AS 6H 9D 4C"
    assert hand.payout == 2_000
    assert table.bankroll == 101_000


@pytest.mark.parametrize("game", ["blackjack", "super_21"])
def test_ties_push(game: str) -> None:
    # Player KS 9H = 19, dealer 9C QD = 19.
    table = deal(game, "KS 9C 9H QD")
    table.stand()
    hand = table.hands[0]
    assert (hand.outcome, hand.payout) == (Outcome.PUSH, 1_000)
    assert table.bankroll == 100_000


@pytest.mark.parametrize(("game", "payout"), [("super_21", 2_000), ("match_play_21", 2_500)])
def test_a_blackjack_beats_a_dealer_blackjack(game: str, payout: int) -> None:
    # Player AS QH; dealer KC up, AC in the hole: the player's blackjack still wins, at its
    # game's price (Super 21 1:1 off diamonds, Match Play 21 3:2).
    table = deal(game, "AS KC QH AC")
    hand = table.hands[0]
    assert table.phase is Phase.SETTLED
    assert hand.outcome is Outcome.WIN
    assert hand.payout == payout
    assert table.bankroll == 100_000 - 1_000 + payout


@pytest.mark.parametrize(
    ("game", "shoe", "dealer"),
    [
        # Player TS 6D hits 9S (25). The dealer's 6H TC (16) would hit, but keeps two cards.
        ("blackjack", "TS 6H 6D TC 9S 5C", "6H TC"),
        # Player TS 6H (16) hits 9C: 25. Dealer 6C 5D (11) has nothing left to decide.
        ("face_up_21", "TS 6C 6H 5D 9C KD", "6C 5D"),
        # Player TS 6H hits 9C: bust. Caribbean 21's dealer keeps his one card, 7C.
        ("caribbean_21", "TS 7C 6H 9C KD", "7C"),
    ],
)
def test_the_dealer_does_not_draw_when_a_bust_leaves_nothing_to_decide(
    game: str, shoe: str, dealer: str
) -> None:
    table = deal(game, shoe)
    table.hit()
    assert table.phase is Phase.SETTLED
    assert table.hands[0].status is HandStatus.BUSTED
    assert table.hands[0].payout == 0
    assert dealer_cards(table) == dealer
    assert table.shoe.remaining == 1  # the card the dealer would have drawn
    assert table.bankroll == 99_000


# --- Insurance --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", INSURANCE)
def test_insurance_costs_half_the_bet_and_pays_two_to_one(game: str) -> None:
    # Player 9S QH = 19; dealer AC up, KD in the hole: the hand loses $10, $5 insurance
    # returns $15.
    table = deal(game, "9S AC QH KD")
    table.insure()
    spot = table.spots[1]
    assert table.phase is Phase.SETTLED
    assert spot.insurance == 500
    assert spot.insurance_payout == 1_500
    assert table.hands[0].payout == 0
    assert table.bankroll == 100_000


@pytest.mark.parametrize("game", INSURANCE)
def test_insurance_is_lost_without_a_dealer_blackjack(game: str) -> None:
    # Dealer AC 7D = soft 18 stands; the player's 9S QH = 19 wins.
    table = deal(game, "9S AC QH 7D")
    table.insure()
    table.stand()
    assert table.spots[1].insurance_payout == 0
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 100_000 - 1_500 + 2_000


@pytest.mark.parametrize("game", INSURANCE)
def test_the_dealer_checks_an_ace_up_card_after_insurance_is_answered(game: str) -> None:
    # Dealer AC up, KD in the hole; the player's 9S QH = 19 loses only its bet.
    table = deal(game, "9S AC QH KD")
    assert table.phase is Phase.INSURANCE
    table.decline_insurance()
    assert table.phase is Phase.SETTLED
    assert table.hands[0].payout == 0
    assert table.bankroll == 99_000


@pytest.mark.parametrize("game", ["face_up_21", "no_bust_21"])
def test_no_insurance_is_offered_on_a_dealer_ace(game: str) -> None:
    # Player KS 9H = 19; dealer AC and 7D (soft 18): play starts at once.
    table, events = dealt_with_events(game, "KS AC 9H 7D")
    assert table.phase is Phase.PLAYER_TURNS
    assert table.insurance_spot is None
    assert not any(isinstance(e, InsuranceOffered) for e in events)
    assert Action.INSURE not in table.legal_actions()
    assert Action.NO_INSURANCE not in table.legal_actions()
    assert not table.can_insure()
    with pytest.raises(IllegalActionError):
        table.insure()
    with pytest.raises(IllegalActionError):
        table.apply(parse_move("insure"))
    with pytest.raises(IllegalActionError):
        table.decline_insurance()
    table.stand()
    assert table.spots[1].insurance == 0
    assert table.hands[0].payout == 2_000
    assert table.bankroll == 101_000


# --- Doubling and splitting -------------------------------------------------------------------


@pytest.mark.parametrize("game", ["blackjack", "pontoon", "super_21", "match_play_21"])
def test_a_split_hand_may_double(game: str) -> None:
    # 8S 8H split. Hand 1: 8S 3D = 11 doubles, gets 9S = 20. Hand 2: 8H KS = 18.
    # Dealer 9C 8D = 17: $20 wins 1:1 and $10 wins 1:1.
    table = deal(game, "8S 9C 8H 8D 3D 9S KS")
    table.split()
    assert Action.DOUBLE in table.legal_actions()
    table.double()
    play_out(table)
    first, second = table.hands
    assert (cards_of(first), cards_of(second)) == ("8S 3D 9S", "8H KS")
    assert (first.stake, first.outcome, first.payout) == (2_000, Outcome.WIN, 4_000)
    assert (second.stake, second.outcome, second.payout) == (1_000, Outcome.WIN, 2_000)
    assert table.bankroll == 100_000 - 3_000 + 6_000


@pytest.mark.parametrize(
    ("game", "shoe", "refusal"),
    [
        ("pontoon", "5S KD 4H 8D KC", "Pontoon allows doubling once"),
        ("caribbean_21", "5S 9C 6H 9D 8D", "no money left to double"),
    ],
)
def test_a_double_for_less_adds_what_the_bankroll_has_left(
    game: str, shoe: str, refusal: str
) -> None:
    # Bankroll $15, bet $10: doubling adds the $5 left, and the hand doubles no more.
    # Pontoon: 5S 4H + KC = 19 against KD 8D; Caribbean 21: 5S 6H + 9D = 20 against 9C 8D.
    table = deal(game, shoe, bankroll=1_500)
    table.double()
    hand = table.hands[0]
    assert (hand.stake, table.bankroll) == (1_500, 0)
    assert Action.DOUBLE not in table.legal_actions()
    with pytest.raises(BlackjackError, match=refusal):
        table.double()
    play_out(table)
    assert (hand.outcome, hand.payout) == (Outcome.WIN, 3_000)
    assert table.bankroll == 3_000


@pytest.mark.parametrize("game", ["blackjack", "pontoon"])
def test_a_split_the_bankroll_cannot_cover_is_refused(game: str) -> None:
    # $19.99 bankroll, $10 on 8S 8D: $9.99 left, a split costs $10.
    table = deal(game, "8S 7H 8D KC", bankroll=1_999)
    assert Action.SPLIT not in table.legal_actions()
    with pytest.raises(BetError, match=r"\$10\.00"):
        table.split()
    assert (cards_of(table.hands[0]), table.bankroll) == ("8S 8D", 999)


@pytest.mark.parametrize("game", ["super_21", "match_play_21", "no_bust_21"])
def test_a_king_and_a_queen_split(game: str) -> None:
    # KS QH split: KS 9D = 19, QH 8C = 18 against the dealer's 9C 8D = 17.
    table = deal(game, "KS 9C QH 8D 9D 8C")
    assert Action.SPLIT in table.legal_actions()
    table.split()
    table.stand()
    table.stand()
    first, second = table.hands
    assert (cards_of(first), cards_of(second)) == ("KS 9D", "QH 8C")
    assert first.payout == 2_000 and second.payout == 2_000
    assert table.bankroll == 102_000


@pytest.mark.parametrize("game", ["super_21", "match_play_21", "no_bust_21"])
def test_unequal_values_do_not_split(game: str) -> None:
    table = deal(game, "9S 9C 8H 8D")
    assert Action.SPLIT not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.split()


@pytest.mark.parametrize("game", SPLIT_THREE_HANDS)
def test_splits_make_three_hands_at_most(game: str) -> None:
    # 8S 8H split, 8S 8D split again, 8S 8C may not split a third time.
    # Hands in play order: 8S 8C = 16, 8D QC = 18, 8H KD = 18; dealer JS 7S = 17.
    table = deal(game, "8S JS 8H 7S 8D 8C QC KD")
    table.split()
    table.split()
    assert len(table.hands) == 3
    assert cards_of(table.hands[0]) == "8S 8C"
    assert Action.SPLIT not in table.legal_actions()
    with pytest.raises(IllegalActionError):
        table.split()
    table.stand()
    table.stand()
    table.stand()
    assert [cards_of(hand) for hand in table.hands] == ["8S 8C", "8D QC", "8H KD"]
    assert [hand.payout for hand in table.hands] == [0, 2_000, 2_000]
    assert table.bankroll == 100_000 - 3_000 + 4_000


@pytest.mark.parametrize("game", SPLIT_THREE_HANDS)
def test_split_aces_are_not_split_again(game: str) -> None:
    # AS AH split; AS gets AD and stands on soft 12; AH gets 9H = 20. Dealer 9C 8D = 17.
    table = deal(game, "AS 9C AH 8D AD 9H")
    table.split()
    first, second = table.hands
    assert len(table.hands) == 2
    assert (cards_of(first), cards_of(second)) == ("AS AD", "AH 9H")
    assert first.payout == 0
    assert second.payout == 2_000
    assert table.bankroll == 100_000


# --- Surrender --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", SURRENDER_ANY_TIME)
def test_a_surrender_on_the_first_two_cards_returns_half_the_stake(game: str) -> None:
    table = deal(game, "KS 9C 6H 8D")
    table.surrender()
    hand = table.hands[0]
    assert hand.outcome is Outcome.SURRENDER
    assert hand.payout == 500
    assert table.bankroll == 99_500


@pytest.mark.parametrize(
    ("game", "shoe"),
    [
        ("caribbean_21", "KS 9C 2H 3D"),  # the dealer's second card comes after the players
        ("super_21", "KS 9C 2H 8D 3D"),
        ("match_play_21", "KS 9C 2H 8D 3D"),
    ],
)
def test_a_surrender_after_hits(game: str, shoe: str) -> None:
    # KS 2H hits 3D = 15, then surrenders half of $10.
    table = deal(game, shoe)
    table.hit()
    assert Action.SURRENDER in table.legal_actions()
    table.surrender()
    hand = table.hands[0]
    assert cards_of(hand) == "KS 2H 3D"
    assert (hand.outcome, hand.payout) == (Outcome.SURRENDER, 500)
    assert table.bankroll == 99_500


@pytest.mark.parametrize("game", SURRENDER_ANY_TIME)
def test_a_surrender_rounds_half_the_stake_down(game: str) -> None:
    table = deal(game, "KS 9C 6H 8D", 1_001)
    table.surrender()
    assert table.hands[0].payout == 500
    assert table.bankroll == 100_000 - 1_001 + 500


@pytest.mark.parametrize("game", SURRENDER_ANY_TIME)
def test_a_split_hand_may_surrender(game: str) -> None:
    # 8S 8H split: 8S KD = 18 stands, 8H 7C = 15 surrenders. Dealer 9C 8D = 17.
    table = deal(game, "8S 9C 8H 8D KD 7C")
    table.split()
    table.stand()
    table.surrender()
    first, second = table.hands
    assert first.payout == 2_000
    assert second.outcome is Outcome.SURRENDER and second.payout == 500
    assert table.bankroll == 100_000 - 2_000 + 2_500


@pytest.mark.parametrize("game", SURRENDER_ANY_TIME)
def test_no_surrender_after_standing(game: str) -> None:
    table = deal(game, "KS 9C 8H 8D")
    table.stand()
    with pytest.raises(IllegalActionError):
        table.surrender()
    assert table.hands[0].outcome is Outcome.WIN
    assert table.hands[0].payout == 2_000


@pytest.mark.parametrize("game", ["face_up_21", "pontoon"])
def test_no_surrender_is_offered(game: str) -> None:
    # Player KS 6H = 16 against the dealer's KC 9D = 19: surrender would be tempting.
    table = deal(game, "KS KC 6H 9D")
    assert Action.SURRENDER not in table.legal_actions()
    assert not table.can_surrender()
    with pytest.raises(IllegalActionError, match="does not allow surrender"):
        table.surrender()
    assert table.hands[0].status is HandStatus.PLAYING
    table.stand()
    assert (table.hands[0].outcome, table.hands[0].payout) == (Outcome.LOSE, 0)
    assert table.bankroll == 99_000


@pytest.mark.parametrize(
    ("game", "shoe", "move", "refusal"),
    [
        # No Bust 21: 5S 6H is 11 against 9C; the hand must hit.
        (
            "no_bust_21",
            "5S 9C 6H 7D",
            "stand",
            "hand 1 totals 11; No Bust 21st Century Blackjack lets a hand stand on 12 or more only",
        ),
        # Pontoon: 9S 7H is 16, which Pontoon does not split.
        ("pontoon", "9S 9C 7H 7D", "split", "Pontoon splits equal ranks only"),
        ("face_up_21", "9S 9C 7H 7D", "surrender", "Face Up 21 does not allow surrender"),
        ("blackjack", "9S 8C 7H 7D", "split", "Standard BlackJack splits equal values only"),
    ],
)
def test_a_refusal_names_the_game_as_the_player_knows_it(
    game: str, shoe: str, move: str, refusal: str
) -> None:
    table = deal(game, shoe)
    with pytest.raises(BlackjackError) as raised:
        table.apply(parse_move(move))
    assert refusal in str(raised.value)
    assert game not in str(raised.value)
