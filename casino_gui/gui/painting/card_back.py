"""The designs of the cards' backs, by the settings' `CardBack`.

Each design is a tuple of cached layers of ink, like a card's face (`card_face.py`): the table's
cards and the settings dialog's previews paint the same layers, so a preview is the real back.

>>> [back_title(back) for back in CardBack]
['Classic red', 'Classic blue', 'Gold lattice']
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPainterPathStroker

from casino_gui.gui.painting.card_face import (
    BACK_BORDER,
    BACK_FIELD,
    CARD_HEIGHT,
    CARD_WIDTH,
    Layer,
    card_outline,
    suit_path,
)
from casino_gui.gui.painting.card_face import (
    back_layers as classic_back,
)
from casino_gui.gui.settings import CardBack

CARD_BACK_TITLES = {
    CardBack.RED: "Classic red",
    CardBack.BLUE: "Classic blue",
    CardBack.LATTICE: "Gold lattice",
}
BLUE_FIELD = QColor("#1d3f86")
BLUE_LATTICE = QColor("#5a7fc4")
WALNUT = QColor("#2b1d12")
GOLD = QColor("#d6b055")


def back_colour(back: CardBack) -> QColor:
    """The colour of the design's field: the card showing in the mouth of the shoe."""
    return {CardBack.BLUE: BLUE_FIELD, CardBack.LATTICE: WALNUT}.get(back, BACK_FIELD)


def back_title(back: CardBack) -> str:
    return CARD_BACK_TITLES[back]


@cache
def back_layers(back: CardBack) -> tuple[Layer, ...]:
    """The layers of that back."""
    if back is CardBack.BLUE:
        return classic_back(BLUE_FIELD.name(), BLUE_LATTICE.name())
    if back is CardBack.LATTICE:
        return _gold_lattice()
    return classic_back()


def _stroke(path: QPainterPath, width: float) -> QPainterPath:
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return stroker.createStroke(path)


def _gold_lattice() -> tuple[Layer, ...]:
    """A walnut field under a wide gold diamond trellis, a double gold frame and a diamond
    in a medallion: as far from the classic backs as a back can be and still be a back."""
    field = card_outline(4.0)
    trellis = QPainterPath()
    spacing = 14.0
    reach = CARD_WIDTH + CARD_HEIGHT
    for step in range(-int(reach / spacing) - 1, int(reach / spacing) + 2):
        offset = step * spacing
        trellis.moveTo(offset, 0)
        trellis.lineTo(offset + CARD_HEIGHT * 0.7, CARD_HEIGHT)
        trellis.moveTo(offset, CARD_HEIGHT)
        trellis.lineTo(offset + CARD_HEIGHT * 0.7, 0)
    lattice = _stroke(trellis, 1.1).intersected(card_outline(11.0))
    frames = _stroke(card_outline(7.5), 1.4).united(_stroke(card_outline(10.5), 0.7))
    centre = QPointF(CARD_WIDTH / 2, CARD_HEIGHT / 2)
    medallion = QPainterPath()
    medallion.addEllipse(centre, 17, 22)
    emblem = suit_path("D", centre, 24.0)
    gold, walnut = QBrush(GOLD), QBrush(WALNUT)
    return (
        (card_outline(), QBrush(BACK_BORDER)),
        (field, walnut),
        (lattice, QBrush(GOLD.darker(125))),
        (frames, gold),
        (medallion, walnut),
        (_stroke(medallion, 1.4), gold),
        (emblem, gold),
    )
