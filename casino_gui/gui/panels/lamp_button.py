"""One lamp button of the action bar: a label and its key cap on amber or smoked glass.

The lamp's colours are shared with the other console lamps (the mute button).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from casino_gui.gui.painting.contrast import BLACK, DIM, PANEL_PEN, WHITE, YELLOW
from casino_gui.gui.theme import SMALLEST_SCALE, on_screen, panel_sans

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
FLASH_MS = 120  # how long a key press shows the button pushed in


class _DarkClicks(QObject):
    """Qt drops a disabled widget's mouse events in QWidget.event, before any handler: a
    filter sees them first."""

    def __init__(self, button: CasinoButton) -> None:
        super().__init__(button)
        self._button = button

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        button = self._button
        if (
            event.type() is QEvent.Type.MouseButtonRelease
            and not button.isEnabled()
            and isinstance(event, QMouseEvent)
            and event.button() is Qt.MouseButton.LeftButton
            and button.rect().contains(event.position().toPoint())
        ):
            button.dark_clicked.emit()
        return False


class CasinoButton(QPushButton):
    """One lamp button: its label on the first line, its key cap on the second.

    Lit means enabled: a disabled QPushButton emits no `clicked`, so an unlit button cannot
    trigger its action by mouse, by `click()` or by its shortcut. A button with something to
    say when dark (the action bar's: "wait" or "why not") asks for `dark_clicked` with
    `tell_dark_clicks`.
    """

    dark_clicked = Signal()

    def __init__(self, label: str, key_cap: str, parent: QWidget | None = None) -> None:
        super().__init__(label, parent)
        self._key_cap = key_cap
        self.set_label(label)
        # Focus would let Space press a button behind the controller's back, and draw a
        # focus frame on a lamp; the keyboard goes through the window's shortcuts instead.
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self._scale = 1.0
        self._high_contrast = False
        self.set_scale(1.0)
        self.set_lit(False)

    def set_high_contrast(self, high: bool) -> None:
        """Lit, a yellow face in a white frame; dark, a black face in a thin dim outline: told
        apart by light and shape, not by hue (docs/decisions.md, "The look adapts")."""
        self._high_contrast = high
        self.update()

    def set_scale(self, scale: float) -> None:
        """Draw the button `scale` times its full size (the bar follows the window's size)."""
        self._scale = scale
        self._label_font = self._label_font_at(scale)
        self._key_font = panel_sans(
            max(on_screen(self, KEY_PIXELS_LEAST), KEY_PIXELS * scale), bold=True
        )
        # Never narrower than its label needs ("NO INSURANCE" at the smallest scale).
        self.setMaximumWidth(max(round(MAX_BUTTON_WIDTH * scale), self.minimumSizeHint().width()))
        self.updateGeometry()
        self.update()

    def set_label(self, label: str) -> None:
        """The button's word, what a screen reader says of it and its tooltip."""
        self.setText(label)
        self.setAccessibleName(f"{label.title()} ({self._key_cap})")
        self.setToolTip(f"{label.title()} \N{EM DASH} key {self._key_cap}")
        self.updateGeometry()

    def _label_font_at(self, scale: float) -> QFont:
        return self._label_font_sized(max(self._least_label(), round(LABEL_PIXELS * scale)))

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

    def tell_dark_clicks(self) -> None:
        """Emit `dark_clicked` for a click while the button is dark."""
        self.installEventFilter(_DarkClicks(self))

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
        smallest = self._label_font_sized(self._least_label())
        width = QFontMetricsF(smallest).horizontalAdvance(self.text())
        least = on_screen(self, SMALLEST_SCALE)
        glow = GLOW * least
        return QSize(
            max(
                round(MIN_BUTTON_WIDTH * least),
                round(width + 2 * glow + 10 * least / SMALLEST_SCALE),
            ),
            round(BUTTON_HEIGHT * least),
        )

    def _least_label(self) -> int:
        return round(on_screen(self, MIN_LABEL_PIXELS))

    def _label_font_sized(self, pixels: int) -> QFont:
        font = panel_sans(pixels, bold=True)
        font.setLetterSpacing(
            QFont.SpacingType.AbsoluteSpacing, 1.2 if pixels >= LABEL_PIXELS else 0.5
        )
        return font

    def _fitted_label_font(self, width: float) -> QFont:
        least = self._least_label()
        for pixels in range(self._label_font.pixelSize(), least, -1):
            font = self._label_font_sized(pixels)
            if QFontMetricsF(font).horizontalAdvance(self.text()) <= width:
                return font
        return self._label_font_sized(least)

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

        if self._high_contrast:
            self._paint_high(painter, face, radius, lit=lit, hovered=hovered)
        elif lit:
            self._paint_well(painter, face, radius)
            self._paint_glow(painter, face, radius, strong=hovered, weak=down)
            self._paint_lamp(painter, face, radius, hovered=hovered, down=down)
        else:
            self._paint_well(painter, face, radius)
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

    def _paint_high(
        self, painter: QPainter, face: QRectF, radius: float, *, lit: bool, hovered: bool
    ) -> None:
        width = PANEL_PEN + (1.0 if hovered else 0.0) if lit else 1.0
        painter.setPen(QPen(WHITE if lit else DIM, width))
        painter.setBrush(YELLOW if lit else BLACK)
        inside = face.adjusted(width / 2, width / 2, -width / 2, -width / 2)
        painter.drawRoundedRect(inside, radius, radius)

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

    def ink(self, lit: bool) -> QColor:
        """The colour of the label: black on a lit yellow face in high contrast."""
        if self._high_contrast:
            return BLACK if lit else DIM
        return LAMP_INK if lit else DARK_INK

    def _paint_text(self, painter: QPainter, face: QRectF, lit: bool) -> None:
        label_font = self._fitted_label_font(face.width() - 12 * self._scale)
        label_metrics = QFontMetricsF(label_font)
        key_metrics = QFontMetricsF(self._key_font)
        gap = max(1.0, 4.0 * self._scale)
        cap_height = key_metrics.height() + 2
        block = label_metrics.height() + gap + cap_height
        top = face.center().y() - block / 2

        label_rect = QRectF(face.left(), top, face.width(), label_metrics.height())
        high = self._high_contrast
        if lit and not high:
            # An engraved look: a pale line under the dark letters.
            painter.setFont(label_font)
            painter.setPen(QColor(255, 244, 210, 140))
            painter.drawText(label_rect.translated(0, 1), Qt.AlignmentFlag.AlignCenter, self.text())
        painter.setFont(label_font)
        painter.setPen(self.ink(lit))
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
        ink = self.ink(lit) if high else QColor(LAMP_INK if lit else DARK_KEY_INK)
        outline = QColor(ink)
        if not high:
            outline.setAlpha(150 if lit else 170)
            painter.setBrush(QColor(255, 255, 255, 55) if lit else QColor(0, 0, 0, 60))
        else:
            painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(outline, 1.0))
        painter.drawRoundedRect(cap, 3.5, 3.5)
        painter.setPen(ink)
        painter.drawText(cap, Qt.AlignmentFlag.AlignCenter, self._key_cap)
