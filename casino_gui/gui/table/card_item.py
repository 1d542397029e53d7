"""A playing card on the table: the painted card, turned over and slid into place by animations."""

from __future__ import annotations

import math

from PySide6.QtCore import (
    Property,
    QAbstractAnimation,
    QEasingCurve,
    QPointF,
    QPropertyAnimation,
    QRectF,
)
from PySide6.QtGui import QPainter, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from casino_gui.engine import Card
from casino_gui.gui.painting.card_back import back_layers
from casino_gui.gui.painting.card_face import (
    CARD_HEIGHT,
    CARD_WIDTH,
    SHADOW_MARGIN,
    card_outline,
    paint_card,
)
from casino_gui.gui.table.look import look_at
from casino_gui.gui.table.motion import slide_animation

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "CardItem"]


class CardItem(QGraphicsObject):
    """One card on the table. `pos` is the card's top-left corner; it is CARD_WIDTH × CARD_HEIGHT.

    `flip` (0..1) is a Qt property for animations: the card squeezes to a line at 0.5, where
    the face it shows is swapped, and opens again by 1.
    """

    def __init__(
        self, card: Card | None = None, face_up: bool = True, parent: QGraphicsItem | None = None
    ) -> None:
        super().__init__(parent)
        self._card = card
        self._face_up = face_up
        self._flip = 0.0
        self._sideways = False
        # Painted once into a pixmap that slides with it (docs/decisions.md, "The pace of the
        # table"): a card's vector face is the dearest thing a frame of the deal draws.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    @property
    def card(self) -> Card | None:
        return self._card

    def set_card(self, card: Card | None) -> None:
        """Tell the card what it is (a hole card learnt before it is turned)."""
        self._card = card
        self.update()

    @property
    def face_up(self) -> bool:
        return self._face_up

    def set_face_up(self, face_up: bool) -> None:
        self._face_up = face_up
        self.update()

    @property
    def sideways(self) -> bool:
        return self._sideways

    def set_sideways(self, sideways: bool) -> None:
        """Lay the card across the hand (a double's card), turned a quarter about its centre."""
        if sideways != self._sideways:
            self._sideways = sideways
            self._apply_flip_transform()

    def boundingRect(self) -> QRectF:
        return QRectF(
            -SHADOW_MARGIN,
            -SHADOW_MARGIN,
            CARD_WIDTH + 2 * SHADOW_MARGIN,
            CARD_HEIGHT + 2 * SHADOW_MARGIN,
        )

    def shape(self) -> QPainterPath:
        return card_outline()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        # The back is the player's, held by the scene (`TableScene.set_look`): a setting of the
        # table, not of a card, so every card shows it however it came onto the table.
        look = look_at(self)
        back = back_layers(look.card_back)
        paint_card(
            painter,
            self._card,
            self._face_up,
            back,
            four_colour=look.four_colour,
            high_contrast=look.high_contrast,
        )

    # --- the flip ---

    def _get_flip(self) -> float:
        return self._flip

    def _set_flip(self, value: float) -> None:
        value = min(1.0, max(0.0, float(value)))
        if (value >= 0.5) != (self._flip >= 0.5):
            self._face_up = not self._face_up
        self._flip = value
        self._apply_flip_transform()
        self.update()

    flip = Property(float, _get_flip, _set_flip)

    def _apply_flip_transform(self) -> None:
        # A turn about the card's long axis, seen from above: the width follows |cos|, and the
        # card seems to lift a little at the middle of the turn.
        width = max(0.01, abs(math.cos(math.pi * self._flip)))
        lift = 1.0 + 0.06 * math.sin(math.pi * self._flip)
        # Qt applies the item's scale before its transform: turn about the scaled centre.
        centre = QPointF(CARD_WIDTH / 2, CARD_HEIGHT / 2) * self.scale()
        self.setTransform(
            QTransform()
            .translate(centre.x(), centre.y())
            .rotate(90.0 if self._sideways else 0.0)
            .scale(width * lift, lift)
            .translate(-centre.x(), -centre.y())
        )

    def _on_flip_state(self, new: QAbstractAnimation.State, old: QAbstractAnimation.State) -> None:
        if new != QAbstractAnimation.State.Stopped:
            return
        # Finished or stopped early, a flip always ends flat with the other face showing:
        # before the middle the face has not been swapped yet.
        if self._flip < 0.5:
            self._face_up = not self._face_up
        self._flip = 0.0
        self._apply_flip_transform()
        self.update()

    def flip_animation(self, duration_ms: int) -> QAbstractAnimation:
        """Turn the card over: squeeze, show the other face, open. 0 ms turns it at once on start.

        The animation belongs to the card; stopping it early still leaves the card turned.
        """
        animation = QPropertyAnimation(self, b"flip", self)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(max(0, duration_ms))
        animation.setEasingCurve(QEasingCurve.Type.InOutSine)
        animation.stateChanged.connect(self._on_flip_state)
        return animation

    def move_animation(self, target: QPointF, duration_ms: int) -> QAbstractAnimation:
        """Slide the card's top-left corner to `target`; 0 ms puts it there at once on start."""
        return slide_animation(self, target, duration_ms)
