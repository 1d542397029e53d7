"""Small rounded labels on the felt: hand totals ("7 / 17") and results ("WIN +$15.00")."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from casino_gui.gui.painting.contrast import BADGE_INKS, FRAMES, PEN, Frame
from casino_gui.gui.table.felt import MIN_PRINT_PIXELS
from casino_gui.gui.table.look import look_at, scene_pen
from casino_gui.gui.theme import panel_sans

TONES = {
    "total": (QColor(10, 20, 14, 200), QColor("#f4f1e8")),
    "win": (QColor("#1f7a3a"), QColor("#ffffff")),
    "natural": (QColor("#d9a520"), QColor("#1b1306")),
    "push": (QColor("#5b6470"), QColor("#ffffff")),
    "lose": (QColor("#9b1c23"), QColor("#ffffff")),
    "active": (QColor("#f3d27a"), QColor("#1b1306")),
}


class Badge(QGraphicsObject):
    """A pill centred on its position; empty text hides it."""

    def __init__(self, pixels: float = 17.0) -> None:
        super().__init__()
        self._text = ""
        self._tone = "total"
        # Never below the felt's smallest print: 9 points at 1280 x 800.
        self._font = panel_sans(max(MIN_PRINT_PIXELS, pixels), bold=True)
        self.setZValue(50)
        self.hide()

    @property
    def text(self) -> str:
        return self._text

    @property
    def tone(self) -> str:
        return self._tone

    def set_text_scale(self, scale: float) -> None:
        """The player's text size (`TableLook.text_scale`): the pill grows with its words."""
        self.setScale(scale)

    def set_text(self, text: str, tone: str = "total") -> None:
        self.prepareGeometryChange()
        self._text, self._tone = text, tone
        self.setVisible(bool(text))
        self.update()

    def boundingRect(self) -> QRectF:
        metrics = QFontMetricsF(self._font)
        width = metrics.horizontalAdvance(self._text) + 22.0
        height = metrics.height() + 8.0
        return QRectF(-width / 2, -height / 2, width, height)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill, ink = TONES[self._tone]
        edge, width = QColor(ink), 1.5
        edge.setAlpha(170)  # the words' colour, a little faded: the frame is seen, not loud
        if look_at(self).high_contrast:
            inks = BADGE_INKS[self._tone]
            fill, ink, edge, width = inks.ground, inks.ink, inks.frame, scene_pen(self, PEN)
        paint_frame(painter, self.boundingRect(), FRAMES[self._tone], fill, edge, width)
        painter.setPen(ink)
        painter.setFont(self._font)
        painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, self._text)


def paint_frame(
    painter: QPainter, box: QRectF, frame: Frame, fill: QColor, edge: QColor, width: float
) -> None:
    """A badge's ground and frame, inside `box`: its shape tells the tone apart without its
    colour (`contrast.FRAMES`; docs/decisions.md, "The look adapts")."""
    width *= 2 if frame.heavy else 1
    outer = box.adjusted(width / 2, width / 2, -width / 2, -width / 2)
    pen = QPen(edge, width)
    if frame.dashed:
        pen.setDashPattern([3.0, 2.0])
    painter.setPen(pen)
    painter.setBrush(fill)
    radius = outer.height() / 6 if frame.square else outer.height() / 2
    painter.drawRoundedRect(outer, radius, radius)
