"""The picture choices of the settings dialog: felt swatches and card-back previews.

Each tile paints what it chooses with the table's own painting (`painting/felt_colours.py`,
`painting/card_back.py`), so the player picks from the real felt and the real backs. A tile is a
checkable button: one of a row is checked (`QButtonGroup`), clicks and Space choose it, the
chosen one wears a gold ring.
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPen, QRadialGradient
from PySide6.QtWidgets import QAbstractButton, QWidget

from casino_gui.gui.painting.card_back import back_layers, back_title
from casino_gui.gui.painting.card_face import CARD_HEIGHT, CARD_WIDTH, paint_card
from casino_gui.gui.painting.felt_colours import felt_colours
from casino_gui.gui.settings import CardBack, Felt
from casino_gui.gui.theme import CREAM, GOLD, GOLD_BRIGHT, WOOD, sans

TITLE_HEIGHT = 20
RING = 3.0


class ChoiceTile(QAbstractButton):
    """A checkable picture with its title under it; `choice` is the setting's member."""

    def __init__(
        self, choice: StrEnum, title: str, picture: QSize, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.choice = choice
        self.setText(title)
        self.setToolTip(title)
        self.setAccessibleName(title)
        self.setCheckable(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._picture = picture
        self.setFixedSize(max(picture.width() + 16, 96), picture.height() + TITLE_HEIGHT + 14)

    def sizeHint(self) -> QSize:
        return self.size()

    def picture_rect(self) -> QRectF:
        width, height = self._picture.width(), self._picture.height()
        return QRectF((self.width() - width) / 2, 6.0, width, height)

    def paint_picture(self, painter: QPainter, rect: QRectF) -> None:
        raise NotImplementedError

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.picture_rect()
        if self.isChecked() or self.underMouse() or self.hasFocus():
            ring = QColor(GOLD_BRIGHT if self.isChecked() else GOLD)
            if not self.isChecked():
                ring.setAlpha(120)
            painter.setPen(QPen(ring, RING if self.isChecked() else 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 9, 9)
        painter.save()
        self.paint_picture(painter, rect)
        painter.restore()
        painter.setFont(sans(13, bold=self.isChecked()))
        painter.setPen(GOLD_BRIGHT if self.isChecked() else CREAM)
        title = QRectF(0, rect.bottom() + 6, self.width(), TITLE_HEIGHT)
        painter.drawText(title, Qt.AlignmentFlag.AlignCenter, self.text())
        painter.end()


class FeltSwatch(ChoiceTile):
    """A piece of felt of one colour, lit from above as the table is, in a wooden frame."""

    def __init__(self, felt: Felt, parent: QWidget | None = None) -> None:
        super().__init__(felt, felt_colours(felt).title, QSize(84, 58), parent)
        self.felt = felt

    def paint_picture(self, painter: QPainter, rect: QRectF) -> None:
        colours = felt_colours(self.felt)
        gradient = QRadialGradient(QPointF(rect.center().x(), rect.top()), rect.width() * 0.9)
        gradient.setColorAt(0.0, colours.centre_colour())
        gradient.setColorAt(1.0, colours.edge_colour())
        painter.setPen(QPen(WOOD, 4.0))
        painter.setBrush(QBrush(gradient))
        painter.drawRoundedRect(rect.adjusted(2, 2, -2, -2), 7, 7)


class BackPreview(ChoiceTile):
    """A small card showing one design of back, painted exactly as on the table."""

    HEIGHT = 84

    def __init__(self, back: CardBack, parent: QWidget | None = None) -> None:
        width = round(self.HEIGHT * CARD_WIDTH / CARD_HEIGHT)
        super().__init__(back, back_title(back), QSize(width, self.HEIGHT), parent)
        self.back = back

    def paint_picture(self, painter: QPainter, rect: QRectF) -> None:
        scale = rect.height() / CARD_HEIGHT
        painter.translate(rect.topLeft())
        painter.scale(scale, scale)
        paint_card(painter, None, False, back_layers(self.back))
