"""Backups go by what they hold, never by the clock's name alone: after the clock was set back
(a dead battery, a wrong time zone) rotation keeps the latest play, and a restore with no
name puts back the latest play and says what the dates got wrong."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from casino_gui.store import Bankroll
from casino_gui.store.backups import KEEP, list_backups
from casino_gui.store.verify import verify
from tests.store.bankroll_files import Clock
from tests.store.test_backups import win_ten_dollars

RIGHT = datetime(2031, 6, 1, 12, 0, tzinfo=UTC)  # the clock before its battery died
SET_BACK = datetime(2025, 1, 1, 0, 0, tzinfo=UTC)  # ... and after


def starts(folder: Path, times: int, start: datetime) -> None:
    """`times` starts, each backed up and winning $10, with the clock from `start` on."""
    for number in range(times):
        with Bankroll.open(folder, clock=Clock(start + timedelta(hours=number))) as bankroll:
            win_ten_dollars(bankroll)


def balances(backups: list[Path]) -> list[int]:
    return [verify_backup(backup) for backup in backups]


def verify_backup(backup: Path) -> int:
    """The balance a backup holds, read as a data folder of its own would be."""
    scratch = backup.parent.parent.parent / f"look-{backup.stem}"
    scratch.mkdir()
    (scratch / "bankroll.sqlite3").write_bytes(backup.read_bytes())
    result = verify(scratch)
    assert result.agrees
    return result.balance


def test_rotation_after_the_clock_was_set_back_keeps_the_latest_play(tmp_path: Path) -> None:
    folder = tmp_path / "casino"
    starts(folder, 4, RIGHT)  # backups of $1,000 .. $1,030, named 2031
    starts(folder, 4, SET_BACK)  # backups of $1,040 .. $1,070, named 2025
    kept = list_backups(folder)
    assert len(kept) == KEEP
    # The five holding the latest play, the latest first; by name, the 2031 ones would lead
    # and the rotation would have dropped the newest play.
    assert balances(kept) == [107_000, 106_000, 105_000, 104_000, 103_000]
    assert [path.name[9:13] for path in kept] == ["2025"] * 4 + ["2031"]


def test_a_restore_with_no_name_puts_back_the_latest_play_and_says_the_dates_run_backwards(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "casino"
    starts(folder, 2, RIGHT)
    starts(folder, 2, SET_BACK)  # the last backup holds $1,030.00, named 2025
    with Bankroll.open(folder, clock=Clock(SET_BACK + timedelta(days=1))) as bankroll:
        for _ in range(3):
            win_ten_dollars(bankroll)  # $1,070.00 live, backed up at this start as $1,040.00
    restored = Bankroll.restore(folder, clock=Clock(SET_BACK + timedelta(days=2)))
    assert restored.balance == 104_000
    lines = restored.report().splitlines()
    assert lines[0] == f"restored {restored.backup} ($1,040.00)"
    assert lines[1] == (
        "note: 1 backup is dated before one holding earlier play (the clock was set back): "
        "backups go by what they hold, not by their dates"
    )
    assert verify(folder).balance == 104_000
    # The bankroll it replaced ($1,070.00) is kept: the restore is undone by its name.
    assert restored.set_aside is not None
    undone = Bankroll.restore(folder, restored.set_aside, clock=Clock(SET_BACK + timedelta(days=3)))
    assert undone.balance == 107_000


def test_a_restore_says_when_the_backup_it_chose_is_dated_in_the_future(tmp_path: Path) -> None:
    folder = tmp_path / "casino"
    starts(folder, 2, RIGHT)  # the clock ran ahead: the latest backup is named 2031
    restored = Bankroll.restore(folder, clock=Clock(SET_BACK))  # and now it is right again
    assert restored.balance == 101_000
    assert restored.report().splitlines()[1] == (
        f"note: {restored.backup.name} is dated 2031-06-01 13:00 UTC, in the future: the clock "
        "was wrong when it was taken, or is now"
    )
