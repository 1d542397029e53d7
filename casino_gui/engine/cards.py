"""Cards: ranks, suits and their values, written `AS`, `TD`, `7H`, `QC` (`10` for `T`)."""

from __future__ import annotations

from dataclasses import dataclass

from casino_gui.engine.errors import CardError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
TEN_VALUE_RANKS = frozenset("TJQK")


RANK_VALUES = {
    rank: 1 if rank == "A" else 10 if rank in TEN_VALUE_RANKS else int(rank) for rank in RANKS
}


def rank_value(rank: str) -> int:
    """1 for an ace, 10 for T J Q K, the pip otherwise."""
    return RANK_VALUES[rank]


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. `value` counts an ace as 1; the hand decides whether it may count 11."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS or len(self.rank) != 1:
            raise CardError(f"unknown rank {self.rank!r} (ranks are {' '.join(RANKS)})")
        if self.suit not in SUITS or len(self.suit) != 1:
            raise CardError(f"unknown suit {self.suit!r} (suits are {' '.join(SUITS)})")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `AS`, `td`, `10H`; raise `CardError` naming the text otherwise."""
        if not isinstance(text, str):
            raise CardError(f"unknown card {text!r}: a card is written like 'AS', 'TD', '7H'")
        upper = text.strip().upper()
        if upper.startswith("10"):
            upper = "T" + upper[2:]
        if len(upper) != 2 or upper[0] not in RANKS or upper[1] not in SUITS:
            raise CardError(f"unknown card {text!r}: a card is written like 'AS', 'TD', '7H'")
        return cls(upper[0], upper[1])

    @property
    def value(self) -> int:
        return rank_value(self.rank)

    @property
    def is_ace(self) -> bool:
        return self.rank == "A"

    @property
    def is_ten_value(self) -> bool:
        return self.rank in TEN_VALUE_RANKS

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def parse_cards(texts: str | list[str]) -> list[Card]:
    """`parse_cards("AS TD")` or `parse_cards(["AS", "TD"])`."""
    items = texts.split() if isinstance(texts, str) else texts
    return [Card.parse(item) for item in items]


def full_deck(removed_ranks: frozenset[str] = frozenset()) -> list[Card]:
    """One deck in a fixed order, without the removed ranks (Match Play 21 removes `T`)."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS if rank not in removed_ranks]
