"""The table itself: the room, the padded rail, the green felt and what is printed on it."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from casino_gui.engine import felt_lines
from casino_gui.engine.rules import Rules
from casino_gui.gui.painting.card_back import back_colour
from casino_gui.gui.painting.contrast import PEN, WHITE, YELLOW, plain_felt
from casino_gui.gui.painting.felt_colours import felt_colours
from casino_gui.gui.table.geometry import DISCARD, RAIL_RADII, SCENE, SHOE, TABLE_CENTRE
from casino_gui.gui.table.look import look_at
from casino_gui.gui.theme import panel_sans

ROOM = QColor("#17110d")
RAIL_DARK = QColor("#2b170c")
RAIL_LIGHT = QColor("#7a4a26")
GOLD = QColor("#e8c36a")
PRINT = QColor(255, 255, 255, 150)
LINE = QColor(255, 255, 255, 70)

RAIL_WIDTH = 46.0

# What is printed on the felt, in scene units. At 1280 x 800 the scene is drawn at about 0.73 of
# its size, so 17 scene pixels are 12.5 screen pixels: 9 points, the least the felt prints.
MIN_PRINT_PIXELS = 17
TITLE_PIXELS = 30
MIN_TITLE_PIXELS = 22
TITLE_WIDTH = 740.0
NARROW_TITLE_WIDTH = 560.0
TITLE_BOX = QRectF(200.0, 212.0, 1200.0, 36.0)  # under the dealer's total, above the lines
PAYOUT_PIXELS = 21
RULES_PIXELS = MIN_PRINT_PIXELS
# How wide a printed line may be: wide under the title, where only the dealer's cards are
# above, and narrow lower down, between the hands of the outer circles and their results
# (which reach up to y = 278 with a split hand doubled).
WIDE = 600.0
NARROW = 390.0
NARROW_BELOW = 274.0
LINE_GAP = 3.0
RULE_GAP = 8.0
# The lines follow flat arcs around the table's centre: an ellipse this many times wider than
# tall barely climbs at the ends of a line, so a line never reaches the one above it.
ARC_FLATNESS = 3.0
LETTER_SPREAD = 1.04  # letters on an arc are set a little apart, as printed ones are


def serif(pixels: float, bold: bool = True) -> QFont:
    font = QFont()
    font.setFamilies(["DejaVu Serif", "Georgia", "Times New Roman", "serif"])
    font.setPixelSize(round(pixels))
    font.setBold(bold)
    return font


def _ellipse(radii: tuple[float, float]) -> QRectF:
    rx, ry = radii
    return QRectF(TABLE_CENTRE.x() - rx, TABLE_CENTRE.y() - ry, 2 * rx, 2 * ry)


@dataclass(frozen=True)
class PrintedLine:
    """One line of print set along the lower arc of an ellipse around the table's centre."""

    text: str
    font: QFont
    colour: QColor
    radii: tuple[float, float]

    def letters(self) -> list[tuple[str, QPointF, float, float]]:
        """Each letter with its centre on the arc, its angle (degrees) and its advance."""
        rx, ry = self.radii
        metrics = QFontMetricsF(self.font)
        widths = [metrics.horizontalAdvance(char) * LETTER_SPREAD for char in self.text]
        # Walk the arc by length: near its bottom the arc is nearly a circle of radius ~ rx.
        angle = math.pi / 2 + (sum(widths) / 2) / rx  # start on the left, walk right
        placed = []
        for char, width in zip(self.text, widths, strict=True):
            mid = angle - (width / 2) / rx
            point = QPointF(
                TABLE_CENTRE.x() + rx * math.cos(mid), TABLE_CENTRE.y() + ry * math.sin(mid)
            )
            tangent = math.degrees(math.atan2(ry * math.cos(mid), -rx * math.sin(mid)))
            placed.append((char, point, tangent + 180.0, width))
            angle -= width / rx
        return placed

    def outline(self) -> QPainterPath:
        """The boxes of the letters, in scene units: what the line covers on the felt."""
        metrics = QFontMetricsF(self.font)
        path = QPainterPath()
        for char, point, degrees, width in self.letters():
            if char == " ":
                continue
            box = QRectF(-width / 2, -metrics.ascent() / 2, width, metrics.ascent())
            turn = QTransform().translate(point.x(), point.y()).rotate(degrees)
            path.addPolygon(turn.map(QPolygonF(box)))
            path.closeSubpath()
        return path

    def paint(self, painter: QPainter, colour: QColor | None = None) -> None:
        """The line in its colour, or in `colour` (the high-contrast theme's ink)."""
        metrics = QFontMetricsF(self.font)
        painter.setFont(self.font)
        painter.setPen(colour or self.colour)
        for char, point, degrees, width in self.letters():
            painter.save()
            painter.translate(point)
            painter.rotate(degrees)
            # The cap height sits centred on the arc.
            painter.drawText(QPointF(-width / 2 / LETTER_SPREAD, metrics.capHeight() / 2), char)
            painter.restore()


def line_width(bottom: float) -> float:
    """How wide a line whose letters reach down to `bottom` may be."""
    return WIDE if bottom <= NARROW_BELOW else NARROW


def _advance(metrics: QFontMetricsF, text: str) -> float:
    return sum(metrics.horizontalAdvance(char) for char in text) * LETTER_SPREAD


def title_width(rules: Rules) -> float:
    """How wide the title may run: with four or five circles the outer hands reach higher."""
    return TITLE_WIDTH if rules.circles <= 3 else NARROW_TITLE_WIDTH


def title_text(rules: Rules) -> str:
    """The name printed on the felt, in capitals. A custom table's "(from Pontoon)" is left
    to its rules page when the whole name would not fit."""
    name = rules.name.upper()
    short = name.split(" (", 1)[0]
    smallest = QFontMetricsF(_title_font_at(MIN_TITLE_PIXELS)).horizontalAdvance(name)
    return short if smallest > title_width(rules) else name


def title_font(rules: Rules) -> QFont:
    """The title's font: gold capitals, set smaller when the name would run too wide."""
    name = title_text(rules)
    font = _title_font_at(TITLE_PIXELS)
    wide = QFontMetricsF(font).horizontalAdvance(name)
    room = title_width(rules)
    if wide > room:  # "No Bust 21st Century Blackjack"
        font.setPixelSize(max(MIN_TITLE_PIXELS, int(TITLE_PIXELS * room / wide)))
    return font


def _title_font_at(pixels: int) -> QFont:
    font = serif(pixels)
    font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 112)
    return font


def printed_lines(rules: Rules) -> list[PrintedLine]:
    """The rules line right under the title, then the payout lines in gold, each on its own
    arc; phrases (" · " apart) are set on as few lines as the room allows, and a phrase too long
    for its line is set smaller, never below MIN_PRINT_PIXELS."""
    payout, rules_text = felt_lines(rules)
    blocks = (
        (rules_text, panel_sans(RULES_PIXELS), PRINT),
        (payout, serif(PAYOUT_PIXELS), GOLD),
    )
    lines: list[PrintedLine] = []
    top = TITLE_BOX.bottom() + LINE_GAP
    for text, font, colour in blocks:
        current: tuple[str, QFont] | None = None
        for phrase in text.split(" · ") if text else []:
            if current is not None:
                joined = f"{current[0]} · {phrase}"
                metrics = QFontMetricsF(current[1])
                if _advance(metrics, joined) <= line_width(top + metrics.height()):
                    current = (joined, current[1])
                    continue
                lines.append(_on_arc(current[0], current[1], colour, top))
                top += QFontMetricsF(current[1]).height() + LINE_GAP
            current = (phrase, _fitted(phrase, font, top))
        if current is not None:
            lines.append(_on_arc(current[0], current[1], colour, top))
            top += QFontMetricsF(current[1]).height() + LINE_GAP
        top += RULE_GAP  # room for the thin arc between the rules and the payouts
    return lines


def _fitted(phrase: str, font: QFont, top: float) -> QFont:
    metrics = QFontMetricsF(font)
    room = line_width(top + metrics.height())
    wide = _advance(metrics, phrase)
    if wide <= room:
        return font
    smaller = QFont(font)
    smaller.setPixelSize(max(MIN_PRINT_PIXELS, int(font.pixelSize() * room / wide)))
    return smaller


def _on_arc(text: str, font: QFont, colour: QColor, top: float) -> PrintedLine:
    ry = top + QFontMetricsF(font).height() / 2 - TABLE_CENTRE.y()
    return PrintedLine(text, font, colour, (ry * ARC_FLATNESS, ry))


def rule_under(lines: list[PrintedLine]) -> tuple[QRectF, float, float] | None:
    """The thin arc between the rules lines and the payout lines, as wide as the rules:
    its ellipse, and its start and span in Qt's 1/16 degrees."""
    rules = [line for line in lines if line.colour == PRINT]
    if not rules:
        return None
    last = rules[-1]
    below = QFontMetricsF(last.font).height() / 2 + (LINE_GAP + RULE_GAP) / 2
    ry = last.radii[1] + below
    rx = ry * ARC_FLATNESS
    widest = max(line.outline().boundingRect().width() for line in rules)
    half = min(widest + 40, line_width(TABLE_CENTRE.y() + ry)) / 2
    degrees = math.degrees(math.asin(min(1.0, half / rx)))
    return _ellipse((rx, ry)), (270 - degrees) * 16, 2 * degrees * 16


def printed_shapes(rules: Rules) -> list[tuple[str, QPainterPath]]:
    """Everything printed on the felt, as outlines in scene units (tests check that none of
    them runs into another, or into what is set on the felt)."""
    shapes: list[tuple[str, QPainterPath]] = []
    name = title_text(rules)
    font = title_font(rules)
    metrics = QFontMetricsF(font)
    width = metrics.horizontalAdvance(name)
    title = QPainterPath()
    title.addRect(
        QRectF(
            TABLE_CENTRE.x() - width / 2,
            TITLE_BOX.center().y() - metrics.capHeight() / 2,
            width,
            metrics.capHeight(),
        )
    )
    shapes.append(("title", title))
    lines = printed_lines(rules)
    shapes += [(f"line {line.text!r}", line.outline()) for line in lines]
    under = rule_under(lines)
    if under is not None:
        ellipse, start, span = under
        arc = QPainterPath()
        arc.arcMoveTo(ellipse, start / 16)
        arc.arcTo(ellipse, start / 16, span / 16)
        stroke = QPainterPathStroker()
        stroke.setWidth(2.0)
        shapes.append(("arc under the print", stroke.createStroke(arc)))
    discards = QPainterPath()
    discards.addRect(_discards_label())
    shapes.append(("DISCARDS", discards))
    return shapes


def _discards_label() -> QRectF:
    return QRectF(DISCARD.x() - 62, DISCARD.y() + 78, 124, 22)


class FeltItem(QGraphicsItem):
    """Everything on the table that never moves, drawn once per paint."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules
        self.lines = printed_lines(rules)
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
        # The felt's colour is the player's, held by the scene (`TableScene.set_look`); in
        # high contrast it is dark and plain, under white and yellow print.
        look = look_at(self)
        high = look.high_contrast
        if high:
            painter.fillPath(felt, plain_felt(look.felt))
        else:
            colours = felt_colours(look.felt)
            gradient = QRadialGradient(QPointF(800.0, 300.0), 860.0)
            gradient.setColorAt(0.0, colours.centre_colour())
            gradient.setColorAt(1.0, colours.edge_colour())
            painter.fillPath(felt, QBrush(gradient))
        self._paint_rail(painter, high)
        self._paint_print(painter, high)
        self._paint_shoe(painter, high)

    def _paint_rail(self, painter: QPainter, high: bool) -> None:
        rx, ry = RAIL_RADII
        if high:  # a plain dark rail, a white line where it meets the felt
            painter.setPen(QPen(RAIL_DARK, RAIL_WIDTH))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(_ellipse((rx + RAIL_WIDTH / 2, ry + RAIL_WIDTH / 2)))
            painter.setPen(QPen(WHITE, PEN))
            painter.drawEllipse(_ellipse((rx - 2, ry - 2)))
            return
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

    def _paint_print(self, painter: QPainter, high: bool) -> None:
        name = title_text(self.rules)
        painter.setPen(print_ink(GOLD, high))
        painter.setFont(title_font(self.rules))
        painter.drawText(TITLE_BOX, Qt.AlignmentFlag.AlignCenter, name)
        for line in self.lines:
            line.paint(painter, print_ink(line.colour, high))
        under = rule_under(self.lines)
        if under is not None:
            ellipse, start, span = under
            painter.setPen(QPen(WHITE, PEN) if high else QPen(LINE, 2.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawArc(ellipse, round(start), round(span))

    def _paint_shoe(self, painter: QPainter, high: bool) -> None:
        """The shoe on the dealer's left (screen right) and the discard tray on his right."""
        painter.setPen(QPen(WHITE, PEN) if high else QPen(QColor("#0d0d0d"), 2.0))
        shoe = QRectF(SHOE.x() - 70, SHOE.y() - 62, 140, 124)
        painter.setBrush(QColor("#26201b"))
        painter.drawRoundedRect(shoe, 12, 12)
        painter.setBrush(back_colour(look_at(self).card_back))
        painter.drawRoundedRect(QRectF(SHOE.x() - 52, SHOE.y() - 46, 104, 70), 6, 6)
        painter.setBrush(QColor("#3a302a"))
        painter.drawRoundedRect(QRectF(SHOE.x() - 70, SHOE.y() + 16, 140, 46), 8, 8)
        painter.setPen(QPen(WHITE, PEN) if high else QPen(LINE, 2.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QRectF(DISCARD.x() - 62, DISCARD.y() - 74, 124, 148), 10, 10)
        painter.setFont(panel_sans(MIN_PRINT_PIXELS, bold=True))
        painter.setPen(print_ink(PRINT, high))
        painter.drawText(_discards_label(), Qt.AlignmentFlag.AlignCenter, "DISCARDS")


def print_ink(colour: QColor, high: bool) -> QColor:
    """What the felt's print is painted in: its own colour, or in high contrast white for the
    rules and yellow for the gold (the title, the payouts)."""
    if not high:
        return colour
    return YELLOW if colour == GOLD else WHITE
