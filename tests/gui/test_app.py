"""The casino-gui program as a player starts it: real processes, a real data folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QColor, QImage

from casino_gui.engine.games import GAMES
from casino_gui.store import Bankroll


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "casino_gui", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )


def felt_green(colour: QColor) -> bool:
    return colour.green() > colour.red() + 40 and colour.green() > colour.blue() + 30


def test_help_lists_the_options() -> None:
    done = run("--help")
    assert done.returncode == 0
    for option in ("--data-dir", "--game", "--smoke-test", "--timings"):
        assert option in done.stdout


def test_an_unknown_game_is_refused() -> None:
    done = run("--game", "poker", "--smoke-test", "x.png")
    assert done.returncode == 2
    assert "invalid choice: 'poker'" in done.stderr


def test_smoke_test_plays_a_round_and_saves_a_picture_of_the_table(tmp_path: Path) -> None:
    picture = tmp_path / "table.png"
    done = run("--data-dir", str(tmp_path / "data"), "--smoke-test", str(picture), "--timings")
    assert done.returncode == 0, done.stderr
    assert "smoke test: one round played" in done.stdout
    # The chart came from the worker process, a child of the casino's.
    assert "smoke test: strategy chart worked out in worker process " in done.stdout
    # And a short simulation at compiled speed, in the same worker (the frozen program's
    # proof that it carries numba).
    assert "smoke test: 200,000 rounds simulated at compiled speed (" in done.stdout
    # The worker stopped with the window: nothing went wrong at exit.
    assert "Traceback" not in done.stderr
    assert "ms to the first painted page" in done.stdout
    image = QImage(str(picture))
    assert not image.isNull()
    middle = image.pixelColor(image.width() // 2, image.height() // 3)
    assert felt_green(middle), middle.name()
    # The round is in the store, settled, and the ledger agrees with the balance.
    with Bankroll.open(tmp_path / "data") as bankroll:
        assert not bankroll.round_open
        assert len(bankroll.history()) == 1
        entry = bankroll.history()[0]
        assert bankroll.balance == entry.result["bankroll"]["after"]


def test_smoke_test_opens_the_asked_game(tmp_path: Path) -> None:
    done = run(
        "--data-dir", str(tmp_path), "--game", "pontoon", "--smoke-test", str(tmp_path / "p.png")
    )
    assert done.returncode == 0, done.stderr
    with Bankroll.open(tmp_path) as bankroll:
        assert bankroll.history()[0].game == "pontoon"


def test_a_second_casino_on_the_same_folder_is_refused(tmp_path: Path) -> None:
    with Bankroll.open(tmp_path):
        done = run("--data-dir", str(tmp_path), "--smoke-test", str(tmp_path / "x.png"))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert str(tmp_path) in done.stderr


def test_every_game_can_be_asked_for_on_the_command_line() -> None:
    done = run("--help")
    for game in GAMES:
        assert game in done.stdout
