"""Which thing of the felt: the dealer, the discard tray, a circle or a hand, as a typed key.

The arrows' focus (`felt_focus`), the ring drawn around it, the felt in words (`spoken`) and the
accessible object a screen reader holds for each thing (`accessible_felt`) all name a thing by
its `FeltKey`; it stays the same while the thing is on the felt (circle 2 is `circle(2)` all
session). This module never imports Qt (docs/architecture.md, "The window").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto


class FeltThing(Enum):
    """The kinds of things on the felt, in the table's order (never text: no file keeps them)."""

    DEALER = auto()
    TRAY = auto()
    CIRCLE = auto()
    HAND = auto()


@dataclass(frozen=True, slots=True)
class FeltKey:
    """One thing of the felt: its kind, and for a circle its spot, for a hand its id (0 for
    the dealer and the tray, of which there is one).

    >>> circle(2), hand(7) == FeltKey(FeltThing.HAND, 7), DEALER.number
    (FeltKey(thing=<FeltThing.CIRCLE: 3>, number=2), True, 0)
    """

    thing: FeltThing
    number: int = 0


DEALER = FeltKey(FeltThing.DEALER)
TRAY = FeltKey(FeltThing.TRAY)


def circle(spot: int) -> FeltKey:
    return FeltKey(FeltThing.CIRCLE, spot)


def hand(hand_id: int) -> FeltKey:
    return FeltKey(FeltThing.HAND, hand_id)
