"""The view of the table: the fixed logical scene scaled to the window with its aspect kept."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from casino_gui.gui import accessible_felt
from casino_gui.gui.table.scene import TableScene


class TableView(QGraphicsView):
    # A screen reader hears what the felt's pictures change (docs/decisions.md, "The table in
    # words"); the replay viewer says its steps itself instead.
    tells_news = True

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        accessible_felt.install()  # the felt's things, told to screen readers
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

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit()
