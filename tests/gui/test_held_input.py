"""Input held while the live table is built (`held_input.py`): a key whose shortcut already
exists is held as a key too, not taken by the shortcut before the table can act on it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMainWindow, QWidget
from pytestqt.qtbot import QtBot

from casino_gui.gui.held_input import HeldInput


def test_a_key_with_a_shortcut_is_held_then_pressed_once(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QWidget())
    held = HeldInput(window)
    with qtbot.waitActive(window):
        window.show()
    pressed: list[str] = []
    # The table's shortcuts are made while its window is being furnished, before it is live.
    deal = QShortcut(QKeySequence("Return"), window)
    deal.setContext(Qt.ShortcutContext.WindowShortcut)
    deal.activated.connect(lambda: pressed.append("deal"))
    handle = window.windowHandle()
    assert handle is not None
    QTest.keyClick(handle, Qt.Key.Key_Return)  # delivered as the system delivers a key
    assert pressed == []  # held: the table is not live yet
    assert held.release() == 2  # its press and its release
    assert pressed == ["deal"]
    QTest.keyClick(handle, Qt.Key.Key_Return)  # no longer held: the shortcut at once
    assert pressed == ["deal", "deal"]
