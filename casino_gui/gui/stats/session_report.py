"""The session report: this session's rounds, net, time, play quality and bankroll chart,
shown when the player quits (if he played a round) and from Game ▸ Session report.

At quit it is shown before the window closes, and closing it (CLOSE, Escape, the title bar)
lets the quit go on: the figures may still be on their way, and the player never waits
for them. "Don't show this at quit" is the `session_report` setting, kept at once.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from casino_gui.gui.dialogs.felt_scroll import felt_scroll
from casino_gui.gui.dialogs.screen_fit import fit_scroll_width, resize_within_screen
from casino_gui.gui.stats.bankroll_chart import BankrollChart
from casino_gui.gui.stats.figures_panel import (
    FiguresPanel,
    OpenDecisionOver,
    duration_text,
    opened_over,
)
from casino_gui.gui.stats.loading import StatsLoader, WorkingLine
from casino_gui.gui.table.wording import signed
from casino_gui.gui.theme import input_palette, serif
from casino_gui.gui.workers import WorkerProcess
from casino_gui.store.stats.job import StatsAnswer, StatsQuery


def summary_text(answer: StatsAnswer, started: datetime) -> str:
    """'Since 21:04: 12 rounds in 1 h 02 min, net +$35.00.' The time is the figures' own time
    at the table (breaks left out), the one "Time at the table" gives below it."""
    figures = answer.statistics.overall
    rounds = f"{figures.rounds} round{'s' if figures.rounds != 1 else ''}"
    return (
        f"Since {started.astimezone():%H:%M}: {rounds} in {duration_text(figures.seconds)}, "
        f"net {signed(figures.net)}."
    )


class SessionReportDialog(QDialog):
    """`loaded` once the figures are shown; `show_at_quit_changed(bool)` when the box is ticked."""

    loaded = Signal()
    show_at_quit_changed = Signal(bool)

    def __init__(
        self,
        worker: WorkerProcess,
        folder: Path,
        session_started: datetime,
        *,
        show_at_quit: bool,
        at_quit: bool = False,
        open_decision: OpenDecisionOver | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Session report")
        self._started = session_started
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 14, 20, 12)
        heading = QLabel(
            "Your session" + (": goodbye, and thank you for playing" if at_quit else "")
        )
        heading.setFont(serif(22, bold=True))
        heading.setProperty("role", "heading")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        self.summary = QLabel()
        self.summary.setFont(serif(17))
        layout.addWidget(self.summary)
        self.working = WorkingLine()
        layout.addWidget(self.working)
        body = QHBoxLayout()
        # The replay viewer is not offered at quit: the window is closing under it.
        opener = None if at_quit else opened_over(self, open_decision)
        self.figures = FiguresPanel(opener, compact=True)
        # On a small screen (twice the scale) the figures scroll; Close stays in view.
        self.figures_area = felt_scroll(self.figures)
        body.addWidget(self.figures_area, 3)
        self.chart = BankrollChart()
        body.addWidget(self.chart, 2)
        layout.addLayout(body, 1)

        bottom = QHBoxLayout()
        self.dont_show = QCheckBox("Don't show this report when I quit")
        self.dont_show.setPalette(input_palette(label_on_felt=True))
        self.dont_show.setChecked(not show_at_quit)
        self.dont_show.toggled.connect(lambda ticked: self.show_at_quit_changed.emit(not ticked))
        bottom.addWidget(self.dont_show)
        bottom.addStretch(1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setText("Quit" if at_quit else "Close")
        close.setProperty("primary", True)
        close.setDefault(True)
        bottom.addWidget(self.buttons)
        layout.addLayout(bottom)
        resize_within_screen(self, 1000, 560)

        self.summary.setText(f"Since {session_started.astimezone():%H:%M}.")
        self.working.working("Working out your session's figures…")
        self.loader = StatsLoader(worker, self)
        self.loader.figures_ready.connect(self._show)
        self.loader.ready.connect(self._show)
        self.loader.failed.connect(self._failed)
        self.loader.ask(StatsQuery(str(folder), None, session_started))

    @property
    def answer(self) -> StatsAnswer | None:
        return self.loader.answer

    def done(self, result: int) -> None:
        self.loader.cancel()
        super().done(result)

    def _show(self, answer: StatsAnswer) -> None:
        """The figures and chart, then (a second answer) the same with play quality."""
        if answer.query.quality:
            self.working.done()
        else:
            self.working.working(answer.judging_text())
        self.summary.setText(summary_text(answer, self._started))
        self.figures.show_statistics(answer.statistics)
        # The figures whole beside the chart where the screen has room; sideways only where not.
        bar = self.figures_area.verticalScrollBar().sizeHint().width()
        edges = self._layout.contentsMargins()
        wanted = self.figures.minimumSizeHint().width() + bar
        # Room kept for the chart beside them (its least width) and the dialog's edges.
        fit_scroll_width(self.figures_area, wanted, edges.left() + edges.right() + 200)
        self.chart.show_points(answer.points)
        if answer.query.quality:
            self.loaded.emit()

    def _failed(self, message: str) -> None:
        self.working.problem(f"The session's figures could not be worked out: {message}")
        self.loaded.emit()
