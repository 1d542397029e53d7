"""The row of illuminated casino buttons at the base of the table (docs/rules.md, "Buttons").

A button is lit (enabled, glowing, pointing-hand cursor) exactly when the controller says the
action is legal now; the engine's `legal_actions()` is the one source of that answer, so the
bar never decides anything itself. Buttons a game never offers are hidden.

Every button carries its keyboard shortcut printed under its label. The keys are
window-wide `QShortcut`s made by `install_shortcuts(window)`. A key or a click whose button is
unlit is not dropped: `action_refused` (`convenience_refused`) hands it to the controller, which
keeps it until the animation playing is over or says why it cannot act (docs/architecture.md, "The
window": input is never dropped).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeySequence,
    QLinearGradient,
    QPainter,
    QPaintEvent,
    QPen,
    QShortcut,
)
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QSpacerItem, QWidget

from casino_gui.engine import Action
from casino_gui.gui.painting.contrast import BLACK, DIM
from casino_gui.gui.panels.lamp_button import BUTTON_HEIGHT, CasinoButton
from casino_gui.gui.panels.one_tab_stop import OneTabStop
from casino_gui.gui.table.picture import Convenience, TablePicture
from casino_gui.gui.theme import SMALLEST_SCALE, on_screen

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

# The console the buttons sit in: black leather with a brass edge.
LEATHER_TOP = QColor("#2a1d15")
LEATHER_BOTTOM = QColor("#120c08")
BRASS = QColor("#c9a24a")

# Around the row of lamps, at full scale.
MARGINS = (14, 8)

HINT_KEY = "?"


class ActionBar(QWidget):
    """The console of lamp buttons; emits `action_triggered(Action)` for a lit one pressed."""

    action_triggered = Signal(object)
    hint_requested = Signal()  # HINT is advice, not a move: it never reaches the round
    convenience_triggered = Signal(object)  # a lit UNDO, CLEAR, REBET or REBET x2
    circle_step = Signal(int)  # an arrow key while bets are open: -1 left, +1 right
    chip_key = Signal(bool)  # + (True) or - (False) while bets are open
    action_refused = Signal(object)  # the key or a click of a dark button: wait, or say why
    convenience_refused = Signal(object)  # the key of a dark UNDO, CLEAR, REBET or REBET x2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._buttons: dict[Action, CasinoButton] = {}
        self._offered: frozenset[Action] = frozenset(ORDER)
        self._shortcuts: list[tuple[Action, QShortcut]] = []
        self._scale = 1.0
        self._high_contrast = False
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
            button.tell_dark_clicks()
            button.dark_clicked.connect(lambda a=action: self._press(a))
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
        self._betting = False  # bets may be placed: the betting keys work
        self._between = False  # between rounds: DEAL and the conveniences are shown
        self._busy = False  # an animation plays: every key is taken, to act once it is over
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
            button.tell_dark_clicks()
            button.dark_clicked.connect(lambda c=convenience: self._press_convenience(c))
            button.setVisible(False)
            row.addWidget(button)
            self._conveniences[convenience] = button
        layout.insertLayout(layout.indexOf(self._buttons[ORDER[0]]) + 1, row)
        layout.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        # One Tab stop: ← → walk the lamps shown, lit or dark, and Space presses one as its
        # key would (docs/decisions.md, "Keys and focus").
        self.tab_stop = OneTabStop(self, self._lamps, press=self._press_part)

    def set_scale(self, scale: float) -> None:
        """Draw the bar `scale` times its full size: 1 in a big window, less in a small one."""
        self._scale = scale
        margin_x, margin_y = (round(side * scale) for side in MARGINS)
        self._layout.setContentsMargins(margin_x, margin_y, margin_x, margin_y)
        self._gap.changeSize(round(12 * scale), 0)
        for button in self._every_button():
            button.set_scale(scale)
        self._layout.invalidate()
        self.updateGeometry()

    def set_high_contrast(self, high: bool) -> None:
        """The high-contrast theme: every lamp, and a plain black console (`contrast.py`)."""
        self._high_contrast = high
        for button in self._every_button():
            button.set_high_contrast(high)
        self.update()

    def _every_button(self) -> list[CasinoButton]:
        return [*self._buttons.values(), *self._conveniences.values(), self.hint_button]

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
        self._enable_action_keys()

    def set_words(self, words: Mapping[Action, str]) -> None:
        """The moves as the table calls them (the engine's `move_words`): Pontoon's TWIST,
        STICK and BUY on the keys of HIT, STAND and DOUBLE."""
        for action, button in self._buttons.items():
            button.set_label(words.get(action, LABELS[action]).upper())

    def set_lit(self, actions: Iterable[Action]) -> None:
        """Light exactly these buttons; every other one goes dark."""
        lit = frozenset(actions)
        for action, button in self._buttons.items():
            button.set_lit(action in lit)
        self._enable_action_keys()

    def _enable_action_keys(self) -> None:
        """The keys of every button the game offers: lit, it acts; dark, the controller keeps
        it for later or says why (without a mouse there is no other way to learn it). A
        disabled shortcut leaves its key to the rest of the window."""
        for action, shortcut in self._shortcuts:
            shortcut.setEnabled(action in self._offered)

    def set_busy(self, busy: bool) -> None:
        """While an animation plays the betting keys are taken too: the controller keeps what
        they ask for until it is over."""
        if busy != self._busy:
            self._busy = busy
            for shortcut in self._betting_shortcuts:
                shortcut.setEnabled(self._betting or busy)

    def convenience(self, convenience: Convenience) -> CasinoButton:
        return self._conveniences[convenience]

    def conveniences_lit(self) -> frozenset[Convenience]:
        return frozenset(c for c, button in self._conveniences.items() if button.is_lit())

    def shown_buttons(self) -> list[CasinoButton]:
        """Every button on the bar now, in its order."""
        buttons = [*self._buttons.values(), *self._conveniences.values(), self.hint_button]
        return [button for button in buttons if not button.isHidden()]

    def set_conveniences_lit(
        self, lit: Iterable[Convenience], *, betting: bool, between_rounds: bool | None = None
    ) -> None:
        """Light exactly these conveniences. While bets are open (`betting`) the arrow and +/-
        keys bet. Between rounds (by default, while bets are open) the bar shows DEAL and the
        conveniences, even while nothing may be pressed (DEAL's question is open); during a
        round, the playing buttons."""
        on = frozenset(lit)
        for convenience, button in self._conveniences.items():
            button.set_lit(convenience in on)
        for shortcut in self._betting_shortcuts:
            shortcut.setEnabled(betting or self._busy)
        between = betting if between_rounds is None else between_rounds
        if (betting, between) != (self._betting, self._between):
            self._betting, self._between = betting, between
            self._show_phase()
            self._enable_action_keys()

    def show_conveniences(self, picture: TablePicture) -> None:
        """The conveniences and the bar's layout as the table's picture has them."""
        self.set_conveniences_lit(
            picture.conveniences,
            betting=picture.betting_open,
            between_rounds=picture.between_rounds,
        )

    def _show_phase(self) -> None:
        for action, button in self._buttons.items():
            playing = action is Action.DEAL or not self._between
            button.setVisible(action in self._offered and playing)
        for button in self._conveniences.values():
            button.setVisible(self._between)
        self.hint_button.setVisible(not self._between)

    def set_hint_words(self, lines: Iterable[str]) -> None:
        """HINT's tooltip: what its values take into account at this table (the engine's
        words, `hint_words`, as the rules page has them)."""
        # Rich text, so Qt wraps a long line to the screen rather than cut it (800 × 600).
        self.hint_button.setToolTip("".join(f"<p>{html.escape(line)}</p>" for line in lines))

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
            shortcut.setEnabled(self._betting or self._busy)
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
        else:
            self.convenience_refused.emit(convenience)

    def _lamps(self) -> list[QWidget]:
        return list(self.shown_buttons())

    def _press_part(self, part: QWidget) -> None:
        """Space on a lamp: what its key does."""
        if part is self.hint_button:
            self._press_hint()
        pressed = [a for a, b in self._buttons.items() if b is part]
        for action in pressed:
            self._press(action)
        for convenience in [c for c, b in self._conveniences.items() if b is part]:
            self._press_convenience(convenience)

    def _press(self, action: Action) -> None:
        button = self._buttons[action]
        if action not in self._offered:
            return  # the game never offers it: its key is nobody's
        if not button.is_lit():
            self.action_refused.emit(action)
            return
        button.flash()
        self.action_triggered.emit(action)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), round((BUTTON_HEIGHT + 2 * MARGINS[1]) * self._scale))

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        least = on_screen(self, SMALLEST_SCALE)
        return QSize(hint.width(), round((BUTTON_HEIGHT + 2 * MARGINS[1]) * least))

    def paintEvent(self, event: QPaintEvent) -> None:
        # The console: a strip of black leather with a brass edge, the lamps set into it.
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        panel = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        if self._high_contrast:
            painter.setPen(QPen(DIM, 1.0))
            painter.setBrush(BLACK)
            painter.drawRoundedRect(panel, 12 * self._scale, 12 * self._scale)
            return
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
