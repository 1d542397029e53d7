"""Moving files in and out of place so that a kill or a full disk at any instant leaves the
old bankroll or the new one, never none.

A new bankroll (a restored backup, a new wallet) is copied beside the live file, checked,
synced to disk, and moved in with one `os.replace`, which the operating system does whole.
Before that, whatever is in the way is kept: the live file's write-ahead log is folded into it
(SQLite would otherwise apply that log to the file that replaces it), and a file that is not a
bankroll is kept under a new name, linked rather than renamed where it can be so that the live
name never goes missing.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path

from casino_gui.command_line import shown
from casino_gui.store import steps
from casino_gui.store.database import (
    COMPANIONS,
    aside_name,
    connect_read_only,
    fsync_file,
    speaking,
)
from casino_gui.store.errors import StoreError
from casino_gui.store.whole_file import create_new, fsync_folder

PAGES_PER_STEP = 256  # a kill point every megabyte or so of a copy


def copy_database(source: Path | sqlite3.Connection, target: Path) -> None:
    """Copy a database with SQLite's backup API into the new file `target`, as a closed file
    (rollback journal, no -wal), synced to disk. Errors are SQLite's or the OS's."""
    remove_with_companions(target)
    os.close(create_new(target))  # ours, never a link left at the name: SQLite opens it
    reader = connect_read_only(source) if isinstance(source, Path) else source
    try:
        copy = sqlite3.connect(target, isolation_level=None)
        try:
            reader.backup(copy, pages=PAGES_PER_STEP, progress=lambda *_: steps.reached())
            # The copy carries its source's WAL flag; a copy at rest needs no -wal or -shm.
            copy.execute("PRAGMA journal_mode = DELETE")
        finally:
            copy.close()
    finally:
        if reader is not source:
            reader.close()
    fsync_file(target)
    steps.reached()


def remove_with_companions(path: Path) -> None:
    """Delete one of our own temporary files and SQLite's files beside it."""
    for suffix in ("", *COMPANIONS):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def fold_log(live: Path) -> None:
    """Bring the live bankroll's write-ahead log into the file itself and remove the log, so
    that nothing of it can be applied to another file later put in its place.

    SQLite does this whole or not at all; the file stays a bankroll either way.
    """
    with speaking(live):
        db = sqlite3.connect(live, isolation_level=None, timeout=10)
        try:
            mode = db.execute("PRAGMA journal_mode = DELETE").fetchone()[0]
        finally:
            db.close()
        if mode != "delete":
            raise StoreError(
                f"{shown(live)}: the changes kept beside it (its -wal file) could not be written "
                "into it; nothing was changed"
            )
        Path(f"{live}-shm").unlink(missing_ok=True)
    steps.reached()


def keep_aside(live: Path, why: str, now: datetime) -> Path:
    """Keep the file at `live` (and SQLite's files beside it) under a new name beside it,
    unchanged, while the name `live` still holds it; returns the new name."""
    target = aside_name(live, why, now)
    for suffix in COMPANIONS:
        companion = Path(f"{live}{suffix}")
        if companion.exists():
            companion.rename(f"{target}{suffix}")
    try:
        os.link(live, target)
    except OSError:  # a file system without hard links: a moment without the live name
        live.rename(target)
    fsync_folder(live.parent)
    steps.reached()
    return target


def keep_companions(live: Path, why: str, now: datetime) -> Path | None:
    """Move aside SQLite's files left beside a missing or empty bankroll: they hold changes
    of a file that is gone, which SQLite would apply to the new one."""
    found = [suffix for suffix in COMPANIONS if Path(f"{live}{suffix}").exists()]
    if not found:
        return None
    target = aside_name(live, why, now)
    for suffix in found:
        Path(f"{live}{suffix}").rename(f"{target}{suffix}")
    steps.reached()
    return target


def move_in(incoming: Path, live: Path) -> None:
    """Put the checked, synced `incoming` file in place of `live`, in one step."""
    left = [suffix for suffix in COMPANIONS if Path(f"{live}{suffix}").exists()]
    if left:  # they would be read as this new file's: never swap under them
        raise StoreError(
            f"{shown(live)}{left[0]} is still beside the bankroll; nothing was changed"
        )
    steps.reached()
    os.replace(incoming, live)
    fsync_folder(live.parent)
    steps.reached()
