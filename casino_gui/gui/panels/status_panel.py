"""The status panel: bankroll, the money on the table, the last result, the limits, a message;
at a shoe game with a count system chosen, the count and the bet it suggests.

A black glass panel in a brass bezel, read like the lit displays on a casino table. It only
shows what it is told: amounts arrive as integer cents and are written with
`casino_gui.engine.money.dollars`, never through floats.
"""

from __future__ import annotations

import math
from typing import Literal

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsDropShadowEffect,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import dollars
from casino_gui.gui.painting.contrast import BLACK, DIM, PANEL_PEN, WHITE, YELLOW
from casino_gui.gui.panels.one_tab_stop import OneTabStop
from casino_gui.gui.table.messages import Message, Severity
from casino_gui.gui.table.picture import PanelPicture
from casino_gui.gui.table.shoe_picture import CountPicture
from casino_gui.gui.table.wording import unbroken
from casino_gui.gui.theme import on_screen, panel_sans

ResultKind = Literal["win", "push", "lose", "none"]

# Shows or hides the count at a shoe game (docs/decisions.md, "The shoe at the table").
COUNT_KEY = "K"
MINUS = "\N{MINUS SIGN}"
DASH = "\N{EN DASH}"
NO_RESULT = "\N{EM DASH}"
# The panel's words grow with the player's text size up to this (at 1280 x 800 and above):
# beyond it, the readouts no longer fit one row, and each line more takes the felt's height,
# whose words are the ones grown (docs/decisions.md, "The look adapts").
MAX_TEXT = 1.25
STRETCHES = (3, 3, 4, 2)  # the readouts' parts of their row at 100%

CAPTION = QColor("#b8995a")  # engraved brass lettering
READOUT = QColor("#ffe3a3")  # warm lamp white
WIN = QColor("#5fe38c")
PUSH = QColor("#e9e2cf")
LOSE = QColor("#ff6b5e")
INFO = QColor("#f7f3ea")
ERROR = QColor("#ffb02e")
RESULT_COLOURS: dict[ResultKind, QColor] = {"win": WIN, "push": PUSH, "lose": LOSE, "none": PUSH}
MESSAGE_COLOURS: dict[Severity, QColor] = {Severity.INFO: INFO, Severity.ERROR: ERROR}

BEZEL_LIGHT = QColor("#e6c879")
BEZEL_DARK = QColor("#6e5220")
GLASS_TOP = QColor("#1b1612")
GLASS_BOTTOM = QColor("#0a0806")
DIVIDER = QColor(201, 162, 74, 70)
# The high-contrast theme (docs/decisions.md, "The look adapts"): every figure white on black,
# a win and a refusal yellow; the words (WIN, LOSE, PUSH, the signs) tell them apart.
HIGH_INKS = {
    CAPTION.name(): WHITE,
    READOUT.name(): WHITE,
    WIN.name(): YELLOW,
    PUSH.name(): WHITE,
    LOSE.name(): WHITE,
    INFO.name(): WHITE,
    ERROR.name(): YELLOW,
}


def high_ink(colour: QColor) -> QColor:
    """What a figure drawn in `colour` is drawn in under high contrast."""
    return HIGH_INKS[colour.name()]


def _paint_text(label: QLabel, colour: QColor) -> None:
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, colour)
    label.setPalette(palette)


def _glow(label: QLabel, colour: QColor | None) -> None:
    # Lamp-lit digits bleed a little light into the glass around them; in high contrast
    # (`colour` None) they stand sharp.
    if colour is None:
        label.setGraphicsEffect(None)  # type: ignore[arg-type]  # Qt takes a null effect
        return
    effect = label.graphicsEffect()
    if not isinstance(effect, QGraphicsDropShadowEffect):
        effect = QGraphicsDropShadowEffect(label)
        effect.setOffset(0, 0)
        effect.setBlurRadius(12)
        label.setGraphicsEffect(effect)
    halo = QColor(colour)
    halo.setAlpha(150)
    effect.setColor(halo)


class _Readout(QWidget):
    """One field: an engraved caption over a lit value."""

    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = QLabel(caption.upper(), self)
        _paint_text(self.caption, CAPTION)
        self.value = QLabel(self)
        self.value.setTextFormat(Qt.TextFormat.PlainText)
        self.high_contrast = False
        self._colour = READOUT
        self.set_value(NO_RESULT, READOUT)
        self._layout = layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addWidget(self.value)
        self.set_scale(1.0)

    def set_scale(self, scale: float, text: float = 1.0) -> None:
        """The page's `scale`, and the panel's `text` size over it."""
        caption_font = panel_sans(max(on_screen(self, 8.5), 10 * scale) * text, bold=True)
        caption_font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 1.6 * scale)
        self.caption.setFont(caption_font)
        self.value.setFont(panel_sans(max(on_screen(self, 13), 19 * scale) * text, bold=True))
        # Larger words must not hold the window wider than a smaller window it is made: at its
        # size their type is smaller (`StatusPanel.set_scale`), and then they fit.
        self.setMinimumWidth(1 if text > 1 else 0)
        margin = round(10 * scale)
        self._layout.setContentsMargins(margin, 0, margin, 0)
        self._layout.setSpacing(max(1, round(3 * scale)))

    def set_value(self, text: str, colour: QColor) -> None:
        self.value.setText(text)
        # A screen reader says the figure with its caption: "Bankroll: $975.00".
        self.value.setAccessibleName(f"{self.caption.text().capitalize()}: {text}")
        self._colour = colour
        high = self.high_contrast
        _paint_text(self.caption, high_ink(CAPTION) if high else CAPTION)
        _paint_text(self.value, high_ink(colour) if high else colour)
        _glow(self.value, None if high else colour)

    def set_high_contrast(self, high: bool) -> None:
        self.high_contrast = high
        self.set_value(self.value.text(), self._colour)


class _MessageLine(QLabel):
    """Two lines of text, always kept (docs/decisions.md, "The status line"): the first of its
    wordings that fits them, else the shortest cut with an ellipsis (the full text is the
    tooltip). A short message stands on the first line."""

    LINES = 2  # at 100% text; more as the words grow, so that as many words fit (`set_scale`)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.shorter: tuple[str, ...] = ()
        self.lines = self.LINES
        self.set_scale(1.0)

    def shown(self) -> str:
        """What the line draws at its width."""
        box = self._box()
        wordings = (self.text(), *self.shorter)
        metrics = self.fontMetrics()
        flags = int(Qt.TextFlag.TextWordWrap)
        for text in wordings:
            drawn = metrics.boundingRect(QRect(0, 0, box.width(), 10_000), flags, unbroken(text))
            if drawn.height() <= box.height() and drawn.width() <= box.width():
                return text
        return metrics.elidedText(wordings[-1], Qt.TextElideMode.ElideRight, box.width())

    def drawn(self) -> str:
        """What the line paints: `shown`, with no line break between a sign and its amount."""
        return unbroken(self.shown())

    def _box(self) -> QRect:
        box = self.rect().adjusted(14, 0, -14, 0)  # lined up with the readouts' text above
        # The line's own height: two lines' spacing measure a little more than its multiple.
        box.setHeight(self.lines * self.fontMetrics().lineSpacing() + 2)
        return box

    def set_scale(self, scale: float, text: float = 1.0) -> None:
        """The page's `scale`, and the panel's `text` size over it: words `text` times as
        large take `text` times the lines (rounded up) to say as much."""
        self.setFont(panel_sans(max(on_screen(self, 11), 13 * scale) * text))
        self.lines = math.ceil(self.LINES * text - 0.01)
        self.setFixedHeight(self.lines * self.fontMetrics().lineSpacing() + 2)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setFont(self.font())
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        flags = Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        painter.drawText(self._box(), int(flags), self.drawn())


class StatusPanel(QWidget):
    """Bankroll, on the table, last result, table limits, and a message line below them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bankroll = _Readout("Bankroll", self)
        self._on_table = _Readout("On the table", self)
        self._last_result = _Readout("Last result", self)
        self._limits = _Readout("Table limits", self)
        self._readouts = (self._bankroll, self._on_table, self._last_result, self._limits)
        # A shoe game's count, or between rounds the bet it suggests under it, at the end of
        # the message's row (whose words shorten to fit; the readouts' row is full at 800
        # pixels): hidden unless the picture has a count.
        self._count = _Readout("Count", self)
        self._count_shown = ""
        self._message = _MessageLine(self)
        self._message_kind = Severity.INFO
        self._scale, self._text = 1.0, 1.0
        self._result_kind: ResultKind = "none"
        self._high_contrast = False

        self._row = row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        for readout, stretch in zip(self._readouts, STRETCHES, strict=True):
            row.addWidget(readout, stretch)
        self._layout = layout = QVBoxLayout(self)
        # Room for the bezel (painted) around the glass.
        layout.setContentsMargins(10, 15, 10, 12)
        layout.setSpacing(9)
        layout.addLayout(row)
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addWidget(self._message, 1)
        bottom.addWidget(self._count, 0, Qt.AlignmentFlag.AlignBottom)
        layout.addLayout(bottom)

        self.set_bankroll(0)
        self.set_on_table(0)
        self.set_last_result(None)
        self.set_limits(100, 50_000)
        self.clear_message()
        self.show_count(None)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        # One Tab stop: the arrows read the figures, the message and the count one by one.
        self.tab_stop = OneTabStop(self, self._readable)

    def _readable(self) -> list[QWidget]:
        figures = [readout.value for readout in self._readouts]
        count = [self._count.value] if not self._count.isHidden() else []
        return [*figures, self._message, *count]

    # --- What the controller tells it ------------------------------------------------

    def show_picture(self, panel: PanelPicture, message: Message | None) -> None:
        """Everything the panel shows, from the table's picture."""
        self.set_bankroll(panel.balance)
        self.set_on_table(panel.on_table)
        self.set_limits(*panel.limits)
        self.set_result_line(panel.last_result, panel.last_net)
        if message is None:
            self.clear_message()
        else:
            self.show_message(message.text, message.severity, message.shorter)

    def show_count(self, count: CountPicture | None) -> None:
        """The count under its system's name (`HI-LO COUNT`, `+5 · true +2`); between rounds,
        with a bet suggested, the count goes up into the caption over the bet (`HI-LO +5 ·
        TRUE +2`, `4 units · $20.00`), the whole sentence its tooltip. Hidden without a count."""
        self._count.setVisible(count is not None)
        self._count_shown = count.readout if count is not None else ""
        if count is None:
            return
        if count.bet:
            self._count.caption.setText(f"{count.name} {count.readout}".upper())
            self._count.set_value(count.bet, READOUT)
        else:
            self._count.caption.setText(f"{count.name} count".upper())
            self._count.set_value(count.readout, READOUT)
        self._count.setToolTip(count.suggestion)
        self._count.value.setAccessibleDescription(count.suggestion)

    def set_result_line(self, text: str, net_cents: int | None) -> None:
        """A result written out already (`NET +$5.00`); its colour follows the money."""
        if net_cents is None:
            kind: ResultKind = "none"
        else:
            kind = "win" if net_cents > 0 else "lose" if net_cents < 0 else "push"
        self._result_kind = kind
        self._last_result.set_value(text, RESULT_COLOURS[kind])

    def set_bankroll(self, cents: int) -> None:
        self._bankroll.set_value(dollars(cents), READOUT)

    def set_on_table(self, cents: int) -> None:
        self._on_table.set_value(dollars(cents), READOUT)

    def set_last_result(self, net_cents: int | None, text: str = "") -> None:
        """The last round's net result: `WIN +$15.00`, `PUSH`, `LOSE −$10.00`.

        `text` replaces the word (`BLACKJACK +$7.50`, `SURRENDER −$5.00`); the colour follows
        the sign of the money: green up, red down, neutral even. `None` means no round yet:
        the text alone, or a dash.
        """
        word = text.upper()
        if net_cents is None:
            kind: ResultKind = "none"
            shown = word or NO_RESULT
        elif net_cents > 0:
            kind = "win"
            shown = f"{word or 'WIN'} +{dollars(net_cents)}"
        elif net_cents < 0:
            kind = "lose"
            # A true minus sign: the engine's "-$10.00" hyphen looks thin on a display.
            shown = f"{word or 'LOSE'} {MINUS}{dollars(-net_cents)}"
        else:
            kind = "push"
            shown = word or "PUSH"
        self._result_kind = kind
        self._last_result.set_value(shown, RESULT_COLOURS[kind])

    def set_limits(self, min_cents: int, max_cents: int) -> None:
        """`$1–$500`: whole dollars lose their `.00`, any cents are kept (`$2.50–$500`)."""
        low = dollars(min_cents).removesuffix(".00")
        high = dollars(max_cents).removesuffix(".00")
        self._limits.set_value(f"{low}{DASH}{high}", PUSH)

    def show_message(
        self, text: str, kind: Severity = Severity.INFO, shorter: tuple[str, ...] = ()
    ) -> None:
        """A line under the readouts: refusals (`Severity.ERROR`) in amber, news in white;
        `shorter` wordings are shown instead where the text does not fit."""
        self._message_kind = kind
        self._message.shorter = shorter
        self._message.setText(text)
        self._message.setToolTip(text)
        colour = MESSAGE_COLOURS[kind]
        _paint_text(self._message, high_ink(colour) if self._high_contrast else colour)
        self._message.update()

    def clear_message(self) -> None:
        self.show_message("", Severity.INFO)

    # --- Read-back, for tests and accessibility ---------------------------------------

    @property
    def bankroll_text(self) -> str:
        return self._bankroll.value.text()

    @property
    def on_table_text(self) -> str:
        return self._on_table.value.text()

    @property
    def last_result_text(self) -> str:
        return self._last_result.value.text()

    @property
    def last_result_kind(self) -> ResultKind:
        return self._result_kind

    @property
    def last_result_colour(self) -> QColor:
        return self._last_result.value.palette().color(QPalette.ColorRole.WindowText)

    @property
    def limits_text(self) -> str:
        return self._limits.value.text()

    @property
    def count_text(self) -> str:
        """The count as shown ("+5 · true +2"); "" when it is hidden."""
        return self._count_shown

    @property
    def suggestion_text(self) -> str:
        """The bet suggested, in a sentence; "" when none is shown."""
        return self._count.toolTip() if not self._count.isHidden() else ""

    @property
    def message_text(self) -> str:
        return self._message.text()

    @property
    def message_shown(self) -> str:
        """The message as the line draws it at its width."""
        return self._message.shown()

    @property
    def message_kind(self) -> Severity:
        return self._message_kind

    @property
    def message_colour(self) -> QColor:
        return self._message.palette().color(QPalette.ColorRole.WindowText)

    # --- Looks ------------------------------------------------------------------------

    def set_text_scale(self, text: float) -> None:
        """The player's text size (`TableLook.text_scale`, 1 to 2): the figures, captions and
        the message line grow with it up to `MAX_TEXT` (docs/decisions.md, "The look adapts")."""
        self._text = min(text, MAX_TEXT)
        self.set_scale(self._scale)

    def set_high_contrast(self, high: bool) -> None:
        """White and yellow figures on plain black glass in a white frame, no glow."""
        self._high_contrast = high
        for readout in (*self._readouts, self._count):
            readout.set_high_contrast(high)
        self.show_message(self._message.text(), self._message_kind, self._message.shorter)
        self.update()

    def set_scale(self, scale: float) -> None:
        """Smaller type and margins in a small window (the table page's scale, 1 at full size),
        at the player's text size."""
        self._scale = scale
        # In a window smaller than 1280 x 800 the readouts' row is full: less growth there.
        text = 1 + (self._text - 1) * scale
        for readout, stretch in zip(self._readouts, STRETCHES, strict=True):
            # Larger figures share the row as their widths ask, not in fixed parts.
            self._row.setStretchFactor(readout, stretch if text == 1 else 0)
        for readout in (*self._readouts, self._count):
            readout.set_scale(scale, text)
        self._message.set_scale(scale, text)
        # The least bezel and gap in the screen's pixels, as the type's: at twice the scale
        # the panel is no taller on the screen than at 1x (docs/decisions.md, "The look adapts").
        bezel = round(max(on_screen(self, 8), 15 * scale))
        base = round(max(on_screen(self, 7), 12 * scale))
        self._layout.setContentsMargins(10, bezel, 10, base)
        self._layout.setSpacing(round(max(on_screen(self, 4), 9 * scale)))
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        return QSize(640, super().sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        outer = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        if self._high_contrast:
            self._paint_plain(painter, outer)
            return

        # The brass bezel: lit from above, so bright at the top and dark at the bottom.
        bezel = QLinearGradient(outer.topLeft(), outer.bottomLeft())
        bezel.setColorAt(0.0, BEZEL_LIGHT)
        bezel.setColorAt(0.5, BEZEL_DARK)
        bezel.setColorAt(1.0, BEZEL_LIGHT.darker(170))
        painter.setPen(QPen(QColor(0, 0, 0, 160), 1.0))
        painter.setBrush(bezel)
        painter.drawRoundedRect(outer, 12, 12)

        # The black glass, with a faint reflection across its upper part.
        glass = outer.adjusted(5, 5, -5, -5)
        fill = QLinearGradient(glass.topLeft(), glass.bottomLeft())
        fill.setColorAt(0.0, GLASS_TOP)
        fill.setColorAt(1.0, GLASS_BOTTOM)
        painter.setPen(QPen(QColor(0, 0, 0, 200), 1.0))
        painter.setBrush(fill)
        painter.drawRoundedRect(glass, 8, 8)
        shine = QLinearGradient(glass.topLeft(), glass.bottomLeft())
        shine.setColorAt(0.0, QColor(255, 255, 255, 18))
        shine.setColorAt(0.45, QColor(255, 255, 255, 4))
        shine.setColorAt(0.46, QColor(255, 255, 255, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(shine)
        painter.drawRoundedRect(glass.adjusted(1, 1, -1, -1), 7, 7)

        # Fine brass rules between the readouts and above the message line.
        painter.setPen(QPen(DIVIDER, 1.0))
        self._paint_rules(painter, glass)

    def _paint_plain(self, painter: QPainter, outer: QRectF) -> None:
        glass = outer.adjusted(PANEL_PEN / 2, PANEL_PEN / 2, -PANEL_PEN / 2, -PANEL_PEN / 2)
        painter.setPen(QPen(WHITE, PANEL_PEN))
        painter.setBrush(BLACK)
        painter.drawRoundedRect(glass, 10, 10)
        painter.setPen(QPen(DIM, 1.0))
        self._paint_rules(painter, glass)

    def _paint_rules(self, painter: QPainter, glass: QRectF) -> None:
        """The rules between the readouts and above the message line, in the pen set."""
        for readout in self._readouts[1:]:
            box = readout.geometry()
            x = box.left() + 0.5
            painter.drawLine(QPointF(x, box.top() + 2), QPointF(x, box.bottom() - 2))
        line_y = self._message.geometry().top() - 3.5
        painter.drawLine(QPointF(glass.left() + 14, line_y), QPointF(glass.right() - 14, line_y))
