"""What a start has checked of the bankroll, kept in the file (`kept_checks`, schema 4), so
that the next start checks only what was written since (docs/decisions.md, "The start's
checks").

A start after a clean close checks the ledger's rows and the answers written since the last
start, and that the wallet is the kept sum plus theirs; after a session that did not close
cleanly (a kill, a crash, a power cut) it checks the whole file, pages included, as `verify`
does. The check of the whole file is also made off the play path, on the copy the start's
backup takes (`casino_gui.store.start_backup`).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from casino_gui.store.database import speaking, transaction


@dataclass(frozen=True)
class Checked:
    """How far the rows of a bankroll were checked."""

    ledger_through: int = 0  # every ledger row up to this id
    ledger_sum: int = 0  # their amounts added up (cents)
    answers_from: int = 0  # the answers of rounds from this id on are still to check
    whole: bool = True  # the whole file was checked, its pages too


@dataclass(frozen=True)
class Mark:
    """What the file says of its last start."""

    checked: Checked
    closed_cleanly: bool


def mark_of(db: sqlite3.Connection) -> Mark | None:
    """The file's mark; None where it has none (a schema before 4, or the row lost)."""
    try:
        row = db.execute(
            "SELECT ledger_through, ledger_sum, answers_from, in_use FROM kept_checks WHERE id = 1"
        ).fetchone()
    except sqlite3.OperationalError:  # no such table: a file of an earlier schema
        return None
    if row is None or not all(type(value) is int for value in row):
        return None
    through, total, answers, in_use = row
    return Mark(Checked(through, total, answers, whole=False), closed_cleanly=in_use == 0)


def keep(db: sqlite3.Connection, path: Path, checked: Checked | None) -> None:
    """Note what this start checked, and that the file is in use until `close_cleanly`."""
    with transaction(db, path):
        if checked is None:
            db.execute("UPDATE kept_checks SET in_use = 1")
        else:
            db.execute(
                "UPDATE kept_checks SET ledger_through = ?, ledger_sum = ?, answers_from = ?,"
                " in_use = 1",
                (checked.ledger_through, checked.ledger_sum, checked.answers_from),
            )


def close_cleanly(db: sqlite3.Connection, path: Path) -> None:
    """Note that the casino closed the file with nothing left half-done: the next start may
    check only what was written since."""
    with speaking(path), transaction(db, path):
        db.execute("UPDATE kept_checks SET in_use = 0")
