"""The main window's size and place, kept in the settings and fitted to the screen it opens on.

The size itself is kept, not Qt's geometry blob: the blob is clamped to the screen it was saved
on, and a size is what the player chose. A size a small screen forced on the window is not the
player's choice either (the room, or the window's own minimum where the screen cannot hold
it), and the remembered one is kept for a bigger screen. The place (the frame's top-left
corner) is kept beside it and taken again where a screen still holds it;
elsewhere the window manager places the window (`settings.fit_place`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication

from casino_gui.gui.opening import FRAME_ALLOWANCE, framed, screen_rooms
from casino_gui.gui.settings import DEFAULT_SIZE, fit_place, fit_size

if TYPE_CHECKING:
    from casino_gui.gui.window import CasinoWindow

SAVE_SIZE_AFTER_MS = 500  # a drag of the window's edge is one change, not a hundred
_CHANGES = (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.WindowStateChange)


class RememberedSize(QObject):
    """Restores the window's size and place from its settings and saves them after the player
    changes them (it watches the window's resizes, moves and state changes)."""

    def __init__(self, window: CasinoWindow) -> None:
        super().__init__(window)
        self._window = window
        self._saver = QTimer(self)
        self._saver.setSingleShot(True)
        self._saver.setInterval(SAVE_SIZE_AFTER_MS)
        self._saver.timeout.connect(self.save)
        self._fitted_to_frame = False
        # The size this screen forced on the window, if it was smaller than the remembered one.
        self._forced: tuple[int, int] | None = None
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in _CHANGES:
            self.changed()
        elif kind == QEvent.Type.Show:
            self.shown()
        return False

    @property
    def forced(self) -> tuple[int, int] | None:
        """The size this screen forced on the window, smaller than the remembered one."""
        return self._forced

    def available(self) -> tuple[int, int]:
        """The room on the screen for the window's inside (its frame and title bar taken off)."""
        window = self._window
        screen = window.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry()
        if window.isVisible() and window.frameGeometry().height() > window.height():
            frame = (
                window.frameGeometry().width() - window.width(),
                window.frameGeometry().height() - window.height(),
            )
        else:
            frame = FRAME_ALLOWANCE
        return room.width() - frame[0], room.height() - frame[1]

    def restore(self) -> None:
        """Size the window as remembered, fitted to this screen."""
        window = self._window
        remembered = window.settings
        minimum = window.minimumSizeHint()
        width, height = fit_size(
            remembered.size,
            available=self.available(),
            minimum=(minimum.width(), minimum.height()),
        )
        window.resize(width, height)
        self._note_forced()
        place = fit_place(remembered.place, framed(width, height), screen_rooms())
        if place is not None:
            window.move(*place)
        if remembered.maximized:
            window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)

    def shown(self) -> None:
        """The window is shown: fit it to the screen once its real frame is known."""
        if not self._fitted_to_frame:
            # The real frame is known once the window manager has framed the window.
            self._fitted_to_frame = True
            QTimer.singleShot(0, self, self._fit_on_screen)

    def _fit_on_screen(self) -> None:
        window = self._window
        if window.isMaximized() or window.isFullScreen():
            return
        width, height = self.available()
        if window.width() > width or window.height() > height:
            window.resize(min(window.width(), width), min(window.height(), height))
        self._note_forced()
        screen = window.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry()
        frame = window.frameGeometry()
        if not room.contains(frame):
            x = min(max(frame.x(), room.x()), room.right() - frame.width() + 1)
            y = min(max(frame.y(), room.y()), room.bottom() - frame.height() + 1)
            window.move(max(x, room.x()), max(y, room.y()))

    def _note_forced(self) -> None:
        """The size the window has now, unless it is the remembered one (or the default), is
        what the screen forced: the room, or the window's own minimum (twice the scale on a
        small screen) when that is larger than the room."""
        window = self._window
        now = (window.width(), window.height())
        self._forced = now if now != (window.settings.size or DEFAULT_SIZE) else None

    def _beyond_the_screen(self) -> bool:
        """Whether the screen is smaller than the window can be (twice the scale on an 800 x
        600 screen): every size it then takes is forced by its own minimum, none chosen."""
        least = self._window.minimumSizeHint()
        room = self.available()
        return least.width() > room[0] or least.height() > room[1]

    def changed(self) -> None:
        """The window was resized, moved, maximized or restored: save once it settles."""
        self._saver.start()

    def save(self) -> None:
        """Keep the window's normal size now (the window is closing, or the change settled)."""
        self._saver.stop()
        window = self._window
        normal = window.normalGeometry()
        size = (normal.width(), normal.height()) if normal.isValid() else window.settings.size
        if size == self._forced or self._beyond_the_screen():
            size = window.settings.size
        place = window.settings.place
        if window.isVisible() and not (window.isMaximized() or window.isFullScreen()):
            place = (window.x(), window.y())
        window.preferences.remember(
            dataclasses.replace(
                window.settings, size=size, place=place, maximized=window.isMaximized()
            )
        )
