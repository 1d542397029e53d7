"""The store's errors: each names the file or folder at fault and says what to do.

A player reads these in a dialog, and `python -m casino_gui.store` prints them, so every
message is a whole sentence or two with the path in it. None of them means money was lost: the
file that caused it was left as it was or set aside unchanged.
"""

from __future__ import annotations

from pathlib import Path

from casino_gui.command_line import shown


class StoreError(Exception):
    """Anything the bankroll store refuses or cannot do."""


class RoundError(StoreError):
    """A round asked of the store in the wrong order: dealing while one is open, acting with none."""


class RefillError(StoreError):
    """A refill asked for while the player is not short, or while a round is open."""


class AlreadyRunningError(StoreError):
    """Another running casino holds the data folder's lock."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        self.folder = folder
        self.pid = pid
        who = f" (process {pid})" if pid else ""
        super().__init__(
            f"The casino is already running with the data folder {shown(folder)}{who}. "
            "Switch to its window, or start this one with another --data-dir."
        )


class FileProblemError(StoreError):
    """A file or folder the store cannot use: says which, what is wrong, and what to do."""

    def __init__(
        self, path: Path, problem: str, remedy: str, set_aside: Path | None = None
    ) -> None:
        self.path = path
        self.problem = problem
        self.remedy = remedy
        self.set_aside = set_aside
        if set_aside is not None:
            kept = f" The file was set aside, unchanged, as {set_aside}."
        elif not _is_file(path):
            kept = ""
        else:
            kept = " The file was left as it is."
        super().__init__(f"{shown(path)} {problem}.{kept} {remedy}")


class BadFileError(FileProblemError):
    """The bankroll file cannot be read as a bankroll: not a database, damaged, or foreign."""


class NotADatabaseError(BadFileError):
    """The file is not an SQLite database at all."""


class DamagedFileError(BadFileError):
    """An SQLite database with missing or corrupt pages (a truncated copy, a disk fault)."""


class NewerSchemaError(FileProblemError):
    """A bankroll written by a newer version of the casino than this one."""


class UnreadableFileError(FileProblemError):
    """The operating system refuses to let the casino read the file."""


class ReadOnlyError(FileProblemError):
    """The file, or the data folder holding it, cannot be written."""


class DiskFullError(FileProblemError):
    """The disk (or a size limit on the file) is full; the last change was rolled back."""


class BackupError(FileProblemError):
    """A backup that cannot be written, or is not a bankroll that can be restored."""


class BankrollMissingError(FileProblemError):
    """The bankroll is missing, empty or unreadable where one existed (backups or the wallet
    marker remain): the casino will not open a new wallet over it.

    `newest` is the backup a restore with no argument would put back, and its balance in cents.
    """

    def __init__(
        self, path: Path, problem: str, remedy: str, newest: tuple[Path, int] | None
    ) -> None:
        super().__init__(path, problem, remedy)
        self.newest = newest


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False
