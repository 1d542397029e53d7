"""Draws and keeps the first frame: the window's table with nothing on it (`first_frame.py`).

The picture is drawn from a table page of its own, built for the rules and the look in the
settings and never given a `TablePicture`: the felt, the circles, the rack, the limits, the
buttons dark, the panel's readouts blank. Nothing in it comes from the bankroll or from a
round, so it cannot say something the live table would contradict; the menu bar (the same at
every start) is drawn from the window itself.
"""

from __future__ import annotations

import contextlib
import logging
import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from casino_gui.engine import offered_actions
from casino_gui.gui.first_frame import FRAME_FILE, SETTINGS_FILE, frame_header
from casino_gui.gui.panels.action_bar import ActionBar
from casino_gui.gui.panels.chip_rack import ChipRack
from casino_gui.gui.panels.status_panel import StatusPanel
from casino_gui.gui.sound.mute_button import MuteButton
from casino_gui.gui.table.page import TablePage, bar_scale
from casino_gui.gui.table.scene import TableScene
from casino_gui.gui.table.viewport import TableView
from casino_gui.gui.window import window_title

if TYPE_CHECKING:
    from casino_gui.engine.rules import Rules
    from casino_gui.gui.settings import Settings
    from casino_gui.gui.window import CasinoWindow

log = logging.getLogger(__name__)


def blank_page(rules: Rules, settings: Settings, size: QSize) -> TablePage:
    """A table page for `rules` in the settings' look, laid out at `size`, with nothing on it.

    It is shown off the screen (Qt lays out and sizes only shown widgets); close it after use."""
    scene = TableScene(rules)
    scene.set_look(settings.felt, settings.card_back)
    bar, status, mute = ActionBar(), StatusPanel(), MuteButton()
    bar.set_offered(offered_actions(rules))
    bar.set_conveniences_lit((), betting=True)  # between rounds: DEAL and the conveniences
    status.show_blank(rules.min_bet, rules.max_bet)
    mute.set_on(settings.sound)
    view = TableView(scene)
    scene.setParent(view)  # a view does not keep its scene alive: the page owns it
    rack = ChipRack()
    rack.select(settings.chip)  # the chip the live rack selects at start
    page = TablePage(view, rack, status, bar, mute)
    page.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    # Sized as the live page's first resize sizes it: after the style sheet's fonts are in.
    page.ensurePolished()
    page.set_scale(bar_scale(size.width(), size.height()))
    page.resize(size)
    page.show()
    # Showing posts the layouts' requests and the view's fit: let them run before drawing.
    QApplication.sendPostedEvents()
    page.column.activate()
    QApplication.sendPostedEvents()
    return page


def draw_first_frame(window: CasinoWindow) -> QImage:
    """The window's inside as the next start will first paint it: its menu bar, and its table
    page with nothing on it, at the window's size and the screen's scale."""
    ratio = window.devicePixelRatio()
    image = QImage(window.size() * ratio, QImage.Format.Format_RGB32)
    image.setDevicePixelRatio(ratio)
    rules = window.controller.rules
    central = window.pages  # the lobby's and the table's place
    page = blank_page(rules, window.settings, central.size())
    painter = QPainter(image)
    try:
        menus = window.menuBar()
        if menus.isVisibleTo(window) and not menus.isNativeMenuBar():
            menus.render(painter, menus.geometry().topLeft())
        page.render(painter, central.geometry().topLeft())
    finally:
        painter.end()
        page.close()
        page.deleteLater()
    return image


def keep_first_frame(window: CasinoWindow) -> bool:
    """Write the first frame for the settings now on disk (at the window's close, after the
    last of them was saved): beside the old file, then moved in. False (and the old file
    removed, as it no longer fits) when it cannot be drawn or written: a start without it
    only takes longer."""
    folder = window.bankroll.folder
    path = folder / FRAME_FILE
    temporary = path.with_name(f"{FRAME_FILE}.partial")
    try:
        if window.settings.game is None:
            path.unlink(missing_ok=True)  # no table to picture: the next start opens the lobby
            return False
        size = (window.width(), window.height())
        forced = size == window.size_kept.forced
        if not window.isMaximized() and size != window.settings.size and not forced:
            # The next start opens at the kept size, not this one (not saved yet): a picture
            # of this one would not fit it.
            path.unlink(missing_ok=True)
            return False
        settings_text = (folder / SETTINGS_FILE).read_text(encoding="utf-8")
        image = draw_first_frame(window)
        pixels = QByteArray()
        buffer = QBuffer(pixels)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "BMP"):  # type: ignore[call-overload]  # str at run time
            raise OSError("the picture could not be encoded")
        # The next start opens at the table even when the lobby is shown now.
        title = window_title(window.controller.rules.name)
        header = frame_header(
            settings_text,
            window.size(),
            image.devicePixelRatio(),
            title,
            window.isMaximized(),
            pixels.size(),
            # A size the screen forced comes again only from a screen with the same room.
            _room(window) if forced else None,
        )
        with temporary.open("wb") as file:
            file.write(header)
            file.write(pixels.data())
        os.replace(temporary, path)
    except (OSError, UnicodeDecodeError) as error:
        log.info("no first frame kept: %s", error)
        for stale in (temporary, path):
            with contextlib.suppress(OSError):
                stale.unlink(missing_ok=True)
        return False
    return True


def _room(window: CasinoWindow) -> tuple[int, int]:
    room = window.screen().availableGeometry()
    return room.width(), room.height()
