"""The dealer's final hand: the chance of each outcome, exact for a finite shoe.

The dealer's play is fixed by the rules, so for a given set of visible dealer cards every
way his hand can end is a multiset of unseen cards he draws (the hole card first, where he has
one). `dealer_hands` lists those multisets once per rules and visible cards, each with the
number of orders in which the dealer can draw it without standing early; `dealer_odds` then
weighs them for any composition of unseen cards with falling factorials: drawing k cards of
value v among N unseen holds c_v (c_v - 1) ... / N (N - 1) .... Cards leave the shoe as the
dealer draws them, so this is exact for the composition given; the advisor asks it again for
every composition the player's own draws leave (situation.py), so `dealer_odds` walks the
multisets as a prefix tree (`DealerTree`), sharing the products of common prefixes and
skipping every hand a missing card rules out, and keeps its answers by composition.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from operator import mul

import numpy as np
import numpy.typing as npt

from casino_gui.engine.rulebook import (
    DEALER_NATURAL,
    DealerResult,
    Facts,
    dealer_draws,
    dealer_result,
)
from casino_gui.engine.rules import Rules

NATURAL = DEALER_NATURAL
Ints = npt.NDArray[np.int64]


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


@dataclass(frozen=True, slots=True, eq=False)
class DealerTree:
    """The final dealer hands of `dealer_hands` as a prefix tree over their drawn values in
    ascending order, flattened in preorder; node i (from 1: 0 is the root) adds one card to
    its parent. `levels` holds the nodes by depth, as numpy arrays: the nodes, their parents
    and the place of their factor, value * `deepest` + how many of that value the parent
    holds. The nodes that are final hands are `ends` (in preorder), with their `orders` and
    their `slots`, outcome index * `deepest` + cards drawn."""

    levels: tuple[tuple[Ints, Ints, Ints], ...]
    nodes: int
    ends: Ints
    orders: Ints
    slots: Ints
    outcomes: tuple[DealerResult, ...]
    deepest: int
    standing: DealerHand | None  # the dealer's visible cards are already final


@lru_cache(maxsize=512)
def dealer_tree(rules: Rules, visible: tuple[int, ...]) -> DealerTree:
    hands = dealer_hands(rules, visible)
    outcomes = tuple(dict.fromkeys(hand.outcome for hand in hands))
    deepest = max((hand.cards for hand in hands), default=0) + 1
    final: dict[tuple[int, ...], DealerHand] = {}
    prefixes: set[tuple[int, ...]] = set()
    for hand in hands:
        sequence = tuple(value for value, k in hand.drawn for _ in range(k))
        final[sequence] = hand
        prefixes.update(sequence[:n] for n in range(1, len(sequence) + 1))
    order = sorted(prefixes)  # lexicographic: preorder
    index = {prefix: i + 1 for i, prefix in enumerate(order)}
    levels = []
    for depth in range(1, deepest):
        at = [p for p in order if len(p) == depth]
        if at:
            levels.append(
                (
                    np.array([index[p] for p in at]),
                    np.array([index.get(p[:-1], 0) for p in at]),
                    np.array([p[-1] * deepest + p[:-1].count(p[-1]) for p in at]),
                )
            )
    ends = [(index[p], hand) for p, hand in final.items() if p]
    ends.sort(key=lambda end: end[0])  # preorder: each outcome's sum adds in a fixed order
    return DealerTree(
        levels=tuple(levels),
        nodes=len(order),
        ends=np.array([node for node, _ in ends], dtype=np.int64),
        orders=np.array([hand.orders for _, hand in ends], dtype=np.int64),
        slots=np.array(
            [outcomes.index(hand.outcome) * deepest + hand.cards for _, hand in ends],
            dtype=np.int64,
        ),
        outcomes=outcomes,
        deepest=deepest,
        standing=final.get(()),
    )


@lru_cache(maxsize=8192)
def dealer_odds(
    rules: Rules, visible: tuple[int, ...], unseen: tuple[int, ...]
) -> dict[DealerResult, float]:
    """The chance of each result of the dealer's hand, drawing from `unseen` (by value).

    Kept by composition: the hint, the drills' grading and the statistics' judging of one
    decision, and every composition a player's draws leave, are worked out once. The dict
    returned is shared: read it, never change it.
    """
    tree = dealer_tree(rules, visible)
    if tree.standing is not None:
        return {tree.standing.outcome: 1.0}
    deepest = tree.deepest
    # left[v * deepest + j]: the cards of value v left once j of them are drawn (none below
    # 0: a hand that needs a card the shoe lacks gets a product of 0, and all below it).
    left = np.maximum(np.array(unseen, dtype=np.float64)[:, None] - np.arange(deepest), 0.0)
    left = left.ravel()
    products = np.empty(tree.nodes + 1)
    products[0] = 1.0
    for nodes, parents, factors in tree.levels:  # depth by depth, a level a numpy step
        products[nodes] = products[parents] * left[factors]
    weights = products[tree.ends] * tree.orders
    found = np.bincount(tree.slots, weights, minlength=len(tree.outcomes) * deepest)
    sums: list[float] = found.tolist()
    # inverse[n] = 1 / (N (N-1) ... (N-n+1)) for a hand of n unseen cards drawn.
    total = sum(unseen)
    inverse = [1.0] * deepest
    for n in range(1, deepest):
        inverse[n] = inverse[n - 1] / (total - n + 1) if total - n + 1 > 0 else 0.0
    odds: dict[DealerResult, float] = {}
    for k, outcome in enumerate(tree.outcomes):
        chance = sum(map(mul, sums[k * deepest : (k + 1) * deepest], inverse))
        if chance:
            odds[outcome] = chance
    return odds


def without_natural(odds: dict[DealerResult, float]) -> tuple[float, dict[DealerResult, float]]:
    """The chance of a dealer natural, and the odds once the dealer has shown he has none."""
    natural = odds.get(NATURAL, 0.0)
    if natural <= 0.0:
        return 0.0, odds
    if natural >= 1.0 - 1e-12:
        return 1.0, {}
    rest = 1.0 - natural
    return natural, {key: p / rest for key, p in odds.items() if key != NATURAL}
