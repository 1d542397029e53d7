"""Rotating backups of the bankroll, made with SQLite's backup API, and choosing one to restore.

A backup is taken each time the casino starts, of a sound bankroll only (one that passes
SQLite's check, holds its tables and agrees with its ledger): a broken file is never backed
up, so it can never push the good backups out. The newest five are kept in ``backups/`` beside
the bankroll, and the backup just made (the newest sound one) is never removed. A copy is
written under a temporary name and renamed when complete and synced, so a crash during a
backup never leaves a half copy among the backups.

"Newest" is by what a backup holds, not by the date in its name: a clock set back (a dead
battery, a wrong time zone) names a later backup earlier. Play only adds rows, so the backup
whose last ledger row, last round and last answer come latest holds the latest play; the date
in the name only breaks ties (two starts without play between them). A backup that cannot be
read comes last.
"""

from __future__ import annotations

import errno
import itertools
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from casino_gui.command_line import shown
from casino_gui.engine import dollars
from casino_gui.store import steps
from casino_gui.store.database import BACKUP_FOLDER, FILE_NAME, store_command
from casino_gui.store.errors import BackupError, FileProblemError, StoreError
from casino_gui.store.examine import State, examine
from casino_gui.store.swap import copy_database, remove_with_companions
from casino_gui.store.whole_file import fsync_folder

KEEP = 5
CLOCK_SLACK = timedelta(minutes=5)  # a date this far ahead is the clock's error, not news
PARTIAL = ".partial"


def backup_folder(folder: Path) -> Path:
    return folder / BACKUP_FOLDER


def list_backups(folder: Path) -> list[Path]:
    """The complete backups of the data folder, the latest play first."""
    where = backup_folder(folder)
    try:
        if not where.is_dir():
            return []
        found = [path for path in where.glob("bankroll-*.sqlite3") if path.is_file()]
    except OSError:
        return []
    held = {path: play_held(path) for path in found}
    return sorted(
        found, key=lambda path: (held[path] is not None, held[path] or (), path.name), reverse=True
    )


def play_held(backup: Path) -> tuple[int, int, int, int] | None:
    """How far the play in `backup` goes: its last ledger row, last round, and the round and
    number of its last answer (each an index's last entry: as quick on 100,000 rounds as on
    ten); None when it cannot be read."""
    try:
        db = sqlite3.connect(f"{backup.absolute().as_uri()}?mode=ro", uri=True)
    except (sqlite3.Error, ValueError):
        return None
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
    finally:
        db.close()
    return row if all(type(value) is int for value in row) else None


def dated(backup: Path) -> datetime | None:
    """The moment in a backup's name (the clock's, when it was taken); None if unreadable."""
    stem = backup.name.removeprefix("bankroll-").split(".")[0].split("-")[0]
    try:
        return datetime.strptime(stem, "%Y%m%dT%H%M%S%fZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def date_notes(backups: list[Path], chosen: Path, now: datetime) -> tuple[str, ...]:
    """What a restore says of the clock: the chosen backup dated in the future, and backups
    whose dates run against the order of what they hold (`backups`, latest play first)."""
    notes = []
    when = dated(chosen)
    if when is not None and when > now + CLOCK_SLACK:
        notes.append(
            f"note: {chosen.name} is dated {when:%Y-%m-%d %H:%M} UTC, in the future: the "
            "clock was wrong when it was taken, or is now"
        )
    dates = [dated(path) for path in backups]
    against = sum(
        1
        for later, earlier in itertools.pairwise(dates)
        if later is not None and earlier is not None and later < earlier
    )
    if against:
        notes.append(
            f"note: {against} backup{'s are' if against > 1 else ' is'} dated before one "
            "holding earlier play (the clock was set back): backups go by what they hold, "
            "not by their dates"
        )
    return tuple(notes)


def ready_folder(folder: Path) -> Path:
    """The folder of backups, made if missing; `BackupError` where it cannot be."""
    where = backup_folder(folder)
    if where.exists() and not where.is_dir():
        raise BackupError(
            where,
            "is a file, not the folder of backups: the casino cannot back up your bankroll",
            "Move that file out of the way, then start the casino again.",
        )
    try:
        where.mkdir(exist_ok=True)
    except OSError as error:
        raise _cannot_write(where, error) from None
    return where


def _cannot_write(where: Path, error: OSError | sqlite3.Error) -> BackupError:
    full = (isinstance(error, OSError) and error.errno == errno.ENOSPC) or (
        isinstance(error, sqlite3.Error)
        and getattr(error, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_FULL
    )
    why = "the disk is full" if full else (getattr(error, "strerror", None) or str(error))
    return BackupError(
        where,
        f"could not take a backup of your bankroll: {why}",
        "Your bankroll was not changed. "
        + (
            "Free some disk space, then try again." if full else "Check the folder, then try again."
        ),
    )


def make_backup(
    source: sqlite3.Connection | Path,
    folder: Path,
    now: datetime,
    *,
    spare: Path | None = None,
    check: Callable[[Path], None] | None = None,
) -> Path:
    """Copy the sound bankroll `source` (an open connection, or a file) into a new backup;
    keep the newest `KEEP`, and always this one (and `spare`, a backup being restored).

    `check` is given the copy before it joins the backups, and raises if it is not sound:
    the copy is then removed, and the error is let through."""
    where = ready_folder(folder)
    name = f"bankroll-{now.astimezone(UTC).strftime('%Y%m%dT%H%M%S%fZ')}"
    target = where / f"{name}.sqlite3"
    number = 1
    while target.exists():
        number += 1
        target = where / f"{name}-{number}.sqlite3"
    partial = target.with_name(target.name + PARTIAL)
    try:
        copy_database(source, partial)
        if check is not None:
            check(partial)
        os.replace(partial, target)
        fsync_folder(where)
    except (OSError, sqlite3.Error) as error:
        remove_with_companions(partial)
        raise _cannot_write(where, error) from None
    except BaseException:
        remove_with_companions(partial)
        raise
    steps.reached()
    for old in list_backups(folder)[KEEP:]:
        if old not in (target, spare):
            remove_with_companions(old)
            steps.reached()
    return target


def check_backup(backup: Path, folder: Path) -> int:
    """The balance of `backup`, once it is known to be a sound bankroll that is not the live
    file itself; `BackupError` saying why not otherwise."""
    choose = f"Choose another: `{store_command('backups', folder)}` lists them."
    live = folder / FILE_NAME
    try:
        same = backup.resolve() == live.resolve() or (
            live.exists() and backup.exists() and os.path.samefile(backup, live)
        )
    except OSError:
        same = False
    if same:
        raise BackupError(backup, "is the bankroll itself, not a backup of it", choose)
    if not backup.is_file():
        raise BackupError(backup, "is not a backup: there is no such file", choose)
    try:
        found = examine(backup, thorough=True)
    except FileProblemError as error:
        why = error.problem.split(" (")[0]  # the details are the file's, not the backup's
        raise BackupError(backup, f"cannot be restored: it {why}", choose) from None
    except StoreError as error:
        raise BackupError(backup, f"cannot be restored ({error})", choose) from None
    if found.state is not State.BANKROLL:
        raise BackupError(backup, "cannot be restored: it holds no bankroll", choose)
    return found.balance


@dataclass(frozen=True)
class Choice:
    """The backup a restore with no argument puts back: the newest sound one."""

    backup: Path
    balance: int
    skipped: tuple[Path, ...]  # newer backups that are not sound
    ordered: tuple[Path, ...] = ()  # every backup, the latest play first

    def describe(self) -> str:
        return f"{self.backup.name} ({dollars(self.balance)})"


def newest_sound_backup(folder: Path) -> Choice | None:
    skipped: list[Path] = []
    ordered = list_backups(folder)
    for backup in ordered:
        try:
            cents = check_backup(backup, folder)
        except BackupError:
            skipped.append(backup)
            continue
        return Choice(backup, cents, tuple(skipped), tuple(ordered))
    return None


def no_sound_backup(folder: Path) -> StoreError:
    where = backup_folder(folder)
    found = list_backups(folder)
    if not found:
        return StoreError(f"there is no backup in {shown(where)} to restore")
    return StoreError(
        f"none of the {len(found)} backups in {shown(where)} is a sound bankroll "
        "(each fails SQLite's check, lacks a table or disagrees with its ledger): "
        "nothing was restored"
    )
