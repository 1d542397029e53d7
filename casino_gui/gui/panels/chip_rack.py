"""The chip rack: the six denominations the player bets with (docs/rules.md, "Chips and limits").

Clicking a chip (or pressing 1 to 6) selects it; the selected chip is lifted out of its well
and ringed with light, and each left-click on a circle then adds that chip (seed 002,
"Placing Bets"). Chips the bankroll cannot cover are dimmed and cannot be chosen.

If the selected chip itself becomes unaffordable it stays selected, drawn dimmed: the rack
does not silently change the player's choice; the engine decides whether DEAL can play it
(`casino_gui.engine.betting.can_deal`) and refuses a chip the bankroll cannot cover.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QColor,
    QKeySequence,
    QLinearGradient,
    QPainter,
    QPaintEvent,
    QPen,
    QRadialGradient,
    QShortcut,
)
from PySide6.QtWidgets import QAbstractButton, QHBoxLayout, QSizePolicy, QWidget

from casino_gui.engine import dollars
from casino_gui.engine.betting import CHIPS
from casino_gui.gui.painting.contrast import BLACK, DIM
from casino_gui.gui.panels.one_tab_stop import OneTabStop
from casino_gui.gui.settings import DEFAULT_CHIP
from casino_gui.gui.table.chip_item import paint_chip
from casino_gui.gui.theme import SMALLEST_SCALE, on_screen

# The number keys choose chips left to right; the keypad's digits do the same.
SHORTCUTS: dict[int, str] = {chip: str(number) for number, chip in enumerate(CHIPS, start=1)}

CHIP_RADIUS = 27.0
LIFT = 4.0  # how far the selected chip rises out of its well
CELL = QSize(76, 84)  # room for the selected chip's glow (1.38 radii), at full size
MARGINS = (12, 6)  # the tray's wood around the chips, at full size

WOOD_LIGHT = QColor("#6b3b1f")
WOOD_DARK = QColor("#2b160b")
BRASS = QColor("#c9a24a")


class ChipButton(QAbstractButton):
    """One chip in its well. Enabled means affordable; `checked` means selected."""

    def __init__(self, cents: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cents = cents
        self.setCheckable(True)
        self.setText(dollars(cents).removesuffix(".00"))
        self.setAccessibleName(f"{self.text()} chip")
        self.setToolTip(f"{self.text()} chip \N{EM DASH} key {SHORTCUTS[cents]}")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        # Its full size when there is room, down to the smallest scale when there is not.
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Maximum)
        self._scale = 1.0
        self.high_contrast = False  # set by the rack (`ChipRack.set_high_contrast`)
        self.set_affordable(True)

    def set_scale(self, scale: float) -> None:
        """Draw the chip `scale` times its full size (the rack follows the window's size)."""
        self._scale = scale
        self.updateGeometry()
        self.update()

    def set_affordable(self, affordable: bool) -> None:
        self.setEnabled(affordable)
        key = f"key {SHORTCUTS[self.cents]}"
        self.setAccessibleDescription(
            key if affordable else f"dimmed: more than your bankroll, {key}"
        )
        # Explicit both ways: Qt keeps showing a disabled widget's own cursor.
        self.setCursor(
            Qt.CursorShape.PointingHandCursor if affordable else Qt.CursorShape.ArrowCursor
        )
        self.update()

    def chip_centre(self) -> QPointF:
        """Where the chip is drawn, in this button's coordinates (tests sample around it)."""
        centre = QPointF(self.width() / 2, self.height() / 2 + self._scale)
        return centre - QPointF(0, LIFT * self._scale) if self.isChecked() else centre

    def chip_radius(self) -> float:
        return CHIP_RADIUS * self._scale

    def hitButton(self, pos: QPoint) -> bool:
        # Round chips: a click in the corner of the cell is not on the chip.
        offset = QPointF(pos) - self.chip_centre()
        reach = self.chip_radius() + 4 * self._scale
        return bool(offset.x() ** 2 + offset.y() ** 2 <= reach**2)

    def sizeHint(self) -> QSize:
        return _scaled(CELL, self._scale)

    def minimumSizeHint(self) -> QSize:
        return _scaled(CELL, on_screen(self, SMALLEST_SCALE))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHints(
            QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
        )
        selected = self.isChecked()
        # Drawn at full size on a canvas shrunk by the scale.
        painter.scale(self._scale, self._scale)
        well = QPointF(self.width() / 2, self.height() / 2 + self._scale) / self._scale
        centre = self.chip_centre() / self._scale

        # The well cut into the wood.
        shade = QRadialGradient(well, CHIP_RADIUS + 6)
        shade.setColorAt(0.0, QColor(0, 0, 0, 170))
        shade.setColorAt(0.82, QColor(0, 0, 0, 120))
        shade.setColorAt(1.0, QColor(0, 0, 0, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(shade)
        painter.drawEllipse(well, CHIP_RADIUS + 6, CHIP_RADIUS + 6)

        if not selected and self.isEnabled() and self.underMouse():
            painter.setPen(QPen(QColor(255, 224, 138, 110), 2.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, CHIP_RADIUS + 3, CHIP_RADIUS + 3)
        if selected:
            # The lifted chip casts a shadow into its well.
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 110))
            painter.drawEllipse(well + QPointF(0, 2), CHIP_RADIUS, CHIP_RADIUS * 0.92)

        # `selected` rings the chip with the same gold light a selected chip has on the table.
        paint_chip(
            painter,
            centre,
            CHIP_RADIUS,
            self.cents,
            selected=selected,
            dimmed=not self.isEnabled(),
            high_contrast=self.high_contrast,
        )
        if not self.isEnabled() and self.high_contrast:
            # Out of reach told by a stroke across it as well as by its grey.
            painter.setPen(QPen(DIM, 3.0))
            reach = CHIP_RADIUS * 0.7
            painter.drawLine(centre + QPointF(-reach, reach), centre + QPointF(reach, -reach))
        elif not self.isEnabled():
            # Greyed alone, a $100 chip could pass for a silver one: a shadow says "out of reach".
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(20, 10, 4, 95))
            painter.drawEllipse(centre, CHIP_RADIUS + 0.5, CHIP_RADIUS + 0.5)


class ChipRack(QWidget):
    """The six chips in a wooden tray; emits `chip_selected(cents)` when the choice changes."""

    chip_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._chips: dict[int, ChipButton] = {}
        self._selected = DEFAULT_CHIP
        self._shortcuts: list[QShortcut] = []
        self._scale = 1.0
        self._high_contrast = False
        self._layout = layout = QHBoxLayout(self)
        layout.setContentsMargins(*MARGINS, *MARGINS)
        layout.setSpacing(0)
        for cents in CHIPS:
            chip = ChipButton(cents, self)
            chip.setObjectName(f"chip_{cents}")
            chip.setChecked(cents == self._selected)
            # `clicked` only comes from an enabled (affordable) chip.
            chip.clicked.connect(lambda _checked=False, c=cents: self._choose(c))
            layout.addWidget(chip)
            self._chips[cents] = chip
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Maximum)
        # One Tab stop: ← → choose among the chips the bankroll covers (docs/decisions.md,
        # "Keys and focus").
        self.tab_stop = OneTabStop(
            self,
            self._reachable,
            current=lambda: self._chips[self._selected],
            step=self._step_to,
        )

    def _step_to(self, chip: QWidget) -> None:
        if isinstance(chip, ChipButton):
            self._choose(chip.cents)

    def _reachable(self) -> list[QWidget]:
        """The chips the arrows reach: the affordable ones, and the selected one."""
        return [c for cents, c in self._chips.items() if c.isEnabled() or cents == self._selected]

    def set_scale(self, scale: float) -> None:
        """Draw the rack `scale` times its full size: 1 in a big window, less in a small one."""
        self._scale = scale
        margin_x, margin_y = (round(side * scale) for side in MARGINS)
        self._layout.setContentsMargins(margin_x, margin_y, margin_x, margin_y)
        for chip in self._chips.values():
            chip.set_scale(scale)
        self.updateGeometry()

    def scale(self) -> float:
        return self._scale

    def set_high_contrast(self, high: bool) -> None:
        """The high-contrast theme: the chips' values black on white, the selected one in a
        thick yellow ring, the tray plain black (`contrast.py`)."""
        self._high_contrast = high
        for chip in self._chips.values():
            chip.high_contrast = high
            chip.update()
        self.update()

    def sizeHint(self) -> QSize:
        return self._size_at(self._scale)

    def minimumSizeHint(self) -> QSize:
        return self._size_at(on_screen(self, SMALLEST_SCALE))

    def _size_at(self, scale: float) -> QSize:
        cell = _scaled(CELL, scale)
        margin_x, margin_y = (round(side * scale) for side in MARGINS)
        return QSize(len(self._chips) * cell.width() + 2 * margin_x, cell.height() + 2 * margin_y)

    @property
    def selected_chip(self) -> int:
        """The selected denomination, in cents."""
        return self._selected

    def chip_button(self, cents: int) -> ChipButton:
        return self._chips[cents]

    def affordable(self) -> frozenset[int]:
        return frozenset(cents for cents, chip in self._chips.items() if chip.isEnabled())

    def select(self, cents: int) -> None:
        """Select a chip from the program (restoring a session, say), affordable or not.

        The player's own clicks and keys cannot pick a dimmed chip; the program may, and the
        chip is then shown selected and dimmed like one the bankroll stopped covering.
        `chip_selected` is emitted when the selection changes.
        """
        if cents not in self._chips:
            raise ValueError(
                f"there is no {dollars(cents)} chip; the rack holds "
                + ", ".join(dollars(chip) for chip in CHIPS)
            )
        if cents == self._selected:
            # A click on a checkable button toggles it: keep the chosen chip checked.
            self._chips[cents].setChecked(True)
            return
        self._selected = cents
        for chip_cents, chip in self._chips.items():
            chip.setChecked(chip_cents == cents)
        self.tab_stop.show_part()
        self.chip_selected.emit(cents)

    def set_affordable(self, chips: Iterable[int]) -> None:
        """Dim every chip not listed (`casino_gui.engine.betting.affordable_chips`).

        The selected chip keeps its selection even when dimmed (see the module docstring).
        """
        affordable = frozenset(chips)
        for cents, chip in self._chips.items():
            chip.set_affordable(cents in affordable)

    def install_shortcuts(self, window: QWidget) -> list[QShortcut]:
        """Keys 1 to 6 (and the keypad's) choose a chip anywhere in `window`.

        Calling it again moves the keys: two live shortcuts on one key would be ambiguous.
        """
        for shortcut in self._shortcuts:
            shortcut.setEnabled(False)
            shortcut.deleteLater()
        self._shortcuts = []
        for cents, key in SHORTCUTS.items():
            for sequence in (QKeySequence(key), QKeySequence(f"Num+{key}")):
                shortcut = QShortcut(sequence, window)
                shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
                shortcut.setAutoRepeat(False)
                shortcut.activated.connect(lambda c=cents: self._choose(c))
                self._shortcuts.append(shortcut)
        return list(self._shortcuts)

    def _choose(self, cents: int) -> None:
        """The player's choice, by click or key: a dimmed chip is refused. A screen reader
        hears the chip chosen, or why not (docs/decisions.md, "The table in words")."""
        chip = self._chips[cents]
        if not chip.isEnabled():
            chip.setChecked(cents == self._selected)
            _announce(self, f"{chip.text()} chip: more than your bankroll")
            return
        if cents != self._selected:
            _announce(self, f"{chip.text()} chip")
        self.select(cents)

    def paintEvent(self, event: QPaintEvent) -> None:
        # A polished mahogany tray with a brass lip, like the dealer's chip float.
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        tray = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        if self._high_contrast:
            painter.setPen(QPen(DIM, 1.0))
            painter.setBrush(BLACK)
            painter.drawRoundedRect(tray, 14 * self._scale, 14 * self._scale)
            return
        wood = QLinearGradient(tray.topLeft(), tray.bottomLeft())
        wood.setColorAt(0.0, WOOD_LIGHT)
        wood.setColorAt(0.45, WOOD_LIGHT.darker(140))
        wood.setColorAt(1.0, WOOD_DARK)
        painter.setPen(QPen(BRASS.darker(130), 1.2))
        painter.setBrush(wood)
        painter.drawRoundedRect(tray, 14 * self._scale, 14 * self._scale)

        # Grain: a few long, faint strokes in fixed places (no randomness between paints).
        painter.setClipRect(tray.adjusted(3, 3, -3, -3))
        for index, fraction in enumerate((0.18, 0.31, 0.47, 0.63, 0.79, 0.9)):
            y = tray.top() + tray.height() * fraction
            painter.setPen(QPen(QColor(0, 0, 0, 26 + 10 * (index % 2)), 1.0))
            painter.drawLine(QPointF(tray.left(), y), QPointF(tray.right(), y + 3 - index))
        painter.setClipping(False)

        # The brass lip along the top edge catching the light.
        lip = QLinearGradient(tray.topLeft(), tray.topRight())
        lip.setColorAt(0.0, QColor(201, 162, 74, 40))
        lip.setColorAt(0.5, QColor(255, 226, 150, 150))
        lip.setColorAt(1.0, QColor(201, 162, 74, 40))
        painter.setPen(QPen(lip, 1.5))
        painter.drawLine(
            QPointF(tray.left() + 14, tray.top() + 1.5),
            QPointF(tray.right() - 14, tray.top() + 1.5),
        )


def _scaled(size: QSize, scale: float) -> QSize:
    return QSize(round(size.width() * scale), round(size.height() * scale))


def _announce(widget: QWidget, text: str) -> None:
    """Said at once, while an accessibility client listens: the answer to the player's key."""
    if QAccessible.isActive():
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, text))
