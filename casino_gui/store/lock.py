"""One running casino per data folder, and one data folder per bankroll file.

The lock is held on the data folder (POSIX: `flock` on the folder's own descriptor), which no
one can delete from under a running casino the way a file can be: a second casino is refused
even after `casino_gui.lock` was deleted. The file is locked too (the only lock on Windows,
which deletes no open file, and on a file system that cannot lock a folder) and holds the
owner's process id, for the message a second start shows; it is opened without following a
link. The operating system drops the locks when the process ends, however it ends (a crash, a
kill), so a stale lock never keeps the player out.

The lock is refused, too, while the folder's bankroll file is a link (a symbolic link, or a
file with a second name, a hard link, in another folder): SQLite keeps a file's write-ahead
log and its index beside the *name* it was opened by, so two names of one file are two logs
that no lock of SQLite's keeps apart, and the file is damaged as soon as both are written,
at once or one after the other (docs/decisions.md, "One bankroll, one casino").
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from pathlib import Path
from types import TracebackType

from casino_gui.command_line import shown
from casino_gui.store.errors import (
    AlreadyRunningError,
    FileProblemError,
    LinkedBankrollError,
    ReadOnlyError,
    StoreError,
)

LOCK_NAME = "casino_gui.lock"
BANKROLL_NAME = "bankroll.sqlite3"  # the bankroll file of a data folder (database.FILE_NAME)
_NO_LINK = getattr(os, "O_NOFOLLOW", 0)  # a link planted at the lock's name is never written


class _FolderHeldError(Exception):
    """Another process holds the folder's lock."""


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

    def _lock_folder(folder: Path) -> int | None:
        return None  # Windows cannot lock a folder; the open lock file cannot be deleted

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

    def _lock_folder(folder: Path) -> int | None:
        """The folder's descriptor, locked; None where the file system cannot lock a folder
        (the lock file then stands alone); `_FolderHeldError` when another process holds it."""
        try:
            fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise _FolderHeldError from None
        except OSError:  # a network share without locks on folders, say
            os.close(fd)
            return None
        return fd


class FolderLock:
    """`with FolderLock(folder):` or `acquire()` ... `release()`; refuses a second holder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self._fd: int | None = None
        self._folder_fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        if self._fd is not None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise folder_problem(self.folder, error) from None
        try:
            folder_fd = _lock_folder(self.folder)
        except _FolderHeldError:
            raise AlreadyRunningError(self.folder, self._owner()) from None
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | _NO_LINK, 0o644)
        except OSError as error:
            _close(folder_fd)
            raise self._lock_file_problem(error) from None
        if not _try_lock(fd):
            pid = _read_pid(fd)
            os.close(fd)
            _close(folder_fd)
            raise AlreadyRunningError(self.folder, pid)
        # The process id goes after the locked first byte, where Windows lets others read it;
        # padded, so it overwrites a longer one left by an earlier owner without truncating.
        # It is only for a second start's message: a full disk leaves it unwritten, and the
        # lock holds all the same.
        with contextlib.suppress(OSError):
            os.lseek(fd, 1, os.SEEK_SET)
            os.write(fd, f"{os.getpid():<20}\n".encode())
        self._fd, self._folder_fd = fd, folder_fd
        linked = linked_bankroll(self.folder / BANKROLL_NAME)
        if linked is not None:
            self.release()
            raise linked

    def _owner(self) -> int | None:
        """The process id the lock file names, if it is there to read."""
        try:
            fd = os.open(self.path, os.O_RDONLY | _NO_LINK)
        except OSError:
            return None  # deleted: the folder's lock still keeps the casino to one
        try:
            return _read_pid(fd)
        finally:
            os.close(fd)

    def _lock_file_problem(self, error: OSError) -> StoreError:
        """Why the lock file cannot be opened: the file itself, or the folder holding it."""
        if self.path.is_symlink():
            return FileProblemError(
                self.path,
                "is a link, where the casino keeps its lock file (it never writes through one)",
                "Delete that link, then start again.",
            )
        if self.path.is_dir():
            return FileProblemError(
                self.path,
                "is a folder, where the casino keeps its lock file",
                "Move that folder out of the way, then start again.",
            )
        writable_folder = os.access(self.folder, os.W_OK)
        if writable_folder and self.path.exists() and error.errno in (errno.EACCES, errno.EPERM):
            return ReadOnlyError(
                self.path,
                "cannot be written: the casino needs it to know that it runs only once",
                "Make it writable, or delete it (the casino makes it again).",
            )
        return folder_problem(self.folder, error)

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        folder_fd, self._folder_fd = self._folder_fd, None
        try:
            _unlock(fd)
        finally:
            os.close(fd)
            _close(folder_fd)  # closing the descriptor lets go of the folder's lock

    def __enter__(self) -> FolderLock:
        self.acquire()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


def is_linked(path: Path) -> bool:
    """Whether the file at `path` is a symbolic link, or has a name (a hard link) outside
    its data folder and the folder's backups: `st_nlink`, which Windows gives too, against
    the names found there (a kill in a swap may leave a second name beside it,
    `swap.keep_aside`'s; a restore refuses a backup that is the bankroll itself). A missing
    file is not."""
    try:
        found = os.lstat(path)
    except OSError:
        return False
    if stat.S_ISLNK(found.st_mode):
        return True
    if not stat.S_ISREG(found.st_mode) or found.st_nlink == 1:
        return False
    from casino_gui.store.database import BACKUP_FOLDER  # only for a file of several names

    backups = path.parent / BACKUP_FOLDER
    here = _names_in(path.parent, found)
    if not backups.is_symlink():  # a linked backups folder is another folder's
        here += _names_in(backups, found)
    return found.st_nlink > here


def _names_in(folder: Path, found: os.stat_result) -> int:
    """How many names in `folder` are of the file `found`."""
    names = 0
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            with contextlib.suppress(OSError):
                # os.lstat: a DirEntry's stat has no inode number on Windows.
                other = os.lstat(entry.path)
                names += (other.st_dev, other.st_ino) == (found.st_dev, found.st_ino)
    return names


def linked_bankroll(path: Path) -> StoreError | None:
    """Why the bankroll at `path` is not played: it is a link, or a name of a file that
    another data folder names too; None when it is not (or is missing: the opening says
    what it finds)."""
    if not is_linked(path):
        return None
    if path.is_symlink():
        try:
            target = shown(os.readlink(path))
        except OSError:
            target = "another file"
        problem = f"is a link to {target}"
        remedy = "Start the casino with --data-dir set to that file's folder, or copy it here."
    else:
        problem = "has another name (a hard link) in another folder"
        remedy = "Delete the other name, or put a copy of the file in place of this one."
    return LinkedBankrollError(
        path, f"{problem}: two casinos writing one file damage it, so it is not played", remedy
    )


def folder_problem(folder: Path, error: OSError) -> StoreError:
    """Why the data folder cannot be used, in words."""
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return ReadOnlyError(
            folder,
            "is read-only: the casino cannot keep your bankroll in this data folder",
            "Make it writable, or start the casino with --data-dir set to a folder you can write.",
        )
    # database.py (sqlite3) is loaded when a problem is told, not to take the lock: a start
    # takes it before it paints (app.py).
    from casino_gui.store.database import problem_of_os

    return problem_of_os(folder, error)


def _close(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)


def _read_pid(fd: int) -> int | None:
    try:
        os.lseek(fd, 1, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
