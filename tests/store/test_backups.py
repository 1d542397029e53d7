"""Backups: one with SQLite's backup API at every start, the newest five kept; restoring one."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import AlreadyRunningError, BackupError, Bankroll
from tests.store.bankroll_files import Clock


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


def test_restore_puts_a_backup_back_and_keeps_the_file_it_replaces(
    folder: Path, clock: Clock
) -> None:
    with Bankroll.open(folder, clock=clock) as bankroll:
        win_ten_dollars(bankroll)
    with Bankroll.open(folder, clock=clock) as bankroll:
        win_ten_dollars(bankroll)
        win_ten_dollars(bankroll)
    replaced_bytes = (folder / "bankroll.sqlite3").read_bytes()
    restored = Bankroll.restore(folder, clock=clock)
    assert restored.backup.name.startswith("bankroll-20250131T2000")
    assert restored.set_aside is not None
    assert restored.set_aside.name.startswith("bankroll.sqlite3.replaced-")
    assert restored.set_aside.read_bytes() == replaced_bytes
    with Bankroll.open(folder, clock=clock) as bankroll:
        assert bankroll.balance == 101_000  # as the second start found it
        assert len(bankroll.history()) == 1


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
        Bankroll.restore(folder, clock=clock)
    assert str(junk) in str(refused.value)
    assert "cannot be restored" in str(refused.value)
    assert (folder / "bankroll.sqlite3").read_bytes() == before


def test_no_restore_while_the_casino_is_open(folder: Path) -> None:
    with Bankroll.open(folder), pytest.raises(AlreadyRunningError):
        Bankroll.restore(folder)
