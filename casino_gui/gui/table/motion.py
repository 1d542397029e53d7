"""How items glide across the table: one position animation shared by cards and chips."""

from PySide6.QtCore import QEasingCurve, QPointF, QPropertyAnimation
from PySide6.QtWidgets import QGraphicsObject


def slide_animation(item: QGraphicsObject, target: QPointF, duration_ms: int) -> QPropertyAnimation:
    """Move `item` to `target` (its `pos`), decelerating like a card slid across felt.

    The start value is left unset, so the slide begins wherever the item is when the animation
    starts (it can wait in a sequential group). A duration of 0 lands the item at once on start.
    The animation is a child of the item: it lives while the item does, even if the caller keeps
    no reference to it.
    """
    animation = QPropertyAnimation(item, b"pos", item)
    animation.setEndValue(QPointF(target))
    animation.setDuration(max(0, duration_ms))
    animation.setEasingCurve(QEasingCurve.Type.OutCubic)
    return animation
