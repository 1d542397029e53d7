"""The picture of a playing card, painted with vectors so it stays sharp at any window size.

Everything on a card is a filled `QPainterPath` (suit symbols are drawn as curves, letters are
font outlines), computed once per card and cached, so painting is a handful of `fillPath` calls.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QTransform,
)

from casino_gui.engine import Card

# Logical size in scene units; the table lays cards out in these.
CARD_WIDTH = 100.0
CARD_HEIGHT = 140.0
CORNER_RADIUS = 7.0
SHADOW_MARGIN = 8.0  # room round the card for its shadow
STRONG_EDGE = 4.0  # the high-contrast theme's edge, inside the card

RED_INK = QColor("#c8102e")
BLACK_INK = QColor("#15171c")
# A four-colour deck (a setting): diamonds blue and clubs green, so no suit is told from
# another by red and black alone (docs/decisions.md, "The look adapts").
FOUR_COLOUR_INK = {"S": BLACK_INK, "H": RED_INK, "D": QColor("#1450b4"), "C": QColor("#157a36")}
FACE_TOP = QColor("#ffffff")
FACE_BOTTOM = QColor("#f5f0e3")
EDGE = QColor("#a59f92")
BACK_FIELD = QColor("#8c1520")
BACK_LATTICE = QColor("#c04a50")
BACK_BORDER = QColor("#fbfaf6")
COURT_PAPER = QColor("#f7ecd2")
COURT_GOLD = QColor("#b8892c")

SANS_FAMILIES = ["DejaVu Sans", "Helvetica Neue", "Arial", "Liberation Sans", "sans-serif"]
SERIF_FAMILIES = ["DejaVu Serif", "Georgia", "Times New Roman", "Liberation Serif", "serif"]

# The index in each corner: a tall rank over its suit, in a column left of the pips.
INDEX_CENTRE_X = 12.5
INDEX_TOP = 6.0
INDEX_RANK_HEIGHT = 22.0
INDEX_MAX_WIDTH = 20.0
INDEX_SUIT_HEIGHT = 15.0
INDEX_GAP = 3.0

# Pip layouts as on real cards: three columns, rows spread from 0 (top) to 1 (bottom).
PIP_HEIGHT = 16.5
PIP_COLUMNS = {"L": 34.0, "C": 50.0, "R": 66.0}
PIP_TOP = 26.0
PIP_BOTTOM = CARD_HEIGHT - PIP_TOP
PIP_LAYOUTS: dict[str, tuple[tuple[str, float], ...]] = {
    "2": (("C", 0), ("C", 1)),
    "3": (("C", 0), ("C", 0.5), ("C", 1)),
    "4": (("L", 0), ("R", 0), ("L", 1), ("R", 1)),
    "5": (("L", 0), ("R", 0), ("C", 0.5), ("L", 1), ("R", 1)),
    "6": (("L", 0), ("R", 0), ("L", 0.5), ("R", 0.5), ("L", 1), ("R", 1)),
    "7": (("L", 0), ("R", 0), ("C", 0.25), ("L", 0.5), ("R", 0.5), ("L", 1), ("R", 1)),
    "8": (
        ("L", 0), ("R", 0), ("C", 0.25), ("L", 0.5), ("R", 0.5), ("C", 0.75), ("L", 1), ("R", 1),
    ),
    "9": (
        ("L", 0), ("R", 0), ("L", 1 / 3), ("R", 1 / 3), ("C", 0.5),
        ("L", 2 / 3), ("R", 2 / 3), ("L", 1), ("R", 1),
    ),
    "T": (
        ("L", 0), ("R", 0), ("C", 1 / 6), ("L", 1 / 3), ("R", 1 / 3),
        ("L", 2 / 3), ("R", 2 / 3), ("C", 5 / 6), ("L", 1), ("R", 1),
    ),
}  # fmt: skip
ACE_PIP_HEIGHT = 46.0
COURT_PANEL = QRectF(24.0, 15.0, CARD_WIDTH - 48.0, CARD_HEIGHT - 30.0)

# One layer of ink: a shape and the brush that fills it.
Layer = tuple[QPainterPath, QBrush]


def is_red(suit: str) -> bool:
    return suit in "HD"


def rank_label(rank: str) -> str:
    """What a corner shows: `T` is written 10."""
    return "10" if rank == "T" else rank


# --- Suit symbols: drawn as curves in a 1×1 box centred on the origin, so no font is needed. ---


def _heart() -> QPainterPath:
    path = QPainterPath()
    path.moveTo(0, 0.5)
    path.cubicTo(-0.14, 0.32, -0.5, 0.06, -0.5, -0.2)
    path.cubicTo(-0.5, -0.4, -0.38, -0.5, -0.25, -0.5)
    path.cubicTo(-0.11, -0.5, -0.03, -0.42, 0, -0.3)
    path.cubicTo(0.03, -0.42, 0.11, -0.5, 0.25, -0.5)
    path.cubicTo(0.38, -0.5, 0.5, -0.4, 0.5, -0.2)
    path.cubicTo(0.5, 0.06, 0.14, 0.32, 0, 0.5)
    path.closeSubpath()
    return path


def _diamond() -> QPainterPath:
    path = QPainterPath()
    path.moveTo(0, -0.5)
    path.quadTo(0.16, -0.2, 0.38, 0)
    path.quadTo(0.16, 0.2, 0, 0.5)
    path.quadTo(-0.16, 0.2, -0.38, 0)
    path.quadTo(-0.16, -0.2, 0, -0.5)
    path.closeSubpath()
    return path


def _spade() -> QPainterPath:
    path = QPainterPath()
    path.moveTo(0, -0.5)
    path.cubicTo(0.14, -0.3, 0.5, -0.1, 0.5, 0.14)
    path.cubicTo(0.5, 0.3, 0.39, 0.38, 0.26, 0.38)
    path.cubicTo(0.14, 0.38, 0.06, 0.32, 0.03, 0.24)
    path.cubicTo(0.05, 0.36, 0.11, 0.45, 0.2, 0.5)
    path.lineTo(-0.2, 0.5)
    path.cubicTo(-0.11, 0.45, -0.05, 0.36, -0.03, 0.24)
    path.cubicTo(-0.06, 0.32, -0.14, 0.38, -0.26, 0.38)
    path.cubicTo(-0.39, 0.38, -0.5, 0.3, -0.5, 0.14)
    path.cubicTo(-0.5, -0.1, -0.14, -0.3, 0, -0.5)
    path.closeSubpath()
    return path


def _club() -> QPainterPath:
    # Built 1000 times larger: united() flattens curves into polygons at the current size.
    k = 1000.0
    leaf = 0.215 * k
    leaves = QPainterPath()
    leaves.addEllipse(QPointF(0, -0.5 * k + leaf), leaf, leaf)
    leaves.addEllipse(QPointF(-0.5 * k + leaf, 0.1 * k), leaf, leaf)
    leaves.addEllipse(QPointF(0.5 * k - leaf, 0.1 * k), leaf, leaf)
    leaves.addEllipse(QPointF(0, 0.02 * k), 0.14 * k, 0.14 * k)
    stem = QPainterPath()
    stem.moveTo(0.035 * k, 0)
    stem.cubicTo(0.05 * k, 0.3 * k, 0.11 * k, 0.44 * k, 0.2 * k, 0.5 * k)
    stem.lineTo(-0.2 * k, 0.5 * k)
    stem.cubicTo(-0.11 * k, 0.44 * k, -0.05 * k, 0.3 * k, -0.035 * k, 0)
    stem.closeSubpath()
    club = QPainterPath()
    club.setFillRule(Qt.FillRule.WindingFill)
    club.addPath(leaves)
    club.addPath(stem)
    return QTransform.fromScale(1 / k, 1 / k).map(club.simplified())


@cache
def _unit_suit(suit: str) -> QPainterPath:
    return {"S": _spade, "H": _heart, "D": _diamond, "C": _club}[suit]()


def suit_path(
    suit: str, centre: QPointF, height: float, *, upside_down: bool = False
) -> QPainterPath:
    """The suit symbol `height` units tall, centred on `centre`."""
    transform = QTransform().translate(centre.x(), centre.y()).scale(height, height)
    if upside_down:
        transform.rotate(180)
    return transform.map(_unit_suit(suit))


# --- Letters: font outlines, scaled to a box so the look does not depend on the font's size. ---


def _font(families: list[str], *, bold: bool = True) -> QFont:
    font = QFont()
    font.setFamilies(families)
    font.setPixelSize(100)  # outlines taken large, then scaled down: no hinting artefacts
    font.setBold(bold)
    return font


def _cap_height(font: QFont) -> float:
    reference = QPainterPath()
    reference.addText(0, 0, font, "K")
    height = reference.boundingRect().height()
    return height if height > 0 else 72.0


def _letters(
    text: str, font: QFont, centre_x: float, top: float, cap_height: float, max_width: float
) -> QPainterPath:
    """`text` with its capitals `cap_height` tall, from `top` down, squeezed to `max_width`."""
    outline = QPainterPath()
    outline.addText(0, 0, font, text)
    scale = cap_height / _cap_height(font)
    box = outline.boundingRect()
    squeeze = min(1.0, max_width / (box.width() * scale)) if box.width() > 0 else 1.0
    transform = (
        QTransform()
        .translate(centre_x, top + cap_height)
        .scale(scale * squeeze, scale)
        .translate(-box.center().x(), 0)
    )
    return transform.map(outline)


def _turned(path: QPainterPath) -> QPainterPath:
    """The path turned half a turn about the card's centre (the lower corner, lower pips)."""
    return QTransform().translate(CARD_WIDTH, CARD_HEIGHT).rotate(180).map(path)


def _outline(path: QPainterPath, width: float) -> QPainterPath:
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return stroker.createStroke(path)


def card_outline(inset: float = 0.0) -> QPainterPath:
    """The card's rounded edge, `inset` units inside it."""
    path = QPainterPath()
    path.addRoundedRect(
        QRectF(inset, inset, CARD_WIDTH - 2 * inset, CARD_HEIGHT - 2 * inset),
        max(1.0, CORNER_RADIUS - inset),
        max(1.0, CORNER_RADIUS - inset),
    )
    return path


# --- The face and the back, as cached layers of ink. ---


def _index(card: Card, ink: QBrush) -> list[Layer]:
    rank = _letters(
        rank_label(card.rank),
        _font(SANS_FAMILIES),
        INDEX_CENTRE_X,
        INDEX_TOP,
        INDEX_RANK_HEIGHT,
        INDEX_MAX_WIDTH,
    )
    # The suit sits under the rank's outline, so the tails of J and Q never touch it.
    rank_bottom = max(INDEX_TOP + INDEX_RANK_HEIGHT, rank.boundingRect().bottom())
    suit_centre = QPointF(INDEX_CENTRE_X, rank_bottom + INDEX_GAP + INDEX_SUIT_HEIGHT / 2)
    corner = rank.united(suit_path(card.suit, suit_centre, INDEX_SUIT_HEIGHT))
    return [(corner, ink), (_turned(corner), ink)]


def _pips(card: Card, ink: QBrush) -> list[Layer]:
    pips = QPainterPath()
    pips.setFillRule(Qt.FillRule.WindingFill)
    for column, row in PIP_LAYOUTS[card.rank]:
        centre = QPointF(PIP_COLUMNS[column], PIP_TOP + row * (PIP_BOTTOM - PIP_TOP))
        # Pips below the middle row face the other way, as on a real card.
        pips.addPath(suit_path(card.suit, centre, PIP_HEIGHT, upside_down=row > 0.5))
    return [(pips, ink)]


def _ace(card: Card, ink: QBrush) -> list[Layer]:
    centre = QPointF(CARD_WIDTH / 2, CARD_HEIGHT / 2)
    pip = suit_path(card.suit, centre, ACE_PIP_HEIGHT)
    layers: list[Layer] = [(pip, ink)]
    if card.suit == "S":
        # The ace of spades traditionally carries an ornament: a fine ring around its pip.
        ring = QPainterPath()
        ring.addEllipse(centre, ACE_PIP_HEIGHT * 0.78, ACE_PIP_HEIGHT * 0.78)
        layers.append((_outline(ring, 1.0), QBrush(COURT_GOLD)))
    return layers


def _court(card: Card, ink: QBrush) -> list[Layer]:
    # A framed panel with one large letter between two pips, the lower pip turned: plain
    # enough to read across the table, formal enough to look like a court card.
    panel = QPainterPath()
    panel.addRoundedRect(COURT_PANEL, 3, 3)
    paper = QLinearGradient(COURT_PANEL.topLeft(), COURT_PANEL.bottomLeft())
    paper.setColorAt(0.0, COURT_PAPER)
    paper.setColorAt(0.5, COURT_PAPER.lighter(104))
    paper.setColorAt(1.0, COURT_PAPER)
    inner = QPainterPath()
    inner.addRoundedRect(COURT_PANEL.adjusted(3, 3, -3, -3), 2, 2)
    gold = QBrush(COURT_GOLD)

    centre = COURT_PANEL.center()
    letter = _letters(card.rank, _font(SERIF_FAMILIES), centre.x(), 0.0, 32.0, 42.0)
    # Centred on its own outline, so the tails of J and Q stay clear of the gold rules.
    letter.translate(0, centre.y() - letter.boundingRect().center().y())
    pip = suit_path(card.suit, QPointF(centre.x(), COURT_PANEL.top() + 16), 16.0)
    rules = QPainterPath()
    ornaments = QPainterPath()
    for y in (COURT_PANEL.top() + 31, COURT_PANEL.bottom() - 31):
        rules.moveTo(COURT_PANEL.left() + 8, y)
        rules.lineTo(COURT_PANEL.right() - 8, y)
        ornaments.addPath(suit_path("D", QPointF(centre.x(), y), 6.0))
    return [
        (panel, QBrush(paper)),
        (_outline(panel, 1.2), ink),
        (_outline(inner, 0.7), gold),
        (_outline(rules, 0.6), gold),
        (ornaments, gold),
        (letter, ink),
        (pip, ink),
        (_turned(pip), ink),
    ]


@cache
def face_layers(card: Card, four_colour: bool = False) -> tuple[Layer, ...]:
    """Everything printed on the face of `card`, in painting order (the paper is not
    included); in a four-colour deck's inks when asked."""
    if four_colour:
        ink = QBrush(FOUR_COLOUR_INK[card.suit])
    else:
        ink = QBrush(RED_INK if is_red(card.suit) else BLACK_INK)
    if card.rank == "A":
        centre = _ace(card, ink)
    elif card.rank in "JQK":
        centre = _court(card, ink)
    else:
        centre = _pips(card, ink)
    return (*centre, *_index(card, ink))


@cache
def back_layers(
    field_ink: str = BACK_FIELD.name(), lattice_ink: str = BACK_LATTICE.name()
) -> tuple[Layer, ...]:
    """The classic back: a white border round a deep field (red unless told) with a fine
    diagonal lattice; the other designs are in `card_back.py`."""
    field = card_outline(5.0)
    spacing = 4.0
    lines = QPainterPath()
    reach = CARD_WIDTH + CARD_HEIGHT
    steps = int(reach / spacing) + 1
    for step in range(-steps, steps + 1):
        offset = step * spacing
        lines.moveTo(offset, 0)
        lines.lineTo(offset + CARD_HEIGHT, CARD_HEIGHT)
        lines.moveTo(offset, CARD_HEIGHT)
        lines.lineTo(offset + CARD_HEIGHT, 0)
    lattice = _outline(lines, 0.6).intersected(field)
    frame = _outline(card_outline(8.5), 0.9)
    medallion = QPainterPath()
    medallion.addEllipse(QPointF(CARD_WIDTH / 2, CARD_HEIGHT / 2), 15, 15)
    emblem = suit_path("S", QPointF(CARD_WIDTH / 2, CARD_HEIGHT / 2), 16.0)
    return (
        (card_outline(), QBrush(BACK_BORDER)),
        (field, QBrush(QColor(field_ink))),
        (lattice, QBrush(QColor(lattice_ink))),
        (frame, QBrush(BACK_BORDER)),
        (medallion, QBrush(QColor(field_ink))),
        (_outline(medallion, 1.0), QBrush(BACK_BORDER)),
        (emblem, QBrush(BACK_BORDER)),
    )


@cache
def _paper() -> tuple[Layer, ...]:
    """The face's card stock and its thin edge."""
    stock = QLinearGradient(0, 0, 0, CARD_HEIGHT)
    stock.setColorAt(0.0, FACE_TOP)
    stock.setColorAt(1.0, FACE_BOTTOM)
    return ((card_outline(), QBrush(stock)), (_edge(), QBrush(EDGE)))


@cache
def _edge() -> QPainterPath:
    return _outline(card_outline(0.4), 0.8)


@cache
def _shadow() -> tuple[QPainterPath, ...]:
    # A soft shadow from a light above the table, towards the player: stacked translucent spreads.
    layers = []
    for layer in range(5):
        spread = 0.8 + layer * 0.9
        shadow = QPainterPath()
        shadow.addRoundedRect(
            QRectF(-spread + 1.0, -spread + 2.5, CARD_WIDTH + 2 * spread, CARD_HEIGHT + 2 * spread),
            CORNER_RADIUS + spread,
            CORNER_RADIUS + spread,
        )
        layers.append(shadow)
    return tuple(layers)


def paint_card(
    painter: QPainter,
    card: Card | None,
    face_up: bool,
    back: tuple[Layer, ...] | None = None,
    *,
    four_colour: bool = False,
    high_contrast: bool = False,
) -> None:
    """Paint a card into the box (0, 0, CARD_WIDTH, CARD_HEIGHT) of the painter's coordinates.

    A card the table does not know yet (`card` None) shows its back whatever `face_up` says:
    `back` (the player's design, `card_back.back_layers`), else the classic red one.
    The shadow reaches SHADOW_MARGIN units beyond the box.
    """
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    for shadow in _shadow():
        painter.fillPath(shadow, QColor(0, 0, 0, 22))
    if face_up and card is not None:
        layers = (*_paper(), *face_layers(card, four_colour))
    else:
        layers = (*(back or back_layers()), (_edge(), QBrush(EDGE)))
    for path, brush in layers:
        painter.fillPath(path, brush)
    if high_contrast:
        painter.fillPath(_strong_edge(), BLACK_INK)
    painter.restore()


@cache
def _strong_edge() -> QPainterPath:
    # The high-contrast theme's edge: a card on a card shows where it ends, at least 2 px wide
    # at 1280 x 800 (a card unit is 0.63 px there; docs/decisions.md, "The look adapts").
    return _outline(card_outline(STRONG_EDGE / 2), STRONG_EDGE)
