"""A panel as one Tab stop: the arrows walk among its parts, Space presses, a ring shows which.

The table page is five Tab stops (the felt, the chip rack, the status panel, the action bar,
the mute lamp); inside the rack and the bar the arrows move, as in a toolbar, so Tab is never
pressed a dozen times to cross a row of lamps (docs/decisions.md, "Keys and focus"). The panel
keeps the keyboard's focus itself: its parts are buttons that a dark lamp or a dimmed chip
disables, and a disabled widget cannot hold focus, yet a player must reach it to hear why it
is dark. A screen reader hears the part the arrows reach as focused (an accessibility focus
event for it).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent, QColor, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import QWidget

# The arrows and the keys a panel with focus takes before the window's shortcuts see them.
STEPS = {
    Qt.Key.Key_Left: -1,
    Qt.Key.Key_Up: -1,
    Qt.Key.Key_Right: 1,
    Qt.Key.Key_Down: 1,
}
PRESS_KEYS = (Qt.Key.Key_Space,)
# The ring: a dark line under a bright one, seen on leather, wood, felt and glass alike.
RING_DARK = QColor("#000000")
RING_BRIGHT = QColor("#ffe14d")


def paint_ring(painter: QPainter, box: QRectF, radius: float) -> None:
    """The focus ring around `box`: two lines, dark then bright, 2 px each."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(RING_DARK, 4.0))
    painter.drawRoundedRect(box, radius, radius)
    painter.setPen(QPen(RING_BRIGHT, 2.0, Qt.PenStyle.DashLine))
    painter.drawRoundedRect(box, radius, radius)
    painter.restore()


class FocusRing(QWidget):
    """The ring around the part a panel's arrows stand on, drawn over the panel."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()

    def around(self, target: QWidget | None) -> None:
        owner = self.parentWidget()
        if target is None or owner is None or target.isHidden():
            self.hide()
            return
        corner = target.mapTo(owner, QPoint(0, 0))
        box = QRect(corner, target.size()).adjusted(-6, -3, 6, 3).intersected(owner.rect())
        self.setGeometry(box)
        self.raise_()
        self.show()
        self.update()

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        paint_ring(painter, QRectF(self.rect()).adjusted(2, 2, -2, -2), 6.0)


class OneTabStop(QObject):
    """Makes `owner` one Tab stop over its `parts()` (the shown ones, in order).

    `current()` names the part the arrows stand on when the panel keeps a choice of its own
    (the rack's selected chip); else the stop keeps a place of its own. `step(part)` is
    called when the arrows reach a part (the rack selects it); `press(part)` when Space is
    pressed on it (the bar presses the lamp as its key would).
    """

    def __init__(
        self,
        owner: QWidget,
        parts: Callable[[], list[QWidget]],
        *,
        current: Callable[[], QWidget | None] | None = None,
        step: Callable[[QWidget], None] | None = None,
        press: Callable[[QWidget], None] | None = None,
    ) -> None:
        super().__init__(owner)
        self.owner = owner
        self._parts, self._current, self._step, self._press = parts, current, step, press
        self._place = 0
        self.ring = FocusRing(owner)
        # Tab, not a click: a click on a chip or a lamp leaves the keys where they were.
        owner.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        owner.installEventFilter(self)

    def part(self) -> QWidget | None:
        """The part the arrows stand on now."""
        parts = self._parts()
        if not parts:
            return None
        if self._current is not None:
            chosen = self._current()
            if chosen in parts:
                return chosen
        return parts[min(self._place, len(parts) - 1)]

    def move(self, by: int) -> None:
        parts = self._parts()
        here = self.part()
        if here is None:
            return
        index = max(0, min(parts.index(here) + by, len(parts) - 1))
        self._place = index
        if self._step is not None:
            self._step(parts[index])
        self.show_part(told=True)

    def show_part(self, *, told: bool = False) -> None:
        """Ring the part while the panel has the keys; `told`: a screen reader hears of it."""
        part = self.part() if self.owner.hasFocus() else None
        self.ring.around(part)
        if told and part is not None and QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(part, QAccessible.Event.Focus))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
            self.show_part(told=kind is QEvent.Type.FocusIn)
        elif kind is QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            # The arrows and Space are the panel's while it has the keys (the window's ← →
            # choose a circle only while the felt or nothing has them).
            if _plain(event) and (event.key() in STEPS or event.key() in PRESS_KEYS):
                event.accept()
                return True
        elif kind is QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and _plain(event):
            if event.key() in STEPS:
                self.move(STEPS[Qt.Key(event.key())])
                return True
            if event.key() in PRESS_KEYS and self._press is not None:
                part = self.part()
                if part is not None and not event.isAutoRepeat():
                    self._press(part)
                return True
        elif kind in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.show_part()
        return False


def _plain(event: QKeyEvent) -> bool:
    """No modifier but the keypad's: Shift+→ and Ctrl+→ stay the window's."""
    return not (event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier)
