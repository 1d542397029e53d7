"""The lobby's Practice tile: a slim placard under the tables (eight tables still fit 800 x 470),
whose button, Enter, Space or P opens Practice at the table played last; the arrow keys reach it
from the tables' last row and go back up."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from casino_gui.gui.lobby.game_tile import _PLAY_STYLE, _button
from casino_gui.gui.theme import CREAM, sans

PRACTICE_LINE = (
    "Drills for every game, graded by the exact advisor \N{EN DASH} with practice chips, "
    "never your bankroll"
)


class PracticeTile(QFrame):
    """PRACTICE and its line."""

    clicked = Signal()
    up_requested = Signal()  # the Up arrow: back to the tables (the lobby's arrow keys)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("practiceTile")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setStyleSheet(
            "#practiceTile { background: rgba(0, 0, 0, 70); border: 1px solid #9c7a2e;"
            " border-radius: 10px; }"
            "#practiceTile:focus { border: 2px solid #f7dc85; }"
        )
        self.button = _button("PRACTICE", _PLAY_STYLE)
        self.button.clicked.connect(self.clicked)
        self.line = QLabel(PRACTICE_LINE)
        self.line.setWordWrap(True)
        self.line.setStyleSheet(f"color: {CREAM.name()}; background: transparent; border: 0;")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 5, 10, 5)
        layout.addWidget(self.button)
        layout.addWidget(self.line, 1)
        self.set_small(False)

    def set_small(self, small: bool) -> None:
        self.line.setFont(sans(11 if small else 13))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_P):
            self.clicked.emit()
            return
        if event.key() == Qt.Key.Key_Up:
            self.up_requested.emit()
            return
        super().keyPressEvent(event)
