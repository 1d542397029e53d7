"""Every message the store can give fits the command's line (`MESSAGE_LIMIT`, 300 characters
with `python -m casino_gui.store: ` before it), whatever the data folder's length; and for a
data folder of an everyday length (the default one, or up to 80 characters) it is whole:
nothing of it is cut, and its commands can be typed as they stand."""

from __future__ import annotations

import errno
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest

from casino_gui.command_line import ELLIPSIS
from casino_gui.store import database, errors, opening
from casino_gui.store.backups import Choice, _cannot_write, no_sound_backup, ready_folder
from casino_gui.store.bankroll import Refunded
from casino_gui.store.examine import State
from casino_gui.store.lock import FolderLock, folder_problem
from casino_gui.store.restore import _no_room

FOLDERS = {
    "the default folder": 35,  # ~/.local/share/casino_gui: commands need no --data-dir
    "a folder of 80 characters": 80,
    "a folder of 400 characters": 400,
}
BACKUP = "bankroll-20250131T200000000000Z.sqlite3"


def folder_of(tmp_path: Path, length: int) -> Path:
    """An existing folder whose path is `length` characters long (or a little over)."""
    folder = tmp_path
    while len(str(folder)) < length:
        folder = folder / ("d" * min(100, max(1, length - len(str(folder)) - 1)))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def messages(folder: Path, value: str) -> Iterator[tuple[str, str]]:
    """(what, message) for every message the store makes, in the folder's worst case:
    files present (so "left as it is" is said), backups and the wallet marker kept; `value`
    is what SQLite, the system or an edited record says."""
    live = folder / database.FILE_NAME
    backups = folder / "backups"
    backups.mkdir(exist_ok=True)
    (backups / BACKUP).write_bytes(b"")
    (folder / database.MARKER_NAME).write_text("x")
    live.write_bytes(b"x")
    aside = folder / f"{database.FILE_NAME}.bad-20250131T200000Z"
    yield "unreadable", str(database.unreadable(live, "permission denied"))
    yield "too long", str(database.too_long(live))
    yield "read-only file", str(database.read_only(live))
    yield "disk full", str(database.disk_full(live))
    yield "damaged", str(database.damaged(live))
    yield "damaged schema", str(database.damaged(live, schema=True))
    yield "damaged, set aside", str(errors.DamagedFileError(live, "is damaged", "", aside))
    for code in (
        sqlite3.SQLITE_NOTADB,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_INTERNAL,
    ):
        error = sqlite3.OperationalError(value)
        error.sqlite_errorcode = code  # type: ignore[attr-defined]
        yield f"SQLite code {code}", str(database.problem_of(live, error))
    for number in (errno.ENOSPC, errno.ENAMETOOLONG, errno.EACCES, errno.EIO):
        yield f"OS error {number}", str(database.problem_of_os(live, OSError(number, value)))
        yield f"folder, OS error {number}", str(folder_problem(folder, OSError(number, value)))
    choice = Choice(backups / BACKUP, 123_456_789_00, ())
    for state in (State.MISSING, State.EMPTY):
        with _newest(choice):
            yield f"{state} with a backup", str(opening.missing_bankroll(folder, state))
        with _newest(None):
            yield f"{state} without", str(opening.missing_bankroll(folder, state))
    with _newest(choice):
        unreadable = database.unreadable(live, "permission denied")
        yield "unreadable, backups", str(opening._unreadable_with_backups(folder, unreadable))
    yield "already running", str(errors.AlreadyRunningError(folder, 4_194_304))
    yield "backup full", str(_cannot_write(backups, OSError(errno.ENOSPC, "full")))
    yield "backup failed", str(_cannot_write(backups, OSError(errno.EIO, value)))
    yield "no sound backup", str(no_sound_backup(folder))
    yield "no room", str(_no_room(folder, "the restored bankroll"))
    (backups / "file").write_text("x")
    yield "backups a file", _refused(lambda: ready_folder(backups / "file" / ".."))
    yield "lock is a folder", _lock_refusal(folder / "one", make=lambda path: path.mkdir())
    yield "lock is a link", _lock_refusal(folder / "two", make=lambda path: path.symlink_to(live))
    when = datetime(2025, 1, 31, tzinfo=UTC)
    yield "refunded", Refunded(7, "blackjack", when, 12_345_00, value).message
    yield "taken back", Refunded(7, value, None, -100, value).message


@contextmanager
def _newest(choice: Choice | None) -> Iterator[None]:
    """`newest_sound_backup` answering `choice` (the files here are no bankrolls)."""
    saved = opening.newest_sound_backup
    opening.newest_sound_backup = lambda folder: choice
    try:
        yield
    finally:
        opening.newest_sound_backup = saved


def _refused(work: Callable[[], object]) -> str:
    with pytest.raises(errors.StoreError) as refused:
        work()
    return str(refused.value)


def _lock_refusal(folder: Path, make: Callable[[Path], object]) -> str:
    folder.mkdir()
    make(folder / "casino_gui.lock")
    return _refused(FolderLock(folder).acquire)


@pytest.mark.parametrize("where", FOLDERS)
def test_every_message_of_the_store_fits_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    folder = folder_of(tmp_path, FOLDERS[where])
    if where == "the default folder":
        monkeypatch.setattr(database, "default_data_dir", lambda: folder)
    said = dict(messages(folder, "x" * 1_000))
    assert len(said) > 30
    too_long = {what: len(text) for what, text in said.items() if len(text) > errors.MESSAGE_LIMIT}
    assert too_long == {}
    if FOLDERS[where] <= 80:
        shutil.rmtree(folder)
        folder.mkdir()
        said = dict(messages(folder, "the reason"))
        # Nothing cut but the path a message begins with (its end kept, where its name is).
        cut = {what: text for what, text in said.items() if ELLIPSIS in text.lstrip(ELLIPSIS)}
        assert cut == {}
        for what, text in said.items():
            for command in text.split("`")[1::2]:
                if command.startswith("python -m casino_gui.store "):
                    assert command.endswith(
                        "" if where == "the default folder" else f"--data-dir {folder}"
                    ), what
