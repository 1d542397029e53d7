"""A player's hand as the strategy sees it: its total, its cards and its money, not its suits.

`HandState` holds what the rules look at when they decide what a hand may do and what it is
paid: it has the fields of the rulebook's `HandFacts`, so the advisor asks the rulebook
(casino_gui.engine.rulebook) the engine's own questions about it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from casino_gui.engine.cards import Card, rank_value
from casino_gui.engine.round import Action
from casino_gui.engine.rulebook import SPECIAL_THREES, may_double, may_hit, may_stand, may_surrender
from casino_gui.engine.rules import Rules


class Suits(NamedTuple):
    """The chance that a Match Play 21 special hand's cards are all spades, or all of one
    other suit (the rest: mixed suits)."""

    spades: float
    other_suit: float


class HandState(NamedTuple):
    """One player hand at a moment of its play, in base bets.

    `special` is kept only where Match Play 21 may pay a three-card 21 more: the ranks of a
    two-card hand that can still become 7-7-7 or 6-7-8, or the name of the three-card hand
    it became, with the chances of its suits.
    """

    hard: int  # the total counting every ace as 1
    ace: bool
    cards: int
    stake: float = 1.0  # the hand's stake in base bets: 2.0 once doubled
    doubles: int = 0
    from_split: bool = False
    split_aces: bool = False
    special: tuple[str, Suits] | None = None


def is_plain(state: HandState) -> bool:
    """Neither doubled nor split: the hands Match Play 21's bonus table pays."""
    return state.doubles == 0 and not state.from_split


def special_of(rules: Rules, ranks: Sequence[str], suits: Suits | None) -> tuple[str, Suits] | None:
    """The special mark of a fresh two-card hand (None where no bonus can follow)."""
    if not _pays_special_threes(rules) or len(ranks) != 2:
        return None
    pair = "".join(sorted(ranks))
    if not any(_contains(three, pair) for three in SPECIAL_THREES):
        return None
    return pair, suits if suits is not None else Suits(0.0, 0.0)


def _pays_special_threes(rules: Rules) -> bool:
    return any(bonus.patterns for bonus in rules.bonus_pays)


def _contains(three: str, pair: str) -> bool:
    rest = list(three)
    for rank in pair:
        if rank not in rest:
            return False
        rest.remove(rank)
    return True


def pair_suits(cards: Sequence[Card]) -> Suits:
    """The suits of two known cards as `Suits` (certainties)."""
    first, second = cards
    if first.suit != second.suit:
        return Suits(0.0, 0.0)
    return Suits(1.0, 0.0) if first.suit == "S" else Suits(0.0, 1.0)


def unknown_pair_suits(ranks: Sequence[str], decks: int) -> Suits:
    """The chance that two cards of these ranks, suits unseen, share spades or another suit."""
    same_rank = ranks[0] == ranks[1]
    # The second card's suit among the cards of its rank left in the shoe.
    same = (decks - 1) / (4 * decks - 1) if same_rank else 0.25
    return Suits(same / 4, same * 3 / 4)


@lru_cache(maxsize=64)
def cards_that_count(rules: Rules) -> int:
    """The number of cards from which a hand's rules no longer tell hands apart by their
    count: values and moves of hands with this many cards or more are the same."""
    counts = [3, rules.double_min_cards]  # naturals and first-two-card rules look at 2
    if rules.double_max_cards is not None:
        counts.append(rules.double_max_cards + 1)
    if rules.player_max_cards is not None:
        counts.append(rules.player_max_cards)
    if rules.five_card_trick_pays is not None:
        counts.append(6)
    if rules.caribbean_21_pays is not None or rules.no_bust_totals:
        counts.append(4)  # three-card hands
    if rules.five_card_21_pays is not None:
        counts.append(5)
    if rules.six_card_win:
        counts.append(6)
    for bonus in rules.bonus_pays:  # the bonus table tells hands apart up to its counts
        counts.append(bonus.min_cards)
        if bonus.max_cards is not None:
            counts.append(bonus.max_cards + 1)
    return max(counts)


def aces_count_after(rules: Rules) -> int:
    """From how many cards on whether a hand holds an ace no longer matters (with aces of
    one only, it still marks a three-card Caribbean 21)."""
    return 99 if rules.aces_eleven or rules.surrender_without_ace else 4


def with_card(
    rules: Rules, state: HandState, rank: str, limits: tuple[int, int] | None = None
) -> HandState:
    """The hand once it receives a card of this rank (its card count and ace kept only as
    far as the rules look at them: see `cards_that_count`). `limits` passes those two
    counts in, for callers that add many cards (hashing the rules takes time)."""
    special = state.special
    if special is not None:
        special = _grown_special(rules, state, special, rank)
    most, ace_until = limits or (cards_that_count(rules), aces_count_after(rules))
    cards = min(state.cards + 1, most)
    return HandState(
        state.hard + rank_value(rank),
        (state.ace or rank == "A") and cards < ace_until,
        cards,
        state.stake,
        state.doubles,
        state.from_split,
        state.split_aces,
        special,
    )


def _grown_special(
    rules: Rules, state: HandState, special: tuple[str, Suits], rank: str
) -> tuple[str, Suits] | None:
    pair, suits = special
    if state.cards != 2 or len(pair) != 2 or not is_plain(state):
        return None
    three = "".join(sorted(pair + rank))
    if three not in SPECIAL_THREES:
        return None
    # The third card shares the two cards' suit with the chance its rank's cards of that
    # suit keep among its rank's cards left (only the hand's own cards are counted out).
    decks = rules.decks
    same_rank = pair.count(rank)
    same = (decks - same_rank) / (4 * decks - same_rank)
    return three, Suits(suits.spades * same, suits.other_suit * same)


def doubled(state: HandState, amount: float) -> HandState:
    return state._replace(stake=state.stake + amount, doubles=state.doubles + 1, special=None)


def hand_actions(rules: Rules, state: HandState) -> tuple[Action, ...]:
    """The moves of the hand itself, as the rulebook allows them (splitting is a move of the
    spot: the rulebook's `may_split`)."""
    checks = (
        (Action.HIT, may_hit),
        (Action.STAND, may_stand),
        (Action.DOUBLE, may_double),
        (Action.SURRENDER, may_surrender),
    )
    return tuple(action for action, can in checks if can(rules, state))


def state_of(
    rules: Rules,
    cards: Sequence[Card],
    stake: float = 1.0,
    doubles: int = 0,
    from_split: bool = False,
    split_aces: bool = False,
    limits: tuple[int, int] | None = None,
) -> HandState:
    """The state of a hand of known cards (suits kept where Match Play 21 pays for them);
    `limits` as for `with_card`."""
    hard = sum(rank_value(card.rank) for card in cards)
    special = None
    if len(cards) == 2 and doubles == 0 and not from_split:
        special = special_of(rules, [c.rank for c in cards], pair_suits(cards))
    elif len(cards) == 3 and doubles == 0 and not from_split:
        ranks = "".join(sorted(c.rank for c in cards))
        if _pays_special_threes(rules) and ranks in SPECIAL_THREES:
            suits = {c.suit for c in cards}
            certain = Suits(1.0, 0.0) if suits == {"S"} else Suits(0.0, float(len(suits) == 1))
            special = ranks, certain
    most, ace_until = limits or (cards_that_count(rules), aces_count_after(rules))
    count = min(len(cards), most)
    return HandState(
        hard,
        any(card.rank == "A" for card in cards) and count < ace_until,
        count,
        stake,
        doubles,
        from_split,
        split_aces,
        special,
    )
