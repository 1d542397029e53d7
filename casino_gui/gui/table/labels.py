"""Where the table's labels stand clear of each other and of the felt's print
(docs/decisions.md, "The felt's print" and "The table's picture")."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath

from casino_gui.engine import Rules
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.felt import printed_shapes

LABEL_GAP = 6.0  # between split hands' labels


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
