"""Lines of play: which bankroll a file (or a backup of it) continues (docs/decisions.md,
"Lines of play").

A new wallet starts a line: a random id kept in the file's `play_line` row, which every backup
of the file inherits. A restore starts a new line from the backup it puts back, and a start
that finds its file behind a backup of its own line (the file was rolled back to an older copy)
starts one from the file: each records the line it left (`parent`) and how far that line's play
went there (`fork`), so that play never mixes two histories under one id. Within one line play
only adds rows, so its backups are ordered by how far their play goes (`held`).

Whenever the live file is to join a new line, a backup of the new line is taken first: the
line of the backup taken last is the line being played, even once the live file is gone.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from casino_gui.store.database import transaction

Held = tuple[int, int, int, int]  # last ledger row, last round, round and number of last answer


@dataclass(frozen=True)
class Line:
    """A file's line of play."""

    id: str  # 32 hex digits; "" for play from before lines were kept (schema 6 and earlier)
    parent: str | None = None  # the line it left; None for a new wallet
    fork: Held | None = None  # how far the parent's play went where it was left

    @property
    def short(self) -> str:
        return self.id[:8] if self.id else "before lines"


EARLIER = Line("")  # a file, or a backup, from before lines of play were kept


def new_line(parent: Line | None = None, fork: Held | None = None) -> Line:
    """A line of its own (not `secrets` or `uuid`: the OS's random bytes are what they use)."""
    return Line(os.urandom(16).hex(), None if parent is None else parent.id, fork)


def held(db: sqlite3.Connection) -> Held | None:
    """How far the play in `db` goes: each an index's last entry, as quick on 100,000 rounds
    as on ten; None when it cannot be read."""
    try:
        (row,) = db.execute(
            """SELECT coalesce((SELECT max(id) FROM ledger), 0),
                coalesce((SELECT max(id) FROM rounds), 0),
                coalesce((SELECT round_id FROM actions ORDER BY round_id DESC, number DESC
                    LIMIT 1), 0),
                coalesce((SELECT number FROM actions ORDER BY round_id DESC, number DESC
                    LIMIT 1), 0)"""
        ).fetchall()
    except sqlite3.Error:
        return None
    if not all(type(value) is int for value in row):
        return None
    return (row[0], row[1], row[2], row[3])


def keeps_lines(db: sqlite3.Connection) -> bool:
    """Whether the file has the table of its line (schema 7 on)."""
    found = db.execute("SELECT 1 FROM sqlite_schema WHERE name = 'play_line'").fetchone()
    return found is not None


def line_of(db: sqlite3.Connection) -> Line:
    """The line `db` continues: `EARLIER` for a file of an earlier schema, or one whose row
    is lost or cannot be read (a start gives such a file a line of its own)."""
    try:
        row = db.execute(
            "SELECT line, parent, fork_ledger, fork_round, fork_answer_round, fork_answer_number"
            " FROM play_line WHERE id = 1"
        ).fetchone()
    except sqlite3.Error:
        return EARLIER
    if row is None or type(row[0]) is not str or len(row[0]) != 32:
        return EARLIER
    parent = row[1] if type(row[1]) is str else None
    fork = row[2:]
    whole = all(type(value) is int for value in fork)
    return Line(row[0], parent, (fork[0], fork[1], fork[2], fork[3]) if whole else None)


_PUT = (
    "INSERT OR REPLACE INTO play_line (id, line, parent, fork_ledger, fork_round,"
    " fork_answer_round, fork_answer_number) VALUES (1, ?, ?, ?, ?, ?, ?)"
)


def put_line(db: sqlite3.Connection, line: Line) -> None:
    """Make `line` the line of the file `db` (at schema 7 or later), in the caller's
    transaction."""
    db.execute(_PUT, (line.id, line.parent, *(line.fork or (None, None, None, None))))


def write_line(db: sqlite3.Connection, path: Path, line: Line) -> None:
    """`put_line` in a transaction of its own."""
    with transaction(db, path):
        put_line(db, line)


def begin_line(db: sqlite3.Connection) -> None:
    """Schema 7's first row: a new wallet's own line, or, for a file of an earlier schema,
    a line that leaves the play from before lines were kept where it is now."""
    found = held(db)
    put_line(db, new_line() if found is None or found[0] == 0 else new_line(EARLIER, found))
