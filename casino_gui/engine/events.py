"""What happened: the small frozen records each action returns, for the GUI to animate.

Hands are named by `hand_id`, stable for the round (split hands get new ids).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from casino_gui.engine.cards import Card
from casino_gui.engine.frozen import quick_init
from casino_gui.engine.hand import Outcome


@quick_init
@dataclass(frozen=True, slots=True)
class CardDealt:
    """A card from the shoe to a player hand (`hand_id`) or to the dealer (`hand_id` None)."""

    hand_id: int | None
    card: Card
    face_up: bool


@quick_init
@dataclass(frozen=True, slots=True)
class DealerRevealed:
    """The dealer turns his face-down cards; `cards` is his whole hand."""

    cards: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class DealerPeeked:
    natural: bool


@quick_init
@dataclass(frozen=True, slots=True)
class InsuranceOffered:
    spot: int
    cost: int


@quick_init
@dataclass(frozen=True, slots=True)
class InsuranceTaken:
    spot: int
    amount: int


@quick_init
@dataclass(frozen=True, slots=True)
class InsuranceDeclined:
    spot: int


@quick_init
@dataclass(frozen=True, slots=True)
class TurnStarted:
    hand_id: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandDoubled:
    hand_id: int
    amount: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandSplit:
    hand_id: int
    new_hand_id: int
    amount: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandStood:
    hand_id: int
    total: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandBusted:
    hand_id: int
    total: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandSurrendered:
    hand_id: int
    refund: int


@quick_init
@dataclass(frozen=True, slots=True)
class DealerStood:
    total: int


@quick_init
@dataclass(frozen=True, slots=True)
class DealerBusted:
    total: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandSettled:
    hand_id: int
    outcome: Outcome
    kind: str
    payout: int


class SideBet(StrEnum):
    """The side bets a spot may hold (a `str`: the felt's names for its side circles)."""

    INSURANCE = "insurance"
    BUSTER = "buster"


@quick_init
@dataclass(frozen=True, slots=True)
class SideBetSettled:
    """Insurance or the Buster bet of a spot."""

    spot: int
    bet: SideBet
    stake: int
    payout: int


@quick_init
@dataclass(frozen=True, slots=True)
class RoundSettled:
    bankroll: int


Event = (
    CardDealt
    | DealerRevealed
    | DealerPeeked
    | InsuranceOffered
    | InsuranceTaken
    | InsuranceDeclined
    | TurnStarted
    | HandDoubled
    | HandSplit
    | HandStood
    | HandBusted
    | HandSurrendered
    | DealerStood
    | DealerBusted
    | HandSettled
    | SideBetSettled
    | RoundSettled
)
