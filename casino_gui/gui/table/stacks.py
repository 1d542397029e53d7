"""How a sum of money stands on the felt as chips: Qt-free, so the picture and tests share it.

The chips are the engine's (`betting.fewest_chips`: the fewest of the rack's denominations);
this module only arranges them. A stack holds at most $1,000 and six chips, biggest at the
bottom, so a bet over $1,000 stands as several neat stacks side by side, not one heap; at most
four stacks are drawn, and the plate under them always says the exact amount.

>>> chip_stacks(250_000)
((50000, 50000), (50000, 50000), (50000,))
>>> chip_stacks(7_500)
((2500, 2500, 2500),)
"""

from __future__ import annotations

from casino_gui.engine import betting

STACK_VALUE = 100_000  # cents a stack holds at most
STACK_CHIPS = 6  # chips a stack holds at most: it stays inside its circle
MAX_STACKS = 4  # stacks drawn at most (the amount's plate tells the rest)


def chip_stacks(cents: int) -> tuple[tuple[int, ...], ...]:
    """The stacks drawn for `cents`, left to right, each bottom chip first."""
    stacks: list[tuple[int, ...]] = []
    current: list[int] = []
    for chip in betting.fewest_chips(cents):
        if current and (sum(current) + chip > STACK_VALUE or len(current) == STACK_CHIPS):
            stacks.append(tuple(current))
            current = []
        current.append(chip)
    if current:
        stacks.append(tuple(current))
    return tuple(stacks[:MAX_STACKS])
