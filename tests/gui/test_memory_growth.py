"""Rounds played one after another leave nothing behind (docs/decisions.md, "Startup and memory").

The same round (a fixed shoe, the same clicks) is played 40 times on one window: after each,
the scene holds the same items, no animation outlives its round, and Python holds no more
objects late than early on. Counts, not timings: a leak of a few objects a round shows here
long before it shows in `python -m bench.memory`'s megabytes.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

from PySide6.QtCore import QAbstractAnimation

from casino_gui.engine.round import Action, Phase
from tests.gui.conftest import Table, drain

Open = Callable[..., Table]

# Player 8S 8D, dealer AH up, 7C in the hole: insurance, a split, a double, a win and a loss,
# and chips swept both ways (tests/gui/test_table_rounds.py's first round).
SHOE = "8S AH 8D 7C 3H TC 9S"
ANSWERS = (Action.INSURE, Action.SPLIT, Action.DOUBLE, Action.STAND)
ROUNDS = 40
WARM_UP = 8  # first paints fill bounded caches (each card's face is drawn once)
# Python's count rises and falls over a few rounds (timers, the store's statements): the
# highest of the first rounds after the warm-up is compared with the highest of the last.
SPAN = 12


def play_one_round(table: Table) -> None:
    if table.controller.bankroll.balance < 10_000:
        table.window.money.refill()
    if Action.DEAL not in table.lit:
        table.select_chip(1_000)
        table.click_circle(1)
    table.press(Action.DEAL, shoe=SHOE)
    for action in ANSWERS:
        table.press(action)
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED


def counts(table: Table) -> tuple[int, int, int]:
    """The scene's items, the Qt animations alive (each was made in Python, so each has its
    Python object) and Python's objects."""
    # deleteLater() happens in the event loop, at its own turn: let it run there. (Sending the
    # deferred deletes by hand deleted objects that the animations' callbacks still held, and
    # a later test's event loop crashed on them.)
    drain(table.qtbot)
    gc.collect()
    objects = gc.get_objects()
    animations = sum(isinstance(o, QAbstractAnimation) for o in objects)
    return len(table.window.scene.items()), animations, len(objects)


def test_round_after_round_the_scene_animations_and_objects_stay_the_same(
    open_table: Open,
) -> None:
    table = open_table("blackjack")
    seen = []
    for _ in range(ROUNDS):
        play_one_round(table)
        seen.append(counts(table))
    items, alive, objects = zip(*seen[WARM_UP:], strict=True)
    assert set(items) == {items[0]}, f"scene items change round after round: {items}"
    assert set(alive) == {alive[0]}, f"animations pile up: {alive}"
    growth = max(objects[-SPAN:]) - max(objects[:SPAN])
    rounds = len(objects) - SPAN  # between the two spans
    # The leak this caught kept 17 objects a round; none a round is the goal.
    assert growth < rounds, f"{growth} more Python objects after {rounds} more rounds"
