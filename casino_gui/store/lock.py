"""One running casino per data folder: an exclusive lock on the folder itself and on a file in it.

The lock is held on the data folder (POSIX: `flock` on the folder's own descriptor), which no
one can delete from under a running casino the way a file can be: a second casino is refused
even after `casino_gui.lock` was deleted. The file is locked too (the only lock on Windows,
which deletes no open file, and on a file system that cannot lock a folder) and holds the
owner's process id, for the message a second start shows; it is opened without following a
link. The operating system drops the locks when the process ends, however it ends (a crash, a
kill), so a stale lock never keeps the player out.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from types import TracebackType

from casino_gui.store.errors import (
    AlreadyRunningError,
    FileProblemError,
    ReadOnlyError,
    StoreError,
)

LOCK_NAME = "casino_gui.lock"
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
        os.lseek(fd, 1, os.SEEK_SET)
        os.write(fd, f"{os.getpid():<20}\n".encode())
        self._fd, self._folder_fd = fd, folder_fd

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
