"""One running casino per data folder: a second start is refused, the first plays on unharmed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.store import SeededPlayer
from casino_gui.engine import Action, Move
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import AlreadyRunningError, Bankroll, StoreError
from casino_gui.store.lock import LOCK_NAME
from casino_gui.store.verify import verify

# Run as a module from the repository's root, which holds the bench package it plays with.
ROOT = Path(__file__).resolve().parents[2]
PLAYER = ("-m", "tests.store.crash_player")


def test_a_second_bankroll_on_the_same_folder_is_refused(folder: Path) -> None:
    with Bankroll.open(folder) as first:
        with pytest.raises(AlreadyRunningError) as refused:
            Bankroll.open(folder)
        assert str(refused.value) == (
            f"The casino is already running with the data folder {folder} (process "
            f"{os.getpid()}). Switch to its window, or start this one with another --data-dir."
        )
        first.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        first.act(Move(Action.STAND))
        assert first.balance == 101_000


def test_the_folder_is_free_again_once_the_bankroll_is_closed(folder: Path) -> None:
    Bankroll.open(folder).close()
    with Bankroll.open(folder) as again:
        assert again.balance == 100_000


def test_another_folder_is_another_casino(tmp_path: Path) -> None:
    with Bankroll.open(tmp_path / "one"), Bankroll.open(tmp_path / "two") as two:
        assert two.balance == 100_000


def test_a_second_process_is_refused_and_the_first_plays_on_unharmed(
    folder: Path, tmp_path: Path
) -> None:
    first = subprocess.Popen(
        [sys.executable, *PLAYER, str(folder), "21", "40", "--wait"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert first.stdin is not None and first.stdout is not None
    try:
        assert first.stdout.readline() == f"ready {first.pid}\n"
        second = subprocess.run(
            [sys.executable, *PLAYER, str(folder), "21", "40"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert second.returncode == 3
        assert second.stdout == ""
        assert second.stderr == (
            f"The casino is already running with the data folder {folder} (process "
            f"{first.pid}). Switch to its window, or start this one with another --data-dir.\n"
        )
        with pytest.raises(AlreadyRunningError) as refused:
            Bankroll.open(folder)  # this process is refused too
        assert refused.value.pid == first.pid
        first.stdin.write("go\n")
        first.stdin.flush()
        out, err = first.communicate(timeout=60)
    finally:
        first.kill()
        first.wait()
    assert first.returncode == 0, err
    with Bankroll.open(tmp_path / "alone") as alone:
        SeededPlayer(alone, base=21).play_until(40)
        balance = alone.balance
    assert out == f"done {balance}\n"
    assert verify(folder, replay_history=True).agrees


def test_a_second_process_is_refused_while_this_one_plays(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        player = SeededPlayer(bankroll, base=5)
        player.play_until(3)
        second = subprocess.run(
            [sys.executable, *PLAYER, str(folder), "5", "10"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert second.returncode == 3
        assert f"already running with the data folder {folder}" in second.stderr
        player.play_until(10)
    result = verify(folder)
    assert result.agrees
    assert result.settled_rounds == 10


def test_the_lock_a_start_took_before_its_first_paint_is_the_bankrolls(folder: Path) -> None:
    from casino_gui.store.lock import FolderLock

    lock = FolderLock(folder)
    lock.acquire()  # app.py takes it before it opens the window
    with Bankroll.open(folder, lock=lock) as bankroll:
        assert bankroll.balance == 100_000
        with pytest.raises(AlreadyRunningError):
            Bankroll.open(folder)  # held: by that lock, now the bankroll's
    assert not lock.held  # closing the bankroll let it go
    Bankroll.open(folder).close()


def test_a_lock_of_another_folder_opens_nothing(folder: Path, tmp_path: Path) -> None:
    from casino_gui.store.lock import FolderLock

    other = FolderLock(tmp_path / "other")
    with pytest.raises(ValueError, match="cannot open the bankroll"):
        Bankroll.open(folder, lock=other)
    assert not other.held
    assert not (folder / "bankroll.sqlite3").exists()


def test_deleting_the_lock_file_while_a_casino_plays_lets_no_second_one_in(
    folder: Path, tmp_path: Path
) -> None:
    first = subprocess.Popen(
        [sys.executable, *PLAYER, str(folder), "21", "20", "--wait"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert first.stdin is not None and first.stdout is not None
    try:
        assert first.stdout.readline() == f"ready {first.pid}\n"
        (folder / LOCK_NAME).unlink()  # as a player (or a cleaner) might
        second = subprocess.run(
            [sys.executable, *PLAYER, str(folder), "21", "20"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert second.returncode == 3, second.stderr
        assert second.stdout == ""
        assert second.stderr.startswith(
            f"The casino is already running with the data folder {folder}"
        )
        with pytest.raises(AlreadyRunningError):
            Bankroll.restore(folder)  # nor a restore under its feet
        first.stdin.write("go\n")
        first.stdin.flush()
        out, err = first.communicate(timeout=60)
    finally:
        first.kill()
        first.wait()
    assert first.returncode == 0, err
    assert out.startswith("done ")
    assert verify(folder, replay_history=True).settled_rounds == 20
    with Bankroll.open(folder) as again:  # the first one gone, the folder is free
        assert again.balance == int(out.split()[1])


def test_a_link_planted_at_the_lock_files_name_is_never_written(
    folder: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "precious"
    victim.write_text("the player's own words\n", encoding="utf-8")
    folder.mkdir()
    (folder / LOCK_NAME).symlink_to(victim)
    with pytest.raises(StoreError) as refused:
        Bankroll.open(folder)
    assert "is a link, where the casino keeps its lock file" in str(refused.value)
    assert victim.read_text("utf-8") == "the player's own words\n"
