"""docs/rules.md, "Common to every game", played out on the Standard BlackJack table.

Every shoe is written in dealing order (docs/rules.md, "Order of play"): one card to each occupied
spot in spot order, the dealer's up card, the second round, the dealer's hole card; then the
hits, doubles and split cards in play order; the dealer draws last. Amounts are cents.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from casino_gui.engine import actions_of, parse_move
from casino_gui.engine.cards import full_deck, parse_cards
from casino_gui.engine.errors import BetError, BlackjackError, CardError, IllegalActionError
from casino_gui.engine.events import DealerPeeked, HandDoubled
from casino_gui.engine.games import BLACKJACK, GAMES
from casino_gui.engine.hand import HandStatus, Outcome
from casino_gui.engine.result import RoundResult
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe
from tests.engine import tables

HIT, STAND, DOUBLE, SPLIT = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT
INSURE, NO_INSURANCE, DEAL = Action.INSURE, Action.NO_INSURANCE, Action.DEAL


def table(shoe: str, rules: Rules = BLACKJACK, bankroll: int = 100_000, **bets: int) -> Round:
    """A round with its bets on (`spot1=1000`), not dealt yet."""
    round_ = Round(rules, Shoe.stacked(rules, shoe), bankroll=bankroll)
    for bet in tables.by_spot(**bets):
        round_.bet(bet.spot, bet.amount)
    return round_


def dealt(shoe: str, rules: Rules = BLACKJACK, bankroll: int = 100_000, **bets: int) -> Round:
    """A dealt round; one $10 bet on spot 1 unless bets are given."""
    round_ = table(shoe, rules, bankroll, **(bets or {"spot1": 1_000}))
    round_.deal()
    return round_


cards = tables.spelled


def snapshot(round_: Round) -> tuple[Any, ...]:
    """Everything an action could change."""
    return (
        round_.phase,
        round_.bankroll,
        round_.insurance_spot,
        list(round_.dealer),
        round_.dealer_face_down,
        round_.shoe.dealt,
        actions_of(round_),
        [dataclasses.asdict(hand) for hand in round_.hands],
        [dataclasses.asdict(spot) for spot in round_.spots.values()],
        round_.active_hand.id if round_.active_hand else None,
    )


# --- Money ------------------------------------------------------------------------------


def test_money_is_integer_cents_in_every_payout() -> None:
    # Player AS KD against dealer 9H 7C: a natural on $1.05 pays 157 cents (3:2 rounded down).
    round_ = dealt("AS 9H KD 7C", BLACKJACK, spot1=105)
    hand = round_.hands[0]
    assert (hand.stake, hand.payout, round_.bankroll) == (105, 262, 100_157)
    assert all(type(x) is int for x in (hand.stake, hand.payout, round_.bankroll))


def test_money_payout_is_the_winnings_plus_the_stake() -> None:
    # Player 9S TH (19) stands against dealer 7C TD (17): a 1:1 win on $10 returns $20.
    round_ = dealt("9S 7C TH TD")
    round_.stand()
    result = RoundResult.of(round_)
    assert (result.hands[0].payout, result.hands[0].net, round_.bankroll) == (2_000, 1_000, 101_000)


@pytest.mark.parametrize(("pays", "payout"), [("3:2", 500 + 750), ("6:5", 500 + 600)])
def test_money_natural_on_five_dollars_pays_the_rules_examples(pays: str, payout: int) -> None:
    # docs/rules.md, "Money": a 3:2 win on $5 pays 750 cents; 6:5 on $5 pays 600.
    round_ = dealt("AS 9H KD 7C", BLACKJACK.replace(natural_pays=pays), spot1=500)
    assert round_.hands[0].payout == payout
    assert round_.bankroll == 100_000 - 500 + payout


def test_money_half_a_bet_surrendered_rounds_down() -> None:
    # A custom table with surrender: $1.05 on TS 6D surrendered returns 52 cents, at once.
    rules = BLACKJACK.replace(surrender=True)
    round_ = dealt("TS 9H 6D 7C", rules, spot1=105)
    round_.surrender()
    hand = round_.hands[0]
    assert (hand.outcome, hand.payout) == (Outcome.SURRENDER, 52)
    assert cards(round_.dealer) == "9H 7C"
    assert round_.bankroll == 100_000 - 105 + 52


def test_bankroll_never_goes_negative() -> None:
    with pytest.raises(BetError, match="negative"):
        Round(BLACKJACK, Shoe.stacked(BLACKJACK, "9S 7C TH TD"), bankroll=-1)
    # All-in: the bankroll is 0 after the deal, and nothing more can be staked.
    round_ = dealt("8S 7C 8D TD", bankroll=1_000)
    assert round_.bankroll == 0
    assert round_.legal_actions() == {HIT, STAND}
    with pytest.raises(BlackjackError):
        round_.double()
    with pytest.raises(BlackjackError):
        round_.split()
    assert round_.bankroll == 0


# --- Chips and limits -------------------------------------------------------------------


def test_default_table_limits_are_one_to_five_hundred_dollars() -> None:
    assert (BLACKJACK.min_bet, BLACKJACK.max_bet) == (100, 50_000)
    round_ = table("9S 7C TH TD")
    round_.bet(1, 100)
    round_.bet(2, 50_000)
    assert {n: s.bet for n, s in round_.spots.items()} == {1: 100, 2: 50_000}


@pytest.mark.parametrize("amount", [1, 99, 50_001])
def test_bet_outside_the_table_limits_is_refused(amount: int) -> None:
    round_ = table("9S 7C TH TD")
    with pytest.raises(BetError, match=r"outside the table limits \(\$1\.00 to \$500\.00\)"):
        round_.bet(1, amount)
    assert round_.spots == {}


def test_custom_table_limits_apply_to_bets() -> None:
    rules = BLACKJACK.replace(min_bet=500, max_bet=2_500)
    round_ = table("9S 7C TH TD", rules)
    with pytest.raises(BetError, match=r"\$5\.00 to \$25\.00"):
        round_.bet(1, 400)
    with pytest.raises(BetError, match=r"\$5\.00 to \$25\.00"):
        round_.bet(1, 2_600)
    round_.bet(1, 2_500)
    assert round_.spots[1].bet == 2_500


def test_bets_together_may_not_exceed_the_bankroll() -> None:
    round_ = table("9S 7C TH TD", bankroll=2_500)
    round_.bet(1, 1_000)
    round_.bet(2, 1_500)  # exactly the bankroll
    with pytest.raises(
        BetError, match=r"your bets come to \$26\.00, more than your bankroll: you have \$25\.00"
    ):
        round_.bet(3, 100)
    assert {n: s.bet for n, s in round_.spots.items()} == {1: 1_000, 2: 1_500}


def test_a_new_bet_on_a_circle_replaces_the_old_one() -> None:
    round_ = table("9S 7C TH TD", bankroll=1_000)
    round_.bet(1, 1_000)
    round_.bet(1, 400)  # the $10 is no longer counted against the bankroll
    round_.bet(2, 600)
    assert {n: s.bet for n, s in round_.spots.items()} == {1: 400, 2: 600}


# --- The shoe ---------------------------------------------------------------------------


def test_shoe_is_eight_52_card_decks() -> None:
    shoe = Shoe.shuffled(BLACKJACK, seed=7)
    dealt_cards = [shoe.draw() for _ in range(416)]
    assert shoe.remaining == 0
    assert Counter(dealt_cards) == Counter({card: 8 for card in full_deck()})
    assert len(full_deck()) == 52


def test_stacked_shoe_refuses_a_ninth_copy_of_a_card() -> None:
    with pytest.raises(CardError, match=r"shoe card 9 'AS'.*8 decks, which hold only 8 of it"):
        Shoe.stacked(BLACKJACK, " ".join(["AS"] * 9))


def test_shoe_is_shuffled_from_a_recorded_seed_that_replays_it() -> None:
    live = Shoe.shuffled(BLACKJACK)  # a seed from `secrets`, kept for the replay
    assert isinstance(live.seed, int)
    replay = Shoe.shuffled(BLACKJACK, seed=live.seed)
    assert [live.draw() for _ in range(416)] == [replay.draw() for _ in range(416)]


def test_ten_jack_queen_and_king_are_worth_ten() -> None:
    held = parse_cards("TS JH QD KC AS 9C")
    assert [card.value for card in held] == [10, 10, 10, 10, 1, 9]
    assert [card.is_ten_value for card in held] == [True] * 4 + [False] * 2


def test_suits_do_not_matter_in_blackjack() -> None:
    # A natural of hearts and one of spades are paid alike: 3:2 on $10.
    for shoe in ("AH 9H KH 7C", "AS 9H KS 7C"):
        assert dealt(shoe).bankroll == 101_500


# --- Betting circles and DEAL -----------------------------------------------------------


def test_table_has_three_betting_circles() -> None:
    assert BLACKJACK.circles == 3
    round_ = table("9S 7C TH TD")
    with pytest.raises(BetError, match="there is no circle 4: this table has 3"):
        round_.bet(4, 1_000)
    with pytest.raises(BetError, match="there is no circle 0: this table has 3"):
        round_.bet(0, 1_000)


@pytest.mark.parametrize("circles", [1, 5])
def test_table_setting_offers_one_to_five_circles(circles: int) -> None:
    round_ = table("9S 7C TH TD", BLACKJACK.replace(circles=circles))
    round_.bet(circles, 1_000)
    with pytest.raises(
        BetError, match=f"there is no circle {circles + 1}: this table has {circles}"
    ):
        round_.bet(circles + 1, 1_000)


def test_bets_are_debited_when_the_deal_starts() -> None:
    round_ = table("9S TS 7C 8D TH TD", spot1=1_000, spot2=2_500)
    assert round_.bankroll == 100_000
    round_.deal()
    assert round_.bankroll == 96_500
    assert [hand.stake for hand in round_.hands] == [1_000, 2_500]


def test_bets_are_locked_once_the_deal_starts() -> None:
    round_ = dealt("9S 7C TH TD")
    before = snapshot(round_)
    with pytest.raises(BetError, match="bets are locked once the deal starts"):
        round_.bet(1, 500)
    with pytest.raises(BetError, match="bets are locked once the deal starts"):
        round_.bet(2, 500)
    assert snapshot(round_) == before


def test_deal_needs_a_bet() -> None:
    round_ = table("9S 7C TH TD")
    assert DEAL not in round_.legal_actions()
    with pytest.raises(BetError, match="place a bet"):
        round_.deal()
    round_.bet(1, 100)
    assert round_.legal_actions() == {DEAL}


# --- Order of play ----------------------------------------------------------------------


def test_cards_are_dealt_one_at_a_time_spots_first_then_the_dealer() -> None:
    # Bets placed out of order are still dealt in spot order.
    round_ = table("2S 3S 4S 5S 6S 7S 8S 9S TS", spot3=100, spot1=100, spot2=100)
    round_.deal()
    assert [(hand.spot, cards(hand)) for hand in round_.hands] == [
        (1, "2S 6S"),
        (2, "3S 7S"),
        (3, "4S 8S"),
    ]
    assert cards(round_.dealer) == "5S 9S"
    assert cards(round_.visible_dealer_cards()) == "5S"  # the second card is the hole card
    assert round_.dealer_face_down == 1


def test_spots_are_played_in_order_and_the_dealer_plays_last() -> None:
    # Spot 1 TS 7D (17), spot 2 5S 6C (11); dealer 6H TD (16).
    round_ = dealt("TS 5S 6H 7D 6C TD 9C 8H", spot1=1_000, spot2=1_000)
    assert round_.active_hand is round_.hands[0]
    round_.stand()
    assert round_.active_hand is round_.hands[1]
    assert cards(round_.dealer) == "6H TD"  # nothing drawn while a player hand is open
    round_.double()  # 9C: 20
    assert cards(round_.hands[1]) == "5S 6C 9C"
    assert cards(round_.dealer) == "6H TD 8H"  # 24, bust
    assert [hand.payout for hand in round_.hands] == [2_000, 4_000]
    assert round_.bankroll == 103_000


def test_three_circles_are_played_in_spot_order_with_exact_totals() -> None:
    # Spot 1 $5: 2S 3D, hits 4C and TC (19). Spot 2 $10: TS 8D (18). Spot 3 $25: 9S 7C,
    # hits 8C (24, bust). Dealer 7H TH (17) stands.
    round_ = dealt("2S TS 9S 7H 3D 8D 7C TH 4C TC 8C", spot1=500, spot2=1_000, spot3=2_500)
    order = []
    for move in ("hit", "hit", "stand", "stand", "hit"):
        assert round_.active_hand is not None
        order.append(round_.active_hand.spot)
        round_.apply(parse_move(move))
    assert order == [1, 1, 1, 2, 3]
    assert [cards(hand) for hand in round_.hands] == ["2S 3D 4C TC", "TS 8D", "9S 7C 8C"]
    assert [hand.outcome for hand in round_.hands] == [Outcome.WIN, Outcome.WIN, Outcome.LOSE]
    assert [hand.payout for hand in round_.hands] == [1_000, 2_000, 0]
    assert round_.bankroll == 100_000 - 4_000 + 3_000


def test_two_circles_are_played_in_spot_order_with_exact_totals() -> None:
    # Spot 1 $10: 9S 9D (18); spot 3 $20: 6S 5C (11), doubles on 2H (13). Dealer TH 9C (19).
    round_ = dealt("9S 6S TH 9D 5C 9C 2H", spot1=1_000, spot3=2_000)
    assert [hand.spot for hand in round_.hands] == [1, 3]
    round_.stand()
    round_.double()
    assert [hand.stake for hand in round_.hands] == [1_000, 4_000]
    assert [hand.payout for hand in round_.hands] == [0, 0]
    assert round_.bankroll == 100_000 - 5_000


def test_cards_left_over_when_the_round_ends_are_not_used() -> None:
    round_ = dealt("9S 7C TH TD 5S 5D 5H")
    round_.stand()  # 19 against the dealer's 17
    assert round_.shoe.remaining == 3
    assert round_.bankroll == 101_000


# --- Automatic moves --------------------------------------------------------------------


def test_a_hand_that_reaches_21_stands() -> None:
    # Spot 1: 5S 6D hits TC (21) and stands by itself; spot 2 is next.
    round_ = dealt("5S 9S 7H 6D TS TH TC", spot1=1_000, spot2=1_000)
    round_.hit()
    first = round_.hands[0]
    assert (cards(first), first.status) == ("5S 6D TC", HandStatus.STOOD)
    assert round_.active_hand is round_.hands[1]


def test_a_soft_21_stands_too() -> None:
    # AS 5D (soft 16) hits 5C: 21 counting the ace as 11; dealer 9H 8C (17).
    round_ = dealt("AS 9H 5D 8C 5C")
    round_.hit()
    assert round_.phase is Phase.SETTLED
    assert (cards(round_.hands[0]), round_.hands[0].payout) == ("AS 5D 5C", 2_000)


def test_a_doubled_hand_receives_one_card_and_stands() -> None:
    # 2S 3D (5) doubles and takes 4C (9): no more cards although 9 is low. Dealer 9H 8C (17).
    round_ = dealt("2S 9H 3D 8C 4C TC")
    round_.double()
    hand = round_.hands[0]
    assert (cards(hand), hand.status, hand.stake) == ("2S 3D 4C", HandStatus.STOOD, 2_000)
    assert round_.phase is Phase.SETTLED
    assert round_.bankroll == 98_000


def test_best_total_counts_an_ace_as_eleven_when_it_does_not_bust() -> None:
    # Player AS 7D is 18 (not 8) and beats the dealer's TH 7C; AS 7D 5C would be 13.
    round_ = dealt("AS TH 7D 7C")
    round_.stand()
    assert round_.hands[0].payout == 2_000


# --- Insurance --------------------------------------------------------------------------


def test_insurance_is_offered_to_each_spot_in_turn_in_spot_order() -> None:
    # Spots 1 ($20), 2 ($6), 3 ($10): TS 7S, 9H 6H, 8D 5D; dealer AC KC (blackjack).
    round_ = table("TS 9H 8D AC 7S 6H 5D KC", spot3=1_000, spot1=2_000, spot2=600)
    round_.deal()
    assert (round_.phase, round_.insurance_spot) == (Phase.INSURANCE, 1)
    round_.insure()
    assert round_.insurance_spot == 2
    round_.decline_insurance()
    assert round_.insurance_spot == 3
    round_.insure()
    assert round_.phase is Phase.SETTLED
    assert [(s.insurance, s.insurance_payout) for s in round_.spots.values()] == [
        (1_000, 3_000),
        (0, None),
        (500, 1_500),
    ]
    assert [hand.payout for hand in round_.hands] == [0, 0, 0]
    assert round_.bankroll == 100_000 - 3_600 - 1_500 + 4_500


def test_insurance_comes_before_any_other_decision() -> None:
    round_ = dealt("8S AH 8D 7C")
    before = snapshot(round_)
    for move in (round_.hit, round_.stand, round_.double, round_.split):
        with pytest.raises(
            IllegalActionError,
            match="answer the insurance offer to spot 1 first: INSURE or NO INSURANCE",
        ):
            move()
    assert snapshot(round_) == before
    assert round_.legal_actions() == {INSURE, NO_INSURANCE}


def test_insurance_costs_half_the_bet_rounded_down() -> None:
    # $1.05 bet: insurance 52 cents, paying 2:1 (104) on the dealer's AH KC.
    round_ = dealt("9S AH 9D KC", BLACKJACK, spot1=105)
    round_.insure()
    spot = round_.spots[1]
    assert (spot.insurance, spot.insurance_payout) == (52, 156)
    assert round_.bankroll == 100_000 - 105 - 52 + 156


def test_insurance_is_settled_as_a_bet_of_its_own() -> None:
    # Insured, the dealer's AH 7C is no blackjack: insurance lost at once, then 19 beats 18.
    round_ = dealt("9S AH TH 7C")
    round_.insure()
    assert round_.bankroll == 98_500
    assert round_.spots[1].insurance_payout == 0
    assert round_.phase is Phase.PLAYER_TURNS
    round_.stand()
    assert round_.hands[0].payout == 2_000
    assert round_.bankroll == 100_500


def test_spot_that_cannot_afford_insurance_is_not_asked() -> None:
    # $17 bankroll, $10 on spot 1 and $4 on spot 2: $3 left, spot 1's $5 insurance is out of
    # reach, spot 2's $2 is not.
    round_ = dealt("TS 9S AH 8D 7C 7H", bankroll=1_700, spot1=1_000, spot2=400)
    assert round_.insurance_spot == 2
    round_.insure()
    assert [s.insurance for s in round_.spots.values()] == [0, 200]
    assert round_.bankroll == 100


def test_insurance_bought_by_one_spot_can_leave_the_next_unable_to_afford_it() -> None:
    round_ = dealt("TS 9S AH 8D 7C 7H", bankroll=2_500, spot1=1_000, spot2=1_000)
    round_.insure()  # the last $5
    assert round_.bankroll == 0
    assert (round_.phase, round_.insurance_spot) == (Phase.PLAYER_TURNS, None)
    assert round_.active_hand is round_.hands[0]


def test_insurance_on_exactly_the_money_left_is_offered() -> None:
    round_ = dealt("9S AH TH 7C", bankroll=1_500)
    assert round_.legal_actions() == {INSURE, NO_INSURANCE}
    round_.insure()
    assert round_.bankroll == 0


def test_insurance_not_offered_when_bankroll_cannot_cover_it() -> None:
    # $14.99 bankroll, $10 bet: $4.99 left, insurance would cost $5.
    round_ = dealt("9S AH TH 7C", bankroll=1_499)
    assert (round_.phase, round_.insurance_spot) == (Phase.PLAYER_TURNS, None)
    assert round_.legal_actions() == {HIT, STAND, DOUBLE}
    before = snapshot(round_)
    with pytest.raises(IllegalActionError):
        round_.insure()
    assert snapshot(round_) == before


def test_even_money_insurance_on_a_natural_against_dealer_blackjack() -> None:
    # Player AS KD, dealer AH QC: the natural pushes, insurance pays 2:1: $10 up in all.
    round_ = dealt("AS AH KD QC")
    round_.insure()
    assert round_.hands[0].outcome is Outcome.PUSH
    assert (round_.hands[0].payout, round_.spots[1].insurance_payout) == (1_000, 1_500)
    assert round_.bankroll == 101_000


def test_even_money_insurance_on_a_natural_without_dealer_blackjack() -> None:
    # Player AS KD, dealer AH 7C: insurance lost, the natural paid 3:2: $10 up in all.
    round_ = dealt("AS AH KD 7C")
    round_.insure()
    assert round_.phase is Phase.SETTLED
    assert (round_.hands[0].payout, round_.spots[1].insurance_payout) == (2_500, 0)
    assert round_.bankroll == 101_000


# --- The dealer's check for a natural ---------------------------------------------------


def test_dealer_blackjack_with_a_ten_up_ends_the_round_at_once() -> None:
    # Spot 1 AS QS (natural) pushes; spot 2 8H 8C and spot 3 5D 6D never get to split or
    # double and lose their original bets only. Dealer KC AH.
    round_ = table("AS 8H 5D KC QS 8C 6D AH", spot1=1_000, spot2=1_000, spot3=1_000)
    events = round_.deal()
    assert DealerPeeked(True) in events
    assert round_.phase is Phase.SETTLED
    assert round_.dealer_face_down == 0
    assert [hand.outcome for hand in round_.hands] == [Outcome.PUSH, Outcome.LOSE, Outcome.LOSE]
    assert [(hand.stake, hand.payout) for hand in round_.hands] == [
        (1_000, 1_000),
        (1_000, 0),
        (1_000, 0),
    ]
    assert round_.bankroll == 98_000


def test_dealer_blackjack_with_an_ace_up_ends_the_round_after_insurance() -> None:
    round_ = dealt("AS 8H 5D AC QS 8C 6D KH", spot1=1_000, spot2=1_000, spot3=1_000)
    for _ in range(3):
        round_.decline_insurance()
    assert round_.phase is Phase.SETTLED
    assert [(hand.stake, hand.payout) for hand in round_.hands] == [
        (1_000, 1_000),
        (1_000, 0),
        (1_000, 0),
    ]
    assert round_.bankroll == 98_000


def test_dealer_checks_a_ten_up_and_play_goes_on_without_blackjack() -> None:
    round_ = table("9S TH 7D 9C", spot1=1_000)
    events = round_.deal()
    assert DealerPeeked(False) in events
    assert round_.phase is Phase.PLAYER_TURNS
    assert round_.dealer_face_down == 1


@pytest.mark.parametrize("up", ["2C", "5C", "6C", "9C"])
def test_dealer_does_not_check_other_up_cards(up: str) -> None:
    round_ = table(f"9S {up} 7D TC", spot1=1_000)
    events = round_.deal()
    assert not any(isinstance(event, DealerPeeked) for event in events)
    assert round_.phase is Phase.PLAYER_TURNS


# --- Settlement -------------------------------------------------------------------------


def test_each_hand_settles_on_its_own_against_the_dealer() -> None:
    # Spot 1 TS 9D (19) wins, spot 2 TH 7S (17) pushes, spot 3 9H 6C (15) loses; dealer TC 7C.
    round_ = dealt("TS TH 9H TC 9D 7S 6C 7C", spot1=1_000, spot2=1_000, spot3=1_000)
    for _ in range(3):
        round_.stand()
    assert [hand.outcome for hand in round_.hands] == [Outcome.WIN, Outcome.PUSH, Outcome.LOSE]
    assert [hand.payout for hand in round_.hands] == [2_000, 1_000, 0]
    assert round_.bankroll == 100_000


def test_a_busted_hand_loses_at_once() -> None:
    # Spot 1 TS 6D hits 9S (25): lost before spot 2 plays.
    round_ = dealt("TS 9H 6H 6D 8C TC 9S", spot1=1_000, spot2=1_000)
    round_.hit()
    busted = round_.hands[0]
    assert (busted.status, busted.outcome, busted.payout) == (HandStatus.BUSTED, Outcome.LOSE, 0)
    assert round_.active_hand is round_.hands[1]


def test_a_natural_the_dealer_cannot_match_is_paid_at_once() -> None:
    # Spot 1 AS KD against the dealer's 6H: paid 3:2 while spot 2 is still to play.
    round_ = dealt("AS 9S 6H KD 7S TC", spot1=1_000, spot2=1_000)
    assert round_.phase is Phase.PLAYER_TURNS
    assert (round_.hands[0].outcome, round_.hands[0].payout) == (Outcome.WIN, 2_500)
    assert round_.active_hand is round_.hands[1]
    assert round_.bankroll == 100_000 - 2_000 + 2_500


def test_dealer_does_not_draw_after_a_natural_and_a_bust() -> None:
    # Spot 1 AS KD is paid at once, spot 2 TS 6C busts on 9S; dealer 6H TC keeps two cards.
    round_ = dealt("AS TS 6H KD 6C TC 9S 5C", spot1=1_000, spot2=1_000)
    round_.hit()
    assert cards(round_.dealer) == "6H TC"
    assert [hand.payout for hand in round_.hands] == [2_500, 0]
    assert round_.bankroll == 100_500


# --- Illegal actions change nothing -------------------------------------------------------


ILLEGAL: list[tuple[str, str, list[str], Callable[[Round], object]]] = [
    ("hit before the deal", "9S 7C TH TD", [], lambda r: r.hit()),
    ("deal twice", "9S 7C TH TD", ["deal"], lambda r: r.deal()),
    ("stand after the round", "9S 7C TH TD", ["deal", "stand"], lambda r: r.stand()),
    ("double on three cards", "2S 7C 3D TD 4H", ["deal", "hit"], lambda r: r.double()),
    ("split a 9 and a 10", "9S 7C TD TH", ["deal"], lambda r: r.split()),
    ("surrender", "9S 7C 7D TD", ["deal"], lambda r: r.surrender()),
    ("insure without an ace up", "9S 7C TH TD", ["deal"], lambda r: r.insure()),
    ("no insurance unoffered", "9S 7C TH TD", ["deal"], lambda r: r.decline_insurance()),
    ("insure the wrong amount", "9S AC TH 7D", ["deal"], lambda r: r.insure(300)),
    ("unknown action", "9S 7C TH TD", ["deal"], lambda r: r.apply(parse_move("fold"))),
]


@pytest.mark.parametrize(
    ("shoe", "moves", "illegal"), [case[1:] for case in ILLEGAL], ids=[case[0] for case in ILLEGAL]
)
def test_illegal_action_raises_and_changes_nothing(
    shoe: str, moves: list[str], illegal: Callable[[Round], object]
) -> None:
    round_ = table(shoe, spot1=1_000)
    for move in moves:
        if move == "deal":
            round_.deal()
        else:
            round_.apply(parse_move(move))
    before = snapshot(round_)
    with pytest.raises(IllegalActionError):
        illegal(round_)
    assert snapshot(round_) == before


# --- legal_actions, step by step ----------------------------------------------------------


def test_legal_actions_through_a_round_of_hits() -> None:
    # 5S 6D (11), hits 2C (13) and 3C (16), stands; dealer 9H 8C (17).
    round_ = table("5S 9H 6D 8C 2C 3C")
    assert round_.legal_actions() == frozenset()
    round_.bet(1, 1_000)
    assert round_.legal_actions() == {DEAL}
    round_.deal()
    assert round_.legal_actions() == {HIT, STAND, DOUBLE}
    round_.hit()
    assert round_.legal_actions() == {HIT, STAND}
    round_.hit()
    assert round_.legal_actions() == {HIT, STAND}
    round_.stand()
    assert round_.legal_actions() == frozenset()
    assert round_.bankroll == 99_000


def test_legal_actions_through_insurance_splits_and_doubles() -> None:
    # 8S 8D against the dealer's AH 9C (soft 20), insurance declined. Split: 8S 3D doubles
    # on TC (21); then 8D takes 8C and splits again: 8D 2S hits 9D (19), 8C 9S (17) stands.
    round_ = dealt("8S AH 8D 9C 3D TC 8C 2S 9D 9S")
    assert round_.legal_actions() == {INSURE, NO_INSURANCE}
    round_.decline_insurance()
    assert round_.legal_actions() == {HIT, STAND, DOUBLE, SPLIT}
    round_.split()  # hand 1: 8S 3D
    assert round_.legal_actions() == {HIT, STAND, DOUBLE}
    round_.double()  # 8S 3D TC: 21; hand 2 (8D) takes 8C
    assert cards(round_.active_hand) == "8D 8C"
    assert round_.legal_actions() == {HIT, STAND, DOUBLE, SPLIT}
    round_.split()  # hand 2: 8D 2S; hand 3: 8C waits
    assert round_.legal_actions() == {HIT, STAND, DOUBLE}
    round_.hit()  # 8D 2S 9D: 19
    assert round_.legal_actions() == {HIT, STAND}
    round_.stand()  # hand 3: 8C 9S (17)
    assert cards(round_.active_hand) == "8C 9S"
    assert round_.legal_actions() == {HIT, STAND, DOUBLE}
    round_.stand()
    assert round_.legal_actions() == frozenset()
    assert [hand.payout for hand in round_.hands] == [4_000, 0, 0]
    assert round_.bankroll == 100_000 - 4_000 + 4_000


def test_legal_actions_when_the_bankroll_is_short() -> None:
    # $15 bankroll, $10 bet on 8S 8D: $5 left doubles for less but cannot split.
    round_ = dealt("8S 7H 8D TC", bankroll=1_500)
    assert round_.legal_actions() == {HIT, STAND, DOUBLE}
    # All in: nothing to double with.
    round_ = dealt("8S 7H 8D TC", bankroll=1_000)
    assert round_.legal_actions() == {HIT, STAND}


def test_every_double_is_recorded_with_its_amount() -> None:
    round_ = dealt("5S 9H 6D 7C 9S 2C")
    events = round_.double()
    assert HandDoubled(round_.hands[0].id, 1_000) in events


def test_a_bet_of_zero_clears_the_circle_before_the_deal() -> None:
    table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "9S 6H TH 7C"), bankroll=100_000)
    table.bet(1, 1_000)
    table.bet(2, 2_500)
    table.bet(2, 0)
    assert set(table.spots) == {1}
    assert table.on_table() == 1_000


def test_a_split_ace_that_may_resplit_takes_no_other_card() -> None:
    # Custom table: split aces get one card each but may be re-split. AS AH split; the first
    # ace draws AD: it may split again or stand, but not hit or double.
    rules = BLACKJACK.replace(resplit_aces=True)
    table = dealt("AS 9C AH 7D AD 5C 6S", rules=rules)
    table.split()
    assert [str(c) for c in table.hands[0].cards] == ["AS", "AD"]
    assert table.legal_actions() == {Action.SPLIT, Action.STAND}
    with pytest.raises(IllegalActionError, match="hand 1 is a split ace and takes one card only"):
        table.hit()


def test_a_one_card_double_is_not_doubled_again_while_it_waits_to_stand_or_surrender() -> None:
    # Custom table: Match Play's rescue with two doubles a hand. After the first double the hand
    # may only stand or surrender.
    rules = GAMES["match_play_21"].replace(doubles_per_hand=2)
    table = dealt("5S 9C 6H 8D 2C", rules=rules)
    table.double()
    assert table.legal_actions() == {Action.STAND, Action.SURRENDER}
    with pytest.raises(IllegalActionError, match="hand 1 has doubled and takes no more cards"):
        table.double()
