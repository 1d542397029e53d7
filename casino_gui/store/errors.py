"""The store's errors: each names the file or folder at fault and says what to do.

A player reads these in a dialog, and `python -m casino_gui.store` prints them, so every
message is a whole sentence or two with the path in it, and fits the command's line
(`MESSAGE_LIMIT`): a long path is cut in the middle to make room for the rest. None of them means money was lost: the
file that caused it was left as it was or set aside unchanged.
"""

from __future__ import annotations

import os
from pathlib import Path

from casino_gui.command_line import ELLIPSIS, LINE_LIMIT, PATH_LIMIT, elide, shown

PROG = "python -m casino_gui.store"
# A message is printed after the command's name on one line of LINE_LIMIT characters.
MESSAGE_LIMIT = LINE_LIMIT - len(f"{PROG}: ")
SHORTEST_PATH = 30  # a path cut shorter than this is named by its name alone
LEFT_AS_IT_IS = " The file was left as it is."


class StoreError(Exception):
    """Anything the bankroll store refuses or cannot do; its message fits MESSAGE_LIMIT."""

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MESSAGE_LIMIT:
            args = (elide(args[0], MESSAGE_LIMIT),)  # the last resort: the middle goes
        super().__init__(*args)


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
            kept = f" It was renamed {set_aside.name}."
        elif not _is_file(path):
            kept = ""
        else:
            kept = LEFT_AS_IT_IS
        super().__init__(_fitted(path, problem, kept, remedy))


class LinkedBankrollError(FileProblemError):
    """The bankroll file is a link, or has a second name: another data folder may play it."""


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


def _fitted(path: Path, problem: str, kept: str, remedy: str) -> str:
    """`path problem. kept remedy` within MESSAGE_LIMIT: the path gives up room first (its
    end kept, where its name is; then its name alone, as the remedy's command names the
    folder), then "left as it is"; only then is the middle cut."""
    text = os.fspath(path)
    rest = f" {problem}.{kept} {remedy}"
    room = MESSAGE_LIMIT - len(rest)
    if room >= min(len(text), PATH_LIMIT):
        return f"{shown(path)}{rest}"
    if room >= SHORTEST_PATH:
        return f"{ELLIPSIS}{elide(text, 10**6)[-room + 1 :]}{rest}"
    if len(path.name) + len(rest) > MESSAGE_LIMIT and kept == LEFT_AS_IT_IS:
        rest = f" {problem}. {remedy}"
    return elide(f"{path.name}{rest}", MESSAGE_LIMIT)


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False
