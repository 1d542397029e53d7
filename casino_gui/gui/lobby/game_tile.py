"""One table in the lobby: a little felt placard with the game's name, line, limits, PLAY, RULES."""

from enum import Enum

from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QEnterEvent,
    QFocusEvent,
    QFontMetricsF,
    QKeyEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import GAMES, shuffle_words
from casino_gui.engine.rules import Rules
from casino_gui.gui.spinner import Spinner
from casino_gui.gui.theme import (
    CHALK,
    CLARET,
    CLARET_DARK,
    CREAM,
    FELT,
    FELT_DARK,
    FELT_DEEP,
    GOLD,
    GOLD_BRIGHT,
    GOLD_DIM,
    sans,
    serif,
)

# The key of the custom table's tile beside the game ids.
CUSTOM = "custom"

_SUITS = {
    "blackjack": "♠",
    "face_up_21": "♥",
    "pontoon": "♣",
    "caribbean_21": "♦",
    "super_21": "♦",
    "match_play_21": "♠",
    "no_bust_21": "♣",
    CUSTOM: "♥",
}


class Density(Enum):
    """How much of a tile fits the window: all of it, tighter, or the essentials (a small
    screen: the description moves to the tile's tooltip)."""

    FULL = "full"
    COMPACT = "compact"
    TINY = "tiny"
    MINI = "mini"  # the last resort: twice the scale on a 1280 x 800 screen

    @property
    def small(self) -> bool:
        return self in (Density.TINY, Density.MINI)


# Type sizes in pixels: name, description, limits, decks, buttons; then the margin and spacing.
_TYPE = {
    Density.FULL: (23, 14, 16, 13, 14, 22, 6),
    Density.COMPACT: (19, 13, 15, 12, 14, 16, 3),
    Density.TINY: (15, 12, 13, 11, 12, 10, 1),
    Density.MINI: (13, 11, 11, 10, 11, 8, 1),
}
# The smallest a tile may be made whatever its density: a minimum that followed the density
# would keep a big window from being made small (the lobby picks its density from its size).
# Four a row fit 640 pixels (twice the scale on a 1280 x 800 screen).
MINIMUM = (136, 100)


def short_dollars(cents: int) -> str:
    """'$500' for whole dollars, '$5.25' otherwise: limits read like a table's placard."""
    whole, part = divmod(cents, 100)
    return f"${whole:,}" if part == 0 else f"${whole:,}.{part:02d}"


def limits_text(rules: Rules) -> str:
    return f"{short_dollars(rules.min_bet)} – {short_dollars(rules.max_bet)} a circle"


def edge_text(edge: float) -> str:
    """A house edge as players read it: 0.62%, or −0.12% when the player has the edge."""
    percent = 100 * edge
    return f"{percent:.2f}%".replace("-", "−")


def decks_text(rules: Rules) -> str:
    per_deck = 52 - 4 * len(rules.removed_ranks)
    decks = f"{rules.decks} deck{'s' if rules.decks != 1 else ''}"
    if per_deck != 52:
        decks += f" of {per_deck} cards"
    if rules.penetration is not None:  # a shoe game; the seven games shuffle every round
        decks += f", {shuffle_words(rules)}"
    return f"{decks} · {rules.circles} circle{'s' if rules.circles != 1 else ''}"


_PLAY_STYLE = """
QPushButton {
    color: #2a1709;
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #fbe7a1, stop:0.5 #e9c35c,
                                stop:1 #b98a25);
    border: 1px solid #7a5a15;
    border-radius: 9px;
    padding: 7px 22px;
}
QPushButton:hover {
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #fff3c4, stop:0.5 #f3d37a,
                                stop:1 #c99a2e);
}
QPushButton:pressed { background: #b98a25; }
"""
_RULES_STYLE = """
QPushButton {
    color: #f7dc85;
    background: rgba(0, 0, 0, 70);
    border: 1px solid #e2b84f;
    border-radius: 9px;
    padding: 7px 16px;
}
QPushButton:hover { background: rgba(226, 184, 79, 50); }
QPushButton:pressed { background: rgba(226, 184, 79, 100); }
"""


def _button(text: str, style: str) -> QPushButton:
    button = QPushButton(text)
    font = sans(14, bold=True)
    font.setLetterSpacing(font.SpacingType.AbsoluteSpacing, 1.5)
    button.setFont(font)
    button.setStyleSheet(style)
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    # The tile, not its buttons, is what the keyboard moves between (Enter plays it).
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return button


def _label(text: str, colour: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(f"color: {colour}; background: transparent;")
    label.setWordWrap(True)
    return label


class GameTile(QFrame):
    """One table in the lobby, drawn as a little felt placard: name, line, limits, PLAY, RULES."""

    play_clicked = Signal()
    rules_clicked = Signal()
    # A request to move the keyboard focus to a neighbouring tile (columns, rows).
    step_requested = Signal(int, int)

    def __init__(
        self, rules: Rules, description: str, *, key: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._house_edge: float | None = None
        self.key = key
        self._rules = rules
        self._hovered = False
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(*MINIMUM)
        # On a big screen a taller placard would only be empty felt.
        self.setMaximumSize(420, 330)

        self.name_label = QLabel()
        self.name_label.setStyleSheet(f"color: {CREAM.name()}; background: transparent;")
        self.name_label.setWordWrap(True)
        self.description_label = _label(description, "#d6e8d4")
        self.description_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.limits_label = _label("", GOLD_BRIGHT.name())
        self.decks_label = _label("", "#e8dcb8")

        self.play_button = _button("PLAY", _PLAY_STYLE)
        self.rules_button = _button("RULES", _RULES_STYLE)
        self.play_button.clicked.connect(self.play_clicked)
        self.rules_button.clicked.connect(self.rules_clicked)

        self._buttons = buttons = QHBoxLayout()
        buttons.setSpacing(10)
        buttons.setContentsMargins(0, 8, 0, 0)
        buttons.addWidget(self.play_button, 3)
        buttons.addWidget(self.rules_button, 2)

        self._layout = QVBoxLayout(self)
        self._layout.addWidget(self.name_label)
        self._layout.addWidget(self.description_label, 1)
        self._layout.addWidget(self.limits_label)
        # The spinner turns beside the decks while the house edge is being worked out.
        self.edge_spinner = Spinner(14)
        self.edge_spinner.hide()
        self._computing = False
        self._lean = False
        decks_row = QHBoxLayout()
        decks_row.setSpacing(6)
        decks_row.addWidget(self.decks_label, 1)
        decks_row.addWidget(self.edge_spinner, 0, Qt.AlignmentFlag.AlignVCenter)
        self._layout.addLayout(decks_row)
        self._layout.addLayout(buttons)
        self.density = Density.FULL
        self.set_density(Density.FULL)
        self.set_rules(rules)

    def set_density(self, density: Density, *, described: bool = True) -> None:
        """Smaller type and margins, so eight tiles fit a small window (800 x 470 at the least);
        without its description line (still its tooltip) when the window is short."""
        self.density = density
        name, description, limits, decks, button, margin, spacing = _TYPE[density]
        self.name_label.setFont(serif(name, bold=True))
        # Room for the suit painted in the corner, as wide as the suit at this size.
        self.name_label.setContentsMargins(0, 0, round(name * 1.5), 0)
        self.description_label.setFont(sans(description))
        self.description_label.setVisible(described)
        self.limits_label.setFont(sans(limits, bold=True))
        self.decks_label.setFont(sans(decks))
        for widget in (self.play_button, self.rules_button):
            font = sans(button, bold=True)
            # Tight letters when the tile is small: RULES must fit a tile of 136 pixels.
            font.setLetterSpacing(font.SpacingType.AbsoluteSpacing, 0.5 if density.small else 1.5)
            widget.setFont(font)
            widget.setStyleSheet(
                (_PLAY_STYLE if widget is self.play_button else _RULES_STYLE)
                + ("QPushButton { padding: 3px 4px; }" if density.small else "")
            )
        self._buttons.setContentsMargins(0, 2 if density.small else 8, 0, 0)
        self._layout.setContentsMargins(margin, max(6, margin - 2), margin, max(6, margin - 2))
        self._layout.setSpacing(spacing)

    def rules(self) -> Rules:
        return self._rules

    def text_fits(self) -> bool:
        """Whether every word shows at the tile's size now: each wrapped line has the height
        its words need at its width (docs/architecture.md, "The window")."""
        self._layout.activate()
        return all(
            label.height() >= label.heightForWidth(label.width())
            for label in (
                self.name_label,
                self.description_label,
                self.limits_label,
                self.decks_label,
            )
            if label.isVisibleTo(self) and label.text()
        )

    def set_house_edge(self, edge: float | None) -> None:
        """Add the table's house edge under basic strategy, once it is computed."""
        self._house_edge = edge
        self.set_house_edge_computing(False)
        self.set_rules(self._rules)

    def set_house_edge_computing(self, computing: bool = True) -> None:
        """Turn the spinner until `set_house_edge` brings the edge (or the work stops)."""
        self._computing = computing
        self.edge_spinner.setVisible(computing and not self._lean)

    def set_lean(self, lean: bool) -> None:
        """Without the decks line and its spinner, in a lobby too short for them (its words
        stay the tile's tooltip and what a screen reader says)."""
        self._lean = lean
        self.decks_label.setVisible(not lean)
        self.edge_spinner.setVisible(self._computing and not lean)

    def set_rules(self, rules: Rules) -> None:
        self._rules = rules
        if self.key == CUSTOM:
            self.name_label.setText("Custom table")
            base = GAMES[rules.game].name
            self.decks_label.setText(f"{decks_text(rules)} · from {base}")
        else:
            self.name_label.setText(rules.name)
            self.decks_label.setText(decks_text(rules))
        edge = self._house_edge
        if edge is not None:
            self.decks_label.setText(f"{self.decks_label.text()} · house edge {edge_text(edge)}")
        self.limits_label.setText(limits_text(rules))
        # What a screen reader says as the arrow keys reach the tile.
        self.setAccessibleName(self.name_label.text())
        self.setAccessibleDescription(f"{self.limits_label.text()}, {self.decks_label.text()}")
        self.setAccessibleName(self.name_label.text())
        self.setToolTip(f"{self.name_label.text()}: {self.description_label.text()}")

    # --- Keyboard and mouse -------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        steps = {
            Qt.Key.Key_Left: (-1, 0),
            Qt.Key.Key_Right: (1, 0),
            Qt.Key.Key_Up: (0, -1),
            Qt.Key.Key_Down: (0, 1),
        }
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.play_clicked.emit()
        elif key in (Qt.Key.Key_R, Qt.Key.Key_F1):
            self.rules_clicked.emit()
        elif key in steps:
            self.step_requested.emit(*steps[key])
        else:
            super().keyPressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        # Double-clicking the placard sits down at the table, as PLAY does.
        if event.button() == Qt.MouseButton.LeftButton:
            self.play_clicked.emit()
        else:
            super().mouseDoubleClickEvent(event)

    def enterEvent(self, event: QEnterEvent) -> None:
        self._hovered = True
        self.update()
        super().enterEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._hovered = False
        self.update()
        super().leaveEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)

    # --- Painting -----------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        box = QRectF(self.rect()).adjusted(5, 5, -5, -5)
        focused = self.hasFocus()

        # A soft gold glow around the chosen tile, so the keyboard's place is plain to see.
        if focused:
            for spread, alpha in ((5.0, 40), (3.0, 70), (1.5, 110)):
                glow = QColor(GOLD_BRIGHT)
                glow.setAlpha(alpha)
                painter.setPen(QPen(glow, 2))
                painter.drawRoundedRect(box.adjusted(-spread, -spread, spread, spread), 18, 18)

        custom = self.key == CUSTOM
        top, bottom = (CLARET, CLARET_DARK) if custom else (FELT, FELT_DEEP)
        lift = 18 if (self._hovered or focused) else 0
        fill = QLinearGradient(box.topLeft(), box.bottomLeft())
        fill.setColorAt(0.0, top.lighter(100 + lift))
        fill.setColorAt(0.55, (top if custom else FELT_DARK).lighter(100 + lift))
        fill.setColorAt(1.0, bottom)
        path = QPainterPath()
        path.addRoundedRect(box, 16, 16)
        painter.fillPath(path, fill)

        # The game's suit at the end of the name's first line, as the index of a playing card.
        suit = _SUITS.get(self.key, "♠")
        name_font = self.name_label.font()
        line = QFontMetricsF(name_font).height()
        name_top = self.name_label.geometry().top() + self.name_label.contentsMargins().top()
        painter.setFont(serif(round(name_font.pixelSize() * 1.25), bold=True))
        painter.setPen(QColor("#e0434f") if suit in "♥♦" else CREAM)
        room = self.name_label.contentsMargins().right()
        painter.drawText(
            QRectF(self.name_label.geometry().right() - room + 4, name_top - 4, room, line + 8),
            Qt.AlignmentFlag.AlignCenter,
            suit,
        )

        # A chalk line inside the edge, as the betting lines on a felt.
        painter.setPen(QPen(CHALK, 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(box.adjusted(7, 7, -7, -7), 11, 11)

        border = GOLD_BRIGHT if focused else (GOLD if self._hovered else GOLD_DIM)
        painter.setPen(QPen(border, 3.0 if focused else 2.0))
        painter.drawPath(path)
        painter.end()
