"""Windows as a start builds them, for the tests of the first frame and of what a start keeps."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRect
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from casino_gui.gui.window import CasinoWindow
from casino_gui.store import Bankroll
from tests.gui.conftest import Table, drain

# Smaller than the offscreen screen, where a first frame larger than the screen is not used; the
# window keeps its own minimum width.
SIZE = (760, 620)


def region(image: QImage, rect: QRect) -> QImage:
    """The part of a window's picture under `rect` (the window's logical pixels)."""
    ratio = image.devicePixelRatio()
    return image.copy(
        QRect(
            round(rect.x() * ratio),
            round(rect.y() * ratio),
            round(rect.width() * ratio),
            round(rect.height() * ratio),
        )
    )


def sized(open_table: Callable[..., Table], qtbot: QtBot, game: str = "blackjack") -> Table:
    """A table whose window is resized to `SIZE`, and that size kept."""
    table = open_table(game)
    table.window.resize(*SIZE)
    drain(qtbot)  # the resize laid out and painted
    table.window.size_kept.save()  # as it is once the change settles (after half a second)
    return table


def next_start(table: Table, qtbot: QtBot) -> CasinoWindow:
    """The session at `table` ends (its size and table kept) and the next start builds its
    window: a new one on the folder, at the size it keeps."""
    folder = table.window.bankroll.folder
    table.window.close()
    table.window.bankroll.close()
    return open_window(qtbot, folder)


def open_window(qtbot: QtBot, folder: Path) -> CasinoWindow:
    """A start's window on `folder`, built live and shown."""
    bankroll = Bankroll.open(folder)
    window = CasinoWindow(bankroll)
    qtbot.addWidget(window)
    with qtbot.waitActive(window):
        window.show()
    drain(qtbot)
    return window
