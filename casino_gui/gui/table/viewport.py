"""The view of the table: the fixed logical scene scaled to the window with its aspect kept.

It is the felt's Tab stop: its arrows walk the things on the felt (`felt_focus.py`).
"""

from __future__ import annotations

import functools

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import (
    QAccessible,
    QAccessibleInterface,
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from casino_gui.gui.table.felt_focus import FeltFocus
from casino_gui.gui.table.scene import TableScene

# ↑ and ↓ are the felt's own; ← and → too, unless the window's shortcuts take them to choose
# a circle while bets are open.
STEPS = {Qt.Key.Key_Up: -1, Qt.Key.Key_Left: -1, Qt.Key.Key_Down: 1, Qt.Key.Key_Right: 1}
OWN_KEYS = (Qt.Key.Key_Up, Qt.Key.Key_Down)


class TableView(QGraphicsView):
    # A screen reader hears what the felt's pictures change (docs/decisions.md, "The table in
    # words"); the replay viewer says its steps itself instead.
    tells_news = True
    felt_made = False  # Qt's accessibility has asked for the felt's object (accessible_felt)

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        _install_felt_factory()  # the felt's things, told to screen readers
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(QColor("#17110d"))
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        # Small enough for a 1024 x 600 screen, or 1600 x 1000 at 2x, with the bar below.
        self.setMinimumSize(320, 160)
        # A Tab stop, and a click on the felt gives it the keys; the table's letters are the
        # window's shortcuts and work wherever the focus is.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.focus = FeltFocus()
        # The ring is drawn once the keyboard walks the felt (Tab to it, or its arrows), and
        # not while the mouse plays, as a focus frame is (docs/decisions.md, "Keys and focus").
        self.ring_shown = False

    def told(self) -> None:
        """The scene drew a new picture: the focus follows the table's lead, and a listening
        screen reader hears what changed."""
        if self.hasFocus():
            self.focus.follow(self._scene())
        if self.felt_made or QAccessible.isActive():
            from casino_gui.gui.accessible_felt import felt_shown

            felt_shown(self)

    def _scene(self) -> TableScene:
        return self.scene()  # type: ignore[return-value]  # a table view shows a table

    def _tell_focus(self) -> None:
        self.viewport().update()
        if self.hasFocus() and (self.felt_made or QAccessible.isActive()):
            from casino_gui.gui.accessible_felt import felt_focused

            felt_focused(self)

    def event(self, event: QEvent) -> bool:
        if (
            event.type() is QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in OWN_KEYS
            and not event.modifiers()
        ):
            event.accept()  # the felt's, before any shortcut of the window
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in STEPS and not event.modifiers():
            self.ring_shown = True
            self.focus.step(self._scene(), STEPS[Qt.Key(event.key())])
            self._tell_focus()
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.ring_shown:
            self.ring_shown = False  # the mouse plays: the ring would only cover the felt
            self.viewport().update()
        super().mousePressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        keyed = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)
        self.ring_shown = self.ring_shown or event.reason() in keyed
        self.focus.follow(self._scene())
        self._tell_focus()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.viewport().update()

    def drawForeground(self, painter: QPainter, rect: QRectF | object) -> None:
        if self.hasFocus() and self.ring_shown:
            self.focus.paint(painter, self._scene())

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit()


@functools.cache
def _install_felt_factory() -> None:
    QAccessible.installFactory(_felt_factory)


def _felt_factory(key: str, thing: QObject) -> QAccessibleInterface | None:
    """Qt's accessibility asks for an object's interface: a table view's is its felt's."""
    if key != "TableView":
        return None
    from casino_gui.gui.accessible_felt import made_for  # loaded only when a reader asks

    return made_for(thing)  # type: ignore[arg-type]  # the key says what `thing` is
