"""What a file is, found without writing it: missing, empty, or a sound bankroll (else an error).

Opening a file to read it must not change it: another program's database stays byte for byte
what it was (SQLite's ``mode=ro``), and only a file known to be a bankroll is ever opened for
writing. A sound bankroll passes SQLite's page check, holds the tables of its schema version,
and its wallet agrees with its ledger; only such a file is backed up or restored.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from casino_gui.command_line import elide
from casino_gui.engine import dollars
from casino_gui.store.database import (
    check_header,
    check_integrity,
    connect_read_only,
    damaged,
    speaking,
    wal_holds_changes,
)
from casino_gui.store.errors import DamagedFileError, StoreError
from casino_gui.store.kept_checks import Checked, mark_of
from casino_gui.store.ledger import LedgerKind, balance
from casino_gui.store.schema import check_ownership, check_schema


class State(Enum):
    MISSING = "missing"
    EMPTY = "empty"  # no bytes, or an SQLite file with nothing in it
    BANKROLL = "bankroll"


@dataclass(frozen=True)
class Found:
    state: State
    version: int = 0
    balance: int = 0  # cents, for a bankroll
    checked: Checked | None = None  # how far its rows are checked now, for a bankroll


def examine(path: Path, *, thorough: bool = False, since_mark: bool = False) -> Found:
    """What `path` holds, read only. A file that is there but is not a sound bankroll raises
    the store's error for it (not SQLite, damaged, another program's, newer, unreadable).

    `thorough` runs SQLite's full integrity check (indexes too) instead of the quick one: for
    a file about to be swapped in, where the time is well spent. `since_mark` is a start's:
    a file its casino closed cleanly is checked only for what was written since the last
    start checked it (`kept_checks`); `Found.checked` says how far the rows now are.
    """
    if not path.exists() and not path.is_symlink():
        return Found(State.MISSING)
    check_header(path)
    with speaking(path):
        empty = path.stat().st_size == 0 and not wal_holds_changes(path)
    if empty:
        return Found(State.EMPTY)
    db = connect_read_only(path)
    try:
        with speaking(path):
            mark = mark_of(db) if since_mark else None
        since = mark.checked if mark is not None and mark.closed_cleanly else None
        try:
            return _examine(db, path, thorough=thorough, since=since)
        except DamagedFileError:
            if since is None:
                raise
        # What the start kept of its checks disagrees with the file: the kept row may be the
        # damaged part. The whole file is checked, and what it finds is what is said
        # (docs/decisions.md, "The start's checks").
        return _examine(db, path, thorough=thorough, since=None)
    finally:
        db.close()


def _examine(db: sqlite3.Connection, path: Path, *, thorough: bool, since: Checked | None) -> Found:
    if thorough:
        with speaking(path):
            ok = db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        if not ok:
            raise damaged(path)
    elif since is None:
        check_integrity(db, path)
    with speaking(path):
        version = check_ownership(db, path)
        if version == 0:
            return Found(State.EMPTY)
        check_schema(db, path, version)
        check_values(db, path, since)
        try:
            cents, checked = sound_balance(db, path, since)
        except NoWalletError:  # a start died between making the tables and opening the wallet
            return Found(State.EMPTY, version)
    return Found(State.BANKROLL, version, cents, checked)


_STAMP = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9]*Z"
# Each: a table, how to name one of its rows, and the condition its rows must meet for the
# store to read them. SQLite keeps any value in any column; the CHECKs of the schema do not
# stop text where cents belong.
_READABLE = (
    ("wallet", "'its wallet'", "typeof(balance) = 'integer'"),
    (
        "ledger",
        "'row ' || id || ' of its ledger'",
        "typeof(amount) = 'integer' AND typeof(balance_after) = 'integer'"
        f" AND typeof(at) = 'text' AND at GLOB '{_STAMP}'"
        f" AND kind IN ({', '.join(repr(kind.value) for kind in LedgerKind)})"
        " AND (round_id IS NULL OR typeof(round_id) = 'integer')"
        " AND (round_id IS NULL OR kind = 'refund' OR typeof(spot) = 'integer')"
        " AND (spot IS NULL OR typeof(spot) = 'integer')"
        " AND (action_number IS NULL OR typeof(action_number) = 'integer')",
    ),
    (
        "actions",
        "CASE WHEN typeof(number) = 'integer' AND typeof(round_id) = 'integer'"
        " THEN 'answer ' || number || ' of round ' || round_id || ' of its journal'"
        " ELSE 'an answer of its journal' END",
        "typeof(round_id) = 'integer' AND typeof(number) = 'integer'"
        " AND typeof(action) = 'text' AND length(action) <= 100 AND typeof(at) = 'text'",
    ),
)


# Where each table's rows written since a mark begin (the wallet's one row is always read).
_SINCE = {"wallet": "", "ledger": "id > :ledger AND ", "actions": "round_id >= :answers AND "}


def check_values(db: sqlite3.Connection, path: Path, since: Checked | None = None) -> None:
    """Refuse a bankroll whose money or journal holds a value of the wrong kind (text for
    cents, a date that is not one): edited or damaged, it would fail when read. `since`:
    only the rows written after those it says were checked."""
    marks = {"ledger": 0, "answers": 0}
    if since is not None:
        marks = {"ledger": since.ledger_through, "answers": since.answers_from}
    for table, which, condition in _READABLE:
        after = _SINCE[table] if since is not None else ""
        row = db.execute(
            f"SELECT {which} FROM {table} WHERE {after}NOT ({condition}) LIMIT 1", marks
        ).fetchone()
        if row is not None:
            raise DamagedFileError(
                path,
                f"is damaged: {elide(str(row[0]), 80)} holds something the casino never writes "
                "there (edited, or spoilt on the disk)",
                damaged(path).remedy,
            )


class NoWalletError(Exception):
    """The tables are there, but no wallet was ever opened in them."""


def sound_balance(
    db: sqlite3.Connection, path: Path, since: Checked | None = None
) -> tuple[int, Checked]:
    """The wallet's balance, once it is known to be what the ledger sums to (`since`: the
    kept sum of the rows it says were checked, and the rows after them), and how far the
    rows are now checked."""
    before = since or Checked()
    added, movements, last = db.execute(
        "SELECT coalesce(sum(amount), 0), count(*), max(id) FROM ledger WHERE id > ?",
        (before.ledger_through,),
    ).fetchone()
    total = before.ledger_sum + int(added)
    try:
        wallet = balance(db)
    except StoreError:
        if movements == 0 and before.ledger_through == 0:
            raise NoWalletError from None
        raise DamagedFileError(
            path, "is damaged: it holds no wallet", damaged(path).remedy
        ) from None
    if wallet != total:
        raise DamagedFileError(
            path,
            f"does not add up: its wallet holds {dollars(wallet)} but its ledger sums to "
            f"{dollars(total)}",
            damaged(path).remedy,
        )
    (answers,) = db.execute("SELECT max(round_id) FROM actions").fetchone()
    checked = Checked(
        last if last is not None else before.ledger_through,
        total,
        answers if answers is not None else before.answers_from,
        whole=since is None,
    )
    return wallet, checked
