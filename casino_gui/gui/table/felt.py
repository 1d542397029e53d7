"""The table itself: the room, the padded rail, the green felt and what is printed on it."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from casino_gui.engine.describe import felt_lines
from casino_gui.engine.rules import Rules
from casino_gui.gui.table.geometry import DISCARD, RAIL_RADII, SCENE, SHOE, TABLE_CENTRE

ROOM = QColor("#17110d")
FELT_CENTRE = QColor("#1f8a45")
FELT_EDGE = QColor("#0b4f26")
RAIL_DARK = QColor("#2b170c")
RAIL_LIGHT = QColor("#7a4a26")
GOLD = QColor("#e8c36a")
PRINT = QColor(255, 255, 255, 150)
LINE = QColor(255, 255, 255, 70)

RAIL_WIDTH = 46.0
TITLE_ARC = (480.0, 352.0)  # radii of the printed payout line
SMALL_ARC = (444.0, 316.0)
MAX_ARC_DEGREES = 62.0  # the widest a printed line spreads around the table's axis
TITLE_WIDTH = 760.0


def serif(pixels: float, bold: bool = True) -> QFont:
    font = QFont()
    font.setFamilies(["DejaVu Serif", "Georgia", "Times New Roman", "serif"])
    font.setPixelSize(round(pixels))
    font.setBold(bold)
    return font


def sans(pixels: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(["DejaVu Sans", "Helvetica Neue", "Arial", "sans-serif"])
    font.setPixelSize(round(pixels))
    font.setBold(bold)
    return font


def _ellipse(radii: tuple[float, float]) -> QRectF:
    rx, ry = radii
    return QRectF(TABLE_CENTRE.x() - rx, TABLE_CENTRE.y() - ry, 2 * rx, 2 * ry)


def draw_text_on_arc(
    painter: QPainter, text: str, radii: tuple[float, float], font: QFont, colour: QColor
) -> None:
    """Letters set along the lower arc of an ellipse, centred on the table's axis, the way a
    payout line is printed around a real table."""
    rx, ry = radii
    metrics = QFontMetricsF(font)
    # A long line is set smaller rather than let it climb the sides of the arc.
    longest = rx * math.radians(MAX_ARC_DEGREES)
    natural = sum(metrics.horizontalAdvance(char) * 1.04 for char in text)
    if natural > longest:
        font = QFont(font)
        font.setPixelSize(max(10, int(font.pixelSize() * longest / natural)))
        metrics = QFontMetricsF(font)
    widths = [metrics.horizontalAdvance(char) * 1.04 for char in text]
    # Walk the arc by length: near the bottom the arc is nearly circular with radius ~ rx.
    total = sum(widths)
    angle = math.pi / 2 + (total / 2) / rx  # start on the left (larger angle), walk right
    painter.setFont(font)
    painter.setPen(colour)
    for char, width in zip(text, widths, strict=True):
        mid = angle - (width / 2) / rx
        point = QPointF(
            TABLE_CENTRE.x() + rx * math.cos(mid), TABLE_CENTRE.y() + ry * math.sin(mid)
        )
        tangent = math.degrees(math.atan2(ry * math.cos(mid), -rx * math.sin(mid)))
        painter.save()
        painter.translate(point)
        painter.rotate(tangent + 180.0)
        painter.drawText(QPointF(-width / 2 / 1.04, metrics.ascent() / 2.6), char)
        painter.restore()
        angle -= width / rx


class FeltItem(QGraphicsItem):
    """Everything on the table that never moves, drawn once per paint."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules
        self.payout_line, self.rules_line = felt_lines(rules)
        self.setZValue(-100)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return SCENE

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(SCENE, ROOM)
        felt = QPainterPath()
        felt.addEllipse(_ellipse(RAIL_RADII))
        top = QPainterPath()
        top.addRect(SCENE)
        felt = felt.intersected(top)
        gradient = QRadialGradient(QPointF(800.0, 300.0), 860.0)
        gradient.setColorAt(0.0, FELT_CENTRE)
        gradient.setColorAt(1.0, FELT_EDGE)
        painter.fillPath(felt, QBrush(gradient))
        self._paint_rail(painter)
        self._paint_print(painter)
        self._paint_shoe(painter)

    def _paint_rail(self, painter: QPainter) -> None:
        rx, ry = RAIL_RADII
        for step, colour in ((0.0, RAIL_DARK), (0.35, RAIL_LIGHT), (0.7, RAIL_DARK)):
            pen = QPen(colour, RAIL_WIDTH * (1.0 - step))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inset = RAIL_WIDTH * step / 2
            painter.drawEllipse(
                _ellipse((rx + RAIL_WIDTH / 2 - inset, ry + RAIL_WIDTH / 2 - inset))
            )
        painter.setPen(QPen(GOLD.darker(160), 2.0))
        painter.drawEllipse(_ellipse((rx - 2, ry - 2)))

    def _paint_print(self, painter: QPainter) -> None:
        name = self.rules.name.upper()
        painter.setPen(GOLD)
        title = serif(40)
        title.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 112)
        wide = QFontMetricsF(title).horizontalAdvance(name)
        if wide > TITLE_WIDTH:  # "No Bust 21st Century Blackjack" is set smaller
            title.setPixelSize(int(40 * TITLE_WIDTH / wide))
        painter.setFont(title)
        painter.drawText(QRectF(300.0, 222.0, 1000.0, 56.0), Qt.AlignmentFlag.AlignCenter, name)
        painter.setPen(QPen(LINE, 2.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawArc(_ellipse((TITLE_ARC[0] + 30, TITLE_ARC[1] + 30)), 200 * 16, 140 * 16)
        painter.drawArc(_ellipse((SMALL_ARC[0] - 30, SMALL_ARC[1] - 30)), 203 * 16, 134 * 16)
        if self.payout_line:
            draw_text_on_arc(painter, self.payout_line, TITLE_ARC, serif(25), GOLD)
        if self.rules_line:
            draw_text_on_arc(painter, self.rules_line, SMALL_ARC, sans(17), PRINT)

    def _paint_shoe(self, painter: QPainter) -> None:
        """The shoe on the dealer's left (screen right) and the discard tray on his right."""
        painter.setPen(QPen(QColor("#0d0d0d"), 2.0))
        shoe = QRectF(SHOE.x() - 70, SHOE.y() - 62, 140, 124)
        painter.setBrush(QColor("#26201b"))
        painter.drawRoundedRect(shoe, 12, 12)
        painter.setBrush(QColor("#8c1520"))
        painter.drawRoundedRect(QRectF(SHOE.x() - 52, SHOE.y() - 46, 104, 70), 6, 6)
        painter.setBrush(QColor("#3a302a"))
        painter.drawRoundedRect(QRectF(SHOE.x() - 70, SHOE.y() + 16, 140, 46), 8, 8)
        painter.setPen(QPen(LINE, 2.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QRectF(DISCARD.x() - 62, DISCARD.y() - 74, 124, 148), 10, 10)
        painter.setFont(sans(13, bold=True))
        painter.setPen(PRINT)
        painter.drawText(
            QRectF(DISCARD.x() - 62, DISCARD.y() + 76, 124, 20),
            Qt.AlignmentFlag.AlignCenter,
            "DISCARDS",
        )
