"""The replay viewer: one stored round on a small table, step by step.

Forward and back through every card and decision (the buttons, ← and →, Home and End), each
decision with the advisor's verdict ("HIT: best", "STAND: gives up $0.42 (best: HIT)"), the
round's result at the end. The round is read from the bankroll file through a read-only
connection of its own and rebuilt by the engine (`steps.replay_of`); nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import BlackjackError, rules_for
from casino_gui.gui.accessible_felt import announce
from casino_gui.gui.dialogs.screen_fit import resize_within_screen
from casino_gui.gui.replay.stage import show_step
from casino_gui.gui.replay.steps import Replay, Step, replay_of
from casino_gui.gui.settings import load_settings
from casino_gui.gui.table.look import look_of
from casino_gui.gui.table.scene import TableScene
from casino_gui.gui.table.viewport import TableView
from casino_gui.gui.theme import ERROR, GOLD_BRIGHT
from casino_gui.store import Bankroll, StoreError
from casino_gui.store.database import connect_read_only, read_damaged_text
from casino_gui.store.journal import ReplayError, read_round


def load_replay(bankroll: Bankroll, round_id: int) -> Replay:
    """The steps of a closed round of this bankroll; `StoreError` (a `ReplayError`) says why
    a round cannot be shown: unknown, still open, or a record that no longer reads."""
    db = read_damaged_text(connect_read_only(bankroll.path))
    try:
        row_exists = db.execute("SELECT state FROM rounds WHERE id = ?", (round_id,)).fetchone()
        if row_exists is None:
            raise ReplayError(f"there is no round {round_id} in this bankroll")
        if row_exists[0] == "open":
            raise ReplayError(f"round {round_id} is still being played")
        journaled = read_round(db, round_id)
    finally:
        db.close()
    return replay_of(journaled)


class ReplayViewer(QDialog):
    """Round `round_id` of the bankroll (the store's round id, as the history lists it)."""

    def __init__(self, bankroll: Bankroll, round_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.round_id = round_id
        self.setWindowTitle(f"Replay of round {round_id}")
        resize_within_screen(self, 960, 640)
        self.replay: Replay | None = None
        self.index = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        self.title = QLabel()
        layout.addWidget(self.title)
        try:
            self.replay = load_replay(bankroll, round_id)
        except (StoreError, BlackjackError) as error:
            self._warn(f"Round {round_id} cannot be replayed: {error}")
        rules = rules_for(self.replay.game if self.replay else "blackjack")
        self.scene = TableScene(rules)
        # On the player's felt and card back (Game ▸ Settings), as at his table.
        self.scene.set_look(look_of(load_settings(bankroll.folder)))
        self.view = TableView(self.scene, self)
        self.view.tells_news = False  # each step is read as its caption (`go_to`)
        self.view.setMinimumSize(320, 160)
        layout.addWidget(self.view, 1)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(self.caption)
        self.verdict = QLabel()
        self.verdict.setObjectName("verdict")
        layout.addWidget(self.verdict)
        row = QHBoxLayout()
        self.first_button = self._button("Start", "Home", lambda: self.go_to(0))
        self.back_button = self._button("◀ Back", "←", lambda: self.go_to(self.index - 1))
        self.counter = QLabel()
        self.counter.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.forward_button = self._button("Forward ▶", "→", lambda: self.go_to(self.index + 1))
        self.last_button = self._button("End", "End", lambda: self.go_to(len(self.steps) - 1))
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        close.setAutoDefault(False)
        for widget in (self.first_button, self.back_button):
            row.addWidget(widget)
        row.addWidget(self.counter, 1)
        for widget in (self.forward_button, self.last_button, close):
            row.addWidget(widget)
        layout.addLayout(row)
        # Shortcuts of the window, not key presses: the table's view, which has the focus,
        # would take ← and → to scroll itself.
        for key, button in (
            (Qt.Key.Key_Home, self.first_button),
            (Qt.Key.Key_Left, self.back_button),
            (Qt.Key.Key_Right, self.forward_button),
            (Qt.Key.Key_End, self.last_button),
        ):
            QShortcut(QKeySequence(key), self, button.click)
        if self.replay is not None:
            self.title.setText(f"Round {round_id} · {self.replay.name}")
            if not self.replay.agrees:  # a file edited by hand, or by another program
                self._warn(
                    f"Round {round_id} · {self.replay.name}: its record no longer replays to "
                    f"the result stored with it ({self.replay.result})"
                )
        self.go_to(0)

    def _warn(self, text: str) -> None:
        self.title.setText(text)
        self.title.setStyleSheet(f"color: {ERROR}")
        self.title.setWordWrap(True)

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.replay.steps if self.replay is not None else ()

    def _button(self, text: str, key: str, act: Callable[[], None]) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(f"{text.strip('◀▶ ')} ({key})")
        button.setAutoDefault(False)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # ← and → step, whatever has focus
        button.clicked.connect(act)
        return button

    def go_to(self, index: int) -> None:
        """Show step `index` (clamped to the round's steps)."""
        steps = self.steps
        for button in (self.first_button, self.back_button, self.forward_button, self.last_button):
            button.setEnabled(bool(steps))
        if not steps:
            self.counter.setText("")
            return
        self.index = max(0, min(index, len(steps) - 1))
        step = steps[self.index]
        show_step(self.scene, step)
        self.caption.setText(step.caption)
        self.verdict.setText(step.verdict_text)
        self.verdict.setVisible(bool(step.verdict_text))
        # Gold for the best move, the error colour for one that gave value up.
        matched = step.verdict is not None and step.verdict.matched
        colour = GOLD_BRIGHT.name() if matched else ERROR
        self.verdict.setStyleSheet(f"color: {colour}; font-weight: bold")
        last = self.index == len(steps) - 1
        self.counter.setText(f"Step {self.index + 1} of {len(steps)}")
        said = [f"Step {self.index + 1} of {len(steps)}", step.caption, step.verdict_text]
        announce(self.view, ". ".join(text.rstrip(".") for text in said if text))
        self.first_button.setEnabled(self.index > 0)
        self.back_button.setEnabled(self.index > 0)
        self.forward_button.setEnabled(not last)
        self.last_button.setEnabled(not last)

    def show_decision(self, number: int) -> None:
        """Go to the step of the round's decision `number` (its action's number, from 1, as
        the statistics' costliest decisions name it)."""
        for index, step in enumerate(self.steps):
            if step.decision == number:
                self.go_to(index)
                return


def open_replay(parent: QWidget, bankroll: Bankroll, round_id: int) -> ReplayViewer:
    """Show the replay of round `round_id` beside the window (not modal) and return it."""
    viewer = ReplayViewer(bankroll, round_id, parent)
    viewer.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    viewer.setModal(False)
    viewer.show()
    viewer.raise_()
    viewer.activateWindow()
    return viewer
