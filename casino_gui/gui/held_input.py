"""Clicks and keys made before the live table is built: held, then given to it in order.

The window opens before the table is built (`opening.py`): a felt with nothing on it,
which takes no bet. A click on the place where a circle will be, or a key, made in that time is
not dropped: the window's input is held here and played again, in the order it came, once the
live table is painted, through Qt's own delivery (a click reaches the widget under it, a key
the shortcuts first), as if it had come then (docs/decisions.md, "Startup and memory").
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

MOUSE = (
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonRelease,
    QEvent.Type.MouseButtonDblClick,
)
KEYS = (QEvent.Type.KeyPress, QEvent.Type.KeyRelease)


class HeldInput(QObject):
    """Holds the mouse buttons and keys sent to one window until `release` plays them."""

    def __init__(self, window: QWidget) -> None:
        super().__init__()
        self._widget = window
        window.winId()  # its system window made now, so that its input is held from the start
        handle = window.windowHandle()
        assert handle is not None
        self._window = handle
        self._held: list[QMouseEvent | QKeyEvent] = []
        # The system window and the window widget, not the whole application: every object's
        # events would come through Python, and the first of a class PySide does not know
        # (Qt's private animation timer) makes it build every class it holds, ~175 enums.
        handle.installEventFilter(self)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind is QEvent.Type.ShortcutOverride and watched is self._widget:
            # The table's shortcuts exist before it is live (its window is furnished first):
            # a key is held as a key, not taken by a shortcut the table cannot yet act on.
            # A shortcut override no child accepts goes up to the window (QApplication).
            event.accept()
            return True
        if watched is not self._window:
            return False
        if kind in MOUSE and isinstance(event, QMouseEvent):
            self._held.append(
                QMouseEvent(
                    kind,
                    event.position(),
                    event.scenePosition(),
                    event.globalPosition(),
                    event.button(),
                    event.buttons(),
                    event.modifiers(),
                )
            )
            return True
        if kind in KEYS and isinstance(event, QKeyEvent):
            self._held.append(
                QKeyEvent(
                    kind,
                    event.key(),
                    event.modifiers(),
                    event.text(),
                    event.isAutoRepeat(),
                    event.count(),
                )
            )
            return True
        return False

    def release(self) -> int:
        """Stop holding and play what was held to the window, in order; how many events."""
        self._window.removeEventFilter(self)
        self._widget.removeEventFilter(self)
        held, self._held = self._held, []
        for event in held:
            if isinstance(event, QKeyEvent):
                _press_key(self._widget, event)
            else:
                QApplication.sendEvent(self._window, event)
        return len(held)


def _press_key(window: QWidget, event: QKeyEvent) -> None:
    """A key as the system delivers it, to the focused widget through Qt's public delivery
    (`QApplication.sendEvent`), whose key press tries the window's shortcuts first
    (`tests/gui/test_held_input.py`: a held Return is the window's shortcut, once)."""
    QApplication.sendEvent(window.focusWidget() or window, event)
