"""Backups: one with SQLite's backup API at every start, the newest five kept; restoring one."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import AlreadyRunningError, BackupError, Bankroll
from tests.store.bankroll_files import Clock, named


def win_ten_dollars(bankroll: Bankroll) -> None:
    bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
    bankroll.act("stand")


def balance_in(path: Path) -> int:
    with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as db:
        assert db.execute("PRAGMA quick_check").fetchone() == ("ok",)
        (balance,) = db.execute("SELECT balance FROM wallet").fetchone()
    return int(balance)


def test_each_start_backs_up_the_bankroll_as_it_was_found(folder: Path, clock: Clock) -> None:
    with Bankroll.open(folder, clock=clock) as bankroll:
        first = bankroll.backup
        win_ten_dollars(bankroll)
    with Bankroll.open(folder, clock=clock) as bankroll:
        second = bankroll.backup
        win_ten_dollars(bankroll)
    assert first is not None and second is not None
    assert first.parent == second.parent == folder / "backups"
    assert balance_in(first) == 100_000
    assert balance_in(second) == 101_000


def test_the_newest_five_backups_are_kept(folder: Path, clock: Clock) -> None:
    made = []
    for _ in range(7):
        with Bankroll.open(folder, clock=clock) as bankroll:
            made.append(bankroll.backup)
            win_ten_dollars(bankroll)
    with Bankroll.open(folder, clock=clock) as bankroll:
        kept = bankroll.backups()
    assert len(kept) == 5
    assert kept[1:] == made[:2:-1]  # newest first; the eighth start made kept[0]
    assert [balance_in(path) for path in kept] == [107_000, 106_000, 105_000, 104_000, 103_000]
    assert sorted(path.name for path in (folder / "backups").iterdir()) == sorted(
        path.name for path in kept
    )


def test_restore_puts_a_backup_back_and_the_bankroll_it_replaces_becomes_the_newest_backup(
    folder: Path, clock: Clock
) -> None:
    with Bankroll.open(folder, clock=clock) as bankroll:
        win_ten_dollars(bankroll)
    with Bankroll.open(folder, clock=clock) as bankroll:
        second = bankroll.backup
        win_ten_dollars(bankroll)
        win_ten_dollars(bankroll)
    restored = Bankroll.restore(folder, clock=clock)
    assert restored.backup == second
    assert restored.balance == 101_000
    assert restored.set_aside is not None
    assert restored.set_aside.parent == folder / "backups"
    assert balance_in(restored.set_aside) == 103_000  # its write-ahead log included
    # The bankroll replaced is of the line left behind: undone by its name, not by default.
    assert Bankroll.restore(folder, restored.set_aside, clock=clock).balance == 103_000
    with Bankroll.open(folder, clock=clock) as bankroll:
        assert bankroll.balance == 103_000
        assert len(bankroll.history()) == 3


def test_restore_of_a_chosen_backup(folder: Path, clock: Clock) -> None:
    with Bankroll.open(folder, clock=clock) as bankroll:
        oldest = bankroll.backup
        win_ten_dollars(bankroll)
    assert oldest is not None
    Bankroll.restore(folder, oldest, clock=clock)
    with Bankroll.open(folder, clock=clock) as bankroll:
        assert bankroll.balance == 100_000


def test_a_backup_that_is_not_a_bankroll_is_not_restored(folder: Path, clock: Clock) -> None:
    with Bankroll.open(folder, clock=clock) as bankroll:
        win_ten_dollars(bankroll)
    before = (folder / "bankroll.sqlite3").read_bytes()
    junk = folder / "backups" / "bankroll-20990101T000000000000Z.sqlite3"
    junk.write_bytes(b"these are not the pages you are looking for" * 50)
    with pytest.raises(BackupError) as refused:
        Bankroll.restore(folder, junk, clock=clock)
    named(
        str(refused.value),
        junk,
        " cannot be restored: it is not a bankroll database. The file was left as it is. "
        f"Choose another: `python -m casino_gui.store backups --data-dir {folder}` lists them.",
    )
    assert (folder / "bankroll.sqlite3").read_bytes() == before


def test_restore_with_no_argument_passes_over_newer_backups_that_do_not_verify(
    folder: Path, clock: Clock
) -> None:
    with Bankroll.open(folder, clock=clock) as bankroll:
        good = bankroll.backup
        win_ten_dollars(bankroll)
    with Bankroll.open(folder, clock=clock) as bankroll:
        later = bankroll.backup  # holds the win: later play than `good`
    assert later is not None
    with closing(sqlite3.connect(later)) as db:  # its wallet no longer agrees with its ledger
        db.execute("UPDATE wallet SET balance = 1")
        db.commit()
    junk = folder / "backups" / "bankroll-20990101T000000000000Z.sqlite3"
    junk.write_bytes(b"these are not the pages you are looking for" * 50)
    restored = Bankroll.restore(folder, clock=clock)
    # The unreadable file holds no play anyone can read: it comes last, whatever its date.
    assert (restored.backup, restored.balance, restored.skipped) == (good, 100_000, (later,))
    assert restored.report().splitlines()[:2] == [
        f"restored {good} ($1,000.00)",
        f"skipped {later}: it is not a sound bankroll",
    ]


def test_no_restore_while_the_casino_is_open(folder: Path) -> None:
    with Bankroll.open(folder), pytest.raises(AlreadyRunningError):
        Bankroll.restore(folder)


def test_restoring_the_oldest_of_five_backups_does_not_rotate_it_away(
    folder: Path, clock: Clock
) -> None:
    for _ in range(5):
        with Bankroll.open(folder, clock=clock) as bankroll:
            win_ten_dollars(bankroll)
    backups = Bankroll.open(folder, clock=clock)
    oldest = backups.backups()[-1]
    backups.close()
    assert len(list((folder / "backups").iterdir())) == 5
    restored = Bankroll.restore(folder, oldest, clock=clock)
    assert restored.balance == balance_in(oldest) == 101_000
    assert oldest.exists()  # the sixth backup (the replaced bankroll) pushed out another
    assert restored.set_aside is not None and balance_in(restored.set_aside) == 105_000
