"""A progress bar with an estimate of the time left, for the long commands on a terminal.

Drawn by tqdm on stderr, and only when both stdout and stderr are terminals: a command whose
output goes to a file or a pipe, or that was asked for `--json`, is read by a program, and
bars in its output or its log would be noise.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from tqdm import tqdm


class Progress(Protocol):
    def __call__(self, done: int, total: int) -> None: ...


def on_terminal() -> bool:
    """Both outputs are terminals: a person is watching, not a program reading."""
    return all(stream is not None and stream.isatty() for stream in (sys.stdout, sys.stderr))


@contextmanager
def progress_bar(description: str, unit: str, shown: bool) -> Iterator[Progress | None]:
    """A `progress(done, total)` callback that moves a bar, or None when the bar is not `shown`.

    The bar is drawn at the first call, when the total is known, and left on the terminal at
    the end: it says how long the work took, above the result."""
    if not shown:
        yield None
        return
    from tqdm import tqdm  # loaded only where a bar is drawn

    bars: list[tqdm[Any]] = []

    def progress(done: int, total: int) -> None:
        if not bars:  # a total of 0: a timed run, its rounds counted without a bar
            bars.append(tqdm(desc=description, unit=unit, total=total or None, file=sys.stderr))
        bar = bars[0]
        bar.total = total or None
        bar.update(done - bar.n)

    try:
        yield progress
    finally:
        for bar in bars:
            bar.close()
