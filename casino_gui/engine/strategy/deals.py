"""Every first deal of a round, as the basic strategy tells them apart, with its chance.

A deal is the spot's first two cards and the dealer's visible cards (none in Pontoon, two in
Face Up 21). Ranks of one value are merged (a K is a T) unless the game splits by rank, and
Match Play 21's pairs that may become 7-7-7 or 6-7-8 are told apart by their suits. Chances
are exact for the game's shoe (dealt without replacement); suits are counted as if the
shoe's suits were even among the cards of each rank left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

from casino_gui.engine.cards import Card, rank_value
from casino_gui.engine.rules import DealerCards, Rules, SplitMatch
from casino_gui.engine.strategy.composition import TEN_RANKS, Composition
from casino_gui.engine.strategy.hand_state import (
    HandState,
    Suits,
    pair_suits,
    special_of,
    unknown_pair_suits,
)
from casino_gui.engine.strategy.situation import VALUE_RANKS

SUIT_CLASSES = (Suits(1.0, 0.0), Suits(0.0, 1.0), Suits(0.0, 0.0))  # spades, other, mixed


@dataclass(frozen=True, slots=True)
class Deal:
    """A spot's first two cards and the dealer's visible cards, by (merged) rank."""

    hand: tuple[str, str]
    dealer: tuple[str, ...]
    suits: Suits | None = None  # Match Play 21's special pairs: which suits they hold

    def state(self, rules: Rules) -> HandState:
        """The hand's state before its first move."""
        ranks = self.hand
        return HandState(
            sum(rank_value(r) for r in ranks),
            "A" in ranks,
            2,
            special=special_of(rules, ranks, self.suits),
        )


def dealer_visible_cards(rules: Rules) -> int:
    """How many of the dealer's cards the players see while they play."""
    return {
        DealerCards.UP_AND_HOLE: 1,
        DealerCards.UP_ONLY: 1,
        DealerCards.BOTH_UP: 2,
        DealerCards.BOTH_DOWN: 0,
    }[rules.dealer_cards]


def kind_of(rules: Rules, rank: str) -> str:
    """The rank a card is counted as: ten-value cards merge unless the game splits by rank."""
    if rules.split_match is SplitMatch.RANK:
        return rank
    return VALUE_RANKS[rank_value(rank) - 1]


def deal_of(rules: Rules, hand: Sequence[Card], dealer: Sequence[Card]) -> Deal:
    """The deal of known cards, as `deals` lists it."""
    ranks = sorted((kind_of(rules, c.rank) for c in hand), key=_order)
    first, second = ranks
    suits = None
    if special_of(rules, ranks, None) is not None:
        suits = pair_suits(hand)
    dealer_kinds = tuple(sorted((kind_of(rules, c.rank) for c in dealer), key=_order))
    return Deal((first, second), dealer_kinds, suits)


def _order(rank: str) -> int:
    return "A23456789TJQK".index(rank)


def unseen_after(rules: Rules, deal: Deal) -> Composition:
    """The shoe less the deal's cards (a merged ten is taken from the ten rank with most)."""
    counts = dict(zip("A23456789TJQK", Composition.of_shoe(rules).counts, strict=True))
    for kind in (*deal.hand, *deal.dealer):
        rank = kind
        if kind == "T" and rules.split_match is not SplitMatch.RANK:
            rank = max(TEN_RANKS, key=lambda r: counts[r])
        counts[rank] -= 1
    return Composition(tuple(counts[r] for r in "A23456789TJQK"))


def kinds(rules: Rules) -> dict[str, int]:
    """Each rank as deals count it, with the number of its cards in the shoe."""
    counts: Counter[str] = Counter()
    for rank, count in zip("A23456789TJQK", Composition.of_shoe(rules).counts, strict=True):
        if count:
            counts[kind_of(rules, rank)] += count
    return dict(counts)


def deals(rules: Rules) -> Iterator[tuple[Deal, float]]:
    """Every first deal with its chance; the chances add up to 1."""
    shoe = kinds(rules)
    total = sum(shoe.values())
    names = sorted(shoe, key=_order)
    for dealer in combinations_with_replacement(names, dealer_visible_cards(rules)):
        for hand in combinations_with_replacement(names, 2):
            chance = _chance(shoe, total, hand, dealer)
            if chance <= 0.0:
                continue
            if special_of(rules, hand, None) is None:
                yield Deal(hand, dealer), chance
                continue
            same = unknown_pair_suits(hand, rules.decks)
            for suits, share in zip(
                SUIT_CLASSES,
                (same.spades, same.other_suit, 1 - same.spades - same.other_suit),
                strict=True,
            ):
                yield Deal(hand, dealer, suits), chance * share


def _chance(
    shoe: dict[str, int], total: int, hand: tuple[str, ...], dealer: tuple[str, ...]
) -> float:
    """The chance of dealing this unordered hand and unordered dealer cards."""
    taken = Counter(hand) + Counter(dealer)
    chance = 1.0
    drawn = 0
    for kind, k in taken.items():
        for i in range(k):
            chance *= (shoe[kind] - i) / (total - drawn)
            drawn += 1
    orders = (2 if hand[0] != hand[1] else 1) * (2 if len(set(dealer)) == 2 else 1)
    return chance * orders
