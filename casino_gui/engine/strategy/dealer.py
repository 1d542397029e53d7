"""The dealer's final hand: the chance of each outcome, exact for a finite shoe.

The dealer's play is fixed by the rules, so for a given set of visible dealer cards every
way his hand can end is a multiset of unseen cards he draws (the hole card first, where he has
one). `dealer_hands` lists those multisets once per rules and visible cards, each with the
number of orders in which the dealer can draw it without standing early; `dealer_odds` then
weighs them for any composition of unseen cards with falling factorials: drawing k cards of
value v among N unseen holds c_v (c_v - 1) ... / N (N - 1) .... Cards leave the shoe as the
dealer draws them, so this is exact for the composition given (the cards the player draws
meanwhile are not taken out: see the package's docstring).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from casino_gui.engine.rulebook import (
    DEALER_NATURAL,
    DealerResult,
    Facts,
    dealer_draws,
    dealer_result,
)
from casino_gui.engine.rules import Rules

NATURAL = DEALER_NATURAL


@dataclass(frozen=True, slots=True)
class DealerHand:
    """One way the dealer's hand can end: the unseen cards drawn, how many orders reach it."""

    drawn: tuple[tuple[int, int], ...]  # (value index 0-9, how many) for each value drawn
    cards: int  # unseen cards drawn in all
    outcome: DealerResult
    orders: int


@lru_cache(maxsize=512)
def dealer_hands(rules: Rules, visible: tuple[int, ...]) -> tuple[DealerHand, ...]:
    """Every final dealer hand from these visible card values (1-10), by drawn multiset; the
    rulebook says when he draws and how his hand ranks."""
    start_hard, start_ace, start_cards = sum(visible), 1 in visible, len(visible)
    hands: list[DealerHand] = []
    # Multisets of n drawn cards, each with the orders that reach it without the dealer
    # standing early, and its hard total and ace (kept to spare recounting).
    level: dict[tuple[int, ...], list[int]] = {(0,) * 10: [1, start_hard, start_ace]}
    cards = start_cards
    while level:
        following: dict[tuple[int, ...], list[int]] = {}
        for drawn, (orders, hard, ace) in level.items():
            if dealer_draws(rules, Facts(hard, bool(ace), cards)):
                for value in range(10):
                    grown = (*drawn[:value], drawn[value] + 1, *drawn[value + 1 :])
                    entry = following.get(grown)
                    if entry is None:
                        following[grown] = [orders, hard + value + 1, ace or value == 0]
                    else:
                        entry[0] += orders
            else:
                parts = tuple((value, k) for value, k in enumerate(drawn) if k)
                result = dealer_result(rules, Facts(hard, bool(ace), cards))
                hands.append(DealerHand(parts, cards - start_cards, result, orders))
        level = following
        cards += 1
    return tuple(hands)


def dealer_hand_chances(
    rules: Rules, visible: tuple[int, ...], unseen: tuple[int, ...]
) -> Iterator[tuple[DealerHand, float]]:
    """Each final dealer hand with its chance, drawing from `unseen` (by value)."""
    hands = dealer_hands(rules, visible)
    total = sum(unseen)
    deepest = max((hand.cards for hand in hands), default=0)
    # inverse[n] = 1 / (N (N-1) ... (N-n+1)); falling[v][k] = c_v (c_v-1) ... (c_v-k+1).
    inverse = [1.0] * (deepest + 1)
    for n in range(1, deepest + 1):
        left = total - n + 1
        inverse[n] = inverse[n - 1] / left if left > 0 else 0.0
    falling: list[list[float]] = []
    for count in unseen:
        row = [1.0] * (deepest + 1)
        for k in range(1, deepest + 1):
            row[k] = row[k - 1] * max(count - k + 1, 0)
        falling.append(row)
    for hand in hands:
        chance = hand.orders * inverse[hand.cards]
        for value, k in hand.drawn:
            chance *= falling[value][k]
        if chance:
            yield hand, chance


def dealer_odds(
    rules: Rules, visible: tuple[int, ...], unseen: tuple[int, ...]
) -> dict[DealerResult, float]:
    """The chance of each result of the dealer's hand, drawing from `unseen` (by value)."""
    odds: defaultdict[DealerResult, float] = defaultdict(float)
    for hand, chance in dealer_hand_chances(rules, visible, unseen):
        odds[hand.outcome] += chance
    return dict(odds)


def without_natural(odds: dict[DealerResult, float]) -> tuple[float, dict[DealerResult, float]]:
    """The chance of a dealer natural, and the odds once the dealer has shown he has none."""
    natural = odds.get(NATURAL, 0.0)
    if natural <= 0.0:
        return 0.0, odds
    if natural >= 1.0 - 1e-12:
        return 1.0, {}
    rest = 1.0 - natural
    return natural, {key: p / rest for key, p in odds.items() if key != NATURAL}
