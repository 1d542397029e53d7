"""The bankroll: SQLite schema, migrations, ledger, round journal, history and backups.

Pure Python and the standard library's `sqlite3`; never Qt. The program opens one `Bankroll`
per data folder and moves money only through it (docs/architecture.md, "The store").

The names below are loaded on first use (PEP 562): a start takes the folder's lock
(`store.lock`) before it opens its window, without loading the rest of the store.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from casino_gui.store.bankroll import Bankroll, Refunded, Resumed
    from casino_gui.store.errors import (
        AlreadyRunningError,
        BackupError,
        BadFileError,
        BankrollMissingError,
        DamagedFileError,
        DiskFullError,
        FileProblemError,
        NewerSchemaError,
        NotADatabaseError,
        ReadOnlyError,
        RefillError,
        RoundError,
        StoreError,
        UnreadableFileError,
    )
    from casino_gui.store.history import HistoryEntry
    from casino_gui.store.history_query import (
        HistoryFilter,
        Page,
        ResultFilter,
        RoundLine,
        cards_text,
    )
    from casino_gui.store.ledger import STARTING_BALANCE, LedgerKind, LedgerRow, LifetimeFigures
    from casino_gui.store.restore import Restored

# Where each name lives; tests/store/test_package.py holds it to `__all__` and the imports above.
_HOMES = {
    "AlreadyRunningError": "casino_gui.store.errors",
    "BackupError": "casino_gui.store.errors",
    "BadFileError": "casino_gui.store.errors",
    "Bankroll": "casino_gui.store.bankroll",
    "BankrollMissingError": "casino_gui.store.errors",
    "DamagedFileError": "casino_gui.store.errors",
    "DiskFullError": "casino_gui.store.errors",
    "FileProblemError": "casino_gui.store.errors",
    "HistoryEntry": "casino_gui.store.history",
    "HistoryFilter": "casino_gui.store.history_query",
    "LedgerKind": "casino_gui.store.ledger",
    "LedgerRow": "casino_gui.store.ledger",
    "LifetimeFigures": "casino_gui.store.ledger",
    "NewerSchemaError": "casino_gui.store.errors",
    "NotADatabaseError": "casino_gui.store.errors",
    "Page": "casino_gui.store.history_query",
    "ReadOnlyError": "casino_gui.store.errors",
    "RefillError": "casino_gui.store.errors",
    "Refunded": "casino_gui.store.bankroll",
    "Restored": "casino_gui.store.restore",
    "ResultFilter": "casino_gui.store.history_query",
    "Resumed": "casino_gui.store.bankroll",
    "RoundError": "casino_gui.store.errors",
    "RoundLine": "casino_gui.store.history_query",
    "STARTING_BALANCE": "casino_gui.store.ledger",
    "StoreError": "casino_gui.store.errors",
    "UnreadableFileError": "casino_gui.store.errors",
    "cards_text": "casino_gui.store.history_query",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "STARTING_BALANCE",
    "AlreadyRunningError",
    "BackupError",
    "BadFileError",
    "Bankroll",
    "BankrollMissingError",
    "DamagedFileError",
    "DiskFullError",
    "FileProblemError",
    "HistoryEntry",
    "HistoryFilter",
    "LedgerKind",
    "LedgerRow",
    "LifetimeFigures",
    "NewerSchemaError",
    "NotADatabaseError",
    "Page",
    "ReadOnlyError",
    "RefillError",
    "Refunded",
    "Restored",
    "ResultFilter",
    "Resumed",
    "RoundError",
    "RoundLine",
    "StoreError",
    "UnreadableFileError",
    "cards_text",
]
