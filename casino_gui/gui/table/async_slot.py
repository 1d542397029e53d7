"""`async_slot`: a coroutine method that Qt calls as a slot, run as a task of the asyncio loop.

qasync's `asyncSlot` does the same, but importing qasync loads asyncio (~50 ms), which the table
needs only for its first DEAL: this one imports asyncio when the slot is first called, after the
table's first paint (docs/decisions.md, "Startup and memory").
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, ParamSpec

from PySide6.QtCore import Slot

if TYPE_CHECKING:
    import asyncio

P = ParamSpec("P")


class _BeforeLoop:
    """The calls made before the program's loop exists (input held through the start and
    given to the table at its first paint): a task made then would belong to no loop that
    ever runs. `calls` is None once the loop runs, or where nobody waits for one (tests and
    benches set their loop first)."""

    calls: list[Callable[[], object]] | None = None


_BEFORE_LOOP = _BeforeLoop()


def wait_for_loop() -> None:
    """The program's loop comes later: keep the slots called until `loop_runs`."""
    _BEFORE_LOOP.calls = []


def loop_runs() -> None:
    """The program's loop runs: start, in order, the slots called before it."""
    calls, _BEFORE_LOOP.calls = _BEFORE_LOOP.calls or [], None
    for call in calls:
        call()


def async_slot(
    *types: type,
) -> Callable[[Callable[P, Coroutine[Any, Any, None]]], Callable[P, asyncio.Task[None] | None]]:
    """A Qt slot of these argument types that schedules the method on the running loop at
    each call (or, called before the program's loop runs, once it does: `wait_for_loop`); an
    error it raises is reported as a slot's error is (pytest-qt fails the test), as qasync
    reports it."""

    def decorate(
        method: Callable[P, Coroutine[Any, Any, None]],
    ) -> Callable[P, asyncio.Task[None] | None]:
        @Slot(*types)
        @functools.wraps(method)
        def start(*args: P.args, **kwargs: P.kwargs) -> asyncio.Task[None] | None:
            waiting = _BEFORE_LOOP.calls
            if waiting is not None:
                waiting.append(lambda: start(*args, **kwargs))
                return None
            import asyncio

            task = asyncio.ensure_future(method(*args, **kwargs))
            task.add_done_callback(_report_failure)
            return task

        return start

    return decorate


def _report_failure(task: asyncio.Task[None]) -> None:
    if task.cancelled():
        return
    error = task.exception()
    if error is not None:
        sys.excepthook(type(error), error, error.__traceback__)
