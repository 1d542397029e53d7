"""The window as it opens, before the live table is built: its title, size, menu bar and felt.

Read from the settings alone (`settings.window_look`) and shown after Qt and a few small modules
are loaded; nothing in it looks usable: the menu bar's titles are dark and the felt is bare, no
circle, chip, button or money. `CasinoWindow.furnish` then builds the live table in the same
window (docs/decisions.md, "Startup and memory").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QBrush, QColor, QGradient, QPalette, QRadialGradient
from PySide6.QtWidgets import QWidget

from casino_gui.gui.window import CasinoWindow, window_title

if TYPE_CHECKING:
    from casino_gui.gui.settings import Felt, WindowLook

# The menu bar's titles (`menus.py`), shown dark while the window opens.
MENU_TITLES = ("&Game", "&Bankroll", "&Help")
# The menu bar as the theme draws it (theme.py's style sheet takes it from here): the opening
# wears it before the theme is loaded. The cream is the theme's CREAM.
MENU_BAR_STYLE = """
QMenuBar { background: #1c120a; color: #fbf3dc; }
QMenuBar::item { padding: 4px 10px; background: transparent; }
QMenuBar::item:selected { background: rgba(226, 184, 79, 70); }
QMenuBar::item:disabled { color: rgba(251, 243, 220, 90); }
"""
# Room for the window manager's title bar and frame before they are known (`remembered_size.py`).
FRAME_ALLOWANCE = (16, 48)


class BareFelt(QWidget):
    """The window's inside while it opens: the felt's colours, nothing on them. Qt fills it
    from its palette: a paint of our own made PySide create the ninety enums of Qt's `Qt`
    namespace (~30 ms) to choose among `fillRect`'s overloads."""

    def __init__(self, felt: Felt) -> None:
        from casino_gui.gui.painting.felt_colours import felt_colours

        super().__init__()
        colours = felt_colours(felt)
        glow = QRadialGradient(0.5, 0.5, 0.7)
        glow.setCoordinateMode(QGradient.CoordinateMode.ObjectBoundingMode)
        glow.setColorAt(0, QColor(colours.centre))
        glow.setColorAt(1, QColor(colours.edge))
        palette = self.palette()
        palette.setBrush(QPalette.ColorRole.Window, QBrush(glow))
        self.setPalette(palette)
        self.setAutoFillBackground(True)


def framed(width: int, height: int) -> tuple[int, int]:
    """A window's outer size, its frame and title bar allowed for before they are known."""
    return width + FRAME_ALLOWANCE[0], height + FRAME_ALLOWANCE[1]


def screen_rooms() -> list[tuple[int, int, int, int]]:
    """Each screen's free area on the desktop: left, top, width, height."""
    from PySide6.QtGui import QGuiApplication

    rooms = [screen.availableGeometry() for screen in QGuiApplication.screens()]
    return [(room.x(), room.y(), room.width(), room.height()) for room in rooms]


def opening_window(look: WindowLook) -> tuple[CasinoWindow, BareFelt]:
    """The casino's window as it opens, not shown yet, and its felt."""
    from casino_gui.gui.settings import fit_place, fit_size

    window = CasinoWindow()
    window.setWindowTitle(window_title(look.table))
    window.menuBar().setStyleSheet(MENU_BAR_STYLE)
    for title in MENU_TITLES:
        window.menuBar().addMenu(title).setEnabled(False)
    felt = BareFelt(look.felt)
    window.setCentralWidget(felt)
    screen = window.screen().availableGeometry()
    # As `RememberedSize.restore` sizes it; the live table's minimum is not known yet.
    room = (screen.width() - FRAME_ALLOWANCE[0], screen.height() - FRAME_ALLOWANCE[1])
    window.resize(*fit_size(look.size, available=room, minimum=(0, 0)))
    place = fit_place(look.place, framed(window.width(), window.height()), screen_rooms())
    if place is not None:
        window.move(*place)
    if look.maximized:
        from PySide6.QtCore import Qt

        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
    return window, felt
