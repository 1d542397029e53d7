"""The row of illuminated casino buttons at the base of the table (RULES.md, "Buttons").

A button is lit (enabled, glowing, pointing-hand cursor) exactly when the controller says the
action is legal now; the engine's `legal_actions()` is the one source of that answer, so the
bar never decides anything itself. Buttons a game never offers are hidden.

Every button carries its keyboard shortcut printed under its label. The keys are
window-wide `QShortcut`s made by `install_shortcuts(window)`; a key whose button is unlit does
nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QKeySequence,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QShortcut,
)
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSizePolicy, QSpacerItem, QWidget

from casino_gui.engine import Action
from casino_gui.gui.table.picture import Convenience
from casino_gui.gui.theme import SMALLEST_SCALE

# The order the buttons stand in, left to right: the deal, the insurance answer that comes
# first in a round, then the playing decisions.
ORDER: tuple[Action, ...] = (
    Action.DEAL,
    Action.HIT,
    Action.STAND,
    Action.DOUBLE,
    Action.SPLIT,
    Action.INSURE,
    Action.NO_INSURANCE,
    Action.SURRENDER,
)

LABELS: dict[Action, str] = {
    Action.DEAL: "DEAL",
    Action.HIT: "HIT",
    Action.STAND: "STAND",
    Action.DOUBLE: "DOUBLE",
    Action.SPLIT: "SPLIT",
    Action.INSURE: "INSURE",
    Action.NO_INSURANCE: "NO INSURANCE",
    Action.SURRENDER: "SURRENDER",
}

# Portable QKeySequence strings, one per action.
SHORTCUTS: dict[Action, str] = {
    Action.DEAL: "Return",
    Action.HIT: "H",
    Action.STAND: "S",
    Action.DOUBLE: "D",
    Action.SPLIT: "P",
    Action.INSURE: "I",
    Action.NO_INSURANCE: "N",
    Action.SURRENDER: "R",
}

# Also bound, not printed: the keypad's Enter is a different key from Return.
EXTRA_SHORTCUTS: dict[Action, tuple[str, ...]] = {Action.DEAL: ("Enter",)}

# What is printed on the key cap: players call the Return key "Enter".
KEY_CAPS: dict[Action, str] = {
    action: ("Enter" if action is Action.DEAL else key) for action, key in SHORTCUTS.items()
}

# The betting conveniences stand where the playing buttons stand during a round: between
# rounds HIT to SURRENDER are never lit, and both sets side by side do not fit 800 pixels.
CONVENIENCES: tuple[Convenience, ...] = (
    Convenience.UNDO,
    Convenience.CLEAR,
    Convenience.REBET,
    Convenience.REBET_DOUBLE,
)
CONVENIENCE_LABELS: dict[Convenience, str] = {
    Convenience.UNDO: "UNDO",
    Convenience.CLEAR: "CLEAR",
    Convenience.REBET: "REBET",
    Convenience.REBET_DOUBLE: "REBET \N{MULTIPLICATION SIGN}2",
}
# The first key of each is printed on the button; the others work too.
CONVENIENCE_KEYS: dict[Convenience, tuple[str, ...]] = {
    Convenience.UNDO: ("U", "Ctrl+Z"),
    Convenience.CLEAR: ("C", "Backspace", "Del"),
    Convenience.REBET: ("B",),
    Convenience.REBET_DOUBLE: ("Shift+B",),
}
CONVENIENCE_CAPS: dict[Convenience, str] = {
    Convenience.UNDO: "U",
    Convenience.CLEAR: "C",
    Convenience.REBET: "B",
    Convenience.REBET_DOUBLE: "\N{UPWARDS WHITE ARROW}B",
}
# Keyboard betting while bets are open: the arrows choose a circle, + and - bet the selected
# chip there (= is + without Shift on most keyboards).
CHOOSE_KEYS: dict[str, int] = {"Left": -1, "Right": 1}
CHIP_KEYS: dict[str, bool] = {"+": True, "=": True, "Num++": True, "-": False, "Num+-": False}

SANS_FAMILIES = ["DejaVu Sans", "Helvetica Neue", "Arial", "sans-serif"]

# Lamp colours: a lit button is a warm amber lamp behind frosted glass.
LAMP_TOP = QColor("#fff1c2")
LAMP_MIDDLE = QColor("#f6c453")
LAMP_BOTTOM = QColor("#c98412")
LAMP_GLOW = QColor(255, 190, 70)
LAMP_INK = QColor("#2b1803")
LAMP_RIM = QColor("#7a4f0e")
# An unlit lamp: smoked glass in a dull brass bezel.
DARK_TOP = QColor("#3a332b")
DARK_BOTTOM = QColor("#1a1612")
DARK_RIM = QColor("#5a4a33")
DARK_INK = QColor("#8a7c66")
DARK_KEY_INK = QColor("#6b604f")
# The console the buttons sit in: black leather with a brass edge.
LEATHER_TOP = QColor("#2a1d15")
LEATHER_BOTTOM = QColor("#120c08")
BRASS = QColor("#c9a24a")

# Sizes at full scale; a small window draws the bar smaller (`set_scale`), but its letters
# never below MIN_LABEL_PIXELS and KEY_PIXELS_LEAST screen pixels.
GLOW = 7.0  # room around the face for the lamp's halo
BUTTON_HEIGHT = 66
MAX_BUTTON_WIDTH = 170
MIN_BUTTON_WIDTH = 72
LABEL_PIXELS = 14
MIN_LABEL_PIXELS = 10
KEY_PIXELS = 10.5
KEY_PIXELS_LEAST = 8.5
MARGINS = (14, 8)
FLASH_MS = 120  # how long a key press shows the button pushed in


def _sans(pixels: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(SANS_FAMILIES)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(round(pixels))
    font.setBold(bold)
    return font


HINT_KEY = "?"


class CasinoButton(QPushButton):
    """One lamp button: its label on the first line, its key cap on the second.

    Lit means enabled: a disabled QPushButton emits no `clicked`, so an unlit button cannot
    trigger its action by mouse, by `click()` or by its shortcut.
    """

    def __init__(self, label: str, key_cap: str, parent: QWidget | None = None) -> None:
        super().__init__(label, parent)
        self._key_cap = key_cap
        self.setAccessibleName(f"{label.title()} ({key_cap})")
        self.setToolTip(f"{label.title()} \N{EM DASH} key {key_cap}")
        # Focus would let Space press a button behind the controller's back, and draw a
        # focus frame on a lamp; the keyboard goes through the window's shortcuts instead.
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self._scale = 1.0
        self.set_scale(1.0)
        self.set_lit(False)

    def set_scale(self, scale: float) -> None:
        """Draw the button `scale` times its full size (the bar follows the window's size)."""
        self._scale = scale
        self._label_font = self._label_font_at(scale)
        self._key_font = _sans(max(KEY_PIXELS_LEAST, KEY_PIXELS * scale), bold=True)
        # Never narrower than its label needs ("NO INSURANCE" at the smallest scale).
        self.setMaximumWidth(max(round(MAX_BUTTON_WIDTH * scale), self.minimumSizeHint().width()))
        self.updateGeometry()
        self.update()

    def _label_font_at(self, scale: float) -> QFont:
        return self._label_font_sized(max(MIN_LABEL_PIXELS, round(LABEL_PIXELS * scale)))

    def key_cap(self) -> str:
        """The shortcut printed on the button."""
        return self._key_cap

    def is_lit(self) -> bool:
        return self.isEnabled()

    def set_lit(self, lit: bool) -> None:
        self.setEnabled(lit)
        # Set on every change: Qt shows a disabled widget's own cursor too, so the arrow must
        # be explicit.
        self.setCursor(Qt.CursorShape.PointingHandCursor if lit else Qt.CursorShape.ArrowCursor)
        self.update()

    def flash(self) -> None:
        """Show the button pushed in for a moment (a key press has no mouse to show it)."""
        self.setDown(True)
        QTimer.singleShot(FLASH_MS, self, lambda: self.setDown(False))

    def sizeHint(self) -> QSize:
        width = QFontMetricsF(self._label_font).horizontalAdvance(self.text())
        glow = GLOW * self._scale
        return QSize(
            max(round(92 * self._scale), round(width + 2 * glow + 30 * self._scale)),
            round(BUTTON_HEIGHT * self._scale),
        )

    def minimumSizeHint(self) -> QSize:
        # Squeezed, the label is drawn smaller (down to a readable size) rather than cut; the
        # smallest bar sets the window's minimum, whatever the bar's scale now.
        smallest = self._label_font_sized(MIN_LABEL_PIXELS)
        width = QFontMetricsF(smallest).horizontalAdvance(self.text())
        glow = GLOW * SMALLEST_SCALE
        return QSize(
            max(round(MIN_BUTTON_WIDTH * SMALLEST_SCALE), round(width + 2 * glow + 10)),
            round(BUTTON_HEIGHT * SMALLEST_SCALE),
        )

    def _label_font_sized(self, pixels: int) -> QFont:
        font = _sans(pixels, bold=True)
        font.setLetterSpacing(
            QFont.SpacingType.AbsoluteSpacing, 1.2 if pixels >= LABEL_PIXELS else 0.5
        )
        return font

    def _fitted_label_font(self, width: float) -> QFont:
        for pixels in range(self._label_font.pixelSize(), MIN_LABEL_PIXELS, -1):
            font = self._label_font_sized(pixels)
            if QFontMetricsF(font).horizontalAdvance(self.text()) <= width:
                return font
        return self._label_font_sized(MIN_LABEL_PIXELS)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHints(
            QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
        )
        lit = self.isEnabled()
        down = self.isDown()
        hovered = lit and self.underMouse() and not down
        glow = GLOW * self._scale
        face = QRectF(self.rect()).adjusted(glow, glow, -glow, -glow)
        if down:
            face.translate(0, 1.5 * self._scale)
        radius = 9.0 * self._scale

        self._paint_well(painter, face, radius)
        if lit:
            self._paint_glow(painter, face, radius, strong=hovered, weak=down)
            self._paint_lamp(painter, face, radius, hovered=hovered, down=down)
        else:
            self._paint_dark(painter, face, radius)
        self._paint_text(painter, face, lit)

    def _paint_well(self, painter: QPainter, face: QRectF, radius: float) -> None:
        # The hole in the console the lamp sits in: a shade darker than the leather.
        well = face.adjusted(-2.5, -2.5, 2.5, 3.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 150))
        painter.drawRoundedRect(well, radius + 2, radius + 2)

    def _paint_glow(
        self, painter: QPainter, face: QRectF, radius: float, *, strong: bool, weak: bool
    ) -> None:
        # A halo of thin rings fading outwards reads as light spilling onto the leather.
        peak = 80 if strong else 35 if weak else 55
        steps = max(2, int(GLOW * self._scale))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for step in range(steps, 0, -1):
            colour = QColor(LAMP_GLOW)
            colour.setAlpha(round(peak * (1 - step / (steps + 1)) ** 2))
            painter.setPen(QPen(colour, 2.0))
            grown = face.adjusted(-step, -step, step, step)
            painter.drawRoundedRect(grown, radius + step, radius + step)

    def _paint_lamp(
        self, painter: QPainter, face: QRectF, radius: float, *, hovered: bool, down: bool
    ) -> None:
        top, middle, bottom = QColor(LAMP_TOP), QColor(LAMP_MIDDLE), QColor(LAMP_BOTTOM)
        if hovered:
            top, middle, bottom = top.lighter(104), middle.lighter(110), bottom.lighter(112)
        if down:
            top, middle, bottom = middle, bottom, bottom.darker(125)
        gradient = QLinearGradient(face.topLeft(), face.bottomLeft())
        gradient.setColorAt(0.0, top)
        gradient.setColorAt(0.55, middle)
        gradient.setColorAt(1.0, bottom)
        painter.setPen(QPen(LAMP_RIM, 1.5))
        painter.setBrush(gradient)
        painter.drawRoundedRect(face, radius, radius)

        # The glossy top half of the glass.
        gloss = QPainterPath()
        gloss_rect = face.adjusted(3, 2.5, -3, -face.height() * 0.52)
        gloss.addRoundedRect(gloss_rect, radius - 2, radius - 2)
        shine = QLinearGradient(gloss_rect.topLeft(), gloss_rect.bottomLeft())
        shine.setColorAt(0.0, QColor(255, 255, 255, 150 if not down else 60))
        shine.setColorAt(1.0, QColor(255, 255, 255, 0))
        painter.fillPath(gloss, shine)

    def _paint_dark(self, painter: QPainter, face: QRectF, radius: float) -> None:
        gradient = QLinearGradient(face.topLeft(), face.bottomLeft())
        gradient.setColorAt(0.0, DARK_TOP)
        gradient.setColorAt(1.0, DARK_BOTTOM)
        painter.setPen(QPen(DARK_RIM, 1.2))
        painter.setBrush(gradient)
        painter.drawRoundedRect(face, radius, radius)
        # A faint reflection so the dark glass still reads as glass.
        painter.setPen(QPen(QColor(255, 255, 255, 22), 1.0))
        painter.drawLine(
            QPointF(face.left() + radius, face.top() + 2.5),
            QPointF(face.right() - radius, face.top() + 2.5),
        )

    def _paint_text(self, painter: QPainter, face: QRectF, lit: bool) -> None:
        label_font = self._fitted_label_font(face.width() - 12 * self._scale)
        label_metrics = QFontMetricsF(label_font)
        key_metrics = QFontMetricsF(self._key_font)
        gap = max(1.0, 4.0 * self._scale)
        cap_height = key_metrics.height() + 2
        block = label_metrics.height() + gap + cap_height
        top = face.center().y() - block / 2

        label_rect = QRectF(face.left(), top, face.width(), label_metrics.height())
        if lit:
            # An engraved look: a pale line under the dark letters.
            painter.setFont(label_font)
            painter.setPen(QColor(255, 244, 210, 140))
            painter.drawText(label_rect.translated(0, 1), Qt.AlignmentFlag.AlignCenter, self.text())
        painter.setFont(label_font)
        painter.setPen(LAMP_INK if lit else DARK_INK)
        painter.drawText(label_rect, Qt.AlignmentFlag.AlignCenter, self.text())

        # The key cap: the shortcut in a small outlined box, like a key on a keyboard.
        painter.setFont(self._key_font)
        cap_width = max(
            cap_height + 2, key_metrics.horizontalAdvance(self._key_cap) + 10 * self._scale
        )
        cap = QRectF(
            face.center().x() - cap_width / 2,
            label_rect.bottom() + gap,
            cap_width,
            cap_height,
        )
        ink = QColor(LAMP_INK if lit else DARK_KEY_INK)
        outline = QColor(ink)
        outline.setAlpha(150 if lit else 170)
        painter.setPen(QPen(outline, 1.0))
        painter.setBrush(QColor(255, 255, 255, 55) if lit else QColor(0, 0, 0, 60))
        painter.drawRoundedRect(cap, 3.5, 3.5)
        painter.setPen(ink)
        painter.drawText(cap, Qt.AlignmentFlag.AlignCenter, self._key_cap)


class ActionBar(QWidget):
    """The console of lamp buttons; emits `action_triggered(Action)` for a lit one pressed."""

    action_triggered = Signal(object)
    hint_requested = Signal()  # HINT is advice, not a move: it never reaches the round
    convenience_triggered = Signal(object)  # a lit UNDO, CLEAR, REBET or REBET x2
    circle_step = Signal(int)  # an arrow key while bets are open: -1 left, +1 right
    chip_key = Signal(bool)  # + (True) or - (False) while bets are open
    deal_refused = Signal()  # Enter while bets are open but DEAL is dark: say why

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._buttons: dict[Action, CasinoButton] = {}
        self._offered: frozenset[Action] = frozenset(ORDER)
        self._shortcuts: list[tuple[Action, QShortcut]] = []
        self._scale = 1.0
        self._layout = layout = QHBoxLayout(self)
        layout.setContentsMargins(*MARGINS, *MARGINS)
        layout.setSpacing(2)
        # Stretch on both sides: a game with few buttons keeps them lamp-sized and centred.
        layout.addStretch(1)
        for action in ORDER:
            button = CasinoButton(LABELS[action], KEY_CAPS[action], self)
            button.setObjectName(f"action_{action.value}")
            button.clicked.connect(lambda _checked=False, a=action: self.action_triggered.emit(a))
            layout.addWidget(button)
            self._buttons[action] = button
        self._gap = QSpacerItem(12, 0)
        layout.addSpacerItem(self._gap)
        self.hint_button = CasinoButton("HINT", HINT_KEY, self)
        self.hint_button.setObjectName("action_hint")
        self.hint_button.clicked.connect(lambda _checked=False: self.hint_requested.emit())
        self.hint_button.set_lit(False)
        layout.addWidget(self.hint_button)
        self._hint_shortcut: QShortcut | None = None
        # In a layout of their own: the playing buttons stay the bar's own row, in order.
        self._conveniences: dict[Convenience, CasinoButton] = {}
        self._convenience_shortcuts: list[tuple[Convenience, QShortcut]] = []
        self._betting_shortcuts: list[QShortcut] = []
        self._betting = False
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        for convenience in CONVENIENCES:
            button = CasinoButton(
                CONVENIENCE_LABELS[convenience], CONVENIENCE_CAPS[convenience], self
            )
            button.setObjectName(f"bet_{convenience.value}")
            button.clicked.connect(
                lambda _checked=False, c=convenience: self.convenience_triggered.emit(c)
            )
            button.setVisible(False)
            row.addWidget(button)
            self._conveniences[convenience] = button
        layout.insertLayout(layout.indexOf(self._buttons[ORDER[0]]) + 1, row)
        layout.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)

    def set_scale(self, scale: float) -> None:
        """Draw the bar `scale` times its full size: 1 in a big window, less in a small one."""
        self._scale = scale
        margin_x, margin_y = (round(side * scale) for side in MARGINS)
        self._layout.setContentsMargins(margin_x, margin_y, margin_x, margin_y)
        self._gap.changeSize(round(12 * scale), 0)
        for button in [*self._buttons.values(), *self._conveniences.values(), self.hint_button]:
            button.set_scale(scale)
        self._layout.invalidate()
        self.updateGeometry()

    def scale(self) -> float:
        return self._scale

    def button(self, action: Action) -> CasinoButton:
        return self._buttons[action]

    def offered(self) -> frozenset[Action]:
        return self._offered

    def lit(self) -> frozenset[Action]:
        return frozenset(action for action, button in self._buttons.items() if button.is_lit())

    def set_offered(self, actions: Iterable[Action]) -> None:
        """Show only the buttons of actions the game can ever offer (Face Up 21: no INSURE)."""
        self._offered = frozenset(actions)
        self._show_phase()

    def set_lit(self, actions: Iterable[Action]) -> None:
        """Light exactly these buttons; every other one goes dark."""
        lit = frozenset(actions)
        for action, button in self._buttons.items():
            button.set_lit(action in lit)
        self._enable_action_keys()

    def _enable_action_keys(self) -> None:
        """A lit button's keys, and Enter while bets are open (a dark DEAL then says why:
        without a mouse there is no other way to learn it). A disabled shortcut leaves its
        key to the rest of the window."""
        for action, shortcut in self._shortcuts:
            lit = self._buttons[action].is_lit()
            shortcut.setEnabled(lit or (action is Action.DEAL and self._betting))

    def convenience(self, convenience: Convenience) -> CasinoButton:
        return self._conveniences[convenience]

    def conveniences_lit(self) -> frozenset[Convenience]:
        return frozenset(c for c, button in self._conveniences.items() if button.is_lit())

    def shown_buttons(self) -> list[CasinoButton]:
        """Every button on the bar now, in its order."""
        buttons = [*self._buttons.values(), *self._conveniences.values(), self.hint_button]
        return [button for button in buttons if not button.isHidden()]

    def set_conveniences_lit(self, lit: Iterable[Convenience], *, betting: bool) -> None:
        """Light exactly these conveniences. While bets are open (`betting`) the bar shows
        DEAL and the conveniences, and the arrow and +/- keys bet; during a round, the
        playing buttons."""
        on = frozenset(lit)
        for convenience, button in self._conveniences.items():
            button.set_lit(convenience in on)
        for convenience, shortcut in self._convenience_shortcuts:
            shortcut.setEnabled(convenience in on)
        for shortcut in self._betting_shortcuts:
            shortcut.setEnabled(betting)
        if betting != self._betting:
            self._betting = betting
            self._show_phase()
            self._enable_action_keys()

    def _show_phase(self) -> None:
        for action, button in self._buttons.items():
            playing = action is Action.DEAL or not self._betting
            button.setVisible(action in self._offered and playing)
        for button in self._conveniences.values():
            button.setVisible(self._betting)
        self.hint_button.setVisible(not self._betting)

    def set_hint_lit(self, lit: bool) -> None:
        """HINT is lit while a decision waits for the player."""
        self.hint_button.set_lit(lit)
        if self._hint_shortcut is not None:
            self._hint_shortcut.setEnabled(lit)

    def _press_hint(self) -> None:
        if self.hint_button.is_lit():
            self.hint_button.flash()
            self.hint_requested.emit()

    def install_shortcuts(self, window: QWidget) -> list[QShortcut]:
        """Make the keys work anywhere in `window` (the main window, not only this bar).

        Calling it again moves the keys to the new window: two live shortcuts on one key
        would be ambiguous and neither would fire.
        """
        for _action, shortcut in self._shortcuts:
            shortcut.setEnabled(False)
            shortcut.deleteLater()
        self._shortcuts = []
        for action in ORDER:
            for key in (SHORTCUTS[action], *EXTRA_SHORTCUTS.get(action, ())):
                shortcut = QShortcut(QKeySequence(key), window)
                shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
                # Holding H must not hit again and again.
                shortcut.setAutoRepeat(False)
                shortcut.activated.connect(lambda a=action: self._press(a))
                self._shortcuts.append((action, shortcut))
        self._enable_action_keys()
        if self._hint_shortcut is not None:
            self._hint_shortcut.setEnabled(False)
            self._hint_shortcut.deleteLater()
        self._hint_shortcut = QShortcut(QKeySequence(HINT_KEY), window)
        self._hint_shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        self._hint_shortcut.setAutoRepeat(False)
        self._hint_shortcut.setEnabled(self.hint_button.is_lit())
        self._hint_shortcut.activated.connect(self._press_hint)
        return [
            *(shortcut for _action, shortcut in self._shortcuts),
            self._hint_shortcut,
            *self._install_betting_keys(window),
        ]

    def _install_betting_keys(self, window: QWidget) -> list[QShortcut]:
        for shortcut in [*(s for _c, s in self._convenience_shortcuts), *self._betting_shortcuts]:
            shortcut.setEnabled(False)
            shortcut.deleteLater()
        self._convenience_shortcuts, self._betting_shortcuts = [], []
        for convenience in CONVENIENCES:
            for key in CONVENIENCE_KEYS[convenience]:
                shortcut = self._shortcut(window, key)
                shortcut.setEnabled(self._conveniences[convenience].is_lit())
                shortcut.activated.connect(lambda c=convenience: self._press_convenience(c))
                self._convenience_shortcuts.append((convenience, shortcut))
        for key, step in CHOOSE_KEYS.items():
            shortcut = self._shortcut(window, key)
            shortcut.setAutoRepeat(True)
            shortcut.activated.connect(lambda s=step: self.circle_step.emit(s))
            self._betting_shortcuts.append(shortcut)
        for key, add in CHIP_KEYS.items():
            shortcut = self._shortcut(window, key)
            shortcut.activated.connect(lambda a=add: self.chip_key.emit(a))
            self._betting_shortcuts.append(shortcut)
        for shortcut in self._betting_shortcuts:
            shortcut.setEnabled(self._betting)
        return [*(s for _c, s in self._convenience_shortcuts), *self._betting_shortcuts]

    @staticmethod
    def _shortcut(window: QWidget, key: str) -> QShortcut:
        shortcut = QShortcut(QKeySequence(key), window)
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        shortcut.setAutoRepeat(False)
        return shortcut

    def _press_convenience(self, convenience: Convenience) -> None:
        button = self._conveniences[convenience]
        if button.is_lit() and not button.isHidden():
            button.flash()
            self.convenience_triggered.emit(convenience)

    def _press(self, action: Action) -> None:
        button = self._buttons[action]
        # Hidden (never offered) or unlit buttons ignore their key.
        if not (button.is_lit() and action in self._offered):
            if action is Action.DEAL and self._betting:
                self.deal_refused.emit()
            return
        button.flash()
        self.action_triggered.emit(action)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), round((BUTTON_HEIGHT + 2 * MARGINS[1]) * self._scale))

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(hint.width(), round((BUTTON_HEIGHT + 2 * MARGINS[1]) * SMALLEST_SCALE))

    def paintEvent(self, event: QPaintEvent) -> None:
        # The console: a strip of black leather with a brass edge, the lamps set into it.
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        panel = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        gradient = QLinearGradient(panel.topLeft(), panel.bottomLeft())
        gradient.setColorAt(0.0, LEATHER_TOP)
        gradient.setColorAt(1.0, LEATHER_BOTTOM)
        painter.setPen(QPen(BRASS.darker(150), 1.0))
        painter.setBrush(gradient)
        painter.drawRoundedRect(panel, 12 * self._scale, 12 * self._scale)
        # Stitching just inside the edge, as on a padded leather rail.
        stitch = QPen(QColor(201, 162, 74, 70), 1.0, Qt.PenStyle.DashLine)
        stitch.setDashPattern([3.0, 3.0])
        painter.setPen(stitch)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = 4 * self._scale
        painter.drawRoundedRect(
            panel.adjusted(inset, inset, -inset, -inset), 9 * self._scale, 9 * self._scale
        )
