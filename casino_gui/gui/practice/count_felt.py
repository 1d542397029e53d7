"""The felt of a counting drill: the cards of the count-down, one or two at a time, or the
discard tray of the true-count drill, its depth in decks marked as a counter reads it."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from casino_gui.engine import CARDS_PER_DECK, Card
from casino_gui.engine.practice import decks_text
from casino_gui.gui.painting.card_face import CARD_HEIGHT, CARD_WIDTH, paint_card
from casino_gui.gui.table.spoken import card_words
from casino_gui.gui.theme import CREAM, GOLD, WOOD_DARK, paint_wood_and_felt, sans

CARD_GAP = 0.18  # between the two cards of a pair, in card widths


class CountFelt(QWidget):
    """Cards face up in the middle of the felt, or a discard tray; a click is `clicked`."""

    clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(240, 150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.cards: tuple[Card, ...] = ()
        self.tray: tuple[int, int] | None = None  # (cards in the tray, cards in the shoe)

    def show_cards(self, cards: tuple[Card, ...]) -> None:
        self.cards, self.tray = cards, None
        # A screen reader reads what the eye sees (docs/decisions.md, "The table in words").
        self.setAccessibleName(", ".join(map(card_words, cards)) if cards else "No card yet")
        self.update()

    def show_tray(self, discarded: int, shoe: int) -> None:
        self.cards, self.tray = (), (discarded, shoe)
        decks = shoe // CARDS_PER_DECK
        self.setAccessibleName(f"Discard tray: {decks_text(discarded)} of a {decks}-deck shoe")
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() is Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mousePressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        felt = paint_wood_and_felt(painter, QRectF(self.rect()), rail=10)
        if self.cards:
            self._paint_cards(painter, felt)
        elif self.tray is not None:
            self._paint_tray(painter, felt, *self.tray)
        painter.end()

    def _paint_cards(self, painter: QPainter, felt: QRectF) -> None:
        count = len(self.cards)
        wide = CARD_WIDTH * (count + CARD_GAP * (count - 1))
        scale = min(felt.height() * 0.8 / CARD_HEIGHT, felt.width() * 0.8 / wide)
        left = felt.center().x() - wide * scale / 2
        top = felt.center().y() - CARD_HEIGHT * scale / 2
        for index, card in enumerate(self.cards):
            painter.save()
            painter.translate(left + index * CARD_WIDTH * (1 + CARD_GAP) * scale, top)
            painter.scale(scale, scale)
            paint_card(painter, card, True)
            painter.restore()

    def _paint_tray(self, painter: QPainter, felt: QRectF, discarded: int, shoe: int) -> None:
        """A tray as deep as the shoe, its discards stacked from the bottom; a mark at each
        deck and a finer one at each half."""
        decks = shoe / CARDS_PER_DECK
        height = felt.height() * 0.78
        tray = QRectF(0, 0, min(felt.width() * 0.22, height * 0.6), height)
        tray.moveCenter(felt.center())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(tray, WOOD_DARK)
        filled = tray.adjusted(4, 4, -4, -4)
        depth = filled.height() * discarded / shoe
        painter.fillRect(
            QRectF(filled.left(), filled.bottom() - depth, filled.width(), depth), CREAM
        )
        painter.setPen(QPen(QColor(0, 0, 0, 60), 1))
        for edge in range(0, round(depth), 3):  # the cards' edges
            y = filled.bottom() - edge
            painter.drawLine(int(filled.left()), int(y), int(filled.right()), int(y))
        painter.setFont(sans(max(10.0, height / 22)))
        for half in range(1, 2 * round(decks)):
            y = filled.bottom() - filled.height() * half / (2 * decks)
            whole = half % 2 == 0
            painter.setPen(QPen(GOLD, 2 if whole else 1))
            reach = 14 if whole else 7
            painter.drawLine(int(tray.right()), int(y), int(tray.right() + reach), int(y))
            if whole:
                painter.drawText(int(tray.right() + 18), int(y + 5), f"{half // 2}")
        painter.setPen(GOLD)
        painter.setFont(sans(max(11.0, height / 18), bold=True))
        painter.drawText(
            QRectF(felt.left(), tray.bottom() + 2, felt.width(), felt.bottom() - tray.bottom()),
            Qt.AlignmentFlag.AlignCenter,
            f"Discard tray of a {round(decks)}-deck shoe",
        )
