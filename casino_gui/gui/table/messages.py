"""What the round flow says on the table and for how long (Qt-free): a message lasts as long as
what it is about, a decision, a hand, the round or the table (docs/decisions.md, "The table's
picture"). `picture.py` keeps the notes in force in the table's picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Severity(Enum):
    INFO = "info"
    ERROR = "error"


class Lifetime(Enum):
    """What a message is about: it is shown while that lasts and disappears when it ends."""

    DECISION = "decision"  # the decision waiting now (or the bets as they stand)
    HAND = "hand"  # the hand being played
    ROUND = "round"  # the round being played (or the bets of the next one)
    TABLE = "table"  # the table: its rules, until the player sits elsewhere


@dataclass(frozen=True, slots=True)
class Moment:
    """Where the table stands, at each lifetime's grain: a message records the moment it was
    said at and stays in force while the moment at its grain is the same."""

    table: str  # the rules' identity
    round: int | None  # the store's round id; None while bets are built for a new round
    hand: int | None  # the hand being played
    decision: tuple[object, ...]  # the answers given so far and what is asked next

    def at(self, lifetime: Lifetime) -> tuple[object, ...]:
        if lifetime is Lifetime.TABLE:
            return (self.table,)
        if lifetime is Lifetime.ROUND:
            return (self.table, self.round)
        if lifetime is Lifetime.HAND:
            return (self.table, self.round, self.hand)
        return (self.table, self.round, self.hand, self.decision)


Wordings = tuple[str, tuple[str, ...]]  # a message, and shorter wordings where it does not fit


@dataclass(frozen=True, slots=True)
class Note:
    """A message the round flow said (an error, a hint, a warning), tied to its moment."""

    text: str
    severity: Severity
    lifetime: Lifetime
    said_at: tuple[object, ...]
    shorter: tuple[str, ...] = ()  # said instead, the first that fits, where `text` does not

    @classmethod
    def at(
        cls,
        moment: Moment,
        text: str,
        severity: Severity,
        lifetime: Lifetime,
        shorter: tuple[str, ...] = (),
    ) -> Note:
        return cls(text, severity, lifetime, moment.at(lifetime), shorter)

    def message(self) -> Message:
        return Message(self.text, self.severity, self.lifetime, self.shorter)

    def in_force(self, moment: Moment) -> bool:
        return self.said_at == moment.at(self.lifetime)


@dataclass(frozen=True, slots=True)
class Message:
    text: str
    severity: Severity
    lifetime: Lifetime
    shorter: tuple[str, ...] = ()  # said instead, the first that fits, where `text` does not
