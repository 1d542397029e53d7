"""The discard tray on the dealer's right: a pile of used cards as deep as the picture says.

The pile is drawn as cards lying face down, seen at the table's angle: the top card's back and
below it the pile's edge, one thin layer per card, so its height tells roughly how many cards
have been used since the shoe was shuffled (`TablePicture.discards`). At a shoe game a plate
under the tray says how many cards are left and where the cut card is (`TablePicture.shoe`).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from casino_gui.gui.painting.card_back import back_layers
from casino_gui.gui.painting.card_face import CARD_HEIGHT, CARD_WIDTH, paint_card
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.geometry import DISCARD
from casino_gui.gui.table.look import look_at
from casino_gui.gui.table.shoe_picture import ShoePicture

LAYER = 1.6  # scene units of pile per card
MAX_PILE = 74.0  # the tray's depth: a pile never rises out of it
FACE = QRectF(-50.0, -30.0, 100.0, 60.0)  # the top card's back, lying, relative to the pile's top
EDGE = QColor("#efe8d6")
EDGE_LINE = QColor("#b9af98")
BOTTOM = 64.0  # the pile's foot, below the tray's centre
PLATE_TOP = 104.0  # the plate's top, below the tray's centre and its printed DISCARDS
PLATE_MARGIN = 14.0  # the least felt left of the plate, in scene units


class DiscardTray(QGraphicsObject):
    """The used cards of the last round, stacked in the tray; `pos` is the tray's centre."""

    count_changed = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self._count = 0
        self.setPos(DISCARD)
        self.setZValue(5)
        self.plate = Badge(15.0)  # a shoe game's cards left and cut card; hidden otherwise
        self.plate.setParentItem(self)
        self.place_plate()

    def set_shoe(self, shoe: ShoePicture | None) -> None:
        """The plate of a shoe game's shoe: gold once the cut card has come out."""
        text, tone = (
            ("", "total") if shoe is None else (shoe.plate, "active" if shoe.cut_out else "total")
        )
        if (text, tone) != (self.plate.text, self.plate.tone):  # each repaint paints the pile
            self.plate.set_text(text, tone)
            self.place_plate()

    def place_plate(self) -> None:
        """Under the tray, growing downwards with the player's text size, but never past the
        felt's left edge: a long plate moves right."""
        plate = self.plate
        left = self.pos().x() + plate.boundingRect().left() * plate.scale()
        height = plate.boundingRect().height() * plate.scale()
        plate.setPos(max(0.0, PLATE_MARGIN - left), PLATE_TOP + height / 2)

    @property
    def count(self) -> int:
        return self._count

    def set_count(self, count: int) -> None:
        if count != self._count:
            self.prepareGeometryChange()
            self._count = max(0, count)
            self.setToolTip(f"{self._count} used cards" if self._count else "")
            self.update()
            self.count_changed.emit(self._count)

    def pile_height(self) -> float:
        return min(MAX_PILE, self._count * LAYER) if self._count else 0.0

    def landing(self) -> QPointF:
        """Where a card put on the pile lands, in scene units (a card's `pos`)."""
        top = self.mapToScene(QPointF(0.0, BOTTOM - FACE.bottom() - self.pile_height()))
        return top - QPointF(CARD_WIDTH / 2 * 0.86, CARD_HEIGHT / 2 * 0.86)

    def boundingRect(self) -> QRectF:
        return QRectF(-60.0, -72.0, 120.0, 146.0)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if not self._count:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        height = self.pile_height()
        top = BOTTOM - FACE.height() - height
        edge = QRectF(
            FACE.left(), top + FACE.height() / 2, FACE.width(), height + FACE.height() / 2
        )
        path = QPainterPath()
        path.addRoundedRect(edge, 5, 5)
        painter.fillPath(path, EDGE)
        # A line every few cards, as the edges of a real pile show.
        painter.setPen(QPen(EDGE_LINE, 0.8))
        y = edge.bottom() - 3 * LAYER
        while y > top + FACE.height():
            painter.drawLine(QPointF(edge.left() + 2, y), QPointF(edge.right() - 2, y))
            y -= 3 * LAYER
        # The top card's back, lying across the tray.
        painter.translate(0.0, top + FACE.height() / 2)
        painter.scale(FACE.width() / CARD_HEIGHT, FACE.height() / CARD_WIDTH)
        painter.rotate(90.0)
        painter.translate(-CARD_WIDTH / 2, -CARD_HEIGHT / 2)
        # The player's card back, as on the cards in play (`TableScene.set_look`).
        look = look_at(self)
        paint_card(
            painter, None, False, back_layers(look.card_back), high_contrast=look.high_contrast
        )
        painter.restore()
