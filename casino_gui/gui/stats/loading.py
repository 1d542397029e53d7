"""Asking the worker process for a selection's statistics, and a spinner while it works.

The figures are kept as rounds settle, and so is play quality once the worker has judged
each round (`casino_gui.gui.stats.judging`): never on the UI thread (docs/architecture.md,
"The window"). Two jobs go to the worker: the figures and the chart first, shown as soon as
they come, then the same with play quality. While rounds wait to be judged (a new advisor, a
restore) that quality is of the rounds judged so far, with how far judging has gone: asked
for again as judging goes on (`ask_quality`), it is complete once judging is. Another
selection withdraws the jobs of the last one, even a running one (the worker is then
restarted; the verdicts it kept stay kept).
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from casino_gui.gui.spinner import Spinner
from casino_gui.gui.workers import Pending, WorkerProcess
from casino_gui.store.stats.job import StatsAnswer, StatsQuery, compute


class StatsLoader(QObject):
    """`ask(query)`; then `figures_ready(StatsAnswer)` without play quality, and `ready` with
    it (or `failed(message)`), for the last query asked: of the rounds judged so far while
    judging goes on (`answer.judging`), then, asked again (`ask_quality`), of every round."""

    figures_ready = Signal(object)
    ready = Signal(object)
    failed = Signal(str)

    def __init__(self, worker: WorkerProcess, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self._query: StatsQuery | None = None
        self._asked: list[Pending] = []
        self.figures: StatsAnswer | None = None  # the last query's, without play quality
        self.answer: StatsAnswer | None = None  # the last query's, complete
        self.partial: StatsAnswer | None = None  # its quality of the rounds judged so far

    def ask(self, query: StatsQuery) -> None:
        self.cancel()
        self._query = dataclasses.replace(query, quality=True)
        self.figures = self.answer = self.partial = None
        self._submit(dataclasses.replace(query, quality=False))

    def ask_quality(self, *, wait: bool = False) -> None:
        """Play quality of the last query again, judging having gone on: the figures stay
        shown meanwhile. `wait`: every round judged in the job (the background cannot)."""
        query = self._query
        if query is not None and self.answer is None and self.figures is not None:
            self._submit(dataclasses.replace(query, wait=wait))

    def _submit(self, query: StatsQuery) -> None:
        # Ahead of the lobby's house edges: the player is waiting for this.
        pending = self._worker.submit(compute, query, urgent=True)
        pending.finished.connect(self._finished)
        pending.failed.connect(lambda message, asked=query: self._failed(asked, message))
        self._asked.append(pending)

    def busy(self) -> bool:
        return self._query is not None and self.answer is None

    def cancel(self) -> None:
        """Nothing more is wanted (the dialog closes): every job asked for is withdrawn."""
        for pending in self._asked:
            pending.cancel()
        self._asked = []

    def _finished(self, answer: StatsAnswer) -> None:
        query = self._query
        if query is None or _asked(answer.query) != query:
            return  # a selection the player has left
        if answer.query.quality:
            if answer.judging is None:
                self.answer = answer
            else:
                self.partial = answer
            self.ready.emit(answer)
        else:
            self.figures = answer
            self.figures_ready.emit(answer)
            self._submit(query)  # then play quality, once the figures are on the page

    def _failed(self, query: StatsQuery, message: str) -> None:
        if _asked(query) == self._query:
            self._query = None  # nothing more will come for it
            self.failed.emit(message)


def _asked(query: StatsQuery) -> StatsQuery:
    """The selection a job is for: its figures' job and its quality's are of one."""
    return dataclasses.replace(query, quality=True, wait=False)


class WorkingLine(QWidget):
    """A spinner and a line of text: 'Working out your statistics…', or what went wrong."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.spinner = Spinner(22)
        row.addWidget(self.spinner)
        self.text = QLabel()
        self.text.setWordWrap(True)
        row.addWidget(self.text, 1)
        # How far the judging of play has gone, while the rest of the page is shown.
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(220)
        self.bar.hide()
        row.addWidget(self.bar)
        # The line keeps its height when it has nothing to say: the page below it never moves
        # as the figures, then play quality, arrive (a click would land on nothing).
        self.setMinimumHeight(max(self.spinner.height(), self.text.fontMetrics().height()))

    def working(self, text: str) -> None:
        self.spinner.show()
        self.bar.hide()
        self._say(text, "hint")

    def progress(self, text: str, done: int, total: int) -> None:
        """Working, `done` of `total` so far."""
        self.working(text)
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(min(done, total))
        self.bar.show()

    def done(self, text: str = "") -> None:
        self.spinner.hide()
        self.bar.hide()
        self._say(text, "hint")

    def problem(self, text: str) -> None:
        self.spinner.hide()
        self.bar.hide()
        self._say(text, "error")

    def _say(self, text: str, role: str) -> None:
        self.text.setProperty("role", role)
        self.text.setText(text)
        # The role changed: the style sheet's colour for it is applied again.
        self.text.style().unpolish(self.text)
        self.text.style().polish(self.text)
        self.text.setVisible(bool(text))
