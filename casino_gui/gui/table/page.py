"""The table page: the felt above, the bottom bar (chip rack, status panel, buttons) below.

The felt is a fixed logical scene scaled to the room it gets; the bottom bar scales with the
page too (`set_scale` of the rack and the bar), so a small window keeps the felt's share of the
height instead of giving it to a bar of fixed height.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLayout,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from casino_gui.gui.panels.action_bar import ActionBar
from casino_gui.gui.panels.chip_rack import ChipRack
from casino_gui.gui.panels.status_panel import StatusPanel
from casino_gui.gui.sound.mute_button import MuteButton
from casino_gui.gui.table.viewport import TableView
from casino_gui.gui.theme import on_screen

# The page size at which the bar is drawn at its full size.
FULL_SIZE = (1280.0, 800.0)
MIN_SCALE = 0.55
BAR_STYLE = """
QFrame#bottomBar {
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #3b2616, stop:1 #1c120a);
    border-top: 2px solid #8a6a2a;
}
"""
HIGH_CONTRAST_BAR_STYLE = "QFrame#bottomBar { background: #000000; border-top: 2px solid #ffffff; }"


def bar_scale(width: int, height: int, ratio: float = 1.0) -> float:
    """How big the bottom bar is drawn for a page of this size: 1 at 1280 x 800 and above.
    `ratio` is the screen's device pixels per pixel: at twice the scale the least scale is
    counted in the screen's pixels, so that the bar never takes more of a small screen than
    at 1x and the felt's cards are never smaller (1280 x 800 at 2x is a 640 x 400 page).

    >>> bar_scale(1280, 704), bar_scale(640, 352), bar_scale(640, 352, 2.0)
    (0.88, 0.55, 0.44)
    """
    scale = min(width / FULL_SIZE[0], height / FULL_SIZE[1], 1.0)
    return max(MIN_SCALE / max(ratio, 1.0), round(scale, 2))


class TablePage(QWidget):
    def __init__(
        self,
        view: TableView,
        rack: ChipRack,
        status: StatusPanel,
        bar: ActionBar,
        mute: MuteButton | None = None,
    ) -> None:
        super().__init__()
        self.view, self.rack, self.status, self.bar = view, rack, status, bar
        self.mute = mute or MuteButton()
        self.scale = 1.0
        self._given_back_from = 0.0  # the scale `_giving_back` last started from
        self.column = column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(view, 1)
        self.bottom = QFrame()
        self.bottom.setObjectName("bottomBar")
        self.bottom.setStyleSheet(BAR_STYLE)
        # Two rows, so that the table fits a narrow screen: the chips and the panel above,
        # the buttons at the base of the table below (seed 002).
        self._rows = QVBoxLayout(self.bottom)
        top = QHBoxLayout()
        top.setSpacing(0)
        top.addWidget(rack)
        top.addWidget(status, 1)
        self._rows.addLayout(top)
        # The mute lamp ends the row of buttons: the row above is full at full scale, and a
        # wider one would keep the window from shrinking to 800 pixels.
        base = QHBoxLayout()
        base.setSpacing(8)
        base.addWidget(bar, 1)
        base.addWidget(self.mute, 0, Qt.AlignmentFlag.AlignVCenter)
        self._rows.addLayout(base)
        column.addWidget(self.bottom)
        # Tab goes round the table as a player reads it (docs/decisions.md, "Keys and focus").
        for first, then in ((view, rack), (rack, status), (status, bar), (bar, self.mute)):
            QWidget.setTabOrder(first, then)
        # The page's minimum is its size at the smallest scale, whatever its scale now: were it
        # the layout's (which follows the scale), a window opened big could never be made
        # smaller than the bar at full size, and its scale would never come down.
        self.set_scale(on_screen(self, MIN_SCALE))
        column.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        column.activate()
        self.setMinimumSize(column.minimumSize())

    def set_scale(self, scale: float) -> None:
        self.scale = scale
        self.rack.set_scale(scale)
        self.bar.set_scale(scale)
        self.status.set_scale(scale)
        self.mute.set_scale(scale)
        margin = round(12 * scale)
        self._rows.setContentsMargins(margin, round(8 * scale), margin, round(8 * scale))
        self._rows.setSpacing(round(8 * scale))

    def set_high_contrast(self, high: bool) -> None:
        """The bottom bar and everything in it in the high-contrast theme, or not."""
        self.bottom.setStyleSheet(HIGH_CONTRAST_BAR_STYLE if high else BAR_STYLE)
        for panel in (self.rack, self.status, self.bar, self.mute):
            panel.set_high_contrast(high)

    def resizeEvent(self, event: QResizeEvent) -> None:
        size = event.size()
        ratio = self.devicePixelRatioF()
        scale = self._giving_back(bar_scale(size.width(), size.height(), ratio), ratio)
        if scale != self.scale:
            self.set_scale(scale)
        super().resizeEvent(event)

    def _giving_back(self, scale: float, ratio: float) -> float:
        """`scale`, or less: as much less as gives back to the felt the height the screen's
        scale added to the window's menu bar (twice the scale draws it twice as tall on the
        screen). The bar, not the felt, pays for it, so the felt's cards are no smaller than at
        1x on the same screen (docs/decisions.md, "The look adapts")."""
        window = self.window()
        if ratio <= 1 or not isinstance(window, QMainWindow) or window.menuBar().isHidden():
            return scale
        if scale == self._given_back_from:
            return self.scale  # the same page size for the bar as the last time
        self._given_back_from = scale
        added = window.menuBar().sizeHint().height() * (1 - 1 / ratio)
        least = on_screen(self, MIN_SCALE)
        self.set_scale(scale)
        wanted = self._bar_height() - added
        # The bar's parts have least sizes of their own: its height is measured, not reckoned.
        while scale > least and self._bar_height() > wanted:
            scale = max(least, round(scale - 0.01, 2))
            self.set_scale(scale)
        return scale

    def _bar_height(self) -> int:
        self._rows.activate()  # the new sizes of the bar's parts, not the ones laid out last
        return self.bottom.sizeHint().height()
