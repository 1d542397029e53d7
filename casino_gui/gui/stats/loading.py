"""Asking the worker process for a selection's statistics, and a spinner while it works.

The figures are kept as rounds settle, but play quality replays each decision not judged
before through the advisor (a few milliseconds a decision) and keeps the verdicts: never on
the UI thread (docs/architecture.md, "The window"). So two jobs go to the worker: the figures
and the chart first, shown as soon as they come (with how many rounds are still to judge),
then the same with play quality. Another selection withdraws the jobs of the last one, even
a running one (the worker is then restarted; the verdicts it kept stay kept): judging a long
history for the first time takes minutes, and the player asked for something else.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from casino_gui.gui.spinner import Spinner
from casino_gui.gui.workers import Pending, WorkerProcess
from casino_gui.store.stats.job import StatsAnswer, StatsQuery, compute


class StatsLoader(QObject):
    """`ask(query)`; then `figures_ready(StatsAnswer)` without play quality, and `ready` with
    it (or `failed(message)`), for the last query asked."""

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

    def ask(self, query: StatsQuery) -> None:
        self.cancel()
        self._query = dataclasses.replace(query, quality=True)
        self.figures = self.answer = None
        self._submit(dataclasses.replace(query, quality=False))

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
        if query is None or dataclasses.replace(answer.query, quality=True) != query:
            return  # a selection the player has left
        if answer.query.quality:
            self.answer = answer
            self.ready.emit(answer)
        else:
            self.figures = answer
            self.figures_ready.emit(answer)
            self._submit(query)  # then play quality, once the figures are on the page

    def _failed(self, query: StatsQuery, message: str) -> None:
        if dataclasses.replace(query, quality=True) == self._query:
            self._query = None  # nothing more will come for it
            self.failed.emit(message)


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
        # The line keeps its height when it has nothing to say: the page below it never moves
        # as the figures, then play quality, arrive (a click would land on nothing).
        self.setMinimumHeight(max(self.spinner.height(), self.text.fontMetrics().height()))

    def working(self, text: str) -> None:
        self.spinner.show()
        self._say(text, "hint")

    def done(self, text: str = "") -> None:
        self.spinner.hide()
        self._say(text, "hint")

    def problem(self, text: str) -> None:
        self.spinner.hide()
        self._say(text, "error")

    def _say(self, text: str, role: str) -> None:
        self.text.setProperty("role", role)
        self.text.setText(text)
        # The role changed: the style sheet's colour for it is applied again.
        self.text.style().unpolish(self.text)
        self.text.style().polish(self.text)
        self.text.setVisible(bool(text))
