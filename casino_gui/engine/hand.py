"""Hands: their totals (hard and soft), their rank against the dealer, and their money."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from casino_gui.engine.cards import Card
from casino_gui.engine.rulebook.facts import (
    Facts,
    Look,
    Outcome,
    Rank,
    best_total,
    facts_of,
    look_of,
)


@dataclass(frozen=True, slots=True)
class HandValue:
    """The best total (an ace counts 11 when that does not bust) and whether it is soft."""

    total: int
    soft: bool

    def __str__(self) -> str:
        return f"{self.total - 10} / {self.total}" if self.soft else str(self.total)


def hand_value(cards: list[Card], aces_eleven: bool = True) -> HandValue:
    """
    >>> from casino_gui.engine.cards import parse_cards
    >>> hand_value(parse_cards("AS 6H")), hand_value(parse_cards("AS 6H TC"))
    (HandValue(total=17, soft=True), HandValue(total=17, soft=False))
    >>> hand_value(parse_cards("AS 6H"), aces_eleven=False)
    HandValue(total=7, soft=False)
    """
    return HandValue(*best_total(_Aces(aces_eleven), facts_of(cards)))


class _Aces(NamedTuple):
    """The one rule a total asks (`rulebook.facts.AceCount`)."""

    aces_eleven: bool


class HandStatus(Enum):
    PLAYING = "playing"  # waiting for its turn, or the active hand
    STOOD = "stood"
    BUSTED = "busted"
    SURRENDERED = "surrendered"


@dataclass(slots=True)
class Hand:
    """One player hand: a spot's original hand or one made by a split."""

    id: int  # stable within the round; numbers in messages are play-order positions
    spot: int
    bet: int  # the base stake: the original bet, or the bet of a split hand
    cards: list[Card] = field(default_factory=list)
    extra: int = 0  # what doubling added
    doubles: int = 0
    from_split: bool = False
    split_aces: bool = False
    status: HandStatus = HandStatus.PLAYING
    outcome: Outcome | None = None
    kind: str = ""  # how it won or lost: "blackjack", "five-card trick", "bust", ...
    payout: int = 0
    # The rulebook's view of the hand, kept until the hand changes (`changed()`): the round
    # asks it at every check, so it is read off the cards once per card, not per question.
    _facts: Facts | None = field(default=None, init=False, repr=False, compare=False)
    _look: Look | None = field(default=None, init=False, repr=False, compare=False)

    def take(self, card: Card) -> None:
        """One more card."""
        self.cards.append(card)
        self._facts = self._look = None

    def changed(self) -> None:
        """Say the cards, doubles or split marks changed other than by `take`."""
        self._facts = self._look = None

    @property
    def stake(self) -> int:
        return self.bet + self.extra

    @property
    def settled(self) -> bool:
        return self.outcome is not None

    @property
    def finished(self) -> bool:
        return self.status is not HandStatus.PLAYING

    @property
    def facts(self) -> Facts:
        """The hand as the rulebook reads it."""
        facts = self._facts
        if facts is None:
            facts = facts_of(self.cards, self.doubles, self.from_split, self.split_aces)
            self._facts = facts
        return facts

    @property
    def look(self) -> Look:
        """Its suits and special three-card hand, for the pay tables that name them."""
        look = self._look
        if look is None:
            look = self._look = look_of(self.cards)
        return look


__all__ = [
    "Hand",
    "HandStatus",
    "HandValue",
    "Outcome",
    "Rank",
    "hand_value",
]
