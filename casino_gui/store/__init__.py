"""The bankroll: SQLite schema, migrations, ledger, round journal, history and backups.

Pure Python and the standard library's `sqlite3`; never Qt. The program opens one `Bankroll`
per data folder and moves money only through it (ARCHITECTURE.md, "The store").
"""

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
from casino_gui.store.history_query import HistoryFilter, Page, ResultFilter, RoundLine, cards_text
from casino_gui.store.ledger import STARTING_BALANCE, Kind, LedgerRow, Lifetime
from casino_gui.store.restore import Restored

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
    "Kind",
    "LedgerRow",
    "Lifetime",
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
