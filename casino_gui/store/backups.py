"""Rotating backups of the bankroll, made with SQLite's backup API, and choosing one to restore.

A backup is taken each time the casino starts, of a sound bankroll only (one that passes
SQLite's check, holds its tables and agrees with its ledger): a broken file is never backed
up, so it can never push the good backups out. A copy is written under a temporary name and
renamed when complete and synced, so a crash during a backup never leaves a half copy among
the backups. Its name says when it was taken (the clock's date, and a number that no clock
sets back) and its line of play (`casino_gui.store.lines`).

Backups are ranked within their line of play, never across lines (docs/decisions.md, "Lines
of play"): the line being played is the live file's, or once it is gone that of the backup
taken last. Within a line "newest" is by what a backup holds, not by the date in its name: a
clock set back (a dead battery, a wrong time zone) names a later backup earlier. Play only
adds rows, so the backup whose last ledger row, last round and last answer come latest holds
the line's latest play; the order taken breaks ties. Rotation keeps the newest five of the
line being played, the newest it grew from, and the five taken last of the other lines.
"""

from __future__ import annotations

import errno
import itertools
import os
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from casino_gui.command_line import shown
from casino_gui.engine import dollars
from casino_gui.store import lines, steps
from casino_gui.store.database import (
    BACKUP_FOLDER,
    FILE_NAME,
    connect_read_only,
    store_command,
)
from casino_gui.store.errors import BackupError, FileProblemError, StoreError
from casino_gui.store.examine import State, examine
from casino_gui.store.lines import EARLIER, Held, Line
from casino_gui.store.swap import copy_database, remove_with_companions
from casino_gui.store.whole_file import fsync_folder

KEEP = 5  # the newest backups kept of the line being played; as many of earlier lines
CLOCK_SLACK = timedelta(minutes=5)  # a date this far ahead is the clock's error, not news
PARTIAL = ".partial"
# In a backup's name: the number it was taken under, and the id of its line of play.
_TAKEN = re.compile(r"-n([0-9]{1,12})(?:-([0-9a-f]{32}))?$")


def backup_folder(folder: Path) -> Path:
    return folder / BACKUP_FOLDER


@dataclass(frozen=True)
class Kept:
    """A backup, and what it holds."""

    path: Path
    line: Line
    held: Held | None  # how far its play goes; None when it cannot be read
    taken: int  # the order it was taken in (0: taken before lines of play were kept)

    def key(self) -> tuple[bool, Held, int, str]:
        """Its place within its line: by its play, then the order taken, then the name."""
        return (self.held is not None, self.held or (0, 0, 0, 0), self.taken, self.path.name)


def taken_number(backup: Path) -> int:
    found = _TAKEN.search(backup.name.removesuffix(".sqlite3"))
    return int(found.group(1)) if found else 0


@dataclass(frozen=True)
class Named:
    """A backup as its name says: what a start reads, without opening every backup."""

    path: Path
    taken: int
    line: str  # "" where the name gives none


def named_backups(folder: Path) -> list[Named]:
    """The backups of `folder` by their names alone, the one taken last first."""
    where = backup_folder(folder)
    try:
        if linked(folder) or not where.is_dir():
            return []
        found = [
            path
            for path in where.glob("bankroll-*.sqlite3")
            if not path.is_symlink() and path.is_file()
        ]
    except OSError:
        return []
    named = []
    for path in found:
        parts = _TAKEN.search(path.name.removesuffix(".sqlite3"))
        named.append(Named(path, taken_number(path), (parts.group(2) or "") if parts else ""))
    return sorted(named, key=lambda one: (one.taken, one.path.name), reverse=True)


def linked(folder: Path) -> bool:
    """Whether the folder of backups is a symbolic link: it is never followed (another
    bankroll's backups may be behind it, to be deleted by rotation or restored here)."""
    return backup_folder(folder).is_symlink()


def survey(folder: Path) -> list[Kept]:
    """Every complete backup of the data folder, read (a link is neither followed nor read)."""
    return [read_backup(one.path) for one in named_backups(folder)]


def read_backup(backup: Path) -> Kept:
    line, held = EARLIER, None
    try:
        db = sqlite3.connect(f"{backup.absolute().as_uri()}?mode=ro", uri=True)
    except (sqlite3.Error, ValueError):
        return Kept(backup, line, held, taken_number(backup))
    try:
        held = lines.held(db)
        if held is not None:
            line = lines.line_of(db)
    finally:
        db.close()
    return Kept(backup, line, held, taken_number(backup))


def live_line(folder: Path, found: list[Kept]) -> tuple[Line | None, Held | None]:
    """The line being played, and how far the live file's play goes: the live file's line,
    while it can be read; else the line of the backup taken last (a new line's first backup
    is taken before the file joins it), and no limit; None where there is neither."""
    live = folder / FILE_NAME
    try:
        if live.is_file() and live.stat().st_size > 0:
            db = connect_read_only(live)
            try:
                here = lines.held(db)
                if here is not None:
                    return lines.line_of(db), here
            finally:
                db.close()
    except (StoreError, OSError, sqlite3.Error):
        pass
    return last_taken(found), None


def within(kept: Kept, limit: Held | None) -> bool:
    """Whether `kept` holds no play beyond `limit` (a file rolled back to an older copy is
    behind its line's later backups, until its next start begins a line of its own)."""
    if limit is None or kept.held is None:
        return limit is None or kept.held is not None
    ledger, rounds, *answer = kept.held
    # The last answer is a round and a number within it: ordered as a pair, not one by one.
    return ledger <= limit[0] and rounds <= limit[1] and tuple(answer) <= limit[2:]


def last_taken(found: list[Kept]) -> Line | None:
    """The line of the backup taken last, of those whose line can be read."""
    readable = [kept for kept in found if kept.held is not None]
    return max(readable, key=_taken_order).line if readable else None


@dataclass(frozen=True)
class Shelf:
    """The backups of a data folder as a restore sees them."""

    line: Line | None  # the line being played
    played: tuple[Kept, ...]  # its backups, the latest play first
    before: tuple[Kept, ...]  # the backups it grew from: its parent's up to where it left it
    others: tuple[Kept, ...]  # every other backup, the one taken last first

    def ordered(self) -> list[Path]:
        return [kept.path for kept in (*self.played, *self.before, *self.others)]


def shelf(folder: Path, found: list[Kept] | None = None, line: Line | None = None) -> Shelf:
    """The backups of `folder`, with `line` (default: the line being played) first."""
    found = survey(folder) if found is None else found
    limit = None
    if line is None:
        line, limit = live_line(folder, found)
    played = [kept for kept in _of(found, line.id) if within(kept, limit)] if line else []
    before: list[Kept] = []
    seen = {line.id if line is not None else None}
    record = line
    while record is not None and record.parent is not None and record.parent not in seen:
        seen.add(record.parent)
        fork = record.fork
        older = [kept for kept in _of(found, record.parent) if fork is None or within(kept, fork)]
        before += older
        record = older[0].line if older else None
    chosen = {kept.path for kept in (*played, *before)}
    others = sorted(
        (kept for kept in found if kept.path not in chosen), key=_taken_order, reverse=True
    )
    return Shelf(line, tuple(played), tuple(before), tuple(others))


def _of(found: list[Kept], line: str | None) -> list[Kept]:
    return sorted((kept for kept in found if kept.line.id == line), key=Kept.key, reverse=True)


def listing(folder: Path) -> list[str]:
    """`store backups`: each line of play, named, and its backups beneath it, one path a line
    (to copy into `store restore`), in `list_backups`'s order."""
    found = shelf(folder)
    said: list[str] = []
    last = None
    groups = (
        (found.played, "the bankroll being played"),
        (found.before, "what it grew from"),
        (found.others, "a bankroll left"),
    )
    for kept_ones, role in groups:
        for kept in kept_ones:
            if (role, kept.line.id) != last:
                line = f"line {kept.line.short}" if kept.line.id else "from before lines of play"
                said.append(f"{role} ({line}):")
                last = (role, kept.line.id)
            said.append(f"  {kept.path}")
    return said


def list_backups(folder: Path) -> list[Path]:
    """The complete backups of the data folder: those of the line being played first, the
    latest play first; then those it grew from; then the other lines', the latest taken first."""
    return shelf(folder).ordered()


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
    if where.is_symlink():
        raise BackupError(
            where,
            "is a link, not a folder: the casino neither keeps nor restores backups through "
            "it, and nothing was changed",
            "Put a folder of its own in its place, then try again.",
        )
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
    # The system's words for a file's fault (a sentence); SQLite's own are not a player's.
    why = "the disk is full" if full else (getattr(error, "strerror", None) or "a write failed")
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
    line: Line | None = None,
) -> Path:
    """Copy the sound bankroll `source` (an open connection, or a file) into a new backup,
    of `line` when given (a start's new line: the copy joins it before the live file does);
    then rotate (`rotate`), keeping this one and `spare` (a backup being restored).

    `check` is given the copy before it joins the backups, and raises if it is not sound:
    the copy is then removed, and the error is let through."""
    where = ready_folder(folder)
    name = f"bankroll-{now.astimezone(UTC).strftime('%Y%m%dT%H%M%S%fZ')}"
    number = 1 + max((one.taken for one in named_backups(folder)), default=0)
    while list(where.glob(f"{name}-n{number}*")):
        number += 1
    partial = where / f"{name}-n{number}.sqlite3{PARTIAL}"
    try:
        copy_database(source, partial)
        if line is not None:
            _relabel(partial, line)
        target = where / f"{name}-n{number}{_line_in_name(partial)}.sqlite3"
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
    rotate(folder, target, spare)
    return target


def _line_in_name(copy: Path) -> str:
    """The copy's line, as its name gives it (a start reads the names, not the files)."""
    db = sqlite3.connect(f"{copy.absolute().as_uri()}?mode=ro", uri=True)
    try:
        found = lines.line_of(db).id
    finally:
        db.close()
    return f"-{found}" if found else ""


def _relabel(copy: Path, line: Line) -> None:
    db = sqlite3.connect(copy, isolation_level=None)
    try:
        lines.write_line(db, copy, line)
    finally:
        db.close()


def rotate(folder: Path, newest: Path, spare: Path | None = None) -> None:
    """Keep the `KEEP` newest backups of the line of `newest` (the line being played: a
    backup is only ever taken of it), the newest one it grew from, and the `KEEP` taken last
    of the other lines; remove the rest, the oldest first. `newest` and `spare` stay."""
    found = survey(folder)
    line = next((kept.line for kept in found if kept.path == newest), None)
    if line is None:
        return
    kept = shelf(folder, found, line)
    keep = {newest, spare, *(k.path for k in (*kept.played[:KEEP], *kept.before[:1]))}
    rest = sorted((*kept.before[1:], *kept.others), key=_taken_order, reverse=True)
    keep.update(k.path for k in rest[:KEEP])
    for old in sorted(found, key=_taken_order):
        if old.path not in keep:
            remove_with_companions(old.path)
            steps.reached()


def _taken_order(kept: Kept) -> tuple[int, tuple[bool, Held, int, str]]:
    return (kept.taken, kept.key())


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
    """The backup a restore with no argument puts back: the newest sound one of the line
    being played (or, where none of its own is sound, of what it grew from)."""

    backup: Path
    balance: int
    skipped: tuple[Path, ...]  # newer backups of the line that are not sound
    ordered: tuple[Path, ...] = ()  # the line's backups, the latest play first

    def describe(self) -> str:
        return f"{self.backup.name} ({dollars(self.balance)})"


def newest_sound_backup(folder: Path) -> Choice | None:
    skipped: list[Path] = []
    found = shelf(folder)
    ordered = tuple(kept.path for kept in found.played)
    for kept in (*found.played, *found.before):
        try:
            cents = check_backup(kept.path, folder)
        except BackupError:
            skipped.append(kept.path)
            continue
        return Choice(kept.path, cents, tuple(skipped), ordered)
    return None


def no_sound_backup(folder: Path) -> StoreError:
    where = backup_folder(folder)
    if linked(folder):
        return StoreError(
            f"{shown(where)} is a link, not a folder: no backup is restored through it, and "
            "nothing was changed"
        )
    found = shelf(folder)
    if not found.ordered():
        return StoreError(f"there is no backup in {shown(where)} to restore")
    if found.played or found.before:
        return StoreError(
            f"none of the backups of the bankroll you were playing in {shown(where)} is a "
            "sound bankroll (each fails SQLite's check, lacks a table or disagrees with its "
            "ledger): nothing was restored"
        )
    return StoreError(
        "no backup of the bankroll you were playing remains, only of bankrolls you left: "
        f"nothing was restored. `{store_command('backups', folder)}` lists them"
    )
