"""Game ▸ Statistics: the player's figures per game or for all games, for this session or all
time, with play quality and the bankroll chart, worked out in the worker process. While
rounds wait to be judged (a new advisor, a restore), every other figure is shown at once and
play quality is that of the rounds judged so far, with a bar of how far judging has gone."""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import GAMES
from casino_gui.gui.dialogs.felt_scroll import felt_scroll
from casino_gui.gui.dialogs.screen_fit import resize_within_screen
from casino_gui.gui.stats.bankroll_chart import Axis, BankrollChart
from casino_gui.gui.stats.figures_panel import (
    FiguresPanel,
    OpenDecisionOver,
    game_name,
    opened_over,
)
from casino_gui.gui.stats.judging import BackgroundJudging
from casino_gui.gui.stats.loading import StatsLoader, WorkingLine
from casino_gui.gui.theme import input_palette, serif, use_fusion
from casino_gui.gui.workers import WorkerProcess
from casino_gui.store.judging import Judging
from casino_gui.store.stats import Statistics
from casino_gui.store.stats.job import StatsAnswer, StatsQuery

SESSION, ALL_TIME = "This session", "All time"
# While judging goes on, play quality so far is asked for again at most this often.
QUALITY_EVERY_S = 3.0
AXES = {"Over rounds": Axis.ROUNDS, "Over time": Axis.TIME}


def dress_choice(box: QComboBox) -> None:
    """A combo box in the cream-and-gold of the dialogs' fields (Fusion, from a palette)."""
    use_fusion(box)
    box.setPalette(input_palette())


class StatisticsDialog(QDialog):
    """The page; `loaded` is emitted each time a selection's figures are shown."""

    loaded = Signal()

    def __init__(
        self,
        worker: WorkerProcess,
        folder: Path,
        session_started: datetime,
        open_decision: OpenDecisionOver | None = None,
        parent: QWidget | None = None,
        *,
        game: str | None = None,
        judging: BackgroundJudging | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Statistics")
        # The window's (the one that judges each round as it settles), or the page's own.
        self.judging = judging or BackgroundJudging(lambda: worker, folder, self)
        self.judging.progress.connect(self._judged)
        self._quality_asked = 0.0  # time.monotonic() of the last ask for quality so far
        self._folder, self._session_started = folder, session_started
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 14, 20, 12)
        heading = QLabel("Your record at the tables")
        heading.setFont(serif(22, bold=True))
        heading.setProperty("role", "heading")
        layout.addWidget(heading)

        choices = QHBoxLayout()
        self.game_choice = QComboBox()
        self.game_choice.addItem("All games", None)
        for game_id, rules in GAMES.items():
            self.game_choice.addItem(rules.name, game_id)
        if game is not None and game in GAMES:
            self.game_choice.setCurrentIndex(self.game_choice.findData(game))
        self.period_choice = QComboBox()
        self.period_choice.addItems([SESSION, ALL_TIME])
        self.period_choice.setCurrentText(ALL_TIME)
        for box, caption in ((self.game_choice, "Game"), (self.period_choice, "Period")):
            dress_choice(box)
            label = QLabel(caption)
            label.setBuddy(box)
            choices.addWidget(label)
            choices.addWidget(box)
            box.currentIndexChanged.connect(self.refresh)
        choices.addStretch(1)
        layout.addLayout(choices)
        self.working = WorkingLine()
        layout.addWidget(self.working)

        self.tabs = QTabWidget()
        self.figures = FiguresPanel(opened_over(self, open_decision))
        self.figures_area = felt_scroll(self.figures)
        self.tabs.addTab(self.figures_area, "Figures")
        chart_page = QWidget()
        chart_layout = QVBoxLayout(chart_page)
        axis_row = QHBoxLayout()
        self.axis_choice = QComboBox()
        self.axis_choice.addItems(list(AXES))
        dress_choice(self.axis_choice)
        self.axis_choice.currentIndexChanged.connect(self._draw_chart)
        axis_label = QLabel("Show the bankroll")
        axis_row.addWidget(axis_label)
        axis_row.addWidget(self.axis_choice)
        axis_row.addStretch(1)
        chart_layout.addLayout(axis_row)
        self.chart = BankrollChart()
        chart_layout.addWidget(self.chart, 1)
        self.tabs.addTab(chart_page, "Bankroll chart")
        layout.addWidget(self.tabs, 1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        resize_within_screen(self, 980, 720)

        self.loader = StatsLoader(worker, self)
        self.loader.figures_ready.connect(self._show)
        self.loader.ready.connect(self._show)
        self.loader.failed.connect(self._failed)
        self.refresh()

    # --- Public -------------------------------------------------------------------------

    @property
    def answer(self) -> StatsAnswer | None:
        return self.loader.answer

    def statistics_shown(self) -> Statistics:
        """The figures on the page (with play quality once it has come)."""
        answer = self.loader.answer or self.loader.partial or self.loader.figures
        assert answer is not None, "the figures are still being worked out"
        return answer.statistics

    def query(self) -> StatsQuery:
        since = self._session_started if self.period_choice.currentText() == SESSION else None
        return StatsQuery(str(self._folder), self.game_choice.currentData(), since)

    def refresh(self) -> None:
        """Ask for the figures of the selection shown in the choices."""
        query = self.query()
        what = game_name(query.game) if query.game else "all games"
        period = "this session" if query.since else "all time"
        self.working.working(f"Working out your statistics at {what}, {period}…")
        self.tabs.setEnabled(False)
        self.loader.ask(query)

    def done(self, result: int) -> None:
        # Closed before the figures came: the worker stops working them out.
        self.loader.cancel()
        super().done(result)

    # --- Inside -------------------------------------------------------------------------

    def _show(self, answer: StatsAnswer) -> None:
        """The figures and chart, then (a second answer) the same with play quality: of the
        rounds judged so far while judging goes on, then of every round."""
        judging = answer.judging
        if not answer.statistics.overall.rounds:
            period = "this session" if answer.query.since else "yet"
            self.working.done(f"No round played {period}: the figures are all zero.")
        elif answer.query.quality and judging is None:
            self.working.done()
        elif judging is not None:
            self._say_judging(judging)
        else:
            self.working.working(answer.judging_text())
        self.tabs.setEnabled(True)
        self.figures.show_statistics(answer.statistics)
        self._draw_chart()
        if answer.query.quality and judging is not None:
            self._quality_asked = time.monotonic()
            self.judging.start()  # the background judges the rest, unless it is already
        elif answer.query.quality:
            self.loaded.emit()

    def _say_judging(self, judging: Judging) -> None:
        self.working.progress(
            f"Play quality: {judging.text()} against the best play…",
            judging.judged,
            judging.rounds,
        )

    def _judged(self, state: Judging | None) -> None:
        """The background judged some more: the bar moves, and play quality so far is asked
        for again now and then, and at the end."""
        if self.loader.answer is not None or self.loader.partial is None:
            return  # nothing on the page waits for judging
        if state is None or state.stuck:  # the background cannot judge it all: the job will
            self.working.working("Judging each of your decisions against the best play…")
            self.loader.ask_quality(wait=True)
            return
        self._say_judging(state)
        if state.complete or time.monotonic() - self._quality_asked >= QUALITY_EVERY_S:
            self._quality_asked = time.monotonic()
            self.loader.ask_quality()

    def _draw_chart(self) -> None:
        answer = self.loader.answer or self.loader.figures
        if answer is not None:
            axis = AXES[self.axis_choice.currentText()]
            self.chart.show_points(answer.points, game=answer.query.game, axis=axis)

    def _failed(self, message: str) -> None:
        self.working.problem(f"The statistics could not be worked out: {message}")
        self.loaded.emit()
