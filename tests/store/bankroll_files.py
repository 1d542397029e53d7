"""What the store's tests share: a clock to give the store, and a look at its file from outside."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from casino_gui.store.database import FILE_NAME


class Clock:
    """A clock for the store: starts at `start` and moves on `step` at each reading."""

    def __init__(
        self,
        start: datetime = datetime(2025, 1, 31, 20, 0, tzinfo=UTC),
        step: timedelta = timedelta(seconds=1),
    ) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        moment = self.now
        self.now += self.step
        return moment


def raw(folder: Path) -> sqlite3.Connection:
    """A connection of our own to an existing bankroll file, to look at it (or spoil it) as
    another program would. Close it: ``with closing(raw(folder)) as db:``."""
    path = folder / FILE_NAME
    return sqlite3.connect(f"{path.as_uri()}?mode=rw", uri=True, isolation_level=None)


def ledger_of(folder: Path) -> list[tuple[str, int, int | None, int | None]]:
    """(kind, amount, spot, action number) of every movement, read from the file."""
    db = raw(folder)
    try:
        return db.execute(
            "SELECT kind, amount, spot, action_number FROM ledger ORDER BY id"
        ).fetchall()
    finally:
        db.close()
