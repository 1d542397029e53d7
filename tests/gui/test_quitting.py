"""The end of a session: the process ends as soon as the last window has closed, and a casino
without an audio device says nothing on stderr.

Each test runs the real program (`casino_gui.app.run`, offscreen, a real bankroll in a temporary
folder) in a child process.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from casino_gui.gui.settings import load_settings
from casino_gui.store import Bankroll

# A session at the table: circle 2 gets a chip (its sound loads the audio stack), and once the
# player has answered (a device or none) the window is closed as a player closes it. An atexit
# handler notes whether the interpreter tore itself down after `run`.
SESSION = """
import atexit, sys
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
import casino_gui.app as app

def note(program: str, text: str) -> None:
    if "live page" in text:
        window = next(w for w in QApplication.topLevelWidgets() if w.isVisible())
        circle = window.view.mapFromScene(window.scene.circles[2].scenePos())
        QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=circle)
        def close_when_answered() -> None:
            player = window.sound.player
            if player.effects is None and player.failure is None:
                QTimer.singleShot(20, close_when_answered)
                return
            print("sound:", player.describe(), flush=True)
            window.close()
        close_when_answered()

if __name__ == "__main__":  # not again in the worker process, which imports this module
    atexit.register(lambda: print("torn down", flush=True))
    app.write_output = note
    app.run(["--data-dir", sys.argv[1], "--game", "blackjack", "--timings"])
"""

# What Qt's offscreen platform (the tests' display) says of itself; a real display does not.
OFFSCREEN_NOTE = "This plugin does not support propagateSizeHints()"


def _session(folder: Path, **environment: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", SESSION, str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **environment},
    )


def test_the_process_ends_once_the_window_closes_without_tearing_qt_down(tmp_path: Path) -> None:
    data = tmp_path / "data"
    done = _session(data)
    assert done.returncode == 0, done.stderr
    # `run` ended the process right after `main`: the interpreter's teardown (Qt, its audio
    # stack, every module) never ran ...
    assert "torn down" not in done.stdout
    # ... and everything the session keeps was on the disk before it: the settings, and the
    # bankroll closed and its folder let go (the next casino opens it).
    assert load_settings(data).game == "blackjack"
    with Bankroll.open(data) as bankroll:
        assert bankroll.balance == 100_000


def test_a_casino_without_an_audio_device_writes_nothing_on_stderr(tmp_path: Path) -> None:
    # No sound server to reach: the audio stack finds no device.
    done = _session(tmp_path / "data", PULSE_SERVER="unix:/nonexistent", PIPEWIRE_REMOTE="none")
    assert done.returncode == 0, done.stderr
    assert "sound: silent: no audio device" in done.stdout
    said = [line for line in done.stderr.splitlines() if line != OFFSCREEN_NOTE]
    assert said == [], json.dumps(said, indent=1)


def test_the_quit_benchmark_prints_its_figures_and_leaves_nothing(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.quit", "--runs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        env={**os.environ, "TMPDIR": str(tmp_path)},
    )
    assert re.fullmatch(
        r"Quit, from the last window's close to the end of the process, 1 launches: "
        r"median \d+ ms, slowest \d+ ms",
        done.stdout.strip(),
    )
    # Figures only: no timing is asserted. Its scratch folder is gone, bytecode and all.
    assert list(tmp_path.iterdir()) == []
