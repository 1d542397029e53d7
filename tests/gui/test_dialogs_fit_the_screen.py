"""Every big dialog fits the screen it opens on: at twice the scale a 1600 x 1000 screen is
800 x 500 to Qt, where the statistics page (980 x 720) hid its Close button off the screen.
The dialogs are opened by a program of their own, on an offscreen screen of that size."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.screens import offscreen_platform

SCRIPT = r"""
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication([])
from casino_gui.store import Bankroll
from casino_gui.gui.window import CasinoWindow
from casino_gui.gui.dialogs.history import HistoryDialog
from casino_gui.gui.dialogs.settings_dialog import SettingsDialog
from casino_gui.gui.dialogs.shortcuts import ShortcutsDialog

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
}
room = window.screen().availableGeometry()
sizes = {}
for name, dialog in dialogs.items():
    dialog.show()
    app.processEvents()
    sizes[name] = [dialog.width(), dialog.height()]
print(json.dumps({"room": [room.width(), room.height()], "sizes": sizes}))
window.worker.shutdown()
bankroll.close()
"""


def test_the_big_dialogs_fit_a_1600_by_1000_screen_at_twice_the_scale(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": offscreen_platform(1600, 1000, tmp_path),
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
    width, height = found["room"]
    assert (width, height) == (800, 500)
    for name, (shown_w, shown_h) in found["sizes"].items():
        assert shown_w <= width and shown_h <= height, f"{name}: {shown_w} x {shown_h}"
