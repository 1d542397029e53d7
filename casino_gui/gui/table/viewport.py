"""The view of the table: the fixed logical scene scaled to the window with its aspect kept."""

from __future__ import annotations

import functools

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import (
    QAccessible,
    QAccessibleInterface,
    QColor,
    QPainter,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from casino_gui.gui.table.scene import TableScene


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
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys go to the window's shortcuts

    def told(self) -> None:
        """The scene drew a new picture: a listening screen reader hears what changed."""
        if self.felt_made or QAccessible.isActive():
            from casino_gui.gui.accessible_felt import felt_shown

            felt_shown(self)

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
