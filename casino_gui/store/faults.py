"""Kill points: where a test makes the store end itself with SIGKILL, to replay a crash exactly.

With ``CASINO_GUI_STORE_KILL_AT=N`` in the environment (or after `arm(N)`), the process kills
itself at the N-th kill point it reaches, counting from 1. The points are the store's commit
sequence: just before and just after every COMMIT, every batch of pages of a file copy, and
every step of a file swap. A crash found at point N is found again at point N, and a test can
try every point of a command in turn (N = 1, 2, ... until the command finishes).

Unset, a kill point costs one comparison.
"""

from __future__ import annotations

import os
import signal
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

ENV = "CASINO_GUI_STORE_KILL_AT"


@dataclass
class _Schedule:
    kill_at: int | None = None
    passed: int = 0
    read: bool = False  # the environment is read at the first point, once
    # A test's witness of every commit, told just after it (before the kill point that
    # follows), so that it knows what a kill must leave in the file.
    witness: Callable[[sqlite3.Connection], None] | None = None


_schedule = _Schedule()


def witness_commits(witness: Callable[[sqlite3.Connection], None] | None) -> None:
    _schedule.witness = witness


def committed(db: sqlite3.Connection) -> None:
    """The kill point just after a COMMIT."""
    if _schedule.witness is not None:
        _schedule.witness(db)
    point()


def arm(at: int | None) -> None:
    """Kill at the `at`-th point from now (None: never), whatever the environment says."""
    _schedule.kill_at, _schedule.passed, _schedule.read = at, 0, True


def point() -> None:
    """One kill point of the store's sequence."""
    schedule = _schedule
    if not schedule.read:
        schedule.read = True
        text = os.environ.get(ENV, "")
        schedule.kill_at = int(text) if text.isdigit() and int(text) > 0 else None
    if schedule.kill_at is None:
        return
    schedule.passed += 1
    if schedule.passed >= schedule.kill_at:
        # SIGKILL: no finally, no atexit, no flush: as a power cut or the task manager would.
        os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))
