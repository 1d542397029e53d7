"""What the window's worker process runs: jobs read from a pipe, results written back.

Qt-free on purpose: the child process started by `casino_gui.gui.workers` imports only this
module and the functions it is sent (the strategy engine), never Qt.

A job is `(number, function, argument)`; the answer is `(number, ok, pid, value)`, where
`value` is the function's result, or the error's message when `ok` is false. The child keeps
its memoised analyses from one job to the next, so the chart of a table whose house edge was
just computed comes at once.
"""

from __future__ import annotations

import os
from multiprocessing.connection import Connection
from typing import Any

Answer = tuple[int, bool, int, Any]


def serve(connection: Connection) -> None:
    """Answer jobs until the parent closes its end of the pipe (or kills this process)."""
    pid = os.getpid()
    while True:
        try:
            number, function, argument = connection.recv()
        except (EOFError, OSError):
            return
        answer: Answer
        try:
            answer = (number, True, pid, function(argument))
        except Exception as error:  # sent back to the window, which shows it
            answer = (number, False, pid, f"{type(error).__name__}: {error}")
        try:
            connection.send(answer)
        except (BrokenPipeError, OSError):
            return
