"""Asking the worker process for a selection's statistics, and a spinner while it works.

The figures read every round of the selection and play quality replays each decision through
the advisor: seconds for a long record, so never on the UI thread (ARCHITECTURE.md, "The
window"). A new selection withdraws the one asked before.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from casino_gui.gui.spinner import Spinner
from casino_gui.gui.workers import Pending, WorkerProcess
from casino_gui.store.stats.job import StatsAnswer, StatsQuery, compute


class StatsLoader(QObject):
    """`ask(query)`; then `ready(StatsAnswer)` or `failed(message)`, once per query."""

    ready = Signal(object)
    failed = Signal(str)

    def __init__(self, worker: WorkerProcess, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self.pending: Pending | None = None
        self.answer: StatsAnswer | None = None

    def ask(self, query: StatsQuery) -> None:
        self.cancel()
        self.answer = None
        pending = self.pending = self._worker.submit(compute, query, urgent=True)
        pending.finished.connect(lambda answer: self._ready(pending, answer))
        pending.failed.connect(lambda message: self._failed(pending, message))

    def busy(self) -> bool:
        return self.pending is not None and not self.pending.done

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending.cancel()

    def _ready(self, pending: Pending, answer: StatsAnswer) -> None:
        if pending is self.pending:
            self.answer = answer
            self.ready.emit(answer)

    def _failed(self, pending: Pending, message: str) -> None:
        if pending is self.pending:
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

    def working(self, text: str) -> None:
        self.spinner.show()
        self.text.setProperty("role", "hint")
        self._say(text)

    def done(self) -> None:
        self.spinner.hide()
        self._say("")

    def problem(self, text: str) -> None:
        self.spinner.hide()
        self.text.setProperty("role", "error")
        self._say(text)

    def _say(self, text: str) -> None:
        self.text.setText(text)
        # The role changed: the style sheet's colour for it is applied again.
        self.text.style().unpolish(self.text)
        self.text.style().polish(self.text)
        self.text.setVisible(bool(text))
