"""Finding the bankroll at a start: a sound one is opened, a bad one is set aside, and a
missing one is replaced by a new wallet only when no bankroll was ever kept in the folder.

The file is read (never written) until it is known to be a bankroll. A bankroll that once
existed (backups of it or the wallet marker remain) is never silently replaced: the start
refuses, names the file, and says how to restore it.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from casino_gui.engine import dollars
from casino_gui.store.backups import list_backups, newest_sound_backup
from casino_gui.store.database import (
    FILE_NAME,
    OR_NEW_WALLET,
    connect,
    read_only,
    restore_hint,
    set_aside,
    speaking,
    store_command,
    wallet_existed,
)
from casino_gui.store.errors import BadFileError, BankrollMissingError, UnreadableFileError
from casino_gui.store.examine import State, examine
from casino_gui.store.kept_checks import Checked
from casino_gui.store.restore import open_new_wallet
from casino_gui.store.schema import SCHEMA_VERSION


@dataclass(frozen=True)
class Opened:
    db: sqlite3.Connection
    version: int  # its schema version, as found
    checked: Checked | None  # how far its rows are checked (None: a new wallet)
    born: Path | None = None  # a new wallet's first backup, taken as it was opened


def open_file(folder: Path, now: datetime, *, max_pages: int | None, new_wallet: bool) -> Opened:
    """Connect to the bankroll of `folder`. The caller holds the folder's lock."""
    path = folder / FILE_NAME
    try:
        found = examine(path, since_mark=True)
    except UnreadableFileError as error:
        raise _unreadable_with_backups(folder, error) from None
    except BadFileError as error:
        try:
            aside = set_aside(path, "bad", now)
        except OSError:
            raise error from None
        # The remedy is the bad file's own: a restore with no name takes the newest good one.
        raise type(error)(path, error.problem, error.remedy, aside) from None
    version, checked, born = found.version, found.checked, None
    if found.state is not State.BANKROLL:
        if wallet_existed(folder) and not new_wallet:
            raise missing_bankroll(folder, found.state)
        born = open_new_wallet(folder, now)
        version, checked = SCHEMA_VERSION, None
    elif not os.access(path, os.W_OK):
        raise read_only(path)  # SQLite would open it read-only and fail at the first bet
    db = connect(path)
    try:
        if max_pages is not None:
            # SQLite's max_page_count: a real limit, with which the tests fill the "disk".
            with speaking(path):
                db.execute(f"PRAGMA max_page_count = {int(max_pages)}")
    except BaseException:
        db.close()
        raise
    return Opened(db, version, checked, born)


def missing_bankroll(folder: Path, state: State) -> BankrollMissingError:
    """The refusal to open a new wallet where a bankroll was kept, with the restore to run."""
    path = folder / FILE_NAME
    what = "is missing" if state is State.MISSING else "is empty"
    choice = newest_sound_backup(folder)
    if choice is None:
        remedy = f"Put it back, or start over with $1,000: `{store_command('new-wallet', folder)}`."
        if list_backups(folder):  # of bankrolls left behind (docs/decisions.md, "Lines of play")
            remedy = f"`{store_command('backups', folder)}` lists those of bankrolls you left."
        return BankrollMissingError(
            path,
            f"{what} and no good backup of it remains: no new wallet was started",
            remedy,
            None,
        )
    return BankrollMissingError(
        path,
        f"{what}; backups remain, so no new wallet was started",
        f"Restore the newest ({dollars(choice.balance)}): `{restore_hint(folder)}`{OR_NEW_WALLET}.",
        (choice.backup, choice.balance),
    )


def _unreadable_with_backups(
    folder: Path, error: UnreadableFileError
) -> UnreadableFileError | BankrollMissingError:
    """A bankroll the casino may not read, with a good backup to offer in its place."""
    choice = newest_sound_backup(folder)
    if choice is None:
        return error
    return BankrollMissingError(
        error.path,
        error.problem,
        f"Let your user read and write it, or restore the newest ({dollars(choice.balance)}): "
        f"`{restore_hint(folder)}`.",
        (choice.backup, choice.balance),
    )
