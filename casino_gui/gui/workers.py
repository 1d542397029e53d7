"""Work too slow for the UI thread, done in a worker process (docs/architecture.md, "The worker").

The strategy's computations (a chart, a house edge) are CPU-bound Python that takes up to
seconds: on a thread they would still hold the GIL and stall the event loop, so they run in
one child process. It is started with the 'spawn' method, never a fork: forking a process in
which Qt is initialised is unsafe. The child keeps its memoised analyses between jobs.

Answers come back over a pipe that a short timer polls while a job runs: no thread in this
process, and every signal is emitted on the UI thread.

A job nobody waits for any more is dropped; when it is the one running, the child is killed
and a new one starts for the next job. `shutdown()` (the window's close) kills the child, so
no process outlives the window.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from casino_gui.analysis.jobs import Answer, serve

# How often the pipe is looked at while a job runs: well under what a player notices.
POLL_MS = 15


class WorkerError(Exception):
    """A job that failed in the worker, or whose worker stopped."""


class Pending(QObject):
    """One request for a job's result: `finished(result)` or `failed(message)`, once."""

    finished = Signal(object)
    failed = Signal(str)
    ended = Signal()  # after `finished` or `failed`, or on `cancel()`

    def __init__(self, worker: WorkerProcess) -> None:
        super().__init__()
        self._worker = worker
        self.done = False
        self.cancelled = False
        self.result: Any = None
        self.error: str | None = None
        self.pid: int | None = None  # the process that computed the result

    def cancel(self) -> None:
        """No longer wanted: nothing will be emitted, and the work stops if nobody else waits."""
        if not self.done and not self.cancelled:
            self.cancelled = True
            self._worker._withdraw(self)
            self.ended.emit()

    async def wait(self) -> Any:
        """The result, in a coroutine; a failure raises `WorkerError`."""
        if not self.done and not self.cancelled:
            loop = asyncio.get_running_loop()
            settled: asyncio.Future[None] = loop.create_future()

            def wake(*_: object) -> None:
                if not settled.done():
                    settled.set_result(None)

            self.ended.connect(wake)
            try:
                await settled
            except asyncio.CancelledError:
                self.cancel()
                raise
        if self.cancelled:
            raise WorkerError("the job was withdrawn")
        if self.error is not None:
            raise WorkerError(self.error)
        return self.result

    def _settle(self, ok: bool, pid: int | None, value: Any) -> None:
        if self.done or self.cancelled:
            return
        self.done = True
        self.pid = pid
        if ok:
            self.result = value
            self.finished.emit(value)
        else:
            self.error = str(value)
            self.failed.emit(self.error)
        self.ended.emit()


@dataclass(eq=False)
class _Job:
    number: int
    function: Callable[[Any], Any]
    argument: Any
    waiting: list[Pending] = field(default_factory=list)


class WorkerProcess(QObject):
    """A queue of jobs run one at a time in a child process; `submit` returns a `Pending`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._queue: deque[_Job] = deque()
        self._running: _Job | None = None
        self._numbers = 0
        self._closed = False
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    # --- Public -------------------------------------------------------------------------

    def submit(
        self, function: Callable[[Any], Any], argument: Any, *, urgent: bool = False
    ) -> Pending:
        """Compute `function(argument)` in the child; an urgent job goes ahead of the queue.

        The same job asked for twice is computed once. `function` must be a module-level
        function of a Qt-free module, and its argument and result picklable.
        """
        pending = Pending(self)
        if self._closed:
            pending._settle(False, None, "the casino is closing")
            return pending
        job = self._find(function, argument)
        if job is None:
            self._numbers += 1
            job = _Job(self._numbers, function, argument)
            if urgent:
                self._queue.appendleft(job)
            else:
                self._queue.append(job)
        elif urgent and job in self._queue:
            self._queue.remove(job)
            self._queue.appendleft(job)
        job.waiting.append(pending)
        self._next()
        return pending

    @property
    def pid(self) -> int | None:
        """The child's process id while it is alive."""
        process = self._process
        return process.pid if process is not None and process.is_alive() else None

    def busy(self) -> bool:
        return self._running is not None or bool(self._queue)

    def shutdown(self) -> None:
        """Stop the child and drop every job (each ends, cancelled); nothing is computed after."""
        self._closed = True
        self._timer.stop()
        jobs = [*self._queue, *([self._running] if self._running else [])]
        self._queue.clear()
        self._running = None
        self._stop_process()
        for job in jobs:
            for pending in job.waiting:
                pending.cancelled = True
                pending.ended.emit()

    # --- Inside -------------------------------------------------------------------------

    def _find(self, function: Callable[[Any], Any], argument: Any) -> _Job | None:
        jobs = [*([self._running] if self._running else []), *self._queue]
        return next(
            (j for j in jobs if j.function is function and j.argument == argument),
            None,
        )

    def _next(self) -> None:
        if self._running is not None or not self._queue or self._closed:
            return
        job = self._queue.popleft()
        connection = self._connection
        if connection is None or self._process is None or not self._process.is_alive():
            connection = self._start_process()
        try:
            connection.send((job.number, job.function, job.argument))
        except (BrokenPipeError, OSError):
            # The child died between jobs: a fresh one takes the job.
            self._stop_process()
            connection = self._start_process()
            connection.send((job.number, job.function, job.argument))
        self._running = job
        self._timer.start()

    def _start_process(self) -> Connection:
        mine, theirs = self._context.Pipe()
        process = self._context.Process(
            target=serve, args=(theirs,), name="casino-worker", daemon=True
        )
        process.start()
        theirs.close()
        self._process, self._connection = process, mine
        return mine

    def _stop_process(self) -> None:
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if connection is not None:
            connection.close()
        if process is not None:
            if process.is_alive():
                process.kill()
            process.join(timeout=5)
            process.close()

    def _poll(self) -> None:
        job, connection = self._running, self._connection
        if job is None or connection is None:
            self._timer.stop()
            return
        try:
            if not connection.poll():
                return
            answer: Answer = connection.recv()
        except (EOFError, OSError):
            # The child died under the job (killed from outside, out of memory).
            self._stop_process()
            self._finish(job, False, None, "the worker process stopped")
            return
        number, ok, pid, value = answer
        if number == job.number:
            self._finish(job, ok, pid, value)

    def _finish(self, job: _Job, ok: bool, pid: int | None, value: Any) -> None:
        self._running = None
        self._timer.stop()
        waiting, job.waiting = job.waiting, []
        for pending in waiting:
            pending._settle(ok, pid, value)
        self._next()

    def _withdraw(self, pending: Pending) -> None:
        for job in [*([self._running] if self._running else []), *self._queue]:
            if pending in job.waiting:
                job.waiting.remove(pending)
                if job.waiting:
                    return
                if job is self._running:
                    # The only way to stop pure Python mid-computation is to stop its process.
                    self._running = None
                    self._timer.stop()
                    self._stop_process()
                    self._next()
                else:
                    self._queue.remove(job)
                return
