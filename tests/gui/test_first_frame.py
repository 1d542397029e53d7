"""The first frame: the picture of the empty table a start paints before the live table.

It must be the live table's own furniture, pixel for pixel, with nothing the bankroll or a round
holds (no money, no cards, no lit button), shown only where it fits the table the start builds,
and painted before the engine and the store are loaded (docs/decisions.md, "Startup and memory").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from casino_gui.engine import Action
from casino_gui.gui import first_frame
from casino_gui.gui.blank_table import blank_page, draw_first_frame, keep_first_frame
from casino_gui.gui.first_frame import FRAME_FILE, FirstFrameView, read_first_frame
from casino_gui.gui.settings import load_settings, save_settings
from casino_gui.gui.window import CasinoWindow
from casino_gui.store import Bankroll
from tests.gui.conftest import Table, drain
from tests.gui.window_starts import SIZE, next_start, open_window, region, sized


def test_the_first_frame_is_the_next_starts_live_table_without_its_facts_pixel_for_pixel(
    open_table: Callable[..., Table], qtbot: QtBot
) -> None:
    table = sized(open_table, qtbot)
    size = table.window.size()
    window = next_start(table, qtbot)  # built live
    try:
        assert window.size() == size
        frame = draw_first_frame(window)
        live = window.grab().toImage()
        assert frame.size() == live.size()
        # A fresh table: nothing on the felt, the rack as a new session shows it, the menus,
        # the mute lamp: the same pixels.
        for widget in (window.view, window.rack, window.menuBar(), window.mute):
            rect = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
            assert region(frame, rect) == region(live, rect), type(widget).__name__
        # The panel and the bar stand where the live ones stand; only what they say differs.
        status = QRect(
            window.status.mapTo(window, window.status.rect().topLeft()), window.status.size()
        )
        assert region(frame, status) != region(live, status)  # the live one shows $1,000.00
    finally:
        window.close()
        window.bankroll.close()


def test_the_blank_table_shows_no_money_no_lit_button_and_no_message(
    open_table: Callable[..., Table], qtbot: QtBot
) -> None:
    window = next_start(sized(open_table, qtbot), qtbot)
    page = blank_page(window.controller.rules, window.settings, window.pages.size())
    try:
        assert page.status.bankroll_text.strip() == ""
        assert page.status.on_table_text.strip() == ""
        assert page.status.last_result_text.strip() == ""
        assert page.status.message_text == ""
        assert page.status.limits_text == window.status.limits_text  # a rule, not money
        assert page.bar.lit() == frozenset()
        assert page.bar.conveniences_lit() == frozenset()
        assert window.bar.lit() == {Action.DEAL}  # the live table's DEAL is lit meanwhile
        # Laid out as the live page is: the view, the rack, the panel and the bar.
        for name in ("view", "rack", "status", "bar", "mute", "bottom"):
            assert getattr(page, name).geometry() == getattr(window.table_page, name).geometry()
    finally:
        page.close()
        window.close()
        window.bankroll.close()


def test_the_first_frame_says_nothing_of_the_bankroll_or_the_round_on_the_table(
    open_table: Callable[..., Table], qtbot: QtBot
) -> None:
    table = sized(open_table, qtbot)
    before = draw_first_frame(table.window)
    table.select_chip(2_500)
    table.click_circle(1)
    table.click_circle(2)
    table.press(Action.DEAL, shoe="TS 9H 7C 8D 6S 5H")  # 17 and 15 against the dealer's 8
    assert table.controller.round_in_play
    assert table.window.bankroll.balance == 95_000
    assert draw_first_frame(table.window) == before


def test_a_kept_first_frame_is_read_back_for_the_same_table_and_settings(
    open_table: Callable[..., Table], qtbot: QtBot
) -> None:
    table = sized(open_table, qtbot)
    window = table.window
    assert keep_first_frame(window)
    frame = read_first_frame(window.bankroll.folder)
    assert frame is not None
    assert frame.size == window.size()
    assert frame.title == "Casino \N{EM DASH} Standard BlackJack"
    assert not frame.maximized
    assert frame.image == draw_first_frame(window)
    # --game names the table played last, at its preset: the same picture.
    assert read_first_frame(window.bankroll.folder, "blackjack") is not None


@pytest.mark.parametrize(
    "change",
    [
        "another game asked for",
        "a setting changed",
        "another version",
        "cut short",
        "not a frame",
        "bigger than the screen",
        "no settings file",
    ],
)
def test_a_first_frame_that_does_not_fit_the_start_is_not_shown(
    open_table: Callable[..., Table],
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    change: str,
) -> None:
    table = sized(open_table, qtbot)
    window = table.window
    folder = window.bankroll.folder
    game = None
    if change == "bigger than the screen":
        screen = window.screen().availableGeometry()
        window.resize(screen.width() + 100, screen.height() + 100)
        drain(qtbot)
        window.size_kept.save()
    assert keep_first_frame(window)
    assert read_first_frame(folder) is not None or change == "bigger than the screen"
    path, settings = folder / FRAME_FILE, folder / "settings.json"
    if change == "another game asked for":
        game = "pontoon"
    elif change == "a setting changed":
        window.apply_sound(False, window.settings.volume)  # the mute lamp is in the picture
    elif change == "another version":
        monkeypatch.setattr(first_frame, "__version__", "99.0")
    elif change == "cut short":
        path.write_bytes(path.read_bytes()[:-100])
    elif change == "not a frame":
        path.write_bytes(b"\x89PNG\r\n" + bytes(1000))
    elif change == "no settings file":
        settings.unlink()
    assert read_first_frame(folder, game) is None


def test_a_frame_that_cannot_be_written_leaves_no_file_behind(
    open_table: Callable[..., Table], qtbot: QtBot
) -> None:
    table = sized(open_table, qtbot)
    folder = table.window.bankroll.folder
    assert keep_first_frame(table.window)
    (folder / f"{FRAME_FILE}.partial").mkdir()  # where the new picture would be written
    assert not keep_first_frame(table.window)
    # The old picture no longer fits what is being kept: it is gone, and nothing half-written.
    assert not (folder / FRAME_FILE).exists()
    assert read_first_frame(folder) is None


def test_a_size_not_kept_yet_keeps_no_frame(open_table: Callable[..., Table], qtbot: QtBot) -> None:
    table = sized(open_table, qtbot)
    assert keep_first_frame(table.window)
    table.window.resize(SIZE[0] + 40, SIZE[1] + 40)  # the next start still opens at SIZE
    assert not keep_first_frame(table.window)
    assert not (table.window.bankroll.folder / FRAME_FILE).exists()


def test_settings_without_a_table_keep_no_frame(
    open_table: Callable[..., Table], qtbot: QtBot
) -> None:
    table = sized(open_table, qtbot)
    window = table.window
    assert keep_first_frame(window)
    window.settings = window.settings.__class__()  # as a first start has them: no table yet
    assert not keep_first_frame(window)
    assert not (window.bankroll.folder / FRAME_FILE).exists()


def test_the_window_of_the_first_frame_becomes_the_live_window(
    open_table: Callable[..., Table], qtbot: QtBot, tmp_path: Path
) -> None:
    table = sized(open_table, qtbot)
    assert keep_first_frame(table.window)
    folder = table.window.bankroll.folder
    frame = read_first_frame(folder)
    assert frame is not None
    table.window.bankroll.close()
    window = CasinoWindow.showing(frame)
    qtbot.addWidget(window)
    window.show()
    view = window.centralWidget()
    assert isinstance(view, FirstFrameView)
    assert window.windowTitle() == frame.title
    assert window.size() == frame.size
    bankroll = Bankroll.open(folder)
    try:
        window.furnish(bankroll)
        assert window.centralWidget() is window.pages
        assert window.table_shown()
        assert window.status.bankroll_text == "$1,000.00"
        assert window.size() == frame.size
    finally:
        window.close()
        bankroll.close()


def test_a_window_closed_while_it_shows_its_first_frame_closes(
    open_table: Callable[..., Table], qtbot: QtBot
) -> None:
    table = sized(open_table, qtbot)
    assert keep_first_frame(table.window)
    frame = read_first_frame(table.window.bankroll.folder)
    assert frame is not None
    window = CasinoWindow.showing(frame)
    qtbot.addWidget(window)
    window.show()
    assert window.close()  # nothing to keep: no settings, no size, no report
    assert not window.isVisible()


# The casino started as a player starts it, twice: the first session is closed by its player
# (its first frame kept), the second one lists what it had loaded when it painted that frame
# and whether the live table came in the same window.
SECOND_START = """
import json, sys
from PySide6.QtWidgets import QApplication
from PySide6.QtCore import QTimer
import casino_gui.app as app

seen = {}

def note(program: str, text: str) -> None:
    windows = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    if "first frame" in text:
        seen["first"] = text
        seen["modules"] = sorted(sys.modules)
        seen["window"] = id(windows[0])
    elif "live page" in text:
        seen["live"] = text
        seen["windows"] = [id(w) for w in windows]
        QTimer.singleShot(0, lambda: [w.close() for w in windows])

app.write_output = note
status = app.main(["--data-dir", sys.argv[1], "--game", "blackjack", "--timings"])
print(json.dumps(seen))
sys.exit(status)
"""


def _start(folder: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", SECOND_START, str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    seen: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return seen


def test_a_start_after_a_closed_session_paints_the_frame_before_loading_the_engine_and_store(
    tmp_path: Path,
) -> None:
    first = _start(tmp_path / "data")  # a new player: no frame yet, the live table first
    assert "first" not in first and "live" in first
    assert (tmp_path / "data" / FRAME_FILE).exists()  # kept when the window closed
    second = _start(tmp_path / "data")
    assert "first frame" in str(second["first"])
    modules = set(second["modules"])  # type: ignore[call-overload]
    loaded = sorted(
        name
        for name in modules
        for package in ("casino_gui.engine", "casino_gui.store", "qasync", "casino_gui.gui.table")
        if name == package or name.startswith(package + ".")
    )
    # The folder's lock is taken first (a second casino shows no table): that much of the
    # store, without SQLite.
    assert loaded == ["casino_gui.store", "casino_gui.store.errors", "casino_gui.store.lock"]
    assert "sqlite3" not in modules
    assert "casino_gui.gui.first_frame" in modules
    # The live table came into the same window: one window, the one that showed the frame.
    assert second["windows"] == [second["window"]]


# A second casino started on a folder another one holds: the message, and no table shown.
SECOND_CASINO = """
import json, sys
from PySide6.QtWidgets import QApplication
import casino_gui.app as app

said = {}

def alert(message: str) -> None:  # the message box, without waiting for a click
    said["message"] = message
    said["windows"] = [w.windowTitle() for w in QApplication.topLevelWidgets() if w.isVisible()]

app._alert = alert
status = app.main(["--data-dir", sys.argv[1], "--game", "blackjack"])
print(json.dumps(said))
sys.exit(status)
"""


def test_a_second_casino_on_the_folder_shows_no_table_only_the_message(tmp_path: Path) -> None:
    _start(tmp_path / "data")  # a session closed: its first frame kept
    assert (tmp_path / "data" / FRAME_FILE).exists()
    with Bankroll.open(tmp_path / "data"):  # the first casino, still running
        done = subprocess.run(
            [sys.executable, "-c", SECOND_CASINO, str(tmp_path / "data")],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )
    assert done.returncode == 1
    said = json.loads(done.stdout.strip().splitlines()[-1])
    assert "already running" in said["message"]
    assert said["windows"] == []


def test_a_picture_of_another_size_than_the_window_is_not_painted(qtbot: QtBot) -> None:
    image = QImage(300, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("#ff0000"))  # nothing of the casino is red
    view = FirstFrameView(first_frame.FirstFrame(image, QSize(300, 200), "Casino", False))
    qtbot.addWidget(view)
    view.resize(320, 200)  # the window manager gave the window another size
    with qtbot.waitSignal(view.painted):
        view.show()
    shown = view.grab().toImage()
    assert {shown.pixelColor(x, y).name() for x in (0, 150, 319) for y in (0, 100, 199)} == {
        first_frame.BACKDROP.name()
    }
    view.resize(300, 200)
    qtbot.waitUntil(lambda: view.grab().toImage().pixelColor(150, 100).name() == "#ff0000")


def test_a_maximised_windows_frame_opens_maximised(qtbot: QtBot) -> None:
    image = QImage(300, 200, QImage.Format.Format_RGB32)
    window = CasinoWindow.showing(first_frame.FirstFrame(image, QSize(300, 200), "Casino", True))
    qtbot.addWidget(window)
    assert window.windowState() & Qt.WindowState.WindowMaximized


def test_a_size_the_screen_forced_keeps_a_frame_for_a_screen_with_the_same_room(
    open_table: Callable[..., Table], qtbot: QtBot
) -> None:
    import dataclasses

    table = sized(open_table, qtbot)
    room = table.window.screen().availableGeometry()
    folder = table.window.bankroll.folder
    table.window.close()
    table.window.bankroll.close()
    # Kept bigger than this screen (a window made at twice the scale, say): the next start
    # on this screen is forced smaller, and keeps a picture of that size.
    kept = load_settings(folder)
    save_settings(folder, dataclasses.replace(kept, size=(room.width() * 2, room.height())))
    window = open_window(qtbot, folder)
    try:
        assert window.size_kept.forced == (window.width(), window.height())
        assert keep_first_frame(window)
        frame = read_first_frame(window.bankroll.folder)
        assert frame is not None and frame.size == window.size()
        # The start after it shows the picture and stays at its size, noted as forced.
        shown = CasinoWindow.showing(frame)
        qtbot.addWidget(shown)
        with qtbot.waitActive(shown):
            shown.show()
        window.close()
        window.bankroll.close()
        with Bankroll.open(window.bankroll.folder) as bankroll:
            shown.furnish(bankroll)
            drain(qtbot)
            assert shown.size() == frame.size
            assert shown.size_kept.forced == (shown.width(), shown.height())
            shown.close()
        # Another screen's room would not force the window to this size: no picture for it.
        path = window.bankroll.folder / FRAME_FILE
        data = path.read_bytes()
        end = data.index(b"\n", len(first_frame.MAGIC))
        meta = json.loads(data[len(first_frame.MAGIC) : end])
        assert meta["room"] == [room.width(), room.height()]
        meta["room"] = [room.width() + 200, room.height()]
        path.write_bytes(data[: len(first_frame.MAGIC)] + json.dumps(meta).encode() + data[end:])
        assert read_first_frame(window.bankroll.folder) is None
    finally:
        window.close()
