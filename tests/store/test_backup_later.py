"""`Bankroll.open(backup_later=True)`: the start's backup waits for `back_up()` (the casino calls
it once its window is painted), and a deal or a refill sets it going without waiting for it: it
is still of the file as the start found it. A file with a round to resume is backed up at once
(docs/decisions.md, "Startup and memory" and "The start's checks")."""

from __future__ import annotations

import contextlib
import subprocess
from pathlib import Path

import pytest

from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import Bankroll, StoreError
from casino_gui.store.backups import check_backup, list_backups
from tests.store.bankroll_files import Clock, fill


def a_bankroll_of_1010(folder: Path) -> None:
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")  # 19 against 17
        bankroll.act("stand")


def test_the_backup_is_taken_when_asked_for_not_at_the_open(folder: Path) -> None:
    a_bankroll_of_1010(folder)
    before = list_backups(folder)
    with Bankroll.open(folder, backup_later=True) as bankroll:
        assert bankroll.backup is None and list_backups(folder) == before
        backup = bankroll.back_up()
        assert backup is not None and bankroll.backup == backup
        assert list_backups(folder)[0] == backup
        assert check_backup(backup, folder) == 101_000
        assert bankroll.back_up() == backup  # once a start
    assert len(list_backups(folder)) == len(before) + 1


def test_a_deal_sets_the_backup_going_of_the_file_as_the_start_found_it(folder: Path) -> None:
    a_bankroll_of_1010(folder)
    with Bankroll.open(folder, backup_later=True) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")
        assert bankroll.balance == 100_500
        backup = bankroll.back_up()  # the copy the deal set going, once it is done
        assert backup is not None
        assert check_backup(backup, folder) == 101_000  # not the $5 at stake


def test_the_backup_a_deal_set_going_is_taken_by_the_close(folder: Path) -> None:
    a_bankroll_of_1010(folder)
    before = list_backups(folder)
    with Bankroll.open(folder, backup_later=True) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")
        bankroll.act("stand")
    after = list_backups(folder)
    assert len(after) == len(before) + 1
    assert check_backup(after[0], folder) == 101_000


def test_a_refill_sets_the_backup_going_of_the_file_as_the_start_found_it(folder: Path) -> None:
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 2_500)], shoe="TS 7H 6H TC")  # 16 against 17
        bankroll.act("stand")
    with Bankroll.open(folder, backup_later=True) as bankroll:
        assert bankroll.refill() == 2_500
        backup = bankroll.back_up()
        assert backup is not None
        assert check_backup(backup, folder) == 97_500


def test_a_round_to_resume_is_backed_up_at_the_open_before_it_is_resumed(folder: Path) -> None:
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")  # left open: a crash
    with Bankroll.open(folder, backup_later=True) as bankroll:
        assert bankroll.resumed is not None
        assert bankroll.backup is not None
        assert check_backup(bankroll.backup, folder) == 99_000  # the stake out, unresumed


def test_a_backup_that_cannot_be_written_stays_due_and_refuses_the_deal(folder: Path) -> None:
    a_bankroll_of_1010(folder)
    with Bankroll.open(folder, backup_later=True) as bankroll:
        backups = folder / "backups"
        for old in backups.iterdir():
            old.unlink()
        backups.rmdir()
        backups.write_text("a file where the backups' folder was")
        with pytest.raises(StoreError):
            bankroll.back_up()
        with pytest.raises(StoreError):
            bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")
        assert bankroll.balance == 101_000 and not bankroll.round_open
        backups.unlink()
        assert bankroll.back_up() is not None  # still due, made once it can be


def test_a_copy_that_fails_in_the_background_refuses_the_next_deal_until_taken(
    folder: Path, small_disk: Path
) -> None:
    a_bankroll_of_1010(folder)
    backups = folder / "backups"
    for old in backups.iterdir():
        old.unlink()
    # The backups on a disk of their own, full (mounted there: a link is never followed).
    subprocess.run(["mount", "--bind", str(small_disk), str(backups)], check=True)
    fill(small_disk, 0)
    with contextlib.ExitStack() as stack:
        stack.callback(subprocess.run, ["umount", "-l", str(backups)], check=False)
        bankroll = stack.enter_context(Bankroll.open(folder, backup_later=True))
        bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")  # does not wait for it
        bankroll.act("stand")
        with pytest.raises(StoreError, match="the disk is full"):
            bankroll.back_up()  # the copy's end
        with pytest.raises(StoreError, match="the disk is full"):
            bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")
        assert bankroll.balance == 101_500 and not bankroll.round_open
        (small_disk / "filler").unlink()
        bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")  # taken first, at last
        backup = bankroll.backup
        assert backup is not None and check_backup(backup, folder) == 101_000
    assert not [path for path in small_disk.iterdir() if path.suffix != ".sqlite3"]
