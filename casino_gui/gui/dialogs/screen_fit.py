"""A dialog's first size, kept within the screen it opens on: at twice the scale a 1600 x 1000
screen is 800 x 500 to Qt, and a dialog made 1000 pixels wide would hide its buttons off the
screen's edge."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QSize, Qt
from PySide6.QtWidgets import QDialog, QScrollArea, QWidget

# Room left for the window manager's title bar and frame.
FRAME_ROOM = (20, 60)


def fit_scroll_width(area: QScrollArea, wanted: int, edges: int) -> None:
    """The least width of a vertical scroll area: `wanted` (its page whole, beside its scroll
    bar), or what the screen has room for (less the dialog's `edges`) when that is less. Only
    then does the page scroll sideways too: a sideways scroll hides half of every group, but a
    dialog wider than the screen hides its buttons."""
    screen = area.window().screen()
    room = wanted if screen is None else screen.availableGeometry().width() - FRAME_ROOM[0]
    least = min(wanted, room - edges)
    area.setMinimumWidth(least)
    area.setHorizontalScrollBarPolicy(
        Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        if least >= wanted
        else Qt.ScrollBarPolicy.ScrollBarAsNeeded
    )


def resize_within_screen(widget: QWidget, width: int, height: int) -> None:
    """Resize `widget` to `width` x `height`, or less where its screen (its parent's, when it
    has one) has less room; never below the widget's own minimum."""
    room = screen_room(widget)
    if room is not None:
        width = min(width, room.width() - FRAME_ROOM[0])
        height = min(height, room.height() - FRAME_ROOM[1])
    widget.resize(width, height)


def screen_room(widget: QWidget) -> QSize | None:
    """The room on the screen `widget` opens on (its parent's, when it has one)."""
    parent = widget.parentWidget()
    screen = parent.screen() if parent is not None else widget.screen()
    return screen.availableGeometry().size() if screen is not None else None


def fit_scrolled_form(
    dialog: QDialog, area: QScrollArea, inside: QWidget, room: QSize | None
) -> None:
    """Size a form dialog whose groups (`inside`) are in the scroll `area`: the whole form
    where `room` (its screen's, `screen_room`) has space for it; on a small screen (800 x 600, or twice the scale) the
    groups scroll between the title and the buttons, which stay in view. Call it again once
    shown: only then do the style sheet's fonts size every label."""
    dialog.ensurePolished()  # the style sheet's fonts and margins are part of every size
    page = inside.sizeHint()
    # The dialog's size with the groups shown whole: the layout counts an item's minimum.
    bar = area.verticalScrollBar().sizeHint().width()
    area.setMinimumSize(page.width() + bar, page.height())
    layout = dialog.layout()
    if layout is not None:
        layout.activate()
    whole = dialog.sizeHint()
    area.setMinimumHeight(0)
    edges = dialog.contentsMargins() + (layout.contentsMargins() if layout else QMargins())
    fit_scroll_width(area, page.width() + bar, edges.left() + edges.right())
    width, height = whole.width(), whole.height()
    if room is not None:
        width = min(width, room.width() - FRAME_ROOM[0])
        height = min(height, room.height() - FRAME_ROOM[1])
    dialog.setFixedSize(width, height)
