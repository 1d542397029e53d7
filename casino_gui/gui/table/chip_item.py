"""Casino chips: one chip seen from above, and a bet shown as a stack of chips with its amount.

Colours follow the usual casino scheme ($1 white, $5 red, $10 blue, $25 green, $100 black,
$500 purple), so a player reads a stack's value from its colours before reading the label.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QAbstractAnimation, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from casino_gui.engine import dollars
from casino_gui.gui.painting.contrast import BLACK, PEN, WHITE, YELLOW
from casino_gui.gui.table.look import look_at, scene_pen
from casino_gui.gui.table.motion import slide_animation
from casino_gui.gui.table.stacks import chip_stacks

CHIP_RADIUS = 28.0
EDGE_INSERTS = 8
INSERT_DEGREES = 15.0
GLOW = QColor(255, 206, 84)
GLOW_RING = QColor("#ffe27a")
INLAY = QColor("#f8f4e8")
# High contrast (docs/decisions.md, "The look adapts"): the value black on white, the edge white.
HC_TEXT = BLACK
HC_INLAY = WHITE
HC_EDGE = WHITE
HC_EDGE_WIDTH = 0.1  # of the radius: 2 px for the rack's chips, near it on the felt
HC_RING_WIDTH = 0.2  # the selected chip's ring: 5 px at the rack's full size

# A stack is seen from above at an angle: each chip's face is an ellipse this much flatter
# than a circle, and the chips are this thick (as a share of the radius).
STACK_TILT = 0.62
STACK_THICKNESS = 0.24  # thick enough that each chip's edge stripes show its colour
STACK_SPACING = 2.12  # between the centres of stacks side by side, in radii
PLATE_CAP = 0.44  # the amount's capitals, in radii
STACK_RADIUS = 34.0  # a stack's chips, a little larger than the rack's: read at a glance
PLATE_COLOUR = QColor(12, 14, 12, 200)
PLATE_TEXT = QColor("#fbf3dc")
PLATE_EDGE = QColor(226, 184, 79, 170)

SANS_FAMILIES = ["DejaVu Sans", "Helvetica Neue", "Arial", "Liberation Sans", "sans-serif"]


@dataclass(frozen=True, slots=True)
class ChipColours:
    body: QColor
    inserts: QColor
    text: QColor


CHIP_COLOURS: dict[int, ChipColours] = {
    100: ChipColours(QColor("#f1eee6"), QColor("#1d4fa8"), QColor("#1d4fa8")),
    500: ChipColours(QColor("#c1121f"), QColor("#fbf8f0"), QColor("#a50f1a")),
    1_000: ChipColours(QColor("#1c4fae"), QColor("#fbf8f0"), QColor("#1c4fae")),
    2_500: ChipColours(QColor("#17803d"), QColor("#fbf8f0"), QColor("#137034")),
    10_000: ChipColours(QColor("#1d1d21"), QColor("#fbf8f0"), QColor("#1d1d21")),
    50_000: ChipColours(QColor("#5d2a8e"), QColor("#fbf8f0"), QColor("#5d2a8e")),
}
# A value the rack never offers (a payout's odd amount is shown by the label, not a chip).
OTHER_CHIP = ChipColours(QColor("#c7821c"), QColor("#fbf8f0"), QColor("#8a5a12"))


def chip_label(cents: int) -> str:
    """What the chip says: `$1`, `$25`, `$500` (cents only when there are any)."""
    if cents % 100 == 0:
        return f"${cents // 100:,}"
    return dollars(cents)


def _greyed(colour: QColor) -> QColor:
    # Drained of colour and pulled towards a middle grey: still a chip, plainly out of reach.
    # Opaque on purpose: a translucent chip shows its own layers through each other.
    grey = 0.3 * colour.red() + 0.59 * colour.green() + 0.11 * colour.blue()
    grey = grey * 0.55 + 105 * 0.45

    def mix(channel: int) -> int:
        return round(channel * 0.12 + grey * 0.88)

    return QColor(mix(colour.red()), mix(colour.green()), mix(colour.blue()), colour.alpha())


def _colours(cents: int, dimmed: bool) -> ChipColours:
    colours = CHIP_COLOURS.get(cents, OTHER_CHIP)
    if not dimmed:
        return colours
    return ChipColours(_greyed(colours.body), _greyed(colours.inserts), _greyed(colours.text))


def _font() -> QFont:
    font = QFont()
    font.setFamilies(SANS_FAMILIES)
    font.setPixelSize(100)  # outlines taken large and scaled down: no hinting artefacts
    font.setBold(True)
    return font


@cache
def _unit_text(text: str) -> QPainterPath:
    """`text` as an outline whose capitals are 1 unit tall, centred on the origin."""
    font = _font()
    reference = QPainterPath()
    reference.addText(0, 0, font, "0")
    cap = reference.boundingRect().height() or 72.0
    outline = QPainterPath()
    outline.addText(0, 0, font, text)
    box = outline.boundingRect()
    return QTransform().scale(1 / cap, 1 / cap).translate(-box.center().x(), cap / 2).map(outline)


def _text_path(text: str, centre: QPointF, cap_height: float, max_width: float) -> QPainterPath:
    unit = _unit_text(text)
    width = unit.boundingRect().width() * cap_height
    squeeze = min(1.0, max_width / width) if width > 0 else 1.0
    return (
        QTransform()
        .translate(centre.x(), centre.y())
        .scale(cap_height * squeeze, cap_height)
        .map(unit)
    )


def _ring_sector(
    centre: QPointF, inner: float, outer: float, start: float, span: float
) -> QPainterPath:
    """A piece of an annulus, angles in degrees counter-clockwise from three o'clock."""
    outer_box = QRectF(centre.x() - outer, centre.y() - outer, 2 * outer, 2 * outer)
    inner_box = QRectF(centre.x() - inner, centre.y() - inner, 2 * inner, 2 * inner)
    path = QPainterPath()
    path.arcMoveTo(outer_box, start)
    path.arcTo(outer_box, start, span)
    path.arcTo(inner_box, start + span, -span)
    path.closeSubpath()
    return path


@cache
def _inserts(radius: float) -> QPainterPath:
    """The edge inserts of a chip centred on the origin, one at twelve o'clock."""
    inserts = QPainterPath()
    for index in range(EDGE_INSERTS):
        middle = 90.0 + index * 360.0 / EDGE_INSERTS
        inserts.addPath(
            _ring_sector(
                QPointF(0, 0), 0.78 * radius, radius, middle - INSERT_DEGREES / 2, INSERT_DEGREES
            )
        )
    return inserts


def _disc(centre: QPointF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(centre, radius, radius)
    return path


def paint_chip(
    painter: QPainter,
    center: QPointF,
    radius: float,
    cents: int,
    *,
    selected: bool = False,
    dimmed: bool = False,
    high_contrast: bool = False,
) -> None:
    """A chip seen from straight above, `radius` units round, centred on `center`.

    `selected` rings it with gold light (the chip the player bets with); `dimmed` drains its
    colour to a flat grey (the bankroll cannot cover it). In `high_contrast` its value is
    black on a white inlay and a white ring shows its edge on the dark felt.
    """
    colours = _colours(cents, dimmed)
    if high_contrast:
        colours = ChipColours(colours.body, colours.inserts, HC_TEXT)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    if selected and not high_contrast:
        _paint_glow(painter, center, radius)

    # The body, lit from the top left like everything on the table.
    light = QRadialGradient(center + QPointF(-0.35 * radius, -0.4 * radius), 1.5 * radius)
    light.setColorAt(0.0, colours.body.lighter(118))
    light.setColorAt(0.7, colours.body)
    light.setColorAt(1.0, colours.body.darker(118))
    painter.fillPath(_disc(center, radius), QBrush(light))

    # Edge inserts, as moulded into a real chip, then the inner ring and the printed inlay.
    painter.fillPath(_inserts(radius).translated(center), colours.inserts)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(colours.body.darker(150), 0.035 * radius))
    painter.drawEllipse(center, radius * 0.985, radius * 0.985)
    dashes = QPen(colours.inserts, 0.045 * radius)
    dashes.setDashPattern([2.0, 2.0])
    painter.setPen(dashes)
    painter.drawEllipse(center, 0.71 * radius, 0.71 * radius)
    painter.setPen(Qt.PenStyle.NoPen)
    inlay = HC_INLAY if high_contrast else INLAY
    painter.fillPath(_disc(center, 0.58 * radius), inlay if not dimmed else _greyed(inlay))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(colours.text, 0.04 * radius))
    painter.drawEllipse(center, 0.53 * radius, 0.53 * radius)
    painter.setPen(Qt.PenStyle.NoPen)

    painter.fillPath(value_path(cents, center, radius), colours.text)
    if high_contrast:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(HC_EDGE, HC_EDGE_WIDTH * radius))
        painter.drawEllipse(center, radius, radius)
        if selected:  # a thick yellow ring, not a glow
            painter.setPen(QPen(YELLOW, HC_RING_WIDTH * radius))
            painter.drawEllipse(center, 1.2 * radius, 1.2 * radius)
    painter.restore()


def value_path(cents: int, center: QPointF, radius: float) -> QPainterPath:
    """The chip's value (`chip_label`) as printed on its inlay: never told by colour alone."""
    label = chip_label(cents)
    cap = (0.42 if len(label) <= 3 else 0.34) * radius
    return _text_path(label, center, cap, 0.9 * radius)


def _paint_glow(painter: QPainter, center: QPointF, radius: float) -> None:
    outer = 1.38 * radius
    glow = QRadialGradient(center, outer)
    glow.setColorAt(0.0, QColor(GLOW.red(), GLOW.green(), GLOW.blue(), 220))
    glow.setColorAt(radius / outer, QColor(GLOW.red(), GLOW.green(), GLOW.blue(), 190))
    glow.setColorAt(1.0, QColor(GLOW.red(), GLOW.green(), GLOW.blue(), 0))
    painter.fillPath(_disc(center, outer), QBrush(glow))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(GLOW_RING, 0.09 * radius))
    painter.drawEllipse(center, 1.08 * radius, 1.08 * radius)
    painter.setPen(Qt.PenStyle.NoPen)


class ChipItem(QGraphicsObject):
    """One chip on the table (a payout sliding to a circle, say), centred on its `pos`."""

    def __init__(
        self,
        cents: int,
        radius: float = CHIP_RADIUS,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self._cents = cents
        self._radius = radius
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # as a card's

    @property
    def cents(self) -> int:
        return self._cents

    @property
    def radius(self) -> float:
        return self._radius

    def boundingRect(self) -> QRectF:
        reach = 1.4 * self._radius  # room for the gold glow
        return QRectF(-reach, -reach, 2 * reach, 2 * reach)

    def shape(self) -> QPainterPath:
        return _disc(QPointF(0, 0), self._radius)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        high = look_at(self).high_contrast
        paint_chip(painter, QPointF(0, 0), self._radius, self._cents, high_contrast=high)

    def move_animation(self, target: QPointF, duration_ms: int) -> QAbstractAnimation:
        """Slide the chip's centre to `target`; 0 ms puts it there at once on start."""
        return slide_animation(self, target, duration_ms)


# Small fixed wobbles, so a stack looks placed by hand and not printed.
_WOBBLE_X = (0.0, 1.1, -0.7, 0.5, -1.2, 0.8, -0.3, 1.3, -0.9, 0.4, -0.5, 0.9)
_WOBBLE_TURN = (0.0, 17.0, 31.0, 8.0, 40.0, 23.0, 3.0, 35.0, 12.0, 28.0, 19.0, 5.0)


class ChipStackItem(QGraphicsObject):
    """A bet: its chips in stacks (biggest at the bottom) over a plate with the amount.

    `pos` is where the stacks stand: the centre of the bottom chip's footprint (of the middle
    of several stacks side by side, `stacks.chip_stacks`). They rise above it and the plate
    hangs below it. An amount of 0 draws nothing.
    """

    def __init__(
        self,
        amount: int = 0,
        radius: float = STACK_RADIUS,
        parent: QGraphicsItem | None = None,
        *,
        plate: bool = True,
    ) -> None:
        super().__init__(parent)
        self._radius = radius
        self._plate = plate  # False where a label nearby already says the amount
        self._text_scale = 1.0  # the plate's words, at the player's text size
        self._plate_drop = 0.0  # how much lower the plate hangs, to clear a neighbour's
        self._amount = 0
        self._stacks: tuple[tuple[int, ...], ...] = ()
        # Drawn once, then moved as a picture (CardItem: a frame of a sweep stays cheap).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.set_amount(amount)

    @property
    def amount(self) -> int:
        return self._amount

    @property
    def label(self) -> str:
        """What the plate says: the exact amount, however many chips are drawn."""
        return dollars(self._amount)

    @property
    def has_plate(self) -> bool:
        return self._plate

    @property
    def stacks(self) -> tuple[tuple[int, ...], ...]:
        """The stacks drawn, left to right, each bottom chip first."""
        return self._stacks

    @property
    def chips(self) -> list[int]:
        """Every chip drawn (capped: the plate tells the exact amount)."""
        return [chip for stack in self._stacks for chip in stack]

    def set_amount(self, cents: int) -> None:
        self.prepareGeometryChange()
        self._amount = max(0, cents)
        self._stacks = chip_stacks(self._amount)
        self.update()

    def set_text_scale(self, scale: float) -> None:
        """The player's text size (`TableLook.text_scale`): the plate's amount grows."""
        if scale != self._text_scale:
            self.prepareGeometryChange()
            self._text_scale = scale
            self.update()

    def set_plate_drop(self, drop: float) -> None:
        """Hang the plate `drop` units lower (item units), clear of a neighbour's plate."""
        if drop != self._plate_drop:
            self.prepareGeometryChange()
            self._plate_drop = drop
            self.update()

    def _cap(self) -> float:
        return PLATE_CAP * self._radius * self._text_scale

    def _thickness(self) -> float:
        return STACK_THICKNESS * self._radius

    def _stack_x(self, index: int) -> float:
        return (index - (len(self._stacks) - 1) / 2) * STACK_SPACING * self._radius

    def plate_rect(self) -> QRectF:
        """The amount's plate, below the stacks, in item units."""
        text = _text_path(self.label, QPointF(0, 0), self._cap(), 1e9)
        width = text.boundingRect().width() + 0.5 * self._radius
        height = self._cap() + 0.32 * self._radius
        top = self._radius * STACK_TILT + 0.22 * self._radius + self._plate_drop
        return QRectF(-width / 2, top, width, height)

    def stack_rect(self) -> QRectF:
        """The chips without their plate, in item units."""
        if self._amount == 0:
            return QRectF()
        r = self._radius
        tallest = max((len(stack) for stack in self._stacks), default=0)
        top = -tallest * self._thickness() - r * STACK_TILT - 2
        left = self._stack_x(0) - r - 3
        return QRectF(left, top, -2 * left, -top + r * STACK_TILT + 4)

    def boundingRect(self) -> QRectF:
        stack = self.stack_rect()
        if stack.isEmpty() or not self._plate:
            return stack
        return stack.united(self.plate_rect().adjusted(-2, -2, 2, 2))

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if self._amount == 0:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        r = self._radius
        high = look_at(self).high_contrast
        for index, chips in enumerate(self._stacks):
            x = self._stack_x(index)
            # The stack's shadow on the felt, thrown towards the player.
            shadow = QPainterPath()
            shadow.addEllipse(QPointF(x + 1.5, 2.5), r * 1.04, r * STACK_TILT * 1.08)
            painter.fillPath(shadow, QColor(0, 0, 0, 70))
            for level, cents in enumerate(chips):
                self._paint_stacked_chip(painter, x, level, cents, high)
        if self._plate:
            self._paint_plate(painter, high)
        painter.restore()

    def _paint_stacked_chip(
        self, painter: QPainter, centre: float, level: int, cents: int, high: bool
    ) -> None:
        r = self._radius
        tilt = r * STACK_TILT
        colours = _colours(cents, False)
        x = centre + _WOBBLE_X[level % len(_WOBBLE_X)] * r / CHIP_RADIUS
        bottom = -level * self._thickness()
        top = bottom - self._thickness()

        # The rim: the front half of the chip's edge between its lower and upper faces.
        rim = QPainterPath()
        rim.moveTo(x - r, top)
        rim.lineTo(x - r, bottom)
        rim.arcTo(QRectF(x - r, bottom - tilt, 2 * r, 2 * tilt), 180, 180)
        rim.lineTo(x + r, top)
        rim.closeSubpath()
        painter.fillPath(rim, colours.body.darker(135))

        # The edge inserts where they wrap over the rim, narrower towards the sides.
        turn = _WOBBLE_TURN[level % len(_WOBBLE_TURN)]
        for index in range(EDGE_INSERTS):
            middle = turn + index * 360.0 / EDGE_INSERTS
            stripe = self._rim_stripe(x, top, bottom, middle)
            if stripe is not None:
                painter.setBrush(colours.inserts.darker(108))
                painter.drawPolygon(stripe)

        painter.save()
        painter.translate(x, top)
        painter.scale(1.0, STACK_TILT)
        paint_chip(painter, QPointF(0, 0), r, cents, high_contrast=high)
        painter.restore()

    def _rim_stripe(self, x: float, top: float, bottom: float, middle: float) -> QPolygonF | None:
        r = self._radius
        tilt = r * STACK_TILT
        # Screen angles: 0..180 degrees is the half of the rim that faces the player.
        start = max(0.0, middle - INSERT_DEGREES / 2)
        end = min(180.0, middle + INSERT_DEGREES / 2)
        if end <= start:
            return None
        steps = 4
        angles = [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]
        upper = [QPointF(x + r * math.cos(a), top + tilt * math.sin(a)) for a in angles]
        lower = [
            QPointF(x + r * math.cos(a), bottom + tilt * math.sin(a)) for a in reversed(angles)
        ]
        return QPolygonF([*upper, *lower])

    def _paint_plate(self, painter: QPainter, high: bool) -> None:
        plate = self.plate_rect()
        path = QPainterPath()
        path.addRoundedRect(plate, plate.height() / 2.6, plate.height() / 2.6)
        painter.fillPath(path, BLACK if high else PLATE_COLOUR)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if high:  # inside the plate: the item is cut to its bounds when cached
            width = scene_pen(self, PEN)
            inner = plate.adjusted(width / 2, width / 2, -width / 2, -width / 2)
            painter.setPen(QPen(WHITE, width))
            painter.drawRoundedRect(inner, inner.height() / 2.6, inner.height() / 2.6)
        else:
            painter.setPen(QPen(PLATE_EDGE, 0.035 * self._radius))
            painter.drawPath(path)
        painter.setPen(Qt.PenStyle.NoPen)
        text = _text_path(self.label, plate.center(), self._cap(), 1e9)
        painter.fillPath(text, WHITE if high else PLATE_TEXT)
