"""Where things lie on the table, in scene units: one fixed logical table scaled to the window.

The dealer stands at the straight top edge; the betting circles follow the curved rail at the
bottom, spot 1 ("first base") on the player's right, that is on the right of the screen.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF

from casino_gui.engine.betting import CircleKind

SCENE = QRectF(0.0, 0.0, 1600.0, 790.0)
TABLE_CENTRE = QPointF(800.0, -10.0)  # the centre of the rail's ellipse, above the top edge
RAIL_RADII = (880.0, 750.0)
CIRCLE_RADII = (730.0, 618.0)  # the arc the betting circles sit on
CIRCLE_RADIUS = 54.0
BUSTER_RADIUS = 24.0
CARD_SCALE = 0.86  # player and dealer cards, relative to CardItem's 100 x 140
CARD_STEP = QPointF(26.0, -13.0)  # each further card of a hand: right and up, fanned
SPLIT_GAP = 14.0
DEALER_CARDS = QPointF(800.0, 112.0)  # centre of the dealer's first card
DEALER_STEP = 70.0
DEALER_TRAY = QPointF(800.0, 8.0)  # where lost bets go and winnings come from
PLAYER_RACK = QPointF(260.0, 830.0)  # below the table's edge: the player's own rack
SHOE = QPointF(1420.0, 96.0)
DISCARD = QPointF(180.0, 100.0)  # the discard tray, on the dealer's right (screen left)
GATHER = QPointF(640.0, 60.0)  # where the dealer gathers the cards before the tray

# The arc positions of 1 to 5 circles, in degrees below the horizontal (90 = straight down).
_ANGLES = {
    1: (90.0,),
    2: (76.0, 104.0),
    3: (62.0, 90.0, 118.0),
    4: (55.0, 78.0, 102.0, 125.0),
    5: (50.0, 70.0, 90.0, 110.0, 130.0),
}


def on_arc(radii: tuple[float, float], degrees: float) -> QPointF:
    angle = math.radians(degrees)
    return QPointF(
        TABLE_CENTRE.x() + radii[0] * math.cos(angle),
        TABLE_CENTRE.y() + radii[1] * math.sin(angle),
    )


def circle_centre(spot: int, circles: int) -> QPointF:
    """Spot 1 is the rightmost circle."""
    return on_arc(CIRCLE_RADII, _ANGLES[circles][spot - 1])


def buster_centre(spot: int, circles: int) -> QPointF:
    """No Bust 21's small Buster circle, below and to the left of the main one, clear of
    the cards above it."""
    main = circle_centre(spot, circles)
    return QPointF(main.x() - CIRCLE_RADIUS - 18.0, main.y() + CIRCLE_RADIUS * 0.6)


def betting_places(circles: int, buster: bool) -> tuple[tuple[int, CircleKind], ...]:
    """Every place a chip can go, as the felt shows them from right to left: circle 1 (first
    base, the rightmost), its Buster circle (down on its left), circle 2, its Buster, ...
    The arrow keys step along this order; `buster`: the table has Buster circles."""
    kinds = (CircleKind.MAIN, CircleKind.BUSTER) if buster else (CircleKind.MAIN,)
    return tuple((spot, kind) for spot in range(1, circles + 1) for kind in kinds)


def card_size() -> tuple[float, float]:
    return 100.0 * CARD_SCALE, 140.0 * CARD_SCALE


def sideways_reach() -> float:
    """How much further right a card laid sideways reaches than one upright."""
    width, height = card_size()
    return height - width


def hand_width(cards: int, sideways: bool = False) -> float:
    width, _ = card_size()
    return width + max(0, cards - 1) * CARD_STEP.x() + (sideways_reach() if sideways else 0.0)


def hand_origins(
    spot: int, circles: int, card_counts: list[int], sideways: list[bool] | None = None
) -> list[QPointF]:
    """The top-left corner of the first card of each of a spot's hands, side by side above
    its circle (split hands left to right in play order), centred on the circle. A hand
    with a card laid sideways (a double) reaches further right and pushes the hands after it
    along; the hands stay where they were centred, so nothing moves towards the print."""
    centre = circle_centre(spot, circles)
    across = sideways or [False] * len(card_counts)
    upright = [hand_width(max(2, count)) for count in card_counts]
    widths = [
        width + (sideways_reach() if wide else 0.0)
        for width, wide in zip(upright, across, strict=True)
    ]
    total = sum(upright) + SPLIT_GAP * (len(widths) - 1)
    _, height = card_size()
    x = centre.x() - total / 2
    y = centre.y() - CIRCLE_RADIUS - 26.0 - height
    origins = []
    for width in widths:
        origins.append(QPointF(x, y))
        x += width + SPLIT_GAP
    return origins


def card_position(origin: QPointF, index: int, sideways: bool = False) -> QPointF:
    """The card's `pos` (its unturned top-left corner). A card laid sideways turns about its
    centre: it is shifted so that its left edge falls where an upright card's would."""
    shift = sideways_reach() / 2 if sideways else 0.0
    return QPointF(origin.x() + index * CARD_STEP.x() + shift, origin.y() + index * CARD_STEP.y())


def dealer_card_position(index: int, count: int) -> QPointF:
    """Dealer cards spread in a row, centred on the dealer's place."""
    width, height = card_size()
    left = DEALER_CARDS.x() - (width + DEALER_STEP * (max(2, count) - 1)) / 2
    return QPointF(left + index * DEALER_STEP, DEALER_CARDS.y() - height / 2)
