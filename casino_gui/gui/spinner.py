"""A small turning arc in the table's gold: something is being worked out in the background."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QHideEvent, QPainter, QPaintEvent, QPen, QShowEvent
from PySide6.QtWidgets import QWidget

from casino_gui.gui.theme import GOLD, GOLD_DIM

STEP_MS = 40
STEP_DEGREES = 12


class Spinner(QWidget):
    """Turns while it is shown; `turns` counts the steps (the event loop is alive)."""

    def __init__(self, diameter: int = 22, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._diameter = diameter
        self._angle = 0
        self.turns = 0
        self._timer = QTimer(self)
        self._timer.setInterval(STEP_MS)
        self._timer.timeout.connect(self._step)
        self.setFixedSize(QSize(diameter, diameter))
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)

    def _step(self) -> None:
        self._angle = (self._angle + STEP_DEGREES) % 360
        self.turns += 1
        self.update()

    def showEvent(self, event: QShowEvent) -> None:
        self._timer.start()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        self._timer.stop()
        super().hideEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = max(2.0, self._diameter / 8)
        box = QRectF(self.rect()).adjusted(width, width, -width, -width)
        painter.setPen(QPen(QColor(GOLD_DIM), width))
        painter.drawEllipse(box)
        pen = QPen(QColor(GOLD), width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        # Qt's angles are sixteenths of a degree, counter-clockwise: minus turns it clockwise.
        painter.drawArc(box, -self._angle * 16, 100 * 16)
        painter.end()
