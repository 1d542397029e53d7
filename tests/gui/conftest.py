"""A real table window on a real bankroll in a temporary folder, with a qasync loop."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
import qasync
import shiboken6
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Action
from casino_gui.gui.table.controller import Speed
from casino_gui.gui.window import CasinoWindow
from casino_gui.store import Bankroll

W = TypeVar("W", bound=QWidget)


def shown(qtbot: QtBot, widget: W, width: int | None = None) -> W:
    """`widget` on screen, `width` wide (its own height) when given; qtbot closes it."""
    qtbot.addWidget(widget)
    if width is not None:
        widget.resize(width, widget.sizeHint().height())
    widget.show()
    return widget


def keyed_window(
    qtbot: QtBot,
    panel: QWidget,
    install_shortcuts: Callable[[QWidget], object],
    size: tuple[int, int] | None = None,
) -> QWidget:
    """A window holding `panel` under room that stands for the table, its keys installed,
    shown and active: window shortcuts are ignored until then."""
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    layout.addWidget(QWidget(), 1)  # stands for the table
    layout.addWidget(panel)
    install_shortcuts(window)
    if size is not None:
        window.resize(*size)
    # Offscreen, show() exposes the window at once but activates it only when the queued
    # activation event is processed.
    with qtbot.waitActive(window):
        window.show()
    return window


def drain(qtbot: QtBot) -> None:
    """Wait until the work the last clicks, keys and resizes queued has run: posted events
    (layouts, repaints), zero-time timers and the asyncio callbacks qasync runs on them, and
    what those queued in turn. A marker queued behind them, twice, has fired."""
    turns: list[int] = []
    QTimer.singleShot(0, lambda: QTimer.singleShot(0, lambda: turns.append(2)))
    qtbot.waitUntil(lambda: bool(turns), timeout=5_000)


@pytest.fixture
def qloop(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    """The asyncio loop inside Qt's: the async slots run while qtbot waits."""
    loop = qasync.QEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    yield loop
    tasks = asyncio.all_tasks(loop)
    for task in tasks:
        task.cancel()
    # The cancelled tasks end now, while the test's windows live: left to a later test's event
    # loop, they ran into deleted windows and crashed it.
    for _ in range(100):
        if all(task.done() for task in tasks):
            break
        qapp.processEvents()
    asyncio.set_event_loop(None)


class Table:
    """A player at the window: clicks on circles and buttons, keys, and what he sees."""

    def __init__(self, qtbot: QtBot, window: CasinoWindow, pictures: Path) -> None:
        self.qtbot = qtbot
        self.window = window
        self.pictures = pictures  # where screenshot() writes
        self.controller = window.controller

    def circle_point(self, spot: int, kind: str = "main") -> QPoint:
        circles = self.window.scene.circles if kind == "main" else self.window.scene.busters
        return self.window.view.mapFromScene(circles[spot].scenePos())

    def click_circle(self, spot: int, *, right: bool = False, kind: str = "main") -> None:
        button = Qt.MouseButton.RightButton if right else Qt.MouseButton.LeftButton
        self.qtbot.mouseClick(
            self.window.view.viewport(), button, pos=self.circle_point(spot, kind)
        )

    def select_chip(self, cents: int) -> None:
        self.qtbot.mouseClick(self.window.rack.chip_button(cents), Qt.MouseButton.LeftButton)

    def press(self, action: Action, shoe: str | None = None) -> None:
        """Click a button and wait until the round has been animated."""
        if shoe is not None:
            self.controller.next_shoe = shoe
        with self.qtbot.waitSignal(self.controller.idle, timeout=10_000):
            self.qtbot.mouseClick(self.window.bar.button(action), Qt.MouseButton.LeftButton)

    def key(self, key: Qt.Key) -> None:
        with self.qtbot.waitSignal(self.controller.idle, timeout=10_000):
            self.qtbot.keyClick(self.window, key)

    def chosen(self) -> list[tuple[int, str]]:
        """The places the picture and the scene draw as chosen (they must agree)."""
        picture, scene = self.controller.picture(), self.window.scene
        places = [(c.spot, "main") for c in picture.circles if c.chosen]
        places += [(c.spot, "buster") for c in picture.circles if c.buster_chosen]
        drawn = [(spot, "main") for spot, item in scene.circles.items() if item.is_chosen()]
        drawn += [(spot, "buster") for spot, item in scene.busters.items() if item.is_chosen()]
        assert sorted(drawn) == sorted(places)
        return places

    @property
    def lit(self) -> frozenset[Action]:
        return self.window.bar.lit()

    @property
    def legal(self) -> frozenset[Action]:
        table = self.controller.table
        assert table is not None
        return table.legal_actions()

    def screenshot(self, name: str) -> Path:
        self.pictures.mkdir(parents=True, exist_ok=True)
        path = self.pictures / f"{name}.png"
        drain(self.qtbot)
        assert self.window.grab().save(str(path))
        return path


@pytest.fixture
def open_table(
    qtbot: QtBot, qloop: qasync.QEventLoop, tmp_path: Path
) -> Iterator[Callable[..., Table]]:
    bankrolls: list[Bankroll] = []
    windows: list[CasinoWindow] = []

    def open_(game: str = "blackjack", folder: Path | None = None, **overrides: object) -> Table:
        bankroll = Bankroll.open(folder or tmp_path / "data")
        bankrolls.append(bankroll)
        rules = rules_for(game).replace(**overrides) if overrides else rules_for(game)
        window = CasinoWindow(bankroll, rules)
        windows.append(window)
        qtbot.addWidget(window)
        window.resize(1280, 820)
        # Window shortcuts wait for the window to be active (a queued event offscreen).
        with qtbot.waitActive(window):
            window.show()
        window.controller.speed = Speed.INSTANT
        # Tests write only into temporary folders: CASINO_SCREENSHOTS keeps the pictures.
        kept = os.environ.get("CASINO_SCREENSHOTS")
        return Table(qtbot, window, Path(kept) if kept else tmp_path / "pictures")

    yield open_
    # A step still moving when the test ends is finished while its loop lives: left running,
    # its animations tick in the next test's event loop and call back into this closed one.
    for window in windows:
        if shiboken6.isValid(window):
            window.controller.animator.tempo.hurry()
    drain(qtbot)
    for bankroll in bankrolls:
        bankroll.close()


@pytest.fixture
def pictures(tmp_path: Path) -> Path:
    """Where a screenshot test writes its pictures: a temporary folder, or the folder named by
    CASINO_SCREENSHOTS (the README's pictures in docs/ are made so)."""
    kept = os.environ.get("CASINO_SCREENSHOTS")
    folder = Path(kept) if kept else tmp_path / "pictures"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
