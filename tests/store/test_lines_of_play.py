"""Backups follow the line of play of the live bankroll (docs/decisions.md, "Lines of play"):
a restore of an older backup, or a new wallet, starts a line of its own, and the default restore
(the command line's and the window's offer) brings back the newest backup of the line being
played, never the abandoned one."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
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


def test_a_file_rolled_back_to_an_older_copy_begins_a_line_of_its_own(
    folder: Path, clock: Clock
) -> None:
    session(folder, clock, 2)
    older = (folder / FILE_NAME).read_bytes()  # $1,020.00, the casino closed
    for _ in range(3):
        session(folder, clock, 4)  # $1,140.00, backed up up to $1,100.00
    (folder / FILE_NAME).write_bytes(older)  # a sync tool puts the old copy back
    played = [session(folder, clock, 1) for _ in range(3)]  # $1,050.00 on the old copy
    assert [balance_in(path) for path in played] == [102_000, 103_000, 104_000]
    assert list_backups(folder)[:3] == played[::-1]  # not the $1,100.00 of the copy left
    (folder / FILE_NAME).unlink()
    assert Bankroll.restore(folder, clock=clock).balance == 104_000


def test_store_backups_names_the_line_of_each_backup(
    folder: Path, clock: Clock, capsys: pytest.CaptureFixture[str]
) -> None:
    first = session(folder, clock, 1)
    left = session(folder, clock, 1)
    Bankroll.restore(folder, first, clock=clock)
    played = session(folder, clock, 1)
    assert store_command(["backups", "--data-dir", str(folder)]) == 0
    said = capsys.readouterr().out.splitlines()
    played_line = said[0].removeprefix("the bankroll being played (line ").removesuffix("):")
    assert len(played_line) == 8
    assert said[1] == f"  {played}" and said[2].startswith(f"  {folder / 'backups'}")
    assert said[3].startswith("what it grew from (line ") and played_line not in said[3]
    assert said[4] == f"  {first}"
    assert said[5] == said[3].replace("what it grew from", "a bankroll left")
    assert f"  {left}" in said[6:]
    assert len(said) == 8


def as_before_lines(path: Path) -> Path:
    """Make the bankroll or backup at `path` what schema 6 wrote: no line, and a backup's name
    with no number; returns its path."""
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("DROP TABLE play_line")
        db.execute("PRAGMA user_version = 6")
    plain = path.with_name(re.sub(r"-n[0-9]+\.sqlite3$", ".sqlite3", path.name))
    path.rename(plain)
    return plain


def test_a_bankroll_and_backups_from_before_lines_keep_working(folder: Path, clock: Clock) -> None:
    for _ in range(3):
        session(folder, clock, 2)  # $1,060.00, backed up up to $1,040.00
    as_before_lines(folder / FILE_NAME)
    old = [as_before_lines(path) for path in list_backups(folder)]
    assert [balance_in(path) for path in list_backups(folder)] == [104_000, 102_000, 100_000]
    first = session(folder, clock, 1)  # migrated after its backup: $1,070.00
    assert balance_in(first) == 106_000
    (folder / FILE_NAME).write_bytes(b"")  # the backup taken last is from before lines
    assert Bankroll.restore(folder, clock=clock).balance == 106_000
    played = session(folder, clock, 1)
    assert list_backups(folder)[0] == played
    Bankroll.restore(folder, old[-1], clock=clock)  # an old backup restores, migrated
    with Bankroll.open(folder, clock=clock) as bankroll:
        assert bankroll.balance == 100_000
    (folder / FILE_NAME).unlink()
    assert Bankroll.restore(folder, clock=clock).balance == 100_000


def test_a_file_rolled_back_is_never_offered_the_play_it_lost_before_its_next_start(
    folder: Path, clock: Clock
) -> None:
    session(folder, clock, 2)
    session(folder, clock, 2)
    older = (folder / FILE_NAME).read_bytes()  # $1,040.00
    session(folder, clock, 2)  # backed up at $1,040.00
    session(folder, clock, 2)  # backed up at $1,060.00; $1,080.00 live
    (folder / FILE_NAME).write_bytes(older)  # put back with the casino closed
    assert Bankroll.restore(folder, clock=clock).balance == 104_000


def test_a_round_of_few_answers_after_one_of_many_keeps_the_backups_of_the_line(
    folder: Path, clock: Clock
) -> None:
    """How far play goes is ordered by the last answer's round, then its number: a backup
    whose last answer is the third of round 1 is behind a file whose last is the first of
    round 2."""
    with Bankroll.open(folder, clock=clock) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="2S TH 3S 7C 2D 2H")
        for answer in ("hit", "hit", "stand"):  # 9 against 17: $10.00 lost
            bankroll.act(answer)
    backup = session(folder, clock, 1)  # its last answer: the third of round 1
    assert balance_in(backup) == 99_000
    assert list_backups(folder)[0] == backup
    (folder / FILE_NAME).write_bytes(b"")
    assert Bankroll.restore(folder, clock=clock).backup == backup


def test_no_note_blames_the_clock_for_the_order_of_two_lines(folder: Path, clock: Clock) -> None:
    """The clock only ever moved on: the abandoned line's backups hold more rows and were
    taken earlier, which says nothing of the clock."""
    for _ in range(5):
        session(folder, clock, 2)
    Bankroll.restore(folder, list_backups(folder)[-1], clock=clock)
    for _ in range(2):
        session(folder, clock, 1)
    restored = Bankroll.restore(folder, clock=clock)
    assert restored.balance == 101_000  # the start of the last session since the restore
    assert [line for line in restored.report().splitlines() if line.startswith("note:")] == []
