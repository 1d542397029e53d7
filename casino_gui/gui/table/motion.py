"""How items glide across the table: one position animation shared by cards and chips."""

from typing import Any

from PySide6.QtCore import QEasingCurve, QPointF, QPropertyAnimation
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject


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


class CachedOnTheFelt(QGraphicsObject):
    """An item drawn from a picture of itself while it is on a scene (docs/decisions.md, "The
    pace of the table"): a frame of the deal then moves pixmaps instead of redrawing vectors.
    Off a scene (made, or taken off the felt) it keeps no cache: an item cached with no scene
    crashed Qt when it was animated there."""

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        if change is QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged:
            cached = value is not None
            self.setCacheMode(
                QGraphicsItem.CacheMode.DeviceCoordinateCache
                if cached
                else QGraphicsItem.CacheMode.NoCache
            )
        return super().itemChange(change, value)
