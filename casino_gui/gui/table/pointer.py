"""The marker under the hand being played: gold, or in high contrast yellow edged in white."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from casino_gui.gui.painting.contrast import PEN, WHITE, YELLOW
from casino_gui.gui.table.look import look_at

GOLD = QColor("#f3d27a")
GOLD_EDGE = QColor("#7a5a10")


class HandPointer(QGraphicsPathItem):
    """A triangle pointing up at the active hand's total; `pos` is its tip."""

    def __init__(self) -> None:
        path = QPainterPath()
        path.moveTo(0.0, 0.0)
        path.lineTo(-13.0, 16.0)
        path.lineTo(13.0, 16.0)
        path.closeSubpath()
        super().__init__(path)
        self.setZValue(60)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        # The look is read as it paints (`TableScene.set_look`), as every item's.
        high = look_at(self).high_contrast
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QBrush(YELLOW if high else GOLD))
        painter.setPen(QPen(WHITE, PEN) if high else QPen(GOLD_EDGE, 1.5))
        painter.drawPath(self.path())

    def boundingRect(self) -> QRectF:
        reach = PEN / 2 + 1  # the widest edge it is drawn with
        return self.path().boundingRect().adjusted(-reach, -reach, reach, reach)
