"""Where winnings are set down beside the bet they pay: clear of its chips and its plate, on the
side the felt has room (a hand's on its right, insurance's on its left, Buster's above)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsItem


class Side(Enum):
    """Where winnings are set down beside the bet they pay."""

    RIGHT = "right"  # a hand's: its cards stand above it, the side bets on its left
    LEFT = "left"  # insurance's: the circle stands on its right
    ABOVE = "above"  # Buster's: "BUSTER" is printed on its left, the circle on its right


PAID_GAP = 4.0  # scene units between a bet's outline and its winnings'


def set_down(
    bet: QRectF, base: QPointF, paid: QGraphicsItem, side: Side, others: Sequence[QRectF] = ()
) -> QPointF:
    """Where the `paid` stack stands (its `pos`) beside a bet whose chips and plate cover
    `bet` and whose chips stand at `base`: their outlines never touch. On the right, where
    that would touch `others` (the next split hand's bet), it is set down in front and to the
    right instead: straight in front stands the Buster circle's result."""
    own = paid.mapRectToScene(paid.boundingRect()).translated(-paid.pos())  # about its pos
    if side is Side.RIGHT:
        point = QPointF(bet.right() + PAID_GAP - own.left(), base.y() - 8)
        if not any(own.translated(point).intersects(other) for other in others):
            return point
        return QPointF(base.x() + own.width() + PAID_GAP, bet.bottom() + PAID_GAP - own.top())
    if side is Side.LEFT:
        return QPointF(bet.left() - PAID_GAP - own.right(), base.y() - 8)
    return QPointF(base.x() - own.width() / 2, bet.top() - PAID_GAP - own.bottom())
