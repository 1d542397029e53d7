"""Kill points, armed from the test: the store's process SIGKILLs itself at a chosen step.

The store names the steps of its commit sequence (`casino_gui.store.steps`: just before and
after every COMMIT, every batch of pages of a file copy, every step of a file swap) and does
nothing there. A test arms this module in a process of its own (a forked child, or a command
run through `python -m tests.store.kill_points N -m MODULE ARGS...`): it puts its own
functions in the steps' place, so the N-th step reached, counting from 1, kills the process.
A crash found at step N is found again at step N, and a test can try every step of a command
in turn (N = 1, 2, ... until the command finishes).
"""

from __future__ import annotations

import os
import runpy
import signal
import sqlite3
import sys
from collections.abc import Callable

from casino_gui.store import steps


def arm(at: int | None, witness: Callable[[sqlite3.Connection], None] | None = None) -> None:
    """Kill this process at the `at`-th step from now (None: never); `witness` is told of
    every commit just after it (before the kill point that follows), so that the test knows
    what a kill must leave in the file."""
    passed = [0]

    def reached() -> None:
        if at is None:
            return
        passed[0] += 1
        if passed[0] >= at:
            # SIGKILL: no finally, no atexit, no flush: as a power cut or the task manager would.
            os.kill(os.getpid(), signal.SIGKILL)

    def committed(db: sqlite3.Connection) -> None:
        if witness is not None:
            witness(db)
        reached()

    steps.reached = reached  # type: ignore[assignment]
    steps.committed = committed  # type: ignore[assignment]


def main(argv: list[str]) -> None:
    """``python -m tests.store.kill_points N -m MODULE ARGS...``: run MODULE as a command
    would be run, killed at its N-th step."""
    at, flag, module, *rest = argv
    if flag != "-m":
        raise SystemExit("usage: python -m tests.store.kill_points N -m MODULE [ARGS...]")
    arm(int(at))
    sys.argv = [module, *rest]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
