"""What a start checks before any money moves, and what the check of its backup's copy finds
after (docs/decisions.md, "The start's checks"): real files, spoilt by SQL or by bytes."""

from __future__ import annotations

import os
import signal
import threading
from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import Bankroll, DamagedFileError
from casino_gui.store import steps as store_steps
from casino_gui.store.backups import check_backup, list_backups
from casino_gui.store.database import FILE_NAME
from casino_gui.store.verify import verify
from tests.store.bankroll_files import Clock, killed_at, raw


def rounds_of_1010(folder: Path, rounds: int = 20) -> None:
    """`rounds` rounds, won and lost in turn, on a new wallet: closed cleanly."""
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        for number in range(rounds):
            shoe = "9S 7H TH TC" if number % 2 else "TS 7H 6H TC"  # 19 or 16, against 17
            bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe=shoe)
            bankroll.act("stand")
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act("stand")


def mark(folder: Path) -> tuple[int, ...]:
    with closing(raw(folder)) as db:
        return tuple(db.execute("SELECT * FROM kept_checks").fetchone())


def ends(folder: Path) -> tuple[int, ...]:
    with closing(raw(folder)) as db:
        return tuple(
            db.execute(
                "SELECT 1, (SELECT max(id) FROM ledger), (SELECT sum(amount) FROM ledger),"
                " (SELECT max(round_id) FROM actions)"
            ).fetchone()
        )


def test_a_start_marks_what_it_checked_and_a_clean_close_says_so(folder: Path) -> None:
    rounds_of_1010(folder)
    assert mark(folder)[-1] == 0  # closed cleanly
    found = ends(folder)
    with Bankroll.open(folder) as bankroll:
        assert mark(folder) == (*found, 1)  # every row checked; in use
        bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")
        bankroll.act("stand")
        assert mark(folder) == (*found, 1)  # this session's rows: the next start's to check
    assert mark(folder) == (*found, 0)


def test_a_row_written_since_the_last_start_is_checked_before_any_money_moves(
    folder: Path,
) -> None:
    rounds_of_1010(folder)
    with closing(raw(folder)) as db:
        db.execute("UPDATE ledger SET at = 'yesterday' WHERE id = (SELECT max(id) FROM ledger)")
    with pytest.raises(
        DamagedFileError, match="of its ledger holds something the casino never writes there"
    ):
        Bankroll.open(folder)
    assert not (folder / FILE_NAME).exists()  # set aside, unchanged


def test_an_old_row_spoilt_after_a_clean_close_is_found_on_the_copy_and_stops_play(
    folder: Path,
) -> None:
    rounds_of_1010(folder)
    with Bankroll.open(folder):  # marks every row checked
        pass
    with closing(raw(folder)) as db:
        db.execute("UPDATE ledger SET at = 'yesterday' WHERE id = 2")
    with pytest.raises(DamagedFileError, match="row 2 of its ledger"):
        verify(folder)  # which checks every row, always
    backups = list_backups(folder)
    with Bankroll.open(folder, backup_later=True) as bankroll:  # the start reads new rows only
        balance = bankroll.balance
        with pytest.raises(
            DamagedFileError, match="row 2 of its ledger holds something the casino never"
        ):
            bankroll.back_up()
        with pytest.raises(DamagedFileError):
            bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")
        assert bankroll.balance == balance and not bankroll.round_open
    assert list_backups(folder) == backups  # the damaged copy joined no backup
    assert not list((folder / "backups").glob("*.partial*"))
    with pytest.raises(DamagedFileError):  # not closed cleanly: the next start checks all
        Bankroll.open(folder)


def spoil_an_old_page(folder: Path) -> None:
    """Garbage over the first page of the rounds' rows, which a start after a clean close
    does not read."""
    with closing(raw(folder)) as db:
        (page,) = db.execute(
            "SELECT min(pageno) FROM dbstat WHERE name = 'rounds' AND pagetype = 'leaf'"
        ).fetchone()
        (size,) = db.execute("PRAGMA page_size").fetchone()
    with (folder / FILE_NAME).open("r+b") as file:
        file.seek((page - 1) * size)
        file.write(b"\xff" * size)


def test_an_old_page_damaged_after_a_clean_close_is_found_on_the_copy(folder: Path) -> None:
    rounds_of_1010(folder)
    spoil_an_old_page(folder)
    with Bankroll.open(folder, backup_later=True) as bankroll:
        with pytest.raises(DamagedFileError, match="is damaged: pages cannot be read"):
            bankroll.back_up()
        with pytest.raises(DamagedFileError):
            bankroll.refill()
    with pytest.raises(DamagedFileError, match="is damaged: pages cannot be read"):
        Bankroll.open(folder)
    assert not (folder / FILE_NAME).exists()  # set aside, unchanged


def test_after_a_session_that_did_not_close_cleanly_a_start_checks_every_page(
    folder: Path,
) -> None:
    rounds_of_1010(folder)

    def killed_in_a_round() -> None:
        with Bankroll.open(folder) as bankroll:
            bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")
            os.kill(os.getpid(), signal.SIGKILL)

    assert killed_at(10**6, killed_in_a_round)
    assert mark(folder)[-1] == 1
    spoil_an_old_page(folder)
    with pytest.raises(DamagedFileError, match="is damaged: pages cannot be read"):
        Bankroll.open(folder)  # before any money moves


def kill_the_backup_at(point: int) -> None:
    """Kill this process at the `point`-th step of the start's backup (the copy's thread)."""
    passed = [0]

    def reached() -> None:
        if threading.current_thread() is threading.main_thread():
            return
        passed[0] += 1
        if passed[0] >= point:
            os.kill(os.getpid(), signal.SIGKILL)

    store_steps.reached = reached  # type: ignore[assignment]
    store_steps.committed = lambda db: reached()  # type: ignore[assignment]


def test_a_kill_during_the_deferred_backup_leaves_a_good_bankroll_and_no_stray_file(
    folder: Path,
) -> None:
    rounds_of_1010(folder, rounds=60)  # a copy of several steps
    backups = list_backups(folder)
    kills = 0
    for point in range(1, 30):

        def start_and_deal(point: int = point) -> None:
            kill_the_backup_at(point)
            with Bankroll.open(folder, backup_later=True) as bankroll:
                bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")  # sets it going
                bankroll.act("stand")
                bankroll.back_up()

        if not killed_at(10**6, start_and_deal):
            break
        kills += 1
        with Bankroll.open(folder) as bankroll:  # the next start
            if bankroll.round_open:  # the kill came between the deal and the answer
                bankroll.act("stand")
        assert not [path for path in (folder / "backups").iterdir() if path.suffix != ".sqlite3"]
        for backup in list_backups(folder):
            check_backup(backup, folder)  # each a sound bankroll
        assert verify(folder).agrees
    assert kills >= 3
    assert len(list_backups(folder)) > len(backups)


def test_once_the_starts_backup_is_taken_the_log_is_checkpointed_again(folder: Path) -> None:
    # The copy reads the file as the start found it; held after it, that moment stopped every
    # checkpoint, and the write-ahead log grew by every round of the session.
    rounds_of_1010(folder, rounds=2)
    with Bankroll.open(folder, backup_later=True) as bankroll:
        bankroll.back_up()
        for _ in range(20):
            bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")
            bankroll.act("stand")
        with closing(raw(folder)) as db:
            busy, log, done = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert (busy, done) == (0, log)
