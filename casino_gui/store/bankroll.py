"""The player's bankroll: the one object the program opens, deals through and acts through.

>>> import tempfile
>>> from casino_gui.engine import Bet, rules_for
>>> with tempfile.TemporaryDirectory() as folder, Bankroll.open(Path(folder)) as bankroll:
...     table, events = bankroll.deal(rules_for("blackjack"), [Bet(1, 1_000)], shoe="9S 7H TH TC")
...     before = bankroll.balance
...     _ = bankroll.act("stand")
...     before, bankroll.balance, bankroll.round_open
(99000, 101000, False)

Every step of a round is one transaction that mirrors what the engine did: the deal (the hand
record and the stakes), each action (the journal entry and any stake it takes), and the step
that settles the round (the payouts and the closing). A crash at any instant leaves the round
as of its last step; the next `Bankroll.open` replays it through the engine and hands it back.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

from casino_gui.command_line import elide, shown
from casino_gui.engine import (
    GAMES,
    Action,
    Bet,
    BlackjackError,
    Event,
    Move,
    Phase,
    Round,
    Shoe,
    dollars,
    parse_move,
)
from casino_gui.engine.rules import Rules
from casino_gui.paths import data_dir
from casino_gui.store import journal, kept_checks
from casino_gui.store.backups import list_backups
from casino_gui.store.database import (
    FILE_NAME,
    Clock,
    parse_stamp_or_none,
    speaking,
    stamp,
    transaction,
    utc_now,
)
from casino_gui.store.errors import RefillError, RoundError, StoreError
from casino_gui.store.history import HistoryEntry, history
from casino_gui.store.journal import (
    ReplayError,
    check_replay,
    insert_round,
    refund_round,
    replay,
    write_step,
)
from casino_gui.store.ledger import (
    STARTING_BALANCE,
    LedgerKind,
    LedgerRow,
    LifetimeFigures,
    Movement,
    balance,
    ledger_rows,
    lifetime,
    post,
    recorded_money,
)
from casino_gui.store.leftovers import clear_leftovers
from casino_gui.store.lock import FolderLock
from casino_gui.store.opening import Opened, open_file
from casino_gui.store.restore import Restored, restore_backup
from casino_gui.store.schema import SCHEMA_VERSION, migrate
from casino_gui.store.start_backup import StartBackup, start_backup

if TYPE_CHECKING:
    from casino_gui.store.practice import PracticeRecord

T = TypeVar("T")


@dataclass(frozen=True)
class Resumed:
    """The round a crash interrupted, rebuilt by the engine where it stood."""

    round_id: int
    opened_at: datetime
    table: Round
    events: list[Event] = field(repr=False)  # everything the replay did, for a quick redraw

    @property
    def message(self) -> str:
        return f"Your {self.table.rules.name} round was interrupted; it goes on where it was."


@dataclass(frozen=True)
class Refunded:
    """An interrupted round that could not be replayed, given back in full."""

    round_id: int
    game: str
    opened_at: datetime | None  # None when the record's own date cannot be read
    amount: int
    reason: str

    @property
    def message(self) -> str:
        name = elide(_game_name(self.game), 30)  # an edited record may hold anything
        if self.amount >= 0:
            back = f"its stakes of {dollars(self.amount)} were refunded in full"
        else:
            back = f"the {dollars(-self.amount)} it had already paid was taken back"
        return (
            f"Your {name} round was interrupted and could not be resumed "
            f"({elide(self.reason, 60)}). "
            f"It was cancelled and {back}: your bankroll is as it was before that round."
        )

    @property
    def shorter(self) -> tuple[str, ...]:
        """The message without its reason, then without the game's name, where it does not fit."""
        if self.amount >= 0:
            back = f"its stakes of {dollars(self.amount)} were refunded"
        else:
            back = f"the {dollars(-self.amount)} it had paid was taken back"
        name = _game_name(self.game)
        return (
            f"Your interrupted {name} round was cancelled: {back}.",
            f"Your interrupted round was cancelled: {back}.",
        )


class Bankroll:
    """The wallet, its ledger, the round journal and the history of one data folder.

    Open it with `Bankroll.open`; one process at a time holds a data folder.
    """

    def __init__(
        self, folder: Path, db: sqlite3.Connection, lock: FolderLock, clock: Clock
    ) -> None:
        self.folder = folder
        self.path = folder / FILE_NAME
        self._db = db
        self._lock = lock
        self._clock = clock
        self._backup: StartBackup | None = None  # the start's: see `back_up`
        self._born: Path | None = None  # or a new wallet's first backup
        self._in_use = False  # noted in the file until a clean `close`
        self.resumed: Resumed | Refunded | None = None
        self.table: Round | None = None  # the round at the table: open, or the last one settled
        self.round_id: int | None = None
        self._recorded: dict[Movement, int] = {}  # the open round's money, as the ledger has it

    # --- Opening and closing -----------------------------------------------------------------

    @classmethod
    def open(
        cls,
        folder: Path | None = None,
        *,
        clock: Clock = utc_now,
        max_pages: int | None = None,
        new_wallet: bool = False,
        backup_later: bool = False,
        lock: FolderLock | None = None,
    ) -> Bankroll:
        """Lock the folder (default: the platform's user data folder), open or create the
        bankroll, back it up, bring it to this version's schema and resume an open round.

        A missing or empty bankroll where one was kept (backups or the wallet marker remain)
        raises `BankrollMissingError` rather than opening a new wallet, unless `new_wallet`
        says the player asked for one. `max_pages` caps the file's size in pages (SQLite's
        max_page_count): a real limit, with which the tests fill the "disk".

        `backup_later` leaves the start's backup to `back_up_soon()`, which the casino calls
        once its window is painted (a long history takes a while to copy), or to the first
        deal or refill: it is copied in the background, and is still of the file as this start
        found it (`StartBackup`). A file to migrate or a round to resume is backed up here.

        `lock` is the folder's lock when the caller took it already (the casino takes it
        before it paints, `app.py`); the bankroll holds it from then on, and lets it go when
        the open fails, as it does its own.
        """
        folder = data_dir(folder)
        if lock is None:
            lock = FolderLock(folder)
        elif lock.folder != folder:
            raise ValueError(f"a lock of {lock.folder} cannot open the bankroll in {folder}")
        lock.acquire()
        try:
            clear_leftovers(folder)
            opened = open_file(folder, clock(), max_pages=max_pages, new_wallet=new_wallet)
        except BaseException:
            lock.release()
            raise
        bankroll = cls(folder, opened.db, lock, clock)
        try:
            bankroll._start(opened, backup_later)
        except BaseException:
            bankroll.close()
            raise
        bankroll._in_use = True
        return bankroll

    def _start(self, opened: Opened, backup_later: bool) -> None:
        path, version, checked = self.path, opened.version, opened.checked
        self._born = opened.born  # a new wallet's first backup is this start's
        if self._born is None:  # of the file as found, before anything writes to it
            with speaking(path):
                later = backup_later and journal.open_round_id(self._db) is None
            later = later and version == SCHEMA_VERSION
            self._backup = start_backup(self._db, path, self._clock(), checked, later)
        if version < SCHEMA_VERSION:
            migrate(self._db, path)
        kept_checks.keep(self._db, path, checked)
        self._resume()

    @property
    def backup(self) -> Path | None:
        """The backup taken at this start, once taken."""
        return self._born or (self._backup.backup if self._backup is not None else None)

    def back_up(self) -> Path | None:
        """Take the start's backup if `open(backup_later=True)` left it for later (once),
        or wait for the copy a write set going; returns it. A backup that cannot be written
        raises `StoreError` and stays due; a fault the check of its copy found raises
        `DamagedFileError`, and every write after it does too."""
        if self._backup is not None:
            self._backup.wait()
        return self.backup

    def back_up_soon(self) -> None:
        """Set the start's backup going in the background, if it is due (the casino's, once its
        window is painted: the copy and its check take a while on a long history). A folder
        that cannot take it raises `BackupError` at once; a copy that fails later is said by
        the next deal or refill, which is refused until it is taken."""
        job = self._backup
        if job is not None and job.error is not None:
            self.back_up()
        elif job is not None:
            job.begin()

    def _before_writing(self, *, opens: bool = False) -> None:
        """Refuse to move money on a file whose copy was found damaged. Before a deal or a
        refill (`opens`), set the start's backup going; one that failed is tried again
        first, and refuses the write until it is taken."""
        job = self._backup
        if job is None:
            return
        if job.damage is not None:
            raise job.damage
        if opens:
            self.back_up_soon()

    def close(self) -> None:
        try:
            if self._backup is not None:
                self._backup.close()  # a copy under way ends first
            if self._in_use and (self._backup is None or self._backup.damage is None):
                with contextlib.suppress(StoreError):  # then the next start checks all
                    kept_checks.close_cleanly(self._db, self.path)
        finally:
            try:
                self._db.close()
            finally:
                self._lock.release()

    def __enter__(self) -> Bankroll:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    @classmethod
    def restore(
        cls, folder: Path | None = None, backup: Path | None = None, *, clock: Clock = utc_now
    ) -> Restored:
        """Put a backup (default: the newest sound one of the line being played) in place of
        the bankroll, with the casino closed; the file it replaces is kept (a sound bankroll as
        a backup of its line)."""
        folder = data_dir(folder)
        if not folder.is_dir():  # nothing to restore into; and a restore creates no folder
            raise StoreError(f"there is no data folder {shown(folder)}: nothing was restored")
        with FolderLock(folder):
            clear_leftovers(folder)
            return restore_backup(folder, backup, clock())

    # --- Reading -------------------------------------------------------------------------

    @property
    def balance(self) -> int:
        """Cents in the wallet: what is not on the table."""
        with speaking(self.path):
            return balance(self._db)

    @property
    def round_open(self) -> bool:
        return self.table is not None and self.table.phase is not Phase.SETTLED

    def ledger(self, round_id: int | None = None) -> list[LedgerRow]:
        with speaking(self.path):
            return ledger_rows(self._db, round_id)

    def lifetime(self) -> LifetimeFigures:
        with speaking(self.path):
            return lifetime(self._db)

    def history(
        self,
        game: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> list[HistoryEntry]:
        with speaking(self.path):
            return history(self._db, game, since, until)

    def last_bets(self, rules: Rules) -> tuple[Bet, ...] | None:
        """The table's last closed round's bets (any session), or None: REBET stays dark."""
        return self._quietly(lambda db: journal.last_bets(db, rules))

    def last_settled(self, rules: Rules) -> Round | None:
        """The table's last settled round, replayed (LAST RESULT after a start), or None."""
        return self._quietly(lambda db: journal.last_settled(db, rules))

    def shoe(self, rules: Rules) -> Shoe | None:
        """A shoe game's shoe as its table's last round left it (any session), or None."""
        return self._quietly(lambda db: journal.shoe_left(db, rules))

    def _quietly(self, read: Callable[[sqlite3.Connection], T]) -> T | None:
        try:
            with speaking(self.path):
                return read(self._db)
        except StoreError:
            return None

    def backups(self) -> list[Path]:
        return list_backups(self.folder)

    # --- A round -------------------------------------------------------------------------

    def deal(
        self,
        rules: Rules,
        bets: Iterable[Bet],
        *,
        seed: int | None = None,
        shoe: str | None = None,
    ) -> tuple[Round, list[Event]]:
        """Open a round: the engine deals from a shoe shuffled from `seed` (a fresh one from
        `secrets` when None) or stacked from `shoe` ("9S AH TH 7C"); a shoe game goes on from
        the shoe its last round ended with, and `seed` is that of its next shuffle. The record,
        the stakes and what the deal settled are saved in one transaction. Bet errors are the
        engine's (`BetError`), raised before anything is written."""
        if self.round_open:
            raise RoundError(f"round {self.round_id} is still being played: finish it first")
        self._before_writing(opens=True)
        bets = tuple(bets)
        cards = " ".join(shoe.split()) if shoe is not None else None
        with speaking(self.path):
            shuffled = journal.next_shoe(self._db, rules, seed) if cards is None else None
        table = Round(rules, shuffled or Shoe.stacked(rules, cards or ""), self.balance).place(bets)
        events = table.deal()
        at = stamp(self._clock())
        try:
            with transaction(self._db, self.path):
                round_id = insert_round(self._db, table, bets, cards, at)
                recorded = write_step(self._db, round_id, table, recorded={}, journaled=0, at=at)
        except BaseException:
            self.table = self.round_id = None
            raise
        self.table, self.round_id, self._recorded = table, round_id, recorded
        return table, events

    def act(self, action: str | Action | Move) -> list[Event]:
        """The player's answer, in the replay format (`hit`, `insure:250`, ...): applied by
        the engine, then journaled with the money it moved in one transaction. An illegal
        action raises the engine's `BlackjackError` and changes nothing.

        After a `StoreError` (a full disk, say) nothing was saved, and `table` is a new
        `Round` rebuilt from the journal: redraw from it.
        """
        table, round_id = self.table, self.round_id
        if table is None or round_id is None or not self.round_open:
            raise RoundError("there is no round being played: deal first")
        self._before_writing()
        journaled, before = len(table.moves), table.bankroll
        try:
            events = table.apply(_move(action))
        except BlackjackError:
            if len(table.moves) != journaled or table.bankroll != before:
                self._reload()  # the engine failed half-way (a stacked shoe ran out)
            raise
        at = stamp(self._clock())
        try:
            with transaction(self._db, self.path):
                recorded = write_step(
                    self._db, round_id, table, recorded=self._recorded, journaled=journaled, at=at
                )
        except BaseException:
            self._reload()
            raise
        self._recorded = recorded
        return events

    def practice(self) -> PracticeRecord:
        """Practice's record in this bankroll's file: never its money."""
        from casino_gui.store.practice import PracticeRecord  # when Practice opens

        return PracticeRecord(self._db, self.path, self._clock)

    def refill(self) -> int:
        """Top the wallet up to $1,000 when it holds less; returns the cents added."""
        if self.round_open:
            raise RefillError("finish the round on the table before refilling")
        self._before_writing(opens=True)
        with transaction(self._db, self.path):
            short = STARTING_BALANCE - balance(self._db)
            if short <= 0:
                raise RefillError(
                    f"the wallet holds {dollars(STARTING_BALANCE - short)}: a refill tops it "
                    f"up to {dollars(STARTING_BALANCE)} only when it holds less"
                )
            post(self._db, LedgerKind.REFILL, short, stamp(self._clock()))
        return short

    # --- Resuming ------------------------------------------------------------------------

    def _resume(self) -> None:
        path = self.path
        with speaking(path):
            round_id = journal.open_round_id(self._db)
            if round_id is None:
                return
            game, opened_at = self._db.execute(
                "SELECT game, opened_at FROM rounds WHERE id = ?", (round_id,)
            ).fetchone()
            recorded = recorded_money(self._db, round_id)
        at = stamp(self._clock())
        when = parse_stamp_or_none(opened_at)
        try:
            with speaking(path):
                interrupted = journal.read_round(self._db, round_id)
            table, events = replay(interrupted.record)
            check_replay(table, recorded)
        except ReplayError as error:
            with transaction(self._db, path):
                amount = refund_round(self._db, round_id, str(error), at)
            self.resumed = Refunded(round_id, str(game), when, amount, str(error))
            return
        with transaction(self._db, path):
            journaled = len(table.moves)
            self._recorded = write_step(
                self._db, round_id, table, recorded=recorded, journaled=journaled, at=at
            )
        self.table, self.round_id = table, round_id
        self.resumed = Resumed(round_id, interrupted.opened_at, table, events)

    def _reload(self) -> None:
        """Make `table` the open round as the file has it (after a failed step)."""
        self.table = self.round_id = None
        self._recorded = {}
        try:
            with speaking(self.path):
                interrupted = journal.open_round(self._db)
                if interrupted is None:
                    return
                recorded = recorded_money(self._db, interrupted.id)
            table, _ = replay(interrupted.record)
        except StoreError:
            return  # the next start resumes or refunds it
        self.table, self.round_id, self._recorded = table, interrupted.id, recorded


def _game_name(game: str) -> str:
    return GAMES[game].name if game in GAMES else game  # an edited record may name any game


def _move(action: str | Action | Move) -> Move:
    """The player's answer as a move: the replay format's text is the record's to read."""
    if isinstance(action, str):
        return parse_move(action)
    return action if isinstance(action, Move) else Move(action)
