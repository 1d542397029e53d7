"""Rotating backups of the bankroll, made with SQLite's backup API, and restoring one.

A backup is taken each time the casino starts, of the file as it was found; the newest five are
kept in ``backups/`` beside it. A copy is written under a temporary name and renamed when
complete, so a crash during a backup never leaves a half copy among the backups.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from casino_gui.store.database import (
    FILE_NAME,
    check_header,
    check_integrity,
    connect,
    set_aside,
    speaking,
)
from casino_gui.store.errors import BackupError, StoreError
from casino_gui.store.schema import check_ownership

KEEP = 5
BACKUP_FOLDER = "backups"
_PARTIAL = ".partial"


def backup_folder(folder: Path) -> Path:
    return folder / BACKUP_FOLDER


def list_backups(folder: Path) -> list[Path]:
    """The complete backups of the data folder, newest first."""
    where = backup_folder(folder)
    if not where.is_dir():
        return []
    found = [path for path in where.glob("bankroll-*.sqlite3") if path.is_file()]
    return sorted(found, key=lambda path: path.name, reverse=True)


def make_backup(db: sqlite3.Connection, folder: Path, now: datetime) -> Path:
    """Copy the open bankroll into a new backup; keep only the newest `KEEP`."""
    where = backup_folder(folder)
    name = f"bankroll-{now.astimezone(UTC).strftime('%Y%m%dT%H%M%S%fZ')}"
    target = where / f"{name}.sqlite3"
    number = 1
    while target.exists():
        number += 1
        target = where / f"{name}-{number}.sqlite3"
    partial = target.with_name(target.name + _PARTIAL)
    with speaking(partial):
        where.mkdir(exist_ok=True)
        for leftover in where.glob(f"*{_PARTIAL}"):  # our own, from a start that was killed
            leftover.unlink()
        copy = sqlite3.connect(partial)
        try:
            db.backup(copy)
            # A backup is a closed file: no -wal or -shm should appear when one is read.
            copy.execute("PRAGMA journal_mode = DELETE")
        finally:
            copy.close()
        os.replace(partial, target)
    for old in list_backups(folder)[KEEP:]:
        for companion in (f"{old}-wal", f"{old}-shm"):
            Path(companion).unlink(missing_ok=True)
        old.unlink()
    return target


def check_backup(backup: Path) -> None:
    """Refuse to restore a file that is not a sound bankroll this version reads."""
    if not backup.is_file():
        raise StoreError(f"there is no backup {backup}")
    try:
        check_header(backup)
        db = connect(backup, read_only=True)
        try:
            check_integrity(db, backup)
            with speaking(backup):
                version = check_ownership(db, backup)
        finally:
            db.close()
    except StoreError as error:
        raise BackupError(
            backup,
            f"cannot be restored: {error}",
            "Choose another backup (`python -m casino_gui.store backups` lists them).",
        ) from None
    if version == 0:
        raise BackupError(
            backup, "cannot be restored: it holds no bankroll", "Choose another backup."
        )


def restore_backup(folder: Path, backup: Path, now: datetime) -> Path | None:
    """Put a copy of `backup` in place of the bankroll; the file it replaces is set aside
    (returned), never overwritten. The caller holds the folder's lock."""
    check_backup(backup)
    path = folder / FILE_NAME
    aside = set_aside(path, "replaced", now) if path.exists() else None
    incoming = path.with_name(path.name + ".restoring")
    with speaking(incoming):
        incoming.unlink(missing_ok=True)
        source = sqlite3.connect(f"{backup.absolute().as_uri()}?mode=ro", uri=True)
        copy = sqlite3.connect(incoming)
        try:
            source.backup(copy)
        finally:
            copy.close()
            source.close()
        os.replace(incoming, path)
    return aside
