"""The cards the player has not seen, counted by rank, and the chances they give.

Values run 1 (ace) to 10 (ten-value); a composition keeps ranks apart as well because
Pontoon splits equal ranks only (K-K yes, K-Q no).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from casino_gui.engine.cards import RANKS, Card, rank_value
from casino_gui.engine.errors import CardError
from casino_gui.engine.rules import Rules

VALUES = range(1, 11)
TEN_RANKS = "TJQK"


@dataclass(frozen=True, slots=True)
class Composition:
    """How many cards of each rank (in `RANKS` order, A 2 ... 9 T J Q K) are unseen."""

    counts: tuple[int, ...]
    by_value: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """Counts by value: index 0 holds the aces, index 9 every ten-value card."""

    def __post_init__(self) -> None:
        values = [0] * 10
        for rank, count in zip(RANKS, self.counts, strict=True):
            values[rank_value(rank) - 1] += count
        object.__setattr__(self, "by_value", tuple(values))

    @classmethod
    def of_shoe(cls, rules: Rules) -> Composition:
        """The game's full shoe (Match Play 21 has no tens, `removed_ranks`)."""
        return cls(tuple(0 if r in rules.removed_ranks else 4 * rules.decks for r in RANKS))

    def without(self, cards: Iterable[Card | str]) -> Composition:
        """The composition once these cards (or ranks) are seen; refuses a card it lacks."""
        counts = list(self.counts)
        for card in cards:
            rank = card.rank if isinstance(card, Card) else card
            index = RANKS.index(rank)
            if counts[index] == 0:
                raise CardError(f"no {rank} is left unseen to remove")
            counts[index] -= 1
        return Composition(tuple(counts))

    def count(self, rank: str) -> int:
        return self.counts[RANKS.index(rank)]

    @property
    def total(self) -> int:
        return sum(self.counts)


def next_card_chances(
    values: tuple[int, ...], hidden: int, completing: int | None
) -> tuple[float, ...]:
    """The chance of each value (index 0 = ace) for the player's next card.

    `hidden` dealer cards lie face down among the unseen `values`. When the dealer has
    checked them for a natural and has none, they are less likely to be the cards that would
    have made one, and the player's next card a little more likely: `completing` names the
    value a single hole card cannot be (10 beside an ace, 1 beside a ten), or is 0 for two
    face-down cards that are not an ace and a ten-value card (Pontoon). None: no check.
    """
    total = sum(values)
    plain = tuple(count / total for count in values)
    if completing is None or hidden == 0 or total <= hidden:
        return plain
    if hidden == 1:
        rest = total - values[completing - 1]
        if rest <= 0:
            return plain
        face_down = [
            0.0 if v == completing else c / rest for v, c in zip(VALUES, values, strict=True)
        ]
    else:
        natural = 2 * values[0] * values[9] / (total * (total - 1))
        if natural >= 1.0:
            return plain
        face_down = [hidden * c / total for c in values]
        face_down[0] -= natural  # a natural holds one ace and one ten-value card
        face_down[9] -= natural
        face_down = [f / (1.0 - natural) for f in face_down]
    left = total - hidden
    return tuple((c - f) / left for c, f in zip(values, face_down, strict=True))
