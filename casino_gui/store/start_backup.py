"""The start's backup: of the file as the start found it, copied off the play path.

A start pins the file as it found it (a read transaction on a connection of its own: in WAL
mode the casino writes beside it, and the copy still sees the file as it was) and copies
it when asked, in a thread, so that the first deal does not wait for a long history's copy.
Where the start checked only what was written since the last start (`kept_checks`), the
copy is checked whole before it joins the backups, as a start checked the file before (pages,
values, money): a fault found there is the live file's, as the start found it, and stops play
(docs/decisions.md, "The start's checks"). The copy is made under a temporary name and moved in whole (`make_backup`): a kill
during it leaves the bankroll as it was, and the next start clears the half copy.
"""

from __future__ import annotations

import sqlite3
import threading
from datetime import datetime
from pathlib import Path

from casino_gui.store import lines
from casino_gui.store.backups import make_backup, named_backups, read_backup, ready_folder, within
from casino_gui.store.database import connect_read_only, damaged, speaking
from casino_gui.store.errors import BadFileError, DamagedFileError, StoreError
from casino_gui.store.examine import examine
from casino_gui.store.kept_checks import Checked
from casino_gui.store.lines import Line


def start_backup(
    db: sqlite3.Connection, live: Path, now: datetime, checked: Checked | None, later: bool
) -> StartBackup:
    """The start's backup of `live` (`db`, as the start found it; its copy checked whole
    where the start did not check all of it, `checked`: docs/decisions.md, "The start's
    checks"): taken now unless `later`, and now when the file begins a line of its own
    (`line_at_start`), which the file joins only once its backup has."""
    fork, urgent = line_at_start(db, live)
    whole = checked is not None and checked.whole
    job = StartBackup(live, now, check=not whole, line=fork)
    try:
        if urgent or not later:
            job.wait()
        if fork is not None:
            lines.write_line(db, live, fork)
    except BaseException:
        job.close()
        raise
    return job


def line_at_start(db: sqlite3.Connection, live: Path) -> tuple[Line | None, bool]:
    """The new line a start's file must begin before play, if any, and whether its backup
    must be taken at once (docs/decisions.md, "Lines of play").

    A file behind a backup of its own line (rolled back to an older copy, or a copy put in
    its place) would mix two histories under one id: it begins a line of its own, left where
    its play is. So does a file whose line is lost. Either way, and where the backup taken
    last is of another line, the start's backup is taken at once: the line of the backup
    taken last is the line being played, once the file is gone."""
    with speaking(live):
        if not lines.keeps_lines(db):
            return None, False  # an earlier schema: its migration begins its line
        line, here = lines.line_of(db), lines.held(db)
    if here is None:
        return None, False
    # By the names alone, and the newest backup of the line: each backup of a line holds at
    # least the play of those taken before it (a line that went back began another), and
    # a start does not wait to open them all (3 to 4 ms each, most of it SQLite's schema).
    found = named_backups(live.parent)
    last = found[0].line if found else None
    own = next((one for one in found if one.line == line.id), None)
    newest = read_backup(own.path) if own is not None else None
    behind = newest is not None and newest.held is not None and not within(newest, here)
    fork = lines.new_line(line, here) if behind or not line.id else None
    return fork, fork is not None or (last is not None and last != line.id)


class StartBackup:
    """The start's backup of `live`, taken once (`begin`, `wait`); a failed copy may be tried
    again, of the same moment of the file."""

    def __init__(self, live: Path, now: datetime, *, check: bool, line: Line | None = None) -> None:
        self._live = live
        self._now = now
        self._check = check
        self._line = line  # the new line the copy joins (`line_at_start`)
        self._reader = connect_read_only(live, threads=True)
        try:
            with speaking(live):
                self._reader.execute("BEGIN")
                self._reader.execute("SELECT count(*) FROM sqlite_schema").fetchone()
        except BaseException:
            self._reader.close()
            raise
        self._thread: threading.Thread | None = None
        self.backup: Path | None = None
        self.error: StoreError | None = None  # why the last copy could not be taken
        self.damage: DamagedFileError | None = None  # what the check of the copy found

    @property
    def done(self) -> bool:
        return self.backup is not None or self.damage is not None

    def begin(self) -> None:
        """Copy in the background, unless done or under way (again after a failure). A folder
        of backups that cannot be made raises `BackupError` at once, and is kept as the error."""
        if self.done or (self._thread is not None and self._thread.is_alive()):
            return
        try:
            ready_folder(self._live.parent)
        except StoreError as error:
            self.error = error
            raise
        self.error = None
        self._thread = threading.Thread(target=self._copy, name="start-backup", daemon=True)
        self._thread.start()

    def wait(self) -> Path:
        """The backup, once copied (now, if it was not under way); raises why not."""
        self.begin()
        if self._thread is not None:
            self._thread.join()
        if self.damage is not None:
            raise self.damage
        if self.error is not None:
            raise self.error
        assert self.backup is not None
        return self.backup

    def close(self) -> None:
        """Let a copy under way end, and let the file go."""
        if self._thread is not None:
            self._thread.join()
        self._reader.close()

    def _copy(self) -> None:
        try:
            self.backup = make_backup(
                self._reader,
                self._live.parent,
                self._now,
                check=self._check_copy if self._check else None,
                line=self._line,
            )
        except DamagedFileError as error:
            self.damage = error
        except StoreError as error:
            self.error = error
        except Exception:  # said at the next write, not lost in a thread
            self.error = StoreError(
                "the start's backup could not be taken (a fault the casino does not expect): "
                "your bankroll was not changed, and the next deal tries again"
            )
        if self.done:
            # The moment is kept no longer: held, it stopped every checkpoint, and the
            # write-ahead log grew by every round of the session (125 MB in 1,500 rounds).
            self._reader.rollback()

    def _check_copy(self, copy: Path) -> None:
        """Everything a start checked before it checked only the rows written since the
        last: the copy's pages, the kind of every value, its wallet against its whole ledger."""
        try:
            examine(copy)
        except BadFileError as error:
            raise DamagedFileError(self._live, error.problem, damaged(self._live).remedy) from None
