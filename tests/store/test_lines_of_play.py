"""Backups follow the line of play of the live bankroll (docs/decisions.md, "Lines of play"):
a restore of an older backup, or a new wallet, starts a line of its own, and the default restore
(the command line's and the window's offer) brings back the newest backup of the line being
played, never the abandoned one."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino_gui.store import Bankroll, BankrollMissingError
from casino_gui.store.__main__ import main as store_command
from casino_gui.store.backups import KEEP, list_backups
from casino_gui.store.database import FILE_NAME
from tests.store.bankroll_files import Clock
from tests.store.test_backups import balance_in, win_ten_dollars


def session(folder: Path, clock: Clock, rounds: int) -> Path:
    """A start (with its backup) and `rounds` rounds won at $10 each; returns the backup."""
    with Bankroll.open(folder, clock=clock) as bankroll:
        for _ in range(rounds):
            win_ten_dollars(bankroll)
        assert bankroll.backup is not None
        return bankroll.backup


def rounds_in(folder: Path) -> int:
    with Bankroll.open(folder) as bankroll:
        return len(bankroll.history())


def test_after_a_restore_the_default_restore_brings_back_the_line_being_played(
    folder: Path, clock: Clock
) -> None:
    """The issue's steps: 5 sessions of 20 rounds; the 20-round backup restored; 4 sessions
    of 3 rounds on it; the file emptied. Ledger ids of the abandoned line are higher."""
    for _ in range(5):
        session(folder, clock, 20)  # $1,000 + 100 wins: $2,000.00 live
    twenty = next(path for path in list_backups(folder) if balance_in(path) == 120_000)
    Bankroll.restore(folder, twenty, clock=clock)
    backups = [session(folder, clock, 3) for _ in range(4)]  # the last holds 29 rounds
    assert balance_in(backups[-1]) == 129_000
    (folder / FILE_NAME).write_bytes(b"")
    with pytest.raises(BankrollMissingError) as refused:  # the window's one-click offer
        Bankroll.open(folder, clock=clock)
    assert refused.value.newest == (backups[-1], 129_000)
    restored = Bankroll.restore(folder, clock=clock)
    assert (restored.backup, restored.balance) == (backups[-1], 129_000)
    assert not any(line.startswith("note:") for line in restored.report().splitlines())
    assert rounds_in(folder) == 29


def test_rotation_keeps_the_newest_backups_of_the_line_being_played(
    folder: Path, clock: Clock
) -> None:
    for _ in range(4):
        session(folder, clock, 5)
    first = list_backups(folder)[-1]
    Bankroll.restore(folder, first, clock=clock)  # back to $1,000 (or the oldest kept)
    played = [session(folder, clock, 1) for _ in range(KEEP + 2)]
    kept = set(list_backups(folder))
    # Every backup of the line played since, up to the five newest, is there: the abandoned
    # line's higher ledger ids pushed none of them out.
    assert set(played[-KEEP:]) <= kept
    assert list_backups(folder)[0] == played[-1]


def test_a_new_wallet_is_the_line_offered_once_the_file_is_emptied(
    folder: Path, clock: Clock, capsys: pytest.CaptureFixture[str]
) -> None:
    for _ in range(3):
        session(folder, clock, 10)  # $1,300.00 in the old wallet
    (folder / FILE_NAME).write_bytes(b"")
    assert store_command(["new-wallet", "--data-dir", str(folder)]) == 0
    capsys.readouterr()
    backups = [session(folder, clock, 2) for _ in range(4)]  # $1,080.00 in the new one
    assert balance_in(backups[-1]) == 106_000
    (folder / FILE_NAME).write_bytes(b"")
    with pytest.raises(BankrollMissingError) as refused:
        Bankroll.open(folder, clock=clock)
    assert refused.value.newest == (backups[-1], 106_000)
    assert store_command(["restore", "--data-dir", str(folder)]) == 0
    assert capsys.readouterr().out.startswith(f"restored {backups[-1]} ($1,060.00)")
