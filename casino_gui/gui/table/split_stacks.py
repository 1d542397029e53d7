"""Where split hands' own stacks stand in their circle: Qt-free, so the scene and tests share it.

They stand in one row just below the circle's chips, in play order, each as near under its hand
as the row allows. The row runs from the insurance line's chips (or the Buster circle) down on
the left to short of the next circle on the right (5 circles: the next one's Buster circle is
154 units away); the stacks are as big as the circle's own chips where they fit, smaller where
many or wide ones (a hand over $1,000 stands two stacks) share the row, and they never touch.

>>> offsets([-76.0, 50.0], [59.2, 59.2], left=BUSTER_LEFT)  # the first kept off Buster
[-14.4, 50.8]
>>> round(scale([73.4] * 4), 3)  # four hands of one chip stack: smaller than the circle's
0.654
"""

from __future__ import annotations

from collections.abc import Sequence

ROW_LEFT = -60.0  # the row's ends, from the circle's centre in scene units: clear of the
BUSTER_LEFT = -44.0  # insurance line's chips, or of the Buster circle where the table has one
ROW_RIGHT = 150.0
GAP = 6.0  # between two hands' stacks
LARGEST = 0.8  # the scale of the circle's own chips


def scale(widths: Sequence[float], left: float = ROW_LEFT) -> float:
    """The scale of the stacks whose `widths` (unscaled) share a row that starts at `left`."""
    if not widths:
        return LARGEST
    room = ROW_RIGHT - left - GAP * (len(widths) - 1)
    return min(LARGEST, room / sum(widths))


def offsets(
    wanted: Sequence[float], widths: Sequence[float], left: float = ROW_LEFT
) -> list[float]:
    """The middles of stacks `widths` wide (scaled to fit) in the row, each as near its
    `wanted` middle as the row's ends and the stacks before and after it allow."""
    placed: list[float] = []
    reach = left - GAP  # the right edge of the stack before
    for want, width in zip(wanted, widths, strict=True):
        middle = max(want, reach + GAP + width / 2)
        placed.append(middle)
        reach = middle + width / 2
    limit = ROW_RIGHT + GAP  # the left edge of the stack after
    for index in reversed(range(len(placed))):
        half = widths[index] / 2
        placed[index] = min(placed[index], limit - GAP - half)
        limit = placed[index] - half
    return [round(middle, 6) for middle in placed]
