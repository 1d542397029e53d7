"""Every big dialog fits the screen it opens on: at twice the scale a 1600 x 1000 screen is
800 x 500 to Qt, where the statistics page (980 x 720) hid its Close button off the screen,
and a 1280 x 800 screen is 640 x 400, where Practice and the session report hid Next and
Close, the custom table (743 x 587) its Play button and a rules page (680 x 760) its foot. A dialog fits when its size and its layout's least size both do: a window manager
squashes a dialog whose least size is larger than the screen (Practice's buttons were cut).
The dialogs are opened by a program of their own, on an offscreen screen of that size."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.screens import offscreen_platform

SCRIPT = r"""
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication([])
from casino_gui.engine import GAMES
from casino_gui.store import Bankroll
from casino_gui.gui.window import CasinoWindow
from casino_gui.gui.dialogs.history import HistoryDialog
from casino_gui.gui.dialogs.settings_dialog import SettingsDialog
from casino_gui.gui.dialogs.shortcuts import ShortcutsDialog
from casino_gui.gui.practice import open_practice

bankroll = Bankroll.open(Path(sys.argv[1]))
window = CasinoWindow(bankroll)
window.show()
app.processEvents()
dialogs = {
    "statistics": window.show_statistics(),
    "session report": window.session_report(),
    "history": HistoryDialog(bankroll, window),
    "settings": SettingsDialog(window.settings, window),
    "keyboard shortcuts": ShortcutsDialog(window._menu_actions, window),
    "practice": open_practice(window),
    "custom table": window.lobby.open_custom_table(),
    "rules": window.lobby.open_rules(GAMES["no_bust_21"]),
    "strategy chart": window.strategy_chart(),
}
room = window.screen().availableGeometry()
sizes = {}
for name, dialog in dialogs.items():
    dialog.show()
    app.processEvents()
    least = dialog.minimumSizeHint()
    sizes[name] = [
        max(dialog.width(), least.width()), max(dialog.height(), least.height())
    ]
print(json.dumps({"room": [room.width(), room.height()], "sizes": sizes}))
window.worker.shutdown()
bankroll.close()
"""


@pytest.mark.parametrize(("width", "height"), [(1600, 1000), (1280, 800)])
def test_the_big_dialogs_fit_the_screen_at_twice_the_scale(
    tmp_path: Path, width: int, height: int
) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": offscreen_platform(width, height, tmp_path),
        "QT_SCALE_FACTOR": "2",
    }
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "data")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    room_w, room_h = found["room"]
    assert (room_w, room_h) == (width // 2, height // 2)
    too_big = {
        name: (shown_w, shown_h)
        for name, (shown_w, shown_h) in found["sizes"].items()
        if shown_w > room_w or shown_h > room_h
    }
    assert too_big == {}
