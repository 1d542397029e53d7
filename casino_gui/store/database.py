"""The bankroll's SQLite file: opening it safely, transactions, and SQLite's errors in words.

A file that cannot be used raises a `FileProblemError` naming it. Only a file that is not a
bankroll database (not SQLite, damaged, or another program's) is moved out of the way, renamed
with a timestamp, never overwritten or deleted; a newer, unreadable or read-only file is left
exactly where it is.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from casino_gui.store.errors import (
    DamagedFileError,
    DiskFullError,
    FileProblemError,
    NotADatabaseError,
    ReadOnlyError,
    StoreError,
    UnreadableFileError,
)

FILE_NAME = "bankroll.sqlite3"
SQLITE_HEADER = b"SQLite format 3\x00"
COMPANIONS = ("-wal", "-shm")  # SQLite's write-ahead log and its index, kept beside the file

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """A moment as stored: UTC, fixed width, so text order is time order."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_stamp(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


def restore_hint(folder: Path) -> str:
    return f"python -m casino_gui.store restore --data-dir {folder}"


def remedy_for_bad_file(folder: Path) -> str:
    return (
        f"Restore a backup with `{restore_hint(folder)}`, or start the casino again "
        "to begin a new wallet of $1,000."
    )


def check_header(path: Path) -> None:
    """Refuse, before SQLite sees it, a file that cannot be read or is not SQLite at all."""
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except PermissionError:
        raise unreadable(path, "permission denied") from None
    except OSError as error:
        raise unreadable(path, error.strerror or str(error)) from None
    if header and header != SQLITE_HEADER[: len(header)]:
        raise NotADatabaseError(
            path,
            "is not a bankroll database (it does not begin with SQLite's header)",
            remedy_for_bad_file(path.parent),
        )


def unreadable(path: Path, why: str) -> UnreadableFileError:
    return UnreadableFileError(
        path,
        f"cannot be read: {why}",
        "Give your user permission to read and write it and its folder, "
        "or start the casino with another --data-dir.",
    )


def read_only(path: Path) -> ReadOnlyError:
    folder = path.parent
    if path.exists() and not os.access(folder, os.W_OK):
        return ReadOnlyError(
            path,
            f"is in a read-only folder ({folder}): the casino cannot save your bankroll there",
            f"Make {folder} writable, or start the casino with --data-dir set to a folder "
            "you can write.",
        )
    if not path.exists() or not os.access(path, os.W_OK):
        where = "is read-only" if path.exists() else f"cannot be created in {folder}"
        return ReadOnlyError(
            path,
            f"{where}: the casino cannot save your bankroll",
            "Make the file and its folder writable, or start the casino with --data-dir "
            "set to a folder you can write.",
        )
    return ReadOnlyError(
        path,
        "cannot be written (SQLite says the database is read-only)",
        "Make the file, its folder and any bankroll.sqlite3-wal or -shm beside it writable.",
    )


def disk_full(path: Path) -> DiskFullError:
    return DiskFullError(
        path,
        "could not be written: the disk is full. The last change was not saved and your "
        "bankroll is as it was before it",
        "Free some disk space, then go on playing.",
    )


def problem_of(path: Path, error: sqlite3.Error) -> StoreError:
    """SQLite's error as one of ours, by its result code."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code == sqlite3.SQLITE_FULL:
        return disk_full(path)
    if code == sqlite3.SQLITE_NOTADB:
        return NotADatabaseError(
            path,
            "is not a bankroll database (SQLite: file is not a database)",
            remedy_for_bad_file(path.parent),
        )
    if code == sqlite3.SQLITE_CORRUPT:
        return DamagedFileError(
            path,
            f"is damaged (SQLite: {error}); it may have been cut short or overwritten",
            remedy_for_bad_file(path.parent),
        )
    if code == sqlite3.SQLITE_READONLY:
        return read_only(path)
    if code in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH):
        if path.exists() and not os.access(path, os.R_OK):
            return unreadable(path, "permission denied")
        return read_only(path)
    if code == sqlite3.SQLITE_IOERR:
        return FileProblemError(
            path,
            f"could not be read or written (SQLite: {error})",
            "Check the disk, then start the casino again; if the error stays, restore a "
            f"backup with `{restore_hint(path.parent)}`.",
        )
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StoreError(
            f"{path} is busy (SQLite: {error}): another program holds it. Close it and try again."
        )
    return StoreError(f"{path}: SQLite error: {error}")


def problem_of_os(path: Path, error: OSError) -> StoreError:
    if error.errno == errno.ENOSPC:
        return disk_full(path)
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return read_only(path)
    return StoreError(f"{path}: {error.strerror or error}")


@contextmanager
def speaking(path: Path) -> Iterator[None]:
    """Run SQLite and file calls, turning their errors into ours, which name `path`."""
    try:
        yield
    except sqlite3.Error as error:
        raise problem_of(path, error) from error
    except OSError as error:
        raise problem_of_os(path, error) from error


def connect(path: Path, *, read_only: bool = False) -> sqlite3.Connection:
    """A connection in autocommit mode (we say BEGIN ourselves), WAL, fully synchronous.

    FULL rather than NORMAL: with NORMAL a power cut may lose the last committed round, and
    losing a settled payout is exactly what this store exists to prevent.
    """
    with speaking(path):
        if read_only:
            db = sqlite3.connect(
                f"{path.absolute().as_uri()}?mode=ro", uri=True, isolation_level=None
            )
            db.execute("PRAGMA query_only = ON")
        else:
            db = sqlite3.connect(path, isolation_level=None, timeout=10)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            if not read_only:
                mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if mode != "wal":
                    raise StoreError(f"{path}: SQLite would not use WAL mode (it chose {mode})")
                db.execute("PRAGMA synchronous = FULL")
        except BaseException:
            db.close()
            raise
    return db


def check_integrity(db: sqlite3.Connection, path: Path) -> None:
    """SQLite's quick check of every page: a truncated or corrupt file fails it."""
    with speaking(path):
        rows = db.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        first = rows[0][0] if rows else "no answer"
        raise DamagedFileError(
            path, f"is damaged (SQLite's check: {first})", remedy_for_bad_file(path.parent)
        )


@contextmanager
def transaction(db: sqlite3.Connection, path: Path) -> Iterator[sqlite3.Connection]:
    """One all-or-nothing change: committed at the end, rolled back on any error."""
    with speaking(path):
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            if db.in_transaction:  # SQLite has already rolled back on a full disk
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


def set_aside(path: Path, why: str, now: datetime) -> Path:
    """Rename the file (and its -wal and -shm) out of the way: never overwrite, never delete.

    `why` goes into the new name (``bankroll.sqlite3.bad-20250101T120000Z``); a number is
    added if that name is taken.
    """
    when = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    base = path.with_name(f"{path.name}.{why}-{when}")
    target, number = base, 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", *COMPANIONS)):
        number += 1
        target = base.with_name(f"{base.name}-{number}")
    for suffix in COMPANIONS:
        companion = Path(f"{path}{suffix}")
        if companion.exists():
            companion.rename(f"{target}{suffix}")
    path.rename(target)
    return target
