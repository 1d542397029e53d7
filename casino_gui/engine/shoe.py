"""The shoe: N decks shuffled from `secrets`, from a recorded seed, or stacked in a fixed order."""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterable

from casino_gui.engine.cards import Card, full_deck
from casino_gui.engine.errors import CardError, ShoeExhaustedError
from casino_gui.engine.rules import Rules


def shoe_cards(rules: Rules) -> list[Card]:
    """Every card of the game's shoe, in a fixed (unshuffled) order."""
    return full_deck(rules.removed_ranks) * rules.decks


def new_seed() -> int:
    """A fresh seed from the operating system's cryptographic source, recorded with the round."""
    return secrets.randbits(64)


class Shoe:
    """Cards in dealing order; `draw()` takes the next one."""

    __slots__ = ("_cards", "_next", "seed")

    def __init__(self, cards: Iterable[Card], seed: int | None = None) -> None:
        self._cards = list(cards)
        self._next = 0
        self.seed = seed

    @classmethod
    def shuffled(cls, rules: Rules, seed: int | None = None) -> Shoe:
        """A freshly shuffled shoe. Without a seed one is drawn from `secrets` and kept in
        `shoe.seed`, so the round can be replayed (RULES.md: shuffled before every round)."""
        if seed is None:
            seed = new_seed()
        cards = shoe_cards(rules)
        random.Random(seed).shuffle(cards)
        return cls(cards, seed)

    @classmethod
    def stacked(cls, rules: Rules, cards: str | Iterable[Card | str]) -> Shoe:
        """A fixed shoe for tests and replays ("9S 6H TH" or a list); refuses cards the
        game's shoe does not hold."""
        items = cards.split() if isinstance(cards, str) else cards
        parsed = [card if isinstance(card, Card) else Card.parse(card) for card in items]
        available = Counter(shoe_cards(rules))
        for index, (card, count) in enumerate(_running_counts(parsed), start=1):
            if available[card] == 0:
                raise CardError(
                    f"shoe card {index} '{card}': {rules.game} is dealt without "
                    f"{'tens' if card.rank == 'T' else 'that card'} in its decks"
                )
            if count > available[card]:
                decks = f"{rules.decks} deck{'s' if rules.decks > 1 else ''}"
                raise CardError(
                    f"shoe card {index} '{card}': {rules.game} is dealt from {decks}, "
                    f"which hold only {available[card]} of it"
                )
        return cls(parsed)

    def draw(self) -> Card:
        if self._next >= len(self._cards):
            raise ShoeExhaustedError(f"the shoe ran out after {len(self._cards)} cards")
        card = self._cards[self._next]
        self._next += 1
        return card

    @property
    def dealt(self) -> int:
        return self._next

    @property
    def remaining(self) -> int:
        return len(self._cards) - self._next


def _running_counts(cards: list[Card]) -> Iterable[tuple[Card, int]]:
    seen: Counter[Card] = Counter()
    for card in cards:
        seen[card] += 1
        yield card, seen[card]
