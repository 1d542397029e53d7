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


def cut_card(rules: Rules) -> int | None:
    """Where a shoe game's cut card lies: after this many cards of the shuffle, the burn card
    included (312 of 416 at 0.75); None when the table shuffles before every round."""
    if rules.penetration is None:
        return None
    return int(len(_shoe_cards(rules.decks, rules.removed_ranks)) * rules.penetration)


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

    A shoe game (rules with a `penetration`) deals many rounds from one shuffle: each round's
    shoe is the shuffle of `seed` opened at `first`, the cards dealt before it (the burn card
    and the earlier rounds, now in the tray). The cut card lies after `cut` cards; once it has
    come out (`cut_out`) the round is finished from the same shoe and the next round is dealt
    from a new shuffle (docs/decisions.md, "Shoe games").
    """

    __slots__ = ("_before", "_bits", "_cards", "_next", "_passed", "cut", "first", "seed")

    def __init__(
        self, cards: Iterable[Card], seed: int | None = None, shuffler: random.Random | None = None
    ) -> None:
        self._cards = list(cards)
        self._next = 0
        self._passed = 0  # cards dealt before the discards were shuffled back in (a deep cut)
        self._before: tuple[Card, ...] = ()  # the cards dealt from the shuffle before `first`
        self._bits = None if shuffler is None else shuffler.getrandbits
        self.seed = seed
        self.first = 0
        self.cut: int | None = None

    @classmethod
    def shuffled(cls, rules: Rules, seed: int | None = None, first: int = 0) -> Shoe:
        """A shuffled shoe. Without a seed one is drawn from `secrets` and kept in
        `shoe.seed`, so the round can be replayed (docs/rules.md, "The games": shuffled before every round).
        `first` opens the shuffle after that many cards: a shoe game's round begins where the
        last one stopped, and the same seed and `first` give the same cards."""
        if seed is None:
            seed = new_seed()
        shoe = cls(_shoe_cards(rules.decks, rules.removed_ranks), seed, random.Random(seed))
        shoe.cut = cut_card(rules)
        if not 0 <= first < len(shoe._cards):
            raise CardError(f"first card {first}: the shoe holds {len(shoe._cards)} cards")
        shoe._before = tuple(shoe.draw() for _ in range(first))
        shoe.first = first
        return shoe

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

    @classmethod
    def next_for(
        cls, rules: Rules, last: tuple[int, int] | None = None, seed: int | None = None
    ) -> Shoe:
        """The shoe the next round at a table is dealt from. `last` is the shoe the table's
        last round ended with, (seed, cards dealt): a shoe game goes on from it until its cut
        card has come out, then shuffles anew and burns a card. Without a `penetration`
        every round is a new shuffle, as the seven games are dealt. A new shuffle is of `seed`
        (a fresh one from `secrets` when None)."""
        cut = cut_card(rules)
        if cut is None:
            return cls.shuffled(rules, seed)
        if last is not None:
            going, dealt = last
            if dealt < cut:
                return cls.shuffled(rules, going, dealt)
        return cls.shuffled(rules, seed, BURN)

    def draw(self) -> Card:
        cards = self._cards
        dealt = self._next
        size = len(cards)
        if dealt >= size:
            self._shuffle_discards()
            return self.draw()
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

    def _shuffle_discards(self) -> None:
        """A shoe game's round that outlasts the shoe (one deck cut deep, five circles) goes
        on from its discards, shuffled by the same generator: the cards in the tray before
        this round began, as a dealer would (docs/decisions.md, "Shoe games")."""
        size = len(self._cards)
        if self.cut is None or self._passed or not self.first or self._bits is None:
            raise ShoeExhaustedError(f"the shoe ran out after {size} cards")
        # The dealt cards lie at the back, the first dealt last: the round's own cards are
        # the `size - first` in front of the discards.
        self._cards = self._cards[size - self.first :]
        self._passed, self._next = size, 0

    def open_next_round(self) -> None:
        """Turn this shoe into the next round's while the cut card is still in: the shuffle
        goes on where it stopped, its `first` card the next one, as `Shoe.shuffled(rules,
        seed, dealt)` would open it, without dealing the cards before it again. The
        simulation deals its rounds so (docs/decisions.md, "Counting in the simulation")."""
        if self.cut is None or self.cut_out or self._bits is None:
            raise CardError(
                "only a shoe game's shuffle goes on to another round, and only "
                "until its cut card is out"
            )
        size = len(self._cards)
        # The dealt cards lie at the back, the first dealt last.
        self._before = tuple(reversed(self._cards[size - self._next :]))
        self.first = self._next

    @property
    def seen_before(self) -> tuple[Card, ...]:
        """The cards of a shoe game's earlier rounds since the shuffle, in the order dealt:
        the tray a counter has watched. The burn card is not among them (it went to the tray
        face down), and once a deep round has shuffled the discards back in there are none."""
        if self.cut is None or self._passed:
            return ()
        return self._before[BURN:]

    @property
    def dealt(self) -> int:
        """Cards dealt from this shuffle so far, the burn card included."""
        return self._passed + self._next

    @property
    def remaining(self) -> int:
        """Cards left to deal before the shoe is empty."""
        return len(self._cards) - self._next

    @property
    def cut_out(self) -> bool:
        """A shoe game's cut card has come out: the next round is dealt from a new shuffle."""
        return self.cut is not None and self.dealt >= self.cut

    @property
    def fresh(self) -> bool:
        """This round opened a new shuffle of a shoe game (its burn card just out)."""
        return self.cut is not None and self.first == BURN


# A shoe game burns one card after each shuffle (docs/decisions.md, "Shoe games").
BURN = 1


def _running_counts(cards: list[Card]) -> Iterable[tuple[Card, int]]:
    seen: Counter[Card] = Counter()
    for card in cards:
        seen[card] += 1
        yield card, seen[card]
