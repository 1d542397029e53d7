"""The bankroll's SQLite file: opening it safely, transactions, and SQLite's errors in words.

A file that cannot be used raises a `FileProblemError` naming it. Only a file that is not a
bankroll database (not SQLite, damaged, or another program's) is moved out of the way, renamed
with a timestamp, never overwritten or deleted; a newer, unreadable or read-only file is left
exactly where it is.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from casino_gui.command_line import elide, shown
from casino_gui.paths import default_data_dir
from casino_gui.store import steps
from casino_gui.store.errors import (
    PROG,
    DamagedFileError,
    DiskFullError,
    FileProblemError,
    NotADatabaseError,
    ReadOnlyError,
    StoreError,
    UnreadableFileError,
)
from casino_gui.store.lock import BANKROLL_NAME

FILE_NAME = BANKROLL_NAME
SQLITE_HEADER = b"SQLite format 3\x00"
# SQLite's files beside a database: the write-ahead log, its index, and a rollback journal.
# They belong to that one file: beside another file, SQLite would apply them to it.
COMPANIONS = ("-wal", "-shm", "-journal")
# Written when a wallet is opened: proof that a bankroll existed here, should it go missing.
MARKER_NAME = "wallet-opened.txt"
BACKUP_FOLDER = "backups"
# The other way out where a restore is offered, in words rather than a second command.
OR_NEW_WALLET = " (or `new-wallet`)"
COMMAND_PATH_LIMIT = 80  # the folder in a command of a message, cut in the middle past this
SQLITE_LONGEST_PATH = 512  # SQLite's SQLITE_MAX_PATHNAME: it cannot open a longer path

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


_STAMP_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def stamp(moment: datetime) -> str:
    """A moment as stored: UTC, fixed width, so text order is time order."""
    utc = moment.astimezone(UTC)
    if utc.year < 1000:  # strftime's year is not padded to four digits: as ever, for the few
        return utc.strftime(_STAMP_FORMAT)
    # isoformat, a third quicker than strftime (an export writes two a round), with the same
    # text: "2026-01-31T20:15:00.000000+00:00" less the offset, and the Z.
    return utc.isoformat(timespec="microseconds")[:-6] + "Z"


def parse_stamp(text: str) -> datetime:
    # fromisoformat, forty times faster than strptime (a long history reads two a round),
    # once the text has the one shape `stamp` writes; it accepts other shapes too.
    if len(text) == 27 and text[10] == "T" and text[19] == "." and text[26] == "Z":
        with contextlib.suppress(ValueError):
            return datetime.fromisoformat(text)
    return datetime.strptime(text, _STAMP_FORMAT).replace(tzinfo=UTC)  # says what is wrong


def parse_stamp_or_none(text: object) -> datetime | None:
    """A stored moment, or None where the file holds something else (an edited record):
    a date is shown to the player, never worth a crash."""
    try:
        return parse_stamp(text) if isinstance(text, str) else None
    except ValueError:
        return None


def store_command(verb: str, folder: Path) -> str:
    """The exact command a player types to run `verb` on this data folder (the default
    folder needs no --data-dir; a long one is cut short, to leave room for the words)."""
    if folder == default_data_dir():
        return f"{PROG} {verb}"
    return f"{PROG} {verb} --data-dir {shlex.quote(elide(str(folder), COMMAND_PATH_LIMIT))}"


def restore_hint(folder: Path) -> str:
    return store_command("restore", folder)


def has_backups(folder: Path) -> bool:
    try:
        return any((folder / BACKUP_FOLDER).glob("bankroll-*.sqlite3"))
    except OSError:
        return False


def wallet_existed(folder: Path) -> bool:
    """Whether a bankroll was kept in `folder`: backups of one, or the wallet marker, remain."""
    try:
        # Anything at the marker's name counts, a link too, followed or not.
        return os.path.lexists(folder / MARKER_NAME) or has_backups(folder)
    except OSError:
        return False


def remedy_for_bad_file(folder: Path) -> str:
    """What to do once the bankroll of `folder` cannot be used: restore a backup when there
    is one; a new wallet only when no bankroll was ever kept there."""
    if wallet_existed(folder):
        return f"Restore a backup: `{restore_hint(folder)}`{OR_NEW_WALLET}."
    return "Start the casino again to begin a new wallet of $1,000."


def check_header(path: Path) -> None:
    """Refuse, before SQLite sees it, a file that cannot be read or is not SQLite at all."""
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except PermissionError:
        raise unreadable(path, "permission denied") from None
    except IsADirectoryError:
        raise NotADatabaseError(
            path,
            "is a folder, not a bankroll database",
            f"Move it out of the way. {remedy_for_bad_file(path.parent)}",
        ) from None
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:
            raise too_long(path) from None
        raise unreadable(path, error.strerror or str(error)) from None
    if header and header != SQLITE_HEADER[: len(header)]:
        raise NotADatabaseError(
            path,
            "is not a bankroll database (it lacks SQLite's header)",
            remedy_for_bad_file(path.parent),
        )


def unreadable(path: Path, why: str) -> UnreadableFileError:
    if has_backups(path.parent):
        remedy = f"restore a backup: `{restore_hint(path.parent)}`"
    else:
        remedy = "start the casino with another --data-dir"
    return UnreadableFileError(
        path,
        f"cannot be read: {why}",
        f"Let your user read and write it and its folder, or {remedy}.",
    )


def too_long(path: Path) -> FileProblemError:
    return FileProblemError(
        path,
        f"cannot be used: its path is too long for this system ({len(str(path)):,} characters)",
        "Start the casino with a --data-dir of a shorter path.",
    )


def _name_too_long(path: Path) -> bool:
    try:
        os.stat(path)
    except OSError as error:
        return error.errno == errno.ENAMETOOLONG
    return False


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
            "is not a bankroll database (it is not an SQLite file, or its first page is lost)",
            remedy_for_bad_file(path.parent),
        )
    if code == sqlite3.SQLITE_CORRUPT:
        return damaged(path, "schema" in str(error))
    if code == sqlite3.SQLITE_READONLY:
        return read_only(path)
    if code in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH):
        if _name_too_long(path) or len(str(path.absolute())) > SQLITE_LONGEST_PATH:
            return too_long(path)
        if path.exists() and not os.access(path, os.R_OK):
            return unreadable(path, "permission denied")
        return read_only(path)
    if code == sqlite3.SQLITE_IOERR and _disk_is_full(path):
        return disk_full(path)  # SQLite could not make its -wal or -shm beside the file
    if code == sqlite3.SQLITE_IOERR:
        return FileProblemError(
            path,
            "could not be read or written: the disk reported a fault",
            f"Check the disk and try again; if it stays, restore a backup: "
            f"`{restore_hint(path.parent)}`.",
        )
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StoreError(
            f"{shown(path)} is busy: another program holds it. Close it and try again."
        )
    return FileProblemError(
        path,
        "could not be read or written: a fault the casino does not expect",
        f"Try again; if it stays, restore a backup: `{restore_hint(path.parent)}`.",
    )


def _disk_is_full(path: Path) -> bool:
    try:
        return shutil.disk_usage(path.parent).free < 64 * 1024  # less than a WAL index needs
    except OSError:
        return False


def damaged(path: Path, schema: bool = False) -> DamagedFileError:
    what = "its list of tables cannot be read" if schema else "pages cannot be read"
    return DamagedFileError(path, f"is damaged: {what}", remedy_for_bad_file(path.parent))


def problem_of_os(path: Path, error: OSError) -> StoreError:
    if error.errno == errno.ENOSPC:
        return disk_full(path)
    if error.errno == errno.ENAMETOOLONG:
        return too_long(path)
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return read_only(path)
    return StoreError(f"{shown(path)}: {error.strerror or error}")


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
    losing a settled payout is exactly what this store exists to prevent. Read-only, the file
    is opened with SQLite's ``mode=ro``, which never writes it.
    """
    if read_only:
        return connect_read_only(path)
    with speaking(path):
        db = sqlite3.connect(path, isolation_level=None, timeout=10)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal":
                raise StoreError(f"{shown(path)}: SQLite would not use WAL mode (it chose {mode})")
            db.execute("PRAGMA synchronous = FULL")
        except BaseException:
            db.close()
            raise
    return db


def connect_read_only(path: Path, *, threads: bool = False) -> sqlite3.Connection:
    """A connection that cannot change the file: SQLite's ``mode=ro``; `threads`: one that
    another thread may use (one thread at a time).

    In a read-only folder (or on a full disk) SQLite cannot make the WAL index it needs
    beside a WAL file; when no write-ahead log holds changes, ``immutable=1`` reads the file
    as it is, which is then all there is to read.
    """
    uri = path.absolute().as_uri()
    with speaking(path):
        db = sqlite3.connect(
            f"{uri}?mode=ro", uri=True, isolation_level=None, check_same_thread=not threads
        )
        try:
            db.execute("SELECT count(*) FROM sqlite_schema").fetchone()
        except sqlite3.OperationalError as error:
            db.close()
            code = getattr(error, "sqlite_errorcode", 0) & 0xFF
            # No room or no right to make the index beside it (a read-only folder, a full
            # disk): with nothing in a log, the file alone is the whole bankroll.
            if code not in _NO_INDEX or wal_holds_changes(path):
                raise
            db = sqlite3.connect(
                f"{uri}?mode=ro&immutable=1",
                uri=True,
                isolation_level=None,
                check_same_thread=not threads,
            )
        db.execute("PRAGMA query_only = ON")
    return db


class DamagedText:
    """A stored text that is not valid UTF-8 (one flipped byte in the file does it), as a
    reader of rows one by one gets it from `read_damaged_text`: the round that holds it
    costs only itself, where SQLite's decoding error would stop the whole query."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __repr__(self) -> str:
        return f"DamagedText({len(self.data)} bytes)"

    def __str__(self) -> str:
        return "(damaged text)"


def _text(data: bytes) -> str | DamagedText:
    try:
        return str(data, "utf-8")
    except UnicodeDecodeError:
        return DamagedText(data)


def read_damaged_text(db: sqlite3.Connection) -> sqlite3.Connection:
    """`db`, giving a `DamagedText` for a text that is not valid UTF-8 instead of stopping
    the query: for the readers that check each row as they read it (the export, the
    statistics, `verify --replay`), which name that round and go on (docs/decisions.md,
    "Damaged rows")."""
    db.text_factory = _text
    return db


_NO_INDEX = (
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_CANTOPEN,
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_FULL,
)


def wal_holds_changes(path: Path) -> bool:
    """Whether a write-ahead log beside `path` may hold changes not yet in the file."""
    try:
        return Path(f"{path}-wal").stat().st_size > 0
    except FileNotFoundError:
        return False


def check_integrity(db: sqlite3.Connection, path: Path) -> None:
    """SQLite's quick check of every page: a truncated or corrupt file fails it."""
    with speaking(path):
        rows = db.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        raise damaged(path)


@contextmanager
def transaction(db: sqlite3.Connection, path: Path) -> Iterator[sqlite3.Connection]:
    """One all-or-nothing change: committed at the end, rolled back on any error."""
    with speaking(path):
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            steps.reached()
        except BaseException:
            if db.in_transaction:  # SQLite has already rolled back on a full disk
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        steps.committed(db)


def set_aside(path: Path, why: str, now: datetime) -> Path:
    """Rename the file (and its -wal and -shm) out of the way: never overwrite, never delete.

    `why` goes into the new name (``bankroll.sqlite3.bad-20250101T120000Z``); a number is
    added if that name is taken.
    """
    target = aside_name(path, why, now)
    for suffix in COMPANIONS:
        companion = Path(f"{path}{suffix}")
        if companion.exists():
            companion.rename(f"{target}{suffix}")
    path.rename(target)
    return target


def aside_name(path: Path, why: str, now: datetime) -> Path:
    """A free name beside `path` for keeping it (``bankroll.sqlite3.replaced-<time>``)."""
    when = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    base = path.with_name(f"{path.name}.{why}-{when}")
    target, number = base, 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", *COMPANIONS)):
        number += 1
        target = base.with_name(f"{base.name}-{number}")
    return target


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
