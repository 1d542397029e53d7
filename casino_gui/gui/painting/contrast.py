"""The high-contrast theme's inks, and the WCAG contrast ratio they are held to.

Every item of the table and its panels paints from these when the look asks for high contrast
(`TableLook.high_contrast`): white or yellow print and outlines on dark, plain grounds, each
ink at least `MIN_RATIO` against its ground (WCAG's AAA for text), and no outline thinner than
2 screen pixels at 1280 x 800 (docs/decisions.md, "The look adapts").

>>> round(contrast_ratio(QColor("#ffffff"), QColor("#000000")), 1)
21.0
>>> contrast_ratio(YELLOW, BLACK) >= MIN_RATIO
True
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor

from casino_gui.gui.painting.felt_colours import felt_colours
from casino_gui.gui.settings import Felt

MIN_RATIO = 7.0  # WCAG 2's enhanced contrast (AAA) for text
WHITE = QColor("#ffffff")
YELLOW = QColor("#ffe14d")
BLACK = QColor("#000000")
DIM = QColor("#a6a6a6")  # a dark lamp's words and outline: 8.6:1 on black, still plainly off
# The widest the scene is drawn at 1280 x 800 is ~0.73 of its size: 3 scene units are 2.2 px.
PEN = 3.0
# The panels are widgets drawn at their own scale (0.55 to 1): their outlines in pixels, 3 so
# that two whole pixels show wherever the edge falls between pixels.
PANEL_PEN = 3.0


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: QColor) -> float:
    """WCAG 2's relative luminance of an opaque colour (0 black to 1 white)."""
    red, green, blue = (_linear(c) for c in (colour.red(), colour.green(), colour.blue()))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(ink: QColor, ground: QColor) -> float:
    """WCAG 2's contrast ratio of two opaque colours: 1 (none) to 21 (black on white)."""
    light, dark = sorted((relative_luminance(ink), relative_luminance(ground)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def plain_felt(felt: Felt) -> QColor:
    """The player's felt, dark and plain: its colour at the rail, halved towards black."""
    return felt_colours(felt).edge_colour().darker(200)


@dataclass(frozen=True)
class Frame:
    """How a badge is framed: the shape tells a result apart as well as its words.

    `square` corners or a pill's round ends; `heavy` a line twice as wide; `dashed` a broken
    line."""

    square: bool = False
    heavy: bool = False
    dashed: bool = False


@dataclass(frozen=True)
class BadgeInks:
    ground: QColor
    ink: QColor  # the words
    frame: QColor


# A badge's frame, by its tone: a total a plain pill, a win a heavy pill, a natural a heavy
# box, a push a plain box, a loss a dashed box; what the table says as it goes (a shuffle, the
# cut card) a pill (its words are its own). In both themes: red and green are not needed.
FRAMES: dict[str, Frame] = {
    "total": Frame(),
    "win": Frame(heavy=True),
    "natural": Frame(square=True, heavy=True),
    "push": Frame(square=True),
    "lose": Frame(square=True, dashed=True),
    "active": Frame(),
}

# The high-contrast badges: light words on black, a natural's and the table's news black on
# yellow.
BADGE_INKS: dict[str, BadgeInks] = {
    "total": BadgeInks(BLACK, WHITE, WHITE),
    "win": BadgeInks(BLACK, YELLOW, YELLOW),
    "natural": BadgeInks(YELLOW, BLACK, WHITE),
    "push": BadgeInks(BLACK, WHITE, WHITE),
    "lose": BadgeInks(BLACK, WHITE, WHITE),
    "active": BadgeInks(YELLOW, BLACK, WHITE),
}
