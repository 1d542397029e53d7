"""The felt's keyboard focus: the thing the arrows stand on, and the ring drawn around it.

The felt is one Tab stop; its arrows walk its things in the table's order (the dealer, the
tray, each circle and its hands: `spoken.felt_words`), and a screen reader hears each as it is
reached. While bets are open ← and → stay the window's keys that choose a circle, and the
focus goes with the circle chosen; when a hand's turn comes, it goes to that hand
(docs/decisions.md, "Keys and focus").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem

from casino_gui.gui.panels.one_tab_stop import paint_ring
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.felt_key import DEALER, FeltKey, FeltThing
from casino_gui.gui.table.geometry import DEALER_CARDS, card_size

if TYPE_CHECKING:
    from casino_gui.gui.table.scene import TableScene

RING_MARGIN = 8.0  # scene units between a thing and its ring


def thing_items(scene: TableScene, key: FeltKey) -> list[QGraphicsItem]:
    """The items a thing of the felt (`Spoken.key`) is drawn with."""
    number = key.number
    match key.thing:
        case FeltThing.CIRCLE:
            return [scene.circles[number]] if number in scene.circles else []
        case FeltThing.HAND:  # its cards, and the total and result told with them
            labels = [store[number] for store in (scene.totals, scene.results) if number in store]
            return [*scene.hand_cards.get(number, []), *_shown(labels)]
        case FeltThing.DEALER:
            return [*scene.dealer_cards, *_shown([scene.dealer_total])]
        case FeltThing.TRAY:
            return [scene.tray]


def _shown(labels: list[Badge]) -> list[QGraphicsItem]:
    return [label for label in labels if label.isVisible() and label.text]


def thing_bounds(scene: TableScene, key: FeltKey) -> QRectF:
    """Where a thing is on the felt, in scene units; the dealer without cards is his place."""
    bounds = QRectF()
    for item in thing_items(scene, key):
        bounds = bounds.united(item.sceneBoundingRect())
    if bounds.isEmpty() and key == DEALER:
        width, height = card_size()
        bounds = QRectF(DEALER_CARDS.x() - width, DEALER_CARDS.y() - height / 2, 2 * width, height)
    return bounds


class FeltFocus:
    """Which thing of a scene's felt the arrows stand on (`key`)."""

    def __init__(self) -> None:
        self.key: FeltKey | None = None
        self._led_to: FeltKey | None = None  # where the table last led the focus

    def keys(self, scene: TableScene) -> list[FeltKey]:
        from casino_gui.gui.table.spoken import felt_words  # the felt's order, Qt-free

        return [thing.key for thing in felt_words(scene.shown)] if scene.shown else []

    def follow(self, scene: TableScene) -> bool:
        """The table's lead: the hand whose turn it is, else the circle chosen; the player's
        own walking stands until the lead changes. Whether the focus moved."""
        from casino_gui.gui.table.spoken import felt_words

        things = felt_words(scene.shown) if scene.shown else ()
        lead = next((t.key for t in things if t.current), None)
        lead = lead or next((t.key for t in things if t.selected), None)
        before = self.key
        if lead is not None and lead != self._led_to:
            self.key = lead
        elif self.key not in [thing.key for thing in things]:
            self.key = lead or (things[0].key if things else None)
        self._led_to = lead
        return self.key != before

    def step(self, scene: TableScene, by: int) -> bool:
        """Walk `by` things along the felt; whether the focus moved."""
        keys = self.keys(scene)
        if not keys:
            return False
        here = keys.index(self.key) if self.key in keys else 0
        key = keys[max(0, min(here + by, len(keys) - 1))]
        moved, self.key = key != self.key, key
        return moved

    def paint(self, painter: QPainter, scene: TableScene) -> None:
        """The ring around the thing, in scene units."""
        if self.key is None:
            return
        bounds = thing_bounds(scene, self.key)
        if not bounds.isEmpty():
            margin = RING_MARGIN
            paint_ring(painter, bounds.adjusted(-margin, -margin, margin, margin), 12.0)
