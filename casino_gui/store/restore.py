"""Putting a backup back in place of the bankroll, atomically; and opening a new wallet.

The backup is copied beside the live file, checked (SQLite's integrity check, the schema, the
ledger), synced, and moved in with `os.replace`. The live file it replaces is kept first: a
sound bankroll becomes the newest backup, anything else keeps its bytes under a new name. A
kill or a full disk at any instant leaves the old bankroll or the restored one in place.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from casino_gui.command_line import shown
from casino_gui.engine import dollars
from casino_gui.store.backups import (
    check_backup,
    date_notes,
    make_backup,
    newest_sound_backup,
    no_sound_backup,
    ready_folder,
)
from casino_gui.store.database import (
    FILE_NAME,
    MARKER_NAME,
    fsync_file,
    speaking,
    stamp,
    transaction,
)
from casino_gui.store.errors import (
    BadFileError,
    DiskFullError,
    NewerSchemaError,
    StoreError,
    UnreadableFileError,
)
from casino_gui.store.examine import State, examine
from casino_gui.store.ledger import open_wallet
from casino_gui.store.lines import held, line_of, new_line, write_line
from casino_gui.store.schema import migrate
from casino_gui.store.swap import (
    copy_database,
    fold_log,
    keep_aside,
    keep_companions,
    move_in,
    remove_with_companions,
)
from casino_gui.store.whole_file import create_new, write_new

RESTORING = ".restoring"  # the backup's copy, beside the live file until it is moved in
NEW = ".new"  # a new wallet, likewise


@dataclass(frozen=True)
class Restored:
    backup: Path
    balance: int  # cents in the restored bankroll
    set_aside: Path | None  # where the file it replaced was kept: a backup, or a new name
    skipped: tuple[Path, ...] = ()  # newer backups passed over because they are not sound
    notes: tuple[str, ...] = ()  # what the backups' dates say of the clock (`date_notes`)

    def report(self) -> str:
        lines = [f"restored {self.backup} ({dollars(self.balance)})"]
        lines += [f"skipped {path}: it is not a sound bankroll" for path in self.skipped]
        lines += self.notes
        if self.set_aside is not None:
            lines.append(f"the bankroll it replaced was kept as {self.set_aside}")
        return "\n".join(lines)


def restore_backup(folder: Path, backup: Path | None, now: datetime) -> Restored:
    """Put `backup` (default: the newest sound one) in place of the bankroll. The caller
    holds the folder's lock."""
    skipped: tuple[Path, ...] = ()
    notes: tuple[str, ...] = ()
    if backup is None:
        choice = newest_sound_backup(folder)
        if choice is None:
            raise no_sound_backup(folder)
        backup, cents, skipped = choice.backup, choice.balance, choice.skipped
        notes = date_notes(list(choice.ordered), backup, now)
    else:
        cents = check_backup(backup, folder)
    ready_folder(folder)  # a link in its place is refused before anything is changed
    live = folder / FILE_NAME
    incoming = live.with_name(live.name + RESTORING)
    try:
        try:
            with speaking(incoming):
                copy_database(backup, incoming)
        except DiskFullError:
            raise _no_room(folder, "the restored bankroll") from None
        _begin_line_from(incoming, backup)
        copied = examine(incoming, thorough=True)
        if copied.state is not State.BANKROLL or copied.balance != cents:
            raise StoreError(
                f"the copy of {shown(backup)} does not read back as the backup: nothing was "
                "restored, and your bankroll is as it was"
            )
        kept = _keep_live(live, folder, now, spare=backup)
        # The new line's first backup, before the live file joins it (casino_gui.store.lines).
        make_backup(incoming, folder, now, spare=backup)
        move_in(incoming, live)
    finally:
        remove_with_companions(incoming)
    return Restored(backup, cents, kept, skipped, notes)


def _begin_line_from(copy: Path, backup: Path) -> None:
    """Make the restored copy a line of its own, left from the backup's where it was: play on
    it never mixes with the play that followed the backup in its own line."""
    with speaking(copy):
        db = sqlite3.connect(copy, isolation_level=None)
        try:
            source = sqlite3.connect(f"{backup.absolute().as_uri()}?mode=ro", uri=True)
            try:
                left, where = line_of(source), held(source)
            finally:
                source.close()
            migrate(db, copy)  # a backup of an earlier schema has no line to write to
            write_line(db, copy, new_line(left, where))
        finally:
            db.close()


def open_new_wallet(folder: Path, now: datetime) -> Path:
    """Put a new bankroll holding $1,000 in place of a missing or empty one, whole, backed
    up first (a new line's first backup: casino_gui.store.lines); returns that backup. The
    caller holds the lock and has made sure no bankroll is lost by it."""
    live = folder / FILE_NAME
    incoming = live.with_name(live.name + NEW)
    try:
        try:
            with speaking(live):
                remove_with_companions(incoming)
                os.close(create_new(incoming))  # ours, never a link left at the name
                db = sqlite3.connect(incoming, isolation_level=None)
                try:
                    migrate(db, incoming)
                    with transaction(db, incoming):
                        open_wallet(db, stamp(now))
                finally:
                    db.close()
                fsync_file(incoming)
        except DiskFullError:
            raise _no_room(folder, "a new wallet") from None
        _keep_live(live, folder, now)
        born = make_backup(incoming, folder, now)
        move_in(incoming, live)
    finally:
        remove_with_companions(incoming)
    # Without it (a full disk, say) the backups taken from now on say the same thing; a file
    # or a link already at its name is left as it is, never written through.
    with contextlib.suppress(OSError):
        write_new(
            folder / MARKER_NAME,
            f"A casino wallet was opened in this folder on {stamp(now)}.\n"
            "While this file is here, the casino will not open a new wallet in place of a\n"
            f"missing {FILE_NAME}: it offers to restore a backup instead.\n".encode(),
        )
    return born


def _keep_live(live: Path, folder: Path, now: datetime, spare: Path | None = None) -> Path | None:
    """Keep whatever is at `live` before something is moved in over it; returns where a
    bankroll or a file was kept. The rotation of backups spares `spare` (the backup being
    restored)."""
    try:
        found = examine(live)
    except (BadFileError, NewerSchemaError, UnreadableFileError):
        found = None  # not a bankroll this version can back up: kept under a new name
    if found is not None and found.state is State.BANKROLL:
        kept = make_backup(live, folder, now, spare=spare)  # reads the write-ahead log too
        fold_log(live)
        return kept
    if found is not None and (
        found.state is State.MISSING or (found.state is State.EMPTY and live.stat().st_size == 0)
    ):
        keep_companions(live, "orphan", now)
        return None  # no bytes to keep
    return keep_aside(live, "replaced", now)


def _no_room(folder: Path, what: str) -> DiskFullError:
    return DiskFullError(
        folder,
        f"has no room for {what}: the disk is full. Nothing was changed: your bankroll "
        "is as it was",
        "Free some disk space, then try again.",
    )
