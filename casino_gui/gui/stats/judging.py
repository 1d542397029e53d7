"""Play judged in the background: each round as it settles, and what a new advisor, a restore
or an import left unjudged, a few rounds a job in the window's worker process
(docs/architecture.md, "The store": judged play is kept as rounds settle).

One job at a time judges `JOB_ROUNDS` rounds (`casino_gui.store.judging.judge_some`) and
says how far judging has gone; the next is asked for at the end of the worker's queue, so
the page's jobs and the lobby's house edges pass between two. Nothing here waits: the UI
thread only sends a job and reads its answer.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from casino_gui.gui.workers import Pending, WorkerProcess
from casino_gui.store.judging import Judging, judge_some

# A settled round is judged this long after it settled: rounds settled in quick succession
# (the instant speed) go in one job, and a session closed at once starts no worker for it.
SOON_MS = 1_000


class BackgroundJudging(QObject):
    """`soon()` after a round settles, `start()` when the page finds rounds to judge; then
    `progress(Judging)` after each job, until every round is judged (`state.complete`), a round
    cannot be judged (`state.stuck`) or the file cannot be written (`state` None)."""

    progress = Signal(object)

    def __init__(
        self, worker: Callable[[], WorkerProcess], folder: Path, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._worker = worker  # made on first use: a session that settles nothing needs none
        self._folder = folder
        self._pending: Pending | None = None
        self._again = False  # a round settled while a job ran: one more job after it
        self._retried = False  # the last job failed and was asked for again
        self.state: Judging | None = None  # after the last job
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(SOON_MS)
        self._soon.timeout.connect(self.start)

    def soon(self) -> None:
        """A round has settled: judge it (and any other left) in a moment."""
        if not self._soon.isActive():
            self._soon.start()

    def start(self) -> None:
        """Judge what is left to judge, in the background; at once if nothing is under way."""
        if self._pending is not None:
            self._again = True
            return
        self._again = False
        pending = self._pending = self._worker().submit(judge_some, str(self._folder))
        pending.finished.connect(self._judged)
        pending.failed.connect(self._failed)

    def busy(self) -> bool:
        return self._pending is not None

    def _judged(self, state: Judging | None) -> None:
        self._pending, self.state, self._retried = None, state, False
        self.progress.emit(state)
        if self._again or (state is not None and not state.complete and not state.stuck):
            self.start()

    def _failed(self, _message: str) -> None:
        # The worker stopped under the job (killed from outside, out of memory): what it kept
        # stays kept, and a new worker goes on. A job that fails again (a file that cannot be
        # read) is left to the page, which judges in its own job (`progress(None)`), and to
        # the next round settled.
        self._pending = None
        if not self._retried:
            self._retried = True
            self.start()
            return
        self._retried = False
        self.state = None
        self.progress.emit(None)
