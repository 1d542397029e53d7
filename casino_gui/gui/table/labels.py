"""Where the table's labels stand clear of each other and of the felt's print
(docs/decisions.md, "The felt's print" and "The table's picture")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from casino_gui.engine import Rules
from casino_gui.gui.painting.card_face import SHADOW_MARGIN
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.felt import printed_shapes
from casino_gui.gui.table.geometry import CARD_SCALE, card_position, card_size

if TYPE_CHECKING:
    from casino_gui.gui.table.scene import TableScene

LABEL_GAP = 6.0  # between split hands' labels
CARD_SHADOW = SHADOW_MARGIN * CARD_SCALE  # how far below a card its shadow reaches
TOTAL_GAP = 2.0  # between a hand's cards, shadow and all, and its total
RESULT_ROW = 31.0  # a result's height and a little room


class LabelPlacing:
    """Where a scene's hand labels and pointer stand: totals under each hand, results above
    it (or under its total, off the felt's print), the pointer under the active hand."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._print: FeltPrint | None = None  # the felt's print, made when first asked
        self._result_places: dict[int, tuple[QPointF, QPointF]] = {}  # above, or under

    def labels(self) -> None:
        scene = self.scene
        width, height = card_size()
        self._result_places = {}
        for spot in scene.circles:
            hands, origins = scene.hands_at(spot)
            lasts = [
                card_position(origin, max(1, len(scene.hand_cards[hand])) - 1)
                for hand, origin in zip(hands, origins, strict=True)
            ]
            # Split hands stand closer than a result is wide: their results share the row of
            # the highest, and every other one is raised a row, so that none touch.
            row = min((last.y() for last in lasts), default=0.0) - 18
            below = height + CARD_SHADOW + TOTAL_GAP
            lowest = max((o.y() for o in origins), default=0.0)
            tall = max((scene.totals[h].boundingRect().height() for h in hands), default=0.0)
            under = lowest + below + tall + 2 + RESULT_ROW / 2
            for index, (hand_id, origin) in enumerate(zip(hands, origins, strict=True)):
                last = lasts[index]
                total = scene.totals[hand_id]
                # Under the first card (the lowest) and clear of the shadow it throws.
                total.setPos(
                    origin.x() + width / 2, origin.y() + below + total.boundingRect().height() / 2
                )
                y = last.y() - 18 if len(hands) == 1 else row - RESULT_ROW * (index % 2)
                # Above the hand, or under its total off the print (`result`).
                self._result_places[hand_id] = (
                    QPointF(last.x() + width / 2, y),
                    QPointF(origin.x() + width / 2, under + RESULT_ROW * (index % 2)),
                )
                self.result(hand_id)
            spread([scene.totals[h] for h in hands if scene.totals[h].text])

    def result(self, hand_id: int) -> None:
        """A hand's result above it, or under its total where above it is the felt's print."""
        places = self._result_places.get(hand_id)
        if places is None:
            return
        result = self.scene.results[hand_id]
        above, under = places
        result.setPos(above)
        if self._print is None:
            self._print = FeltPrint(self.scene.rules)
        if result.text and self._print.covers(result.sceneBoundingRect()):
            result.setPos(under)

    def pointer(self, hand_id: int | None) -> None:
        """The gold pointer under the active hand's total; hidden when no hand is played."""
        scene = self.scene
        if hand_id is None or hand_id not in scene.totals:
            scene.pointer.hide()
            return
        total = scene.totals[hand_id]
        scene.pointer.setPos(total.pos().x(), total.pos().y() + 22)
        scene.pointer.show()


def spread(labels: list[Badge]) -> None:
    """Split hands' labels ("13 · $75.00") are wider than their hands stand apart: each keeps
    a gap from the one before, and the row stays centred where they wanted to be."""
    if len(labels) < 2:
        return
    wanted = [label.x() for label in labels]
    placed = wanted[:1]
    for index in range(1, len(labels)):
        half = (labels[index - 1].boundingRect().width() + labels[index].boundingRect().width()) / 2
        placed.append(max(wanted[index], placed[-1] + half + LABEL_GAP))
    shift = (sum(wanted) - sum(placed)) / len(labels)
    for label, x in zip(labels, placed, strict=True):
        label.setX(x + shift)


class FeltPrint:
    """Everything printed on a table's felt, as one outline a label can be checked against."""

    def __init__(self, rules: Rules) -> None:
        self._outline = QPainterPath()
        for _name, shape in printed_shapes(rules):
            self._outline.addPath(shape)

    def covers(self, box: QRectF) -> bool:
        """Whether a label standing in `box` (scene units) would lie on the print."""
        outline = QPainterPath()
        outline.addRect(box)
        return self._outline.intersects(outline)
