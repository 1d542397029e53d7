"""Input held while the live table is built (`held_input.py`): a key whose shortcut already
exists is held as a key too, not taken by the shortcut before the table can act on it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut, QWindow
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsView, QMainWindow, QWidget
from pytestqt.qtbot import QtBot

from casino_gui.gui.held_input import HeldInput


def noted(window: QWidget, keys: str, pressed: list[str], name: str) -> QShortcut:
    """A shortcut of the window, as the table makes them: its presses noted by `name`."""
    shortcut = QShortcut(QKeySequence(keys), window)
    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
    shortcut.activated.connect(lambda: pressed.append(name))
    return shortcut


def system_window(window: QWidget) -> QWindow:
    handle = window.windowHandle()
    assert handle is not None
    return handle


def test_a_key_with_a_shortcut_is_held_then_pressed_once(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QWidget())
    held = HeldInput(window)
    with qtbot.waitActive(window):
        window.show()
    pressed: list[str] = []
    # The table's shortcuts are made while its window is being furnished, before it is live.
    noted(window, "Return", pressed, "deal")
    handle = system_window(window)
    QTest.keyClick(handle, Qt.Key.Key_Return)  # delivered as the system delivers a key
    assert pressed == []  # held: the table is not live yet
    assert held.release() == 2  # its press and its release
    assert pressed == ["deal"]
    QTest.keyClick(handle, Qt.Key.Key_Return)  # no longer held: the shortcut at once
    assert pressed == ["deal", "deal"]


def test_a_key_to_a_focused_child_is_held_too(qtbot: QtBot) -> None:
    # The holding watches the window, not the application: a shortcut override no child
    # accepts goes up to the window, where it is claimed (the felt has the focus at a start).
    window = QMainWindow()
    qtbot.addWidget(window)
    felt = QGraphicsView()
    felt.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    window.setCentralWidget(felt)
    held = HeldInput(window)
    with qtbot.waitActive(window):
        window.show()
    felt.setFocus()
    qtbot.waitUntil(felt.hasFocus)
    pressed: list[str] = []
    noted(window, "H", pressed, "hit")
    QTest.keyClick(system_window(window), Qt.Key.Key_H)
    assert pressed == []
    assert held.release() == 2
    assert pressed == ["hit"]


def test_another_window_is_not_held(qtbot: QtBot) -> None:
    window, other = QMainWindow(), QMainWindow()
    for each in (window, other):
        qtbot.addWidget(each)
        each.setCentralWidget(QWidget())
    held = HeldInput(window)
    with qtbot.waitActive(other):
        other.show()
    pressed: list[str] = []
    noted(other, "Return", pressed, "other")
    QTest.keyClick(system_window(other), Qt.Key.Key_Return)
    assert pressed == ["other"]
    assert held.release() == 0


def test_the_holding_does_not_see_every_object_s_events(qtbot: QtBot) -> None:
    # Watching the whole application brought every object's events through Python, and the
    # first object of a class PySide does not know (Qt's animation timer) made it build every
    # class it holds: ~10 % of a start (docs/decisions.md, "Startup and memory").
    seen: list[QObject] = []

    class Watching(HeldInput):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            seen.append(watched)
            return super().eventFilter(watched, event)

    window = QMainWindow()
    qtbot.addWidget(window)
    held = Watching(window)
    elsewhere = QObject()
    QApplication.sendEvent(elsewhere, QEvent(QEvent.Type.User))
    assert elsewhere not in seen
    held.release()
