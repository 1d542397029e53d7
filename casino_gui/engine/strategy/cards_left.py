"""Values for the cards left: every card the player draws leaves the shoe (docs/counting.md,
"What the hint's values take into account").

`CardsLeft` is a `Situation` whose hands draw without replacement: once the player draws a
card, the hand plays on in the situation of the composition without it, whose dealer odds
(dealer.py, kept by composition) and next-card chances are that composition's own. Where the
dealer has checked his cards for a natural, each situation's chances are conditioned on his
having none (`next_card_chances`), so the chain of them is the exact chance of the player's
cards given no natural. The situations of one decision form a family keyed by composition:
two orders of the same cards lead to the same one.

Splits are valued by the spot's recursion (situation.py) for the post-split strategy of
composition-dependent calculators: each split hand plays best for the cards left less the
split cards, its own second card and its own draws. Valuing each hand on its own cards alone
is then exact for the split as a whole, both hands' draws leaving the shoe (docs/counting.md,
"What the hint's values take into account", says why; tests/strategy/test_exact.py checks it
against an enumeration of both hands, and measures what the best joint play would add).

Hands far from the decision in a big shoe: `exact_depth` bounds how many drawn cards are
taken out (None: all of them); the advisor takes them all out while the cards left are few,
and the first few otherwise (`exact_depth_for`), the cost of a value growing with
the compositions reached and the effect of one card falling with the cards left.
"""

from __future__ import annotations

from collections.abc import Sequence

from casino_gui.engine.cards import RANKS, rank_value
from casino_gui.engine.rules import Rules, SplitMatch
from casino_gui.engine.strategy.composition import TEN_RANKS, Composition
from casino_gui.engine.strategy.payoff import UNKNOWN_DIAMONDS
from casino_gui.engine.strategy.situation import VALUE_RANKS, Known, Situation

EXACT_BELOW = 60
"""Cards left under which every drawn card is taken out, however deep the hand goes."""

DEPTHS = ((120, 4), (250, 3))
"""Above `EXACT_BELOW` cards left: fewer than 120 left, four drawn cards are taken out;
fewer than 250, three; else two (tests/strategy/test_exact.py and docs/counting.md measure
what the bound costs; docs/performance.md what it saves)."""


def exact_depth_for(unseen: Composition) -> int | None:
    """How many of the player's drawn cards the values take out (None: every one)."""
    left = unseen.total
    if left < EXACT_BELOW:
        return None
    return next((depth for below, depth in DEPTHS if left < below), 2)


class CardsLeft(Situation):
    """A situation in which the player's own draws leave the shoe (see the module's text)."""

    def __init__(
        self,
        rules: Rules,
        unseen: Composition,
        dealer: Sequence[str],
        checked: bool | None = None,
        diamonds: float = UNKNOWN_DIAMONDS,
        exact_depth: int | None = None,
        family: dict[tuple[int, ...], CardsLeft] | None = None,
        depth: int = 0,
        known: Known | None = None,
    ) -> None:
        super().__init__(rules, unseen, dealer, checked, diamonds, known)
        self.exact_depth = exact_depth
        self.depth = depth
        self._family: dict[tuple[int, ...], CardsLeft] = {} if family is None else family
        self._by_rank = rules.split_match is SplitMatch.RANK
        self._next: list[Situation | None] = [None] * 10
        self._left = unseen.total

    def drawn(self, value: int) -> Situation:
        known = self._next[value]
        if known is None:
            known = self._next[value] = self._after(self._rank_of(value))
        return known

    def drawn_rank(self, rank: str) -> Situation:
        if not self._by_rank:
            return self.drawn(rank_value(rank) - 1)
        return self._after(rank)

    def _rank_of(self, value: int) -> str:
        """The rank a drawn card of this value is taken out as: a ten-value card as the ten
        rank most left (ranks matter only to Pontoon's splits, which come before any draw)."""
        if value < 9:
            return VALUE_RANKS[value]
        return max(TEN_RANKS, key=self.unseen.count)

    def _after(self, rank: str) -> Situation:
        """The situation once a card of this rank is drawn (the family's, if it has one)."""
        if self.exact_depth is not None and self.depth >= self.exact_depth:
            return self  # deep enough: the cards left stay these from here
        if self._left < 3:
            # The shoe would run out for the dealer: the discards would be shuffled in (the
            # round goes on from a new shoe), the last cards left stand for it.
            return self
        # The family's key, worked out before the composition (most draws find it made).
        if self._by_rank:
            key = _less(self.unseen.counts, RANKS.index(rank))
        else:
            key = _less(self.unseen.by_value, rank_value(rank) - 1)
        known = self._family.get(key)
        if known is None:
            unseen = self.unseen.without((rank,))
            known = CardsLeft(
                self.rules,
                unseen,
                self.dealer,
                self.checked,
                self.diamonds,
                self.exact_depth,
                self._family,
                self.depth + 1,
                self.known,
            )
            self._family[key] = known
        return known


def _less(counts: tuple[int, ...], index: int) -> tuple[int, ...]:
    return (*counts[:index], counts[index] - 1, *counts[index + 1 :])
