"""The table's mute button: a small round brass-rimmed lamp with a speaker drawn on it (M).

Checked means the sound is on: the speaker glows amber like the lit buttons, with its waves;
muted, the lamp is smoked glass and the speaker is crossed out. Drawn as vectors, so it is
sharp at every scale of the bottom bar.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen, QRadialGradient
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QWidget

from casino_gui.gui.painting.contrast import BLACK, DIM, PANEL_PEN, WHITE, YELLOW
from casino_gui.gui.panels.action_bar import BRASS
from casino_gui.gui.panels.lamp_button import (
    DARK_BOTTOM,
    DARK_INK,
    DARK_RIM,
    DARK_TOP,
    LAMP_BOTTOM,
    LAMP_INK,
    LAMP_MIDDLE,
    LAMP_TOP,
)
from casino_gui.gui.panels.one_tab_stop import OneTabStop

MUTE_KEY = "M"
FULL_SIDE = 48  # pixels at full scale
LEAST_SIDE = 30  # never smaller: it stays a target a finger or a mouse can hit


class MuteButton(QAbstractButton):
    """Sound on (checked) or muted; `toggled(bool on)` says which."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setCheckable(True)
        self.setChecked(True)
        # A Tab stop whose Space toggles it, as M does; a click leaves the keys where they were.
        self.tab_stop = OneTabStop(self, lambda: [self], press=lambda _self: self.click())
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        # It may shrink to LEAST_SIDE: a fixed size at full scale kept the window from being
        # made smaller than 831 pixels wide (the scale follows the size, not the reverse).
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Maximum)
        self.setMinimumSize(LEAST_SIDE, LEAST_SIDE)
        self.toggled.connect(self._describe)
        self._side = FULL_SIDE
        self._high_contrast = False
        self._describe(True)

    def set_high_contrast(self, high: bool) -> None:
        self._high_contrast = high
        self.update()

    def set_on(self, on: bool) -> None:
        """Show the sound on or muted without emitting `toggled` (a setting applied)."""
        self.blockSignals(True)
        self.setChecked(on)
        self.blockSignals(False)
        self._describe(on)

    def _describe(self, on: bool) -> None:
        dash = "\N{EM DASH}"
        self.setToolTip(
            f"Sound on {dash} {MUTE_KEY} mutes" if on else f"Muted {dash} {MUTE_KEY} for sound"
        )
        self.setAccessibleName("Sound on" if on else "Muted")
        self.update()

    def set_scale(self, scale: float) -> None:
        self._side = max(LEAST_SIDE, round(FULL_SIDE * scale))
        self.setMaximumSize(self._side, self._side)
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        return QSize(self._side, self._side)

    def minimumSizeHint(self) -> QSize:
        return QSize(LEAST_SIDE, LEAST_SIDE)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        on = self.isChecked()
        side = float(min(self.width(), self.height()))
        rim = max(1.5, side / 20)
        face = QRectF(rim, rim, side - 2 * rim, side - 2 * rim)
        if self.isDown():
            face.translate(0, 1)
        if self._high_contrast:  # as the lamps: yellow in a white ring, or black in a dim one
            painter.setPen(QPen(WHITE if on else DIM, max(PANEL_PEN, rim) if on else 1.0))
            painter.setBrush(YELLOW if on else BLACK)
            painter.drawEllipse(face)
            ink = BLACK if on else DIM
        else:
            self._paint_glass(painter, face, rim, on)
            ink = LAMP_INK if on else DARK_INK
        self._paint_speaker(painter, face, ink)
        unit = face.width() / 12
        pen = QPen(ink, max(1.2, unit * 0.9))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        centre = face.center()
        if on:
            for radius in (2.2, 3.6):
                box = QRectF(-radius, -radius, 2 * radius, 2 * radius)
                box = QRectF(box.topLeft() * unit, box.bottomRight() * unit)
                box.translate(centre + QPointF(0.6 * unit, 0))
                painter.drawArc(box, -45 * 16, 90 * 16)
        else:
            pen.setColor(DIM if self._high_contrast else QColor("#c0503a"))
            painter.setPen(pen)
            x, y = centre.x() + 2.6 * unit, centre.y()
            half = 1.5 * unit
            painter.drawLine(QPointF(x - half, y - half), QPointF(x + half, y + half))
            painter.drawLine(QPointF(x - half, y + half), QPointF(x + half, y - half))

    @staticmethod
    def _paint_glass(painter: QPainter, face: QRectF, rim: float, on: bool) -> None:
        glass = QRadialGradient(face.center() - QPointF(0, face.height() / 4), face.width() * 0.7)
        top, middle, bottom = (
            (LAMP_TOP, LAMP_MIDDLE, LAMP_BOTTOM) if on else (DARK_TOP, DARK_TOP, DARK_BOTTOM)
        )
        glass.setColorAt(0.0, top)
        glass.setColorAt(0.5, middle)
        glass.setColorAt(1.0, bottom)
        painter.setPen(QPen(BRASS if on else DARK_RIM, rim))
        painter.setBrush(glass)
        painter.drawEllipse(face)

    @staticmethod
    def _paint_speaker(painter: QPainter, face: QRectF, ink: QColor) -> None:
        """A speaker facing right, left of the centre: a box and its cone."""
        unit = face.width() / 12
        c = face.center() - QPointF(1.6 * unit, 0)
        path = QPainterPath()
        path.moveTo(c + QPointF(-2.6 * unit, -1.2 * unit))
        path.lineTo(c + QPointF(-1.0 * unit, -1.2 * unit))
        path.lineTo(c + QPointF(1.4 * unit, -3.0 * unit))
        path.lineTo(c + QPointF(1.4 * unit, 3.0 * unit))
        path.lineTo(c + QPointF(-1.0 * unit, 1.2 * unit))
        path.lineTo(c + QPointF(-2.6 * unit, 1.2 * unit))
        path.closeSubpath()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        painter.drawPath(path)
