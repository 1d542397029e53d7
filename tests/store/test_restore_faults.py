"""Restoring a backup: killed at every step, on a full disk, given the live file itself.

Kills are real SIGKILLs of a forked process, at each of the store's kill points in turn
(`tests/store/kill_points.py`), so every instant of the swap is tried and any failure replays.
"""

from __future__ import annotations

import errno
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.engine import Action, Move
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import BackupError, Bankroll, DiskFullError, StoreError
from casino_gui.store import restore as restore_module
from casino_gui.store.__main__ import main as store_command
from casino_gui.store.verify import verify
from tests.store.bankroll_files import Clock, every_kill_point, fill, named, raw

LIVE = "bankroll.sqlite3"


def win_ten_dollars(bankroll: Bankroll) -> None:
    bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
    bankroll.act(Move(Action.STAND))


def killed_while_playing(folder: Path) -> None:
    """A casino killed after two more wins: its last changes are only in the -wal file."""
    child = os.fork()
    if child == 0:  # pragma: no cover
        bankroll = Bankroll.open(folder)
        win_ten_dollars(bankroll)
        win_ten_dollars(bankroll)
        os.kill(os.getpid(), signal.SIGKILL)
    os.waitpid(child, 0)


def a_bankroll_with_history(folder: Path) -> Path:
    """$1,010.00 backed up; $1,030.00 live, the last $20 of it only in the write-ahead log.
    Returns the backup holding $1,010.00."""
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        win_ten_dollars(bankroll)
    with Bankroll.open(folder) as bankroll:
        backup = bankroll.backup
    killed_while_playing(folder)
    assert os.path.getsize(folder / f"{LIVE}-wal") > 0
    assert backup is not None
    return backup


def bankroll_files(folder: Path) -> dict[str, bytes]:
    """Every file of the folder but the lock (which holds the last owner's process id)."""
    return {
        path.name: path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file() and path.name != "casino_gui.lock"
    }


def balance_of(folder: Path) -> int:
    result = verify(folder)
    assert result.agrees, result.report()
    return result.balance


def test_a_kill_at_every_step_of_a_restore_leaves_the_old_bankroll_or_the_backup(
    tmp_path: Path,
) -> None:
    original = tmp_path / "original"
    backup = a_bankroll_with_history(original)
    outcomes = set()
    points = 0
    scratch = tmp_path / "scratch"

    def fresh() -> Path:
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.copytree(original, scratch)
        return scratch

    fresh()
    for point in every_kill_point(
        lambda: Bankroll.restore(scratch, scratch / "backups" / backup.name)
    ):
        points += 1
        assert (scratch / LIVE).exists(), f"no bankroll after a kill at point {point}"
        balance = balance_of(scratch)
        assert balance in (103_000, 101_000), point
        outcomes.add(balance)
        # The next start opens it, clearing what the restore left, and plays on.
        with Bankroll.open(scratch) as bankroll:
            assert bankroll.balance == balance
            win_ten_dollars(bankroll)
        assert not list(scratch.glob(f"{LIVE}.restoring*"))
        assert not list((scratch / "backups").glob("*.partial*"))
        fresh()
    assert points >= 6  # the copy, the backup of the live file, the fold, the swap
    assert outcomes == {103_000, 101_000}
    # Finished, the restore put the backup in place and kept the live file, its log included.
    restored = Bankroll.restore(scratch, scratch / "backups" / backup.name)
    assert balance_of(scratch) == 101_000
    assert restored.set_aside is not None
    with closing(raw(scratch)) as db:
        assert db.execute("SELECT count(*) FROM rounds").fetchone() == (1,)


def test_the_live_file_is_never_accepted_as_its_own_backup(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Bankroll.open(folder) as bankroll:
        win_ten_dollars(bankroll)
    live = folder / LIVE
    before = live.read_bytes()
    assert store_command(["restore", "--data-dir", str(folder), str(live)]) == 2
    said = capsys.readouterr().err
    assert said.startswith("python -m casino_gui.store: ") and said.endswith("\n")
    named(
        said.removeprefix("python -m casino_gui.store: ").removesuffix("\n"),
        live,
        " is the bankroll itself, not a backup of it. The file was left as it is. Choose "
        f"another: `python -m casino_gui.store backups --data-dir {folder}` lists them.",
    )
    os.link(live, folder / "backups" / "bankroll-20990101T000000000000Z.sqlite3")
    with pytest.raises(BackupError, match="is the bankroll itself"):
        Bankroll.restore(folder, folder / "backups" / "bankroll-20990101T000000000000Z.sqlite3")
    assert live.read_bytes() == before
    assert balance_of(folder) == 101_000


def test_a_restore_that_cannot_write_its_copy_changes_nothing_and_says_so(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The injected twin of the tmpfs test below, for systems where a test cannot mount."""
    backup = a_bankroll_with_history(folder)
    before = bankroll_files(folder)

    def no_room(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(restore_module, "copy_database", no_room)
    with pytest.raises(DiskFullError) as refused:
        Bankroll.restore(folder, backup)
    assert str(refused.value) == (
        f"{folder} has no room for the restored bankroll: the disk is full. Nothing was "
        "changed: your bankroll is as it was. Free some disk space, then try again."
    )
    assert bankroll_files(folder) == before
    assert balance_of(folder) == 103_000


@pytest.mark.parametrize("room", ["none", "for the copy only"])
def test_a_restore_on_a_full_disk_leaves_the_bankroll_as_it_was(
    small_disk: Path, room: str
) -> None:
    folder = small_disk / "casino"
    backup = a_bankroll_with_history(folder)
    with Bankroll.open(folder) as bankroll:  # the log folded in; a third backup
        win_ten_dollars(bankroll)
    live = folder / LIVE
    before = live.read_bytes()
    fill(small_disk, 0 if room == "none" else backup.stat().st_size + 8192)
    with pytest.raises(StoreError) as refused:
        Bankroll.restore(folder, backup)
    message = str(refused.value)
    assert "the disk is full" in message
    assert "your bankroll is as it was" in message or "Your bankroll was not changed" in message
    (small_disk / "filler").unlink()
    assert live.read_bytes() == before
    assert balance_of(folder) == 104_000
    assert not list(folder.glob(f"{LIVE}.restoring*"))
    assert not list((folder / "backups").glob("*.partial*"))
    # With room again, the same restore goes through.
    assert Bankroll.restore(folder, backup).balance == 101_000
    assert balance_of(folder) == 101_000


def test_a_kill_point_armed_by_the_test_stops_the_real_command(folder: Path) -> None:
    """The command started as a shell starts it, through the tests' runner that arms it."""
    backup = a_bankroll_with_history(folder)
    command = ["-m", "casino_gui.store", "restore", "--data-dir", str(folder)]
    killed = subprocess.run(
        [sys.executable, "-m", "tests.store.kill_points", "3", *command],
        cwd=Path(__file__).parents[2],  # where `tests` is a package
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert killed.returncode == -signal.SIGKILL
    assert balance_of(folder) in (103_000, 101_000)
    assert Bankroll.restore(folder, backup).balance == 101_000


def padded_bankroll(folder: Path, megabytes: int) -> None:
    """A bankroll of `megabytes`, padded with refunded rounds (which move no money), so
    that a restore takes long enough to be killed in the middle of its copy."""
    with Bankroll.open(folder) as bankroll:
        win_ten_dollars(bankroll)
    pad = "x" * 10_000
    with closing(raw(folder)) as db:
        db.execute("BEGIN")
        db.executemany(
            "INSERT INTO rounds (game, rules, seed, bets, bankroll_before, opened_at, state,"
            " closed_at, bankroll_after, result) VALUES ('blackjack', '{}', '1', '[]', 101000,"
            " '2025-01-31T20:00:00.000000Z', 'refunded', '2025-01-31T20:00:00.000000Z', 101000,"
            " ?)",
            [(f'{{"refunded": 0, "reason": "{pad}"}}',)] * (megabytes * 100),
        )
        db.execute("COMMIT")


@pytest.mark.slow
def test_killed_at_random_instants_of_a_restore_100_times_the_bankroll_is_always_whole(
    tmp_path: Path,
) -> None:
    original = tmp_path / "original"
    padded_bankroll(original, 20)
    with Bankroll.open(original) as bankroll:  # the backup of the 20 MB bankroll, $1,010.00
        backup = bankroll.backup
        win_ten_dollars(bankroll)  # the live one: $1,020.00
    assert backup is not None
    scratch = tmp_path / "scratch"
    command = [sys.executable, "-m", "casino_gui.store", "restore", "--data-dir", str(scratch)]
    shutil.copytree(original, scratch)
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, timeout=300)
    whole = time.perf_counter() - started
    rng = random.Random(11)
    outcomes: dict[int, int] = {}
    for trial in range(100):
        shutil.rmtree(scratch)
        shutil.copytree(original, scratch)
        restoring = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0, whole))
        restoring.kill()
        restoring.wait()
        balance = balance_of(scratch)
        assert balance in (102_000, 101_000), f"trial {trial}"
        outcomes[balance] = outcomes.get(balance, 0) + 1
        with Bankroll.open(scratch) as bankroll:  # and it opens, leftovers cleared
            assert bankroll.balance == balance
        assert not list(scratch.glob(f"{LIVE}.restoring*"))
    print(f"100 kills of a {whole:.2f} s restore: balances after them {outcomes}")


def test_a_start_on_a_full_disk_says_so_and_changes_nothing(
    small_disk: Path,
) -> None:
    folder = small_disk / "casino"
    with Bankroll.open(folder) as bankroll:
        win_ten_dollars(bankroll)
    before = bankroll_files(folder)
    fill(small_disk, 0)
    with pytest.raises(DiskFullError) as refused:
        Bankroll.open(folder)
    named(
        str(refused.value),
        folder / LIVE,
        " could not be written: the disk is full. The last change was not saved and your "
        "bankroll is as it was before it. The file was left as it is. Free some disk space, "
        "then go on playing.",
    )
    after = bankroll_files(folder)
    # SQLite may have begun an empty log and its index beside the file: not the bankroll.
    assert {name: after[name] for name in before} == before
    assert set(after) - set(before) <= {f"{LIVE}-wal", f"{LIVE}-shm"}
    (small_disk / "filler").unlink()
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 101_000


def test_a_restore_over_a_file_that_is_not_a_bankroll_keeps_it_byte_for_byte_at_every_kill(
    tmp_path: Path,
) -> None:
    original = tmp_path / "original"
    backup = a_bankroll_with_history(original)
    (original / f"{LIVE}-wal").unlink()  # the live name now holds another program's file:
    (original / f"{LIVE}-shm").unlink(missing_ok=True)
    foreign = b"SQLite format 3\x00" + b"\x10\x00" + b"recipes" * 1000
    (original / LIVE).write_bytes(foreign)
    scratch = tmp_path / "scratch"
    shutil.copytree(original, scratch)
    name = backup.name
    for point in every_kill_point(lambda: Bankroll.restore(scratch, scratch / "backups" / name)):
        live = (scratch / LIVE).read_bytes()  # never missing
        assert live == foreign or balance_of(scratch) == 101_000, point
        kept = [path.read_bytes() for path in scratch.glob(f"{LIVE}.replaced-*")]
        assert kept in ([], [foreign]), point
        shutil.rmtree(scratch)
        shutil.copytree(original, scratch)
    shutil.rmtree(scratch)  # the last, unkilled run restored it: once more from the start
    shutil.copytree(original, scratch)
    restored = Bankroll.restore(scratch, scratch / "backups" / name)
    assert restored.set_aside is not None
    assert restored.set_aside.name.startswith(f"{LIVE}.replaced-")
    assert restored.set_aside.read_bytes() == foreign
    assert balance_of(scratch) == 101_000
