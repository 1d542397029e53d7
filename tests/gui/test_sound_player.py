"""The real player: Qt's QSoundEffect offscreen with no audio device, and no QtMultimedia at
all. Either way the table is silent, with no error and no wait."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from casino_gui.gui.sound import player as player_module
from casino_gui.gui.sound.cues import Cue
from casino_gui.gui.sound.player import QtSoundPlayer, SilentPlayer


def test_the_real_qsoundeffect_loads_every_cue_where_there_is_an_audio_device(
    qapp: QApplication, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The tests' machine has no device: the player is told there is one, and QSoundEffect
    # loads every cue and plays (silently, with an error status, where no device answers).
    monkeypatch.setattr(player_module, "has_audio_output", lambda: True)
    player = QtSoundPlayer()
    player.set_volume(0.5)
    started = time.perf_counter()
    player.load()
    for cue in Cue:
        player.play(cue)
    print(f"loaded and played with QSoundEffect: {1000 * (time.perf_counter() - started):.1f} ms")
    assert player.failure is None
    assert player.effects is not None and set(player.effects) == set(Cue)
    # Loading and the device are asynchronous: let them answer.
    qtbot.waitUntil(
        lambda: all(e.status() is not e.Status.Loading for e in player.effects.values()),
        timeout=5_000,
    )
    for cue, effect in player.effects.items():
        assert effect.source().toLocalFile() == str(cue.path)
        assert effect.volume() == pytest.approx(0.5)
        # Ready where a device plays them; Error (silence) where there is none, as here.
        assert effect.status() in (effect.Status.Ready, effect.Status.Error)
    for cue in Cue:
        player.play(cue)  # again, on effects in their final state
    assert "cues loaded with QtMultimedia" in player.describe()


def test_without_an_audio_device_the_player_is_silent_and_makes_no_sound_effect(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(player_module, "has_audio_output", lambda: False)
    player = QtSoundPlayer()
    with caplog.at_level(logging.INFO, logger=player_module.__name__):
        player.load()
        for cue in Cue:
            player.play(cue)
    assert player.silent and player.effects is None
    files = sum(cue.path.is_file() for cue in Cue)
    assert player.describe() == (
        f"silent: no audio device (QtMultimedia loaded, {files} of {len(Cue)} cue files)"
    )
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert said == ["the table is silent: no audio device"]  # one line, once


def test_without_qtmultimedia_the_player_is_silent_for_good(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    # None in sys.modules makes `import PySide6.QtMultimedia` raise ImportError, as a missing
    # libpulse does.
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", None)
    player = QtSoundPlayer()
    player.play(Cue.WIN)
    player.load()  # as the start loads it, or the event after the first cue
    player.play(Cue.CARD_DEALT)
    player.set_volume(0.3)
    assert player.silent and player.effects is None
    assert player.failure is not None and "QtMultimedia is not available" in player.failure
    assert player.describe().startswith("silent: QtMultimedia is not available")


def test_the_first_cue_is_dropped_and_the_audio_stack_loads_right_after_it(
    qapp: QApplication, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(player_module, "has_audio_output", lambda: True)
    player = QtSoundPlayer()
    player.play(Cue.CHIP_PLACED)
    assert player.effects is None  # nothing loaded in the event that asked for the cue
    qtbot.waitUntil(lambda: player.effects is not None)
    assert player.effects is not None and set(player.effects) == set(Cue)


def test_the_silent_player_plays_nothing() -> None:
    player = SilentPlayer()
    player.set_volume(1.0)
    player.play(Cue.NATURAL)


def run_python(code: str, folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )


def test_the_window_imports_qtmultimedia_on_the_first_cue_not_at_startup(tmp_path: Path) -> None:
    done = run_python(
        """
        import sys
        from pathlib import Path
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from casino_gui.gui.window import CasinoWindow
        from casino_gui.gui.sound.cues import Cue
        from casino_gui.store import Bankroll
        bankroll = Bankroll.open(Path(sys.argv[1]))
        window = CasinoWindow(bankroll)
        window.show()
        app.processEvents()
        print("at startup", "PySide6.QtMultimedia" in sys.modules)
        window.sound.play(Cue.CHIP_PLACED)
        print("with the first cue", "PySide6.QtMultimedia" in sys.modules)
        app.processEvents()  # the pass of events that paints the click's chip
        print("in the click's pass", "PySide6.QtMultimedia" in sys.modules)
        import time
        deadline = time.monotonic() + 60  # until it is loaded, or the test fails
        while "PySide6.QtMultimedia" not in sys.modules and time.monotonic() < deadline:
            app.processEvents()
        print("after a cue", "PySide6.QtMultimedia" in sys.modules)
        window.close()
        bankroll.close()
        """,
        tmp_path / "data",
    )
    assert done.returncode == 0, done.stderr
    assert "at startup False" in done.stdout
    # Not in the click that played the first cue (that cue is dropped), nor in the pass of
    # events that paints its chip, but soon after it.
    assert "with the first cue False" in done.stdout
    assert "in the click's pass False" in done.stdout
    assert "after a cue True" in done.stdout


def test_the_program_plays_its_round_when_qtmultimedia_cannot_be_imported(
    tmp_path: Path,
) -> None:
    done = run_python(
        """
        import sys
        from pathlib import Path
        sys.modules["PySide6.QtMultimedia"] = None  # as without libpulse
        from casino_gui.app import main
        folder = Path(sys.argv[1])
        picture = str(folder.parent / "t.png")
        sys.argv = ["casino-gui", "--data-dir", str(folder), "--smoke-test", picture]
        sys.exit(main())
        """,
        tmp_path / "data",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "sound: silent: QtMultimedia is not available" in done.stdout + done.stderr
