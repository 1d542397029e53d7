"""What a finished hand wins or loses, in base bets: settlement.py, read for a `HandState`.

Every function mirrors one of settlement.py's and is checked against it card for card
(tests/strategy/test_payoff.py). Fractions of a cent are not rounded: values are expectations.
"""

from __future__ import annotations

from casino_gui.engine.hand import Rank
from casino_gui.engine.rules import BonusTable, Odds, Rules, Tie
from casino_gui.engine.strategy.dealer import Outcome
from casino_gui.engine.strategy.hand_state import (
    HandState,
    Suits,
    best_total,
    is_natural,
    is_plain,
)

# The diamond blackjack of a hand whose suits are unknown: both cards diamonds.
UNKNOWN_DIAMONDS = 1 / 16


def ratio(odds: Odds) -> float:
    return odds.num / odds.den


def natural_winnings(rules: Rules, diamonds: float) -> float:
    """A natural's winnings per unit staked; `diamonds` is the chance both cards are diamonds."""
    plain = ratio(rules.natural_pays)
    if rules.diamond_natural_pays is None:
        return plain
    return diamonds * ratio(rules.diamond_natural_pays) + (1 - diamonds) * plain


def match_play_winnings(state: HandState, dealer_up: int | None) -> float:
    """Match Play 21's bonus table for a plain 21 (settlement.py, `match_play_bonus`)."""
    cards = state.cards
    if cards >= 7:
        return 3.0
    if cards == 6:
        return 2.0
    if cards == 5:
        return 1.5
    if cards == 3 and state.special is not None and len(state.special[0]) == 3:
        name, suits = state.special
        return _special_winnings(name, suits, dealer_up)
    return 1.0


def _special_winnings(name: str, suits: Suits, dealer_up: int | None) -> float:
    suited = suits.spades + suits.other_suit
    mixed = 1.0 - suited
    if name == "777" and dealer_up == 7:
        return suited * 40.0 + mixed * 1.5
    return suits.spades * 3.0 + suits.other_suit * 2.0 + mixed * 1.5


def always_wins(
    rules: Rules, state: HandState, dealer_up: int | None, diamonds: float
) -> float | None:
    """The net of a hand that wins whatever the dealer holds, or None (`always_wins`)."""
    total, _ = best_total(rules, state)
    if total > 21:
        return None
    if is_natural(rules, state) and rules.natural_tie is Tie.PLAYER_WINS:
        return state.stake * natural_winnings(rules, diamonds)
    plain = state.doubles == 0
    if rules.player_21_always_wins and total == 21:
        if rules.bonus_table is BonusTable.MATCH_PLAY and is_plain(state):
            return state.stake * match_play_winnings(state, dealer_up)
        return state.stake
    if plain and rules.five_card_21_pays is not None and total == 21 and state.cards >= 5:
        return state.stake * ratio(rules.five_card_21_pays)
    if plain and rules.six_card_win and state.cards >= 6:
        return state.stake
    return None


def no_bust_push_possible(rules: Rules, state: HandState) -> bool:
    """No Bust 21: a three-card 23, 24 or 25 pushes if the dealer ends higher."""
    return state.cards == 3 and best_total(rules, state)[0] in rules.no_bust_totals


def hand_rank(rules: Rules, state: HandState) -> Rank:
    """The hand's rank against the dealer's (hand.py, `rank_of`)."""
    total, _ = best_total(rules, state)
    if total > 21:
        return Rank.BUST
    if is_natural(rules, state):
        return Rank.NATURAL
    if rules.five_card_trick_pays is not None and state.cards == 5:
        return Rank.FIVE_CARD_TRICK
    # Three cards with an ace making a hard 21 can only be an ace and two ten-value cards.
    if rules.caribbean_21_pays is not None and state.cards == 3 and state.ace and state.hard == 21:
        return Rank.CARIBBEAN_21
    return Rank.TOTAL


def against_dealer(
    rules: Rules, state: HandState, dealer: Outcome, dealer_up: int | None, diamonds: float
) -> float:
    """The net of a stood (or No Bust 21 three-card busted) hand against a dealer outcome
    (`settle_against_dealer`); the dealer's natural is part of `dealer` when he has one."""
    theirs, their_total = dealer
    total, _ = best_total(rules, state)
    if total > 21:
        if no_bust_push_possible(rules, state) and their_total > total:
            return 0.0
        return -state.stake
    early = always_wins(rules, state, dealer_up, diamonds)
    if early is not None:
        return early
    mine = hand_rank(rules, state)
    if (
        theirs is Rank.BUST
        or mine > theirs
        or (mine is theirs is Rank.TOTAL and total > their_total)
    ):
        return _winnings(rules, state, mine, diamonds)
    if mine < theirs or (mine is Rank.TOTAL and total < their_total):
        return -state.stake
    tie = rules.natural_tie if mine is Rank.NATURAL else rules.ties
    if tie is Tie.PLAYER_WINS:
        return _winnings(rules, state, mine, diamonds)
    if tie is Tie.DEALER_WINS:
        return -state.stake
    return 0.0


def _winnings(rules: Rules, state: HandState, rank: Rank, diamonds: float) -> float:
    if rank is Rank.NATURAL:
        return state.stake * natural_winnings(rules, diamonds)
    if rank is Rank.FIVE_CARD_TRICK and rules.five_card_trick_pays is not None:
        return state.stake * ratio(rules.five_card_trick_pays)
    if rank is Rank.CARIBBEAN_21 and rules.caribbean_21_pays is not None:
        # 3:2 on the base stake, even money on what doubling added.
        return ratio(rules.caribbean_21_pays) + (state.stake - 1.0)
    return state.stake
