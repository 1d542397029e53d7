"""A betting circle: left-click adds the selected chip, right-click removes it (seed 002).

The clicks are taken in the press and release handlers, not in a context-menu event, so a
right click behaves the same from a mouse and from a test (docs/architecture.md, "Known traps on
this stack").
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from casino_gui.engine.betting import CircleKind
from casino_gui.gui.painting.contrast import PEN, WHITE, YELLOW
from casino_gui.gui.table.chip_item import ChipStackItem
from casino_gui.gui.table.felt import MIN_PRINT_PIXELS
from casino_gui.gui.table.look import look_at
from casino_gui.gui.theme import panel_sans

RING = QColor(255, 255, 255, 150)
RING_HOVER = QColor("#f3d27a")
RING_CHOSEN = QColor("#ffd54a")  # the circle the arrow keys chose: a thick gold ring
LABEL = QColor(255, 255, 255, 120)
SIDE_CHIPS_SCALE = 0.55  # a Buster circle's chips, and insurance chips on the line beside


class BettingCircle(QGraphicsObject):
    """One circle of a spot: the main bet, or No Bust 21's small Buster circle."""

    clicked = Signal(int, object, bool)  # spot, its CircleKind, True to add a chip

    def __init__(self, spot: int, kind: CircleKind, radius: float, label: str) -> None:
        super().__init__()
        self.spot = spot
        self.kind = kind
        self.radius = radius
        self.label = label
        self._open = True
        self._hover = False
        self._chosen = False
        self._covered = False  # split hands' own stacks stand in it
        self._text_scale = 1.0  # the player's text size (`TableLook.text_scale`)
        self.chips = ChipStackItem()
        self.chips.setParentItem(self)
        self.chips.setScale(0.8 if kind is CircleKind.MAIN else SIDE_CHIPS_SCALE)
        self.chip_home = QPointF(0.0, 4.0 if kind is CircleKind.MAIN else 2.0)
        self.chips.setPos(self.chip_home)
        # Its wide antialiased rings are redrawn whenever a card or a chip passes over them:
        # from a picture of itself (docs/decisions.md, "The pace of the table").
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton)
        self.set_betting_open(True)

    def boundingRect(self) -> QRectF:
        r = self.radius + 6.0
        return QRectF(-r, -r, 2 * r, 2 * r + 26.0).united(self.label_rect())

    def label_font(self) -> QFont:
        """A number in the ring grows with the player's text size; a label beside the ring is
        the felt's print, which keeps its size (docs/decisions.md, "The look adapts")."""
        scale = 1.0 if self.label_outside() else self._text_scale
        return self._font(scale)

    def _font(self, scale: float) -> QFont:
        return panel_sans(max(MIN_PRINT_PIXELS, self.radius * 0.3) * scale, bold=True)

    def set_text_scale(self, scale: float) -> None:
        """The player's text size (`TableLook.text_scale`): the label grows, beside the ring
        where it no longer fits in it."""
        self.prepareGeometryChange()
        self._text_scale = scale
        self.update()

    def label_outside(self) -> bool:
        """A label too wide for the ring at a readable size ("BUSTER") is printed beside it."""
        width = QFontMetricsF(self._font(1.0)).horizontalAdvance(self.label)
        return width > 2 * (self.radius - 9)

    def label_rect(self) -> QRectF:
        """Where the label is printed, in the circle's coordinates: inside the ring, or on the
        felt to its left (the side away from the main circle above it)."""
        if not self.label_outside():
            return QRectF(-self.radius, -self.radius, 2 * self.radius, 2 * self.radius)
        metrics = QFontMetricsF(self.label_font())
        width, height = metrics.horizontalAdvance(self.label) + 4, metrics.height()
        return QRectF(-self.radius - 8 - width, -height / 2, width, height)

    def words_rect(self) -> QRectF:
        """Where its label's letters lie while it is printed, in the circle's coordinates."""
        if not self.label_shown():
            return QRectF()
        if self.label_outside():
            return self.label_rect()
        metrics = QFontMetricsF(self.label_font())
        width, height = metrics.horizontalAdvance(self.label), metrics.capHeight()
        return QRectF(-width / 2, -height / 2, width, height)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0.0, 0.0), self.radius, self.radius)
        return path

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        lit = self._hover and self._open
        # High contrast: opaque white rings and words at least 2 px wide, yellow under the
        # pointer (docs/decisions.md, "The look adapts").
        high = look_at(self).high_contrast
        ring, label, hover = (WHITE, WHITE, YELLOW) if high else (RING, LABEL, RING_HOVER)
        painter.setBrush(QColor(0, 0, 0, 40 if not lit else 70))
        painter.setPen(QPen(hover if lit else ring, PEN + 1 if high else 3.0))
        painter.drawEllipse(QPointF(0.0, 0.0), self.radius, self.radius)
        painter.setPen(QPen(hover if lit else ring, PEN if high else 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(0.0, 0.0), self.radius - 7, self.radius - 7)
        if self._chosen:
            chosen = YELLOW if high else RING_CHOSEN
            painter.setPen(QPen(chosen, 6.0 if high else 4.0, Qt.PenStyle.DashLine))
            painter.drawEllipse(QPointF(0.0, 0.0), self.radius + 3, self.radius + 3)
        if self.label_shown():
            painter.setPen(label)
            painter.setFont(self.label_font())
            align = (
                Qt.AlignmentFlag.AlignRight
                if self.label_outside()
                else Qt.AlignmentFlag.AlignCenter
            )
            painter.drawText(self.label_rect(), align | Qt.AlignmentFlag.AlignVCenter, self.label)

    def label_shown(self) -> bool:
        """Its label is printed: beside it, or inside while no chips stand in it."""
        return self.label_outside() or not (self.chips.amount or self._covered)

    def set_covered(self, covered: bool) -> None:
        """Split hands' own stacks stand in the circle (its chips are theirs now)."""
        if covered != self._covered:
            self._covered = covered
            self.update()

    def set_amount(self, cents: int) -> None:
        self.chips.set_amount(cents)
        self.update()

    def set_chosen(self, chosen: bool) -> None:
        """Drawn with a gold ring while the arrow keys have chosen it."""
        if chosen != self._chosen:
            self._chosen = chosen
            self.update()

    def is_chosen(self) -> bool:
        return self._chosen

    @property
    def amount(self) -> int:
        return self.chips.amount

    def set_betting_open(self, open_: bool) -> None:
        """While bets are open the circle takes clicks and shows a pointing hand."""
        self._open = open_
        self.setCursor(Qt.CursorShape.PointingHandCursor if open_ else Qt.CursorShape.ArrowCursor)
        self.update()

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = True
        self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = False
        self.update()

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()  # so that the release comes to this item

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if not self.shape().contains(event.pos()):
            return
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.spot, self.kind, True)
        elif event.button() == Qt.MouseButton.RightButton:
            self.clicked.emit(self.spot, self.kind, False)
