"""Practice (Game ▸ Practice, the lobby's Practice tile): the three drills on a felt of their
own, answered with the table's own buttons and keys, with practice chips. Nothing here touches
the bankroll's money: the answers go to the store's practice record (docs/architecture.md, "The
window": practice never touches the bankroll).

The drills' state is `drill.py`'s (Qt-free); this window shows the decision and asks.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import Action, dollars, move_words, offered_actions
from casino_gui.engine.practice import DrillKind, NoSuchDecisionError, drilled_system
from casino_gui.engine.rules import Rules
from casino_gui.gui.dialogs.felt_scroll import felt_scroll
from casino_gui.gui.dialogs.screen_fit import resize_within_screen
from casino_gui.gui.panels.action_bar import ActionBar
from casino_gui.gui.practice.count_drills import CountDrillPanel
from casino_gui.gui.practice.drill import Drill, Keeper
from casino_gui.gui.practice.feedback_panel import CHART_KEY, FeedbackPanel
from casino_gui.gui.practice.options import PracticeOptions, practice_tables
from casino_gui.gui.practice.wording import Feedback, feedback
from casino_gui.gui.table.picture import Betting, picture_of
from casino_gui.gui.table.scene import TableScene
from casino_gui.gui.table.viewport import TableView
from casino_gui.gui.table.wording import sentence

if TYPE_CHECKING:
    from casino_gui.gui.settings import CountKey
    from casino_gui.gui.workers import Pending, WorkerProcess

NEXT_KEY = "Space"
WAITING = {
    DrillKind.PLAY: "Your move: the table's buttons or their keys.",
    DrillKind.FLASH: "Your move: the table's buttons or their keys.",
    DrillKind.MISTAKES: "A decision you got wrong at the tables: your move?",
}


class _Drills(QWidget):
    """The options and the drills, in a scroll area that fills them to its room: their least
    height is their minimum's (the felt's wish for its whole scene made them scroll even on a
    big screen, hiding the buttons)."""

    def heightForWidth(self, width: int) -> int:
        return self.minimumSizeHint().height()


class PracticeDialog(QDialog):
    """The drills of one table at a time; `answered` after each answer is kept."""

    answered = Signal()

    def __init__(
        self,
        rules: Rules,
        keeper: Keeper,
        worker: WorkerProcess | None = None,
        parent: QWidget | None = None,
        *,
        seed: int | None = None,
        count_system: CountKey | None = None,
    ) -> None:
        super().__init__(parent)
        self.keeper = keeper
        self.worker = worker
        self._seed = seed
        # The counting drills count with the settings' system (Hi-Lo when it is off).
        self.counting = CountDrillPanel(
            keeper, drilled_system(count_system), seed if seed is not None else secrets.randbits(63)
        )
        self.counting.answered.connect(self.answered.emit)
        self._judging: Pending | None = None
        self.drill: Drill | None = None
        self.options = PracticeOptions(practice_tables(rules), rules)
        self.scene = TableScene(rules)
        self.view = TableView(self.scene)
        self.bar = ActionBar()
        self.bar.install_shortcuts(self)
        self.feedback = FeedbackPanel()
        self.chips = QLabel()
        self.tally = QLabel()
        self.next_button = QPushButton("Next (Space)")
        self.next_button.clicked.connect(self.next_decision)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        footer = QHBoxLayout()
        footer.addStretch(0)  # Close stays at the right when the tally is hidden
        footer.addWidget(self.tally, 1)
        footer.addWidget(self.chips)
        footer.addWidget(self.next_button)
        footer.addWidget(close)
        deciding = QWidget()
        decisions = QVBoxLayout(deciding)
        decisions.setContentsMargins(0, 0, 0, 0)
        decisions.addWidget(self.view, 1)
        decisions.addWidget(self.bar)
        decisions.addWidget(self.feedback)
        self.pages = QStackedWidget()
        self.pages.addWidget(deciding)
        self.pages.addWidget(self.counting)
        drills = _Drills()
        inside = QVBoxLayout(drills)
        inside.setContentsMargins(0, 0, 0, 0)
        inside.addWidget(self.options)
        inside.addWidget(self.pages, 1)
        # On a small screen (twice the scale on 1280 x 800) the drills scroll and Next and
        # Close stay in view; the keys stay the drills' (the area takes no focus).
        self.drills_area = felt_scroll(drills)
        self.drills_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QVBoxLayout(self)
        layout.addWidget(self.drills_area, 1)
        layout.addLayout(footer)
        self._pace = QTimer(self)
        self._pace.setSingleShot(True)
        self._pace.timeout.connect(self.next_decision)
        self._limit = QTimer(self)
        self._limit.setSingleShot(True)
        self._limit.timeout.connect(self._out_of_time)
        for key, slot in ((NEXT_KEY, self.next_decision), (CHART_KEY, self.open_chart)):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setAutoRepeat(False)
            shortcut.activated.connect(slot)
        self.bar.action_triggered.connect(self.press)
        self.feedback.chart_requested.connect(self.open_chart)
        self.options.changed.connect(self.start)
        resize_within_screen(self, 1120, 820)
        self.start()

    # --- The drill -----------------------------------------------------------------------

    def start(self) -> None:
        """A new drill with the options chosen. My mistakes first has the worker judge a few
        rounds not judged yet (each round is judged as it settles: these are those of the
        last second, or of a history a new advisor judges again, whose mistakes come as the
        background judges them), so that their mistakes are kept; it never waits for more."""
        options = self.options
        rules = options.rules
        self.setWindowTitle(f"Practice \N{EM DASH} {rules.name} \N{EM DASH} {options.drill.title}")
        if self._judging is not None:
            self._judging.cancel()
            self._judging = None
        counting = options.drill.counting
        self.pages.setCurrentIndex(1 if counting else 0)
        for widget in (self.tally, self.chips, self.next_button):
            widget.setVisible(counting is None)
        if counting is not None:
            self.drill = None
            self.counting.start(counting)
            return
        if options.drill is DrillKind.MISTAKES and self.worker is not None:
            from casino_gui.store.judging import judge_some

            self.drill = None
            self.bar.set_lit(())
            self.feedback.clear("Looking at your play at the tables\N{HORIZONTAL ELLIPSIS}")
            folder = str(self.keeper.path.parent)
            pending = self._judging = self.worker.submit(judge_some, folder, urgent=True)
            pending.finished.connect(lambda _kept: self._begin())
            pending.failed.connect(self.feedback.clear)
            return
        self._begin()

    def _begin(self) -> None:
        self._judging = None
        options = self.options
        rules = options.rules
        seed = self._seed if self._seed is not None else secrets.randbits(64)
        self.drill = Drill(
            options.drill,
            rules,
            self.keeper,
            seed,
            bet=options.bet,
            kinds=options.kinds(),
            close_only=options.close_only.isChecked(),
        )
        self.scene.set_rules(rules)
        deal = {Action.DEAL} if options.drill is DrillKind.PLAY else set()
        self.bar.set_offered((offered_actions(rules) - {Action.DEAL}) | deal)
        self.bar.set_words(move_words(rules))
        self.next_decision()

    def next_decision(self) -> None:
        """The next card (or round), once the last answer is given."""
        if self.options.drill.counting is not None:
            self.counting.advance()
            return
        drill = self.drill
        if drill is None or drill.waiting:
            return
        self._pace.stop()
        try:
            found = drill.next()
        except NoSuchDecisionError as error:
            self.feedback.clear(sentence(str(error)))
            self.bar.set_lit(())
            return
        if not found:
            self.feedback.clear(
                "No mistake of yours is due: play at the tables, or come back later."
            )
            self._draw()
            return
        self.feedback.clear(WAITING[drill.kind])
        self._draw()
        if self.options.timed.isChecked() and drill.kind is not DrillKind.PLAY:
            self._limit.start(self.options.limit.value() * 1000)

    def press(self, action: Action) -> None:
        """A button or its key: DEAL deals the next round (Play it out), a move answers."""
        drill = self.drill
        if drill is None:
            return
        if action is Action.DEAL:
            self.next_decision()
            return
        if not drill.waiting or drill.table is None or action not in drill.table.legal_actions():
            return
        self._limit.stop()
        self._show(feedback(drill.answer(action)))

    def _out_of_time(self) -> None:
        drill = self.drill
        if drill is not None and drill.waiting:
            self._show(feedback(drill.time_out()))

    def _show(self, said: Feedback) -> None:
        self.feedback.show_feedback(said)
        self._draw()
        self.answered.emit()
        drill = self.drill
        pace = self.options.pace.value()
        if drill is not None and drill.kind is not DrillKind.PLAY and pace:
            self._pace.start(pace * 1000)

    def _draw(self) -> None:
        drill = self.drill
        assert drill is not None
        table = drill.table
        balance = table.bankroll if table is not None else drill.chips
        picture = picture_of(drill.rules, table, Betting(), balance)
        self.scene.show(picture)
        if drill.waiting and table is not None:
            lit = table.legal_actions()
        elif drill.kind is DrillKind.PLAY:
            lit = frozenset({Action.DEAL})
        else:
            lit = frozenset()
        self.bar.set_conveniences_lit((), betting=False, between_rounds=False)
        self.bar.hint_button.hide()  # practice answers for itself: no HINT
        self.bar.set_lit(lit)
        self.next_button.setEnabled(drill.kind is not DrillKind.PLAY and not drill.waiting)
        tally = drill.tally
        self.tally.setText(
            f"This drill: {tally.right} of {tally.decisions} right, "
            f"{dollars(tally.given_up)} given up, streak {tally.streak}"
            + (
                f" \N{MIDDLE DOT} {drill.mistakes_left} more due"
                if drill.kind is DrillKind.MISTAKES
                else ""
            )
        )
        self.chips.setVisible(drill.kind is DrillKind.PLAY)
        self.chips.setText(f"Practice chips {dollars(balance)} (not your bankroll)")

    # --- The chart -------------------------------------------------------------------------

    def open_chart(self) -> QDialog | None:
        """The strategy chart, on the cell of the decision just answered."""
        drill = self.drill
        if drill is None or drill.last is None or drill.last.cell is None or self.worker is None:
            return None
        from casino_gui.gui.dialogs.strategy_chart import StrategyChartDialog

        cell = drill.last.cell
        dialog = StrategyChartDialog(
            drill.rules, self.worker, parent=self, cell=(cell.section, cell.row, cell.column)
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        self.chart = dialog
        return dialog
