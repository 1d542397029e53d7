"""The start: the window opens at once (title, size, dark menus, bare felt, from the settings),
and a click or a key made before the live table is built waits for it and acts on it, in order.

Each test runs the real program (`casino_gui.app.main`, offscreen, a real bankroll in a
temporary folder) in a child process, as a player starts it after closing a session.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

# A session at the table, closed by its player: prints where circle 3 is in the window.
CLOSED_SESSION = """
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import casino_gui.app as app

def note(program: str, text: str) -> None:
    if "live page" in text:
        window = next(w for w in QApplication.topLevelWidgets() if w.isVisible())
        circle = window.view.mapFromScene(window.scene.circles[3].scenePos())
        at = window.view.viewport().mapTo(window, circle)
        print(json.dumps({"circle": [at.x(), at.y()]}))
        QTimer.singleShot(0, window.close)

app.write_output = note
sys.exit(app.main(["--data-dir", sys.argv[1], "--game", "blackjack", "--timings"]))
"""

# The next start: the moment the window is shown (before it is even painted) the player presses
# 4 (the $25 chip) and clicks where circle 3 was; the live table's bets are noted once it is.
NEXT_START = """
import json, sys
from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow
import casino_gui.app as app

x, y = json.loads(sys.argv[2])
seen = {}

def act(window) -> None:
    seen["title"] = window.windowTitle()
    seen["size"] = [window.width(), window.height()]
    seen["menus"] = [a.text() for a in window.menuBar().actions() if a.isEnabled()]
    seen["opening"] = type(window.centralWidget()).__name__
    handle = window.windowHandle()
    QTest.keyClick(handle, Qt.Key.Key_4)
    QTest.mouseClick(handle, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(x, y))

class AtShow(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Show and isinstance(watched, QMainWindow) and not seen:
            seen["shown"] = True
            QTimer.singleShot(0, lambda: act(watched))
        return False

def look(window) -> None:
    seen["bets"] = {str(k): v for k, v in window.controller.pending.bets.items()}
    seen["chip"] = window.rack.selected_chip
    window.close()

def note(program: str, text: str) -> None:
    if "live page" in text:  # painted: the table takes the held input, then runs its events
        window = next(w for w in QApplication.topLevelWidgets() if w.isVisible())
        QTimer.singleShot(0, lambda: look(window))

at_show = AtShow()
QApplication([sys.argv[0]]).installEventFilter(at_show)
app.write_output = note
status = app.main(["--data-dir", sys.argv[1], "--timings"])
print(json.dumps(seen))
sys.exit(status)
"""


def _run(script: str, *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    seen: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return seen


def test_a_key_and_a_click_made_as_the_window_appears_land_as_a_bet(tmp_path: Path) -> None:
    data = tmp_path / "data"
    circle = _run(CLOSED_SESSION, str(data))["circle"]
    seen = _run(NEXT_START, str(data), json.dumps(circle))
    # Made while the window showed its opening: the felt alone, the menus dark ...
    assert seen["opening"] == "BareFelt"
    assert seen["menus"] == []
    assert seen["title"] == "Casino \N{EM DASH} Standard BlackJack"
    # ... and acted on by the live table, in order: the $25 chip chosen, then bet on circle 3.
    assert seen["chip"] == 2_500
    assert seen["bets"] == {"3": 2_500}


def test_an_old_stored_picture_of_the_table_is_removed_at_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    for name in ("first_frame.cache", "first_frame.cache.partial"):
        (data / name).write_bytes(b"casino_gui first frame 1\n{}\n")
    _run(CLOSED_SESSION, str(data))
    assert not (data / "first_frame.cache").exists()
    assert not (data / "first_frame.cache.partial").exists()


# A start at the table: the moment the window is shown the player presses Enter (DEAL), an
# async move of the table's, held through the start while no loop exists to run it yet.
DEAL_AT_START = """
import json, sys
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow
import casino_gui.app as app

seen = {}

class AtShow(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Show and isinstance(watched, QMainWindow) and not seen:
            seen["shown"] = True
            QTimer.singleShot(0, lambda: QTest.keyClick(watched.windowHandle(), Qt.Key.Key_Return))
        return False

def look(window, tries: int) -> None:
    # The round at the table, open or already settled (a natural ends it at the deal).
    table = window.controller.bankroll.table
    if table is not None or not tries:
        seen["dealt"] = table is not None
        seen["stake"] = table.spots[1].bet if table is not None else 0
        window.close()
        return
    QTimer.singleShot(50, lambda: look(window, tries - 1))

def note(program: str, text: str) -> None:
    if "live page" in text:
        window = next(w for w in QApplication.topLevelWidgets() if w.isVisible())
        QTimer.singleShot(0, lambda: look(window, 100))

at_show = AtShow()
QApplication([sys.argv[0]]).installEventFilter(at_show)
app.write_output = note
status = app.main(["--data-dir", sys.argv[1], "--game", "blackjack", "--timings"])
print(json.dumps(seen))
sys.exit(status)
"""


def test_enter_pressed_as_the_window_appears_deals_once_the_table_is_live(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"game": "blackjack", "chip": 500}', "utf-8")
    seen = _run(DEAL_AT_START, str(data))
    assert seen["shown"]
    # DEAL with no bet placed bets the selected chip on spot 1 (docs/rules.md, "DEAL").
    assert seen["dealt"] is True
    assert seen["stake"] == 500
