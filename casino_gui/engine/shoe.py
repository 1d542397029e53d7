"""The shoe: N decks shuffled from `secrets`, from a recorded seed, or stacked in a fixed order."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable

from casino_gui.engine.cards import Card, full_deck
from casino_gui.engine.errors import CardError, ShoeExhaustedError
from casino_gui.engine.rules import Rules


def shoe_cards(rules: Rules) -> list[Card]:
    """Every card of the game's shoe, in a fixed (unshuffled) order."""
    return list(_shoe_cards(rules.decks, rules.removed_ranks))


@functools.cache
def _shoe_cards(decks: int, removed_ranks: frozenset[str]) -> tuple[Card, ...]:
    return tuple(full_deck(removed_ranks) * decks)


def new_seed() -> int:
    """A fresh seed from the operating system's cryptographic source, recorded with the round."""
    # Imported at the first deal, not at startup: `secrets` pulls in hashlib and hmac, which the
    # first paint does not need (docs/decisions.md, "Startup and memory").
    import secrets

    return secrets.randbits(64)


class Shoe:
    """Cards in dealing order; `draw()` takes the next one.

    A shuffled shoe is shuffled as it is dealt: each draw is one step of a Fisher-Yates
    shuffle from the back of the shoe, so a round pays for the dozen cards it uses, not for
    all 416, and the cards are exactly those a full `random.shuffle` with the same seed would
    leave at the back of the shoe, read from the back.
    """

    __slots__ = ("_bits", "_cards", "_next", "_random", "seed")

    def __init__(
        self, cards: Iterable[Card], seed: int | None = None, shuffler: random.Random | None = None
    ) -> None:
        self._cards = list(cards)
        self._next = 0
        self._bits = None if shuffler is None else shuffler.getrandbits
        self.seed = seed

    @classmethod
    def shuffled(cls, rules: Rules, seed: int | None = None) -> Shoe:
        """A freshly shuffled shoe. Without a seed one is drawn from `secrets` and kept in
        `shoe.seed`, so the round can be replayed (RULES.md: shuffled before every round)."""
        if seed is None:
            seed = new_seed()
        return cls(_shoe_cards(rules.decks, rules.removed_ranks), seed, random.Random(seed))

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
        cards = self._cards
        dealt = self._next
        size = len(cards)
        if dealt >= size:
            raise ShoeExhaustedError(f"the shoe ran out after {size} cards")
        self._next = dealt + 1
        bits = self._bits
        if bits is None:
            return cards[dealt]
        # One Fisher-Yates step from the back: `randrange(bound)` written out as Python's
        # `random` computes it (getrandbits of the bound's bit length until one is below
        # it), so a recorded seed deals the very cards it always dealt, a little faster.
        bound = size - dealt
        width = bound.bit_length()
        other = bits(width)
        while other >= bound:
            other = bits(width)
        last = bound - 1
        card = cards[other]
        cards[other] = cards[last]
        cards[last] = card
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
