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


@dataclass(frozen=True, slots=True)
class DealerTree:
    """The final dealer hands of `dealer_hands` as a prefix tree over their drawn values in
    ascending order, flattened in preorder. Node i adds one card to node `parent[i]` (0: the
    root; nodes count from 1 in the products); `factor[i]` = value * `deepest` + how many of
    that value its parent holds, the place of its factor; `skip[i]` is the first node after
    its subtree. A node that is a final hand has its `orders` (else 0) and its `slot`,
    outcome index * `deepest` + cards drawn."""

    factor: tuple[int, ...]
    parent: tuple[int, ...]
    skip: tuple[int, ...]
    orders: tuple[int, ...]
    slot: tuple[int, ...]
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
    order = sorted(prefixes)  # lexicographic: preorder, each subtree contiguous
    index = {prefix: i + 1 for i, prefix in enumerate(order)}
    skip = [len(order)] * len(order)
    open_: list[int] = []  # the nodes whose subtree is not closed yet, deepest last
    for i, prefix in enumerate(order):
        while open_ and len(order[open_[-1]]) >= len(prefix):
            skip[open_.pop()] = i
        open_.append(i)
    ends = [final.get(prefix) for prefix in order]
    return DealerTree(
        factor=tuple(p[-1] * deepest + p[:-1].count(p[-1]) for p in order),
        parent=tuple(index.get(prefix[:-1], 0) for prefix in order),
        skip=tuple(skip),
        orders=tuple(hand.orders if hand else 0 for hand in ends),
        slot=tuple(
            outcomes.index(hand.outcome) * deepest + hand.cards if hand else 0 for hand in ends
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
    # left[v * deepest + j]: the cards of value v left once j of them are drawn.
    left = [count - j for count in unseen for j in range(deepest)]
    factor, parent, skip, orders, slot = tree.factor, tree.parent, tree.skip, tree.orders, tree.slot
    nodes = len(factor)
    products = [1.0] * (nodes + 1)
    sums = [0.0] * (len(tree.outcomes) * deepest)
    i = 0
    while i < nodes:
        cards = left[factor[i]]
        if cards <= 0:  # no card of this value left for it: no hand below it is possible
            i = skip[i]
            continue
        product = products[parent[i]] * cards
        i += 1
        products[i] = product
        if orders[i - 1]:
            sums[slot[i - 1]] += product * orders[i - 1]
    # inverse[n] = 1 / (N (N-1) ... (N-n+1)) for a hand of n unseen cards drawn.
    total = sum(unseen)
    inverse = [1.0] * deepest
    for n in range(1, deepest):
        inverse[n] = inverse[n - 1] / (total - n + 1) if total - n + 1 > 0 else 0.0
    odds: dict[DealerResult, float] = {}
    for k, outcome in enumerate(tree.outcomes):
        chance = sum(sums[k * deepest + n] * inverse[n] for n in range(deepest))
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
