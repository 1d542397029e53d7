"""The Hi-Lo true count at which an index play starts to pay, computed for a table's own rules.

Griffin's linear method (*The Theory of Blackjack*, "effects of removal"): for the cell's
hands against its up card, from the table's full shoe, `difference` is what the index's
play is worth more than the play it replaces; removing one card of each value changes it by
that value's effect of removal, scaled to one deck. A true count of +1 (one Hi-Lo point per
deck left) moves the difference by the effects weighed by the Hi-Lo tags: the slope
sum(tag * effect) / sum(tag ** 2) over the thirteen ranks. The break-even count is where the
line crosses zero; the index is the floored true count from which the play pays on
average (`index_of`). The values are the advisor's (`Situation`) for the table's rules, so
the soft-17 rule, the decks, doubling and surrender are the table's own; tests/strategy/
test_indices.py holds the method to Schlesinger's published numbers where they apply.
"""

from __future__ import annotations

import math
from functools import lru_cache

from casino_gui.engine.counting import HI_LO
from casino_gui.engine.round import Action
from casino_gui.engine.rules import Rules
from casino_gui.engine.strategy.composition import Composition
from casino_gui.engine.strategy.hand_state import HandState
from casino_gui.engine.strategy.insurance import insurance_value
from casino_gui.engine.strategy.situation import VALUE_RANKS, Situation

RANKS_OF_VALUE = (1, 1, 1, 1, 1, 1, 1, 1, 1, 4)  # the ranks of each value: T J Q K are tens


def _hands(section: str, row: str) -> tuple[tuple[int, int], ...]:
    """The two-card hands of a cell, by value: a pair, or the hard hands of a total."""
    if section == "Pairs":
        value = 10 if row[0] == "T" else int(row[0])
        return ((value, value),)
    total = int(row)
    return tuple((a, total - a) for a in range(2, 11) if a < total - a <= 10)


def _difference(
    rules: Rules, unseen: Composition, hand: tuple[int, int], up: str, play: Action, other: Action
) -> float:
    """What `play` is worth more than `other` for this hand, from these unseen cards."""
    if play is Action.INSURE:
        return insurance_value(rules, unseen)
    situation = Situation(rules, unseen, [up])
    first, second = (VALUE_RANKS[v - 1] for v in hand)
    state = HandState(sum(hand), False, 2)
    pair = (first, second) if hand[0] == hand[1] else None
    moves = situation.moves(state, pair)
    if play not in moves or other not in moves:
        return math.nan  # the rules do not offer one of the two plays here
    return moves[play] - moves[other]


@lru_cache(maxsize=256)
def break_even(rules: Rules, section: str, row: str, up: str, play: Action, other: Action) -> float:
    """The Hi-Lo true count at which `play` starts to pay over `other` in the cell (nan where
    the rules do not offer both; inf where no count makes it pay)."""
    full = Composition.of_shoe(rules)
    up_value = VALUE_RANKS.index(up) + 1
    hands = ((up_value, up_value),) if play is Action.INSURE else _hands(section, row)
    base_difference = 0.0
    effects = [0.0] * 10
    weights = 0.0
    for hand in hands:
        cards = [VALUE_RANKS[v - 1] for v in hand] if play is not Action.INSURE else []
        unseen = full.without([*cards, up])
        counts = unseen.by_value
        weight = float(counts[hand[0] - 1] * counts[hand[1] - 1]) if cards else 1.0
        base = _difference(rules, unseen, hand, up, play, other)
        base_difference += weight * base
        for value in range(10):
            if counts[value] == 0:
                continue
            less = unseen.without([VALUE_RANKS[value]])
            moved = _difference(rules, less, hand, up, play, other) - base
            effects[value] += weight * moved * unseen.total / 52
        weights += weight
    base_difference /= weights
    tags = HI_LO.tags
    slope = sum(
        n * tag * effect / weights
        for n, tag, effect in zip(RANKS_OF_VALUE, tags, effects, strict=True)
    ) / sum(n * tag * tag for n, tag in zip(RANKS_OF_VALUE, tags, strict=True))
    if math.isnan(slope) or math.isnan(base_difference):
        return math.nan
    if slope <= 0:
        return math.inf  # the count never makes the play pay
    return -base_difference / slope


def index_of(count: float) -> int:
    """The floored true count from which a play whose break-even count is `count` pays: a
    floored count t stands for true counts from t to t + 1, on average t + 1/2.

    >>> index_of(-0.38), index_of(2.6), index_of(0.57)
    (0, 3, 1)
    """
    return math.ceil(count - 0.5)
