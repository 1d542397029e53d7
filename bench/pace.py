"""`python -m bench.pace`: how long a player waits for the deal and the settlement, per speed.

The real window on a real bankroll in a temporary folder, offscreen. Each round is played by
real clicks as a player plays it, straight after the last one: the chips on one or three
circles (which sends the last round's cards to the tray), DEAL, and STAND on every hand. The
shoe is stacked so that every round is the same: no natural, no insurance, the dealer standing
on his two cards and, with three hands, one hand winning, one losing and one pushing.

- deal: from the click on DEAL to the first decision lit (the table cleared, the shoe
  shuffled, every card slid and turned);
- settle: from the last STAND of the three-hand round until everything is home (the hole card
  turned, the lost chips to the dealer, the winnings out, the chips slid back to the player).

Prints the median of `--rounds` rounds per figure, one line per speed; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from casino_gui.engine import Action
    from casino_gui.gui.settings import Speed
    from casino_gui.gui.window import CasinoWindow

TIMEOUT_S = 30.0
# Dealt one card to each hand, then to the dealer, twice (docs/rules.md, "Order of play").
ONE_HAND = "TS 9C 9H 9D"  # 19 against the dealer's 18
# 19 wins, 16 loses and 18 pushes against 18.
THREE_HANDS = "TS TC TH 9C 9H 6D 8C 9D"


async def click(window: CasinoWindow, action: Action) -> float:
    """Click a lit button; the seconds until the controller has shown what it did."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    idle = asyncio.Event()
    window.controller.idle.connect(idle.set)
    try:
        started = time.perf_counter()
        QTest.mouseClick(window.bar.button(action), Qt.MouseButton.LeftButton)
        await asyncio.wait_for(idle.wait(), TIMEOUT_S)
        return time.perf_counter() - started
    finally:
        window.controller.idle.disconnect(idle.set)


async def play(window: CasinoWindow, hands: int) -> tuple[float, float]:
    """One round on `hands` circles: the seconds from DEAL to the first decision, and from
    the last STAND until the chips are home."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from casino_gui.engine import Action, Phase

    if window.bankroll.balance < 100_000:
        window.money.refill()
    for spot in range(1, hands + 1):
        point = window.view.mapFromScene(window.scene.circles[spot].scenePos())
        QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    window.controller.next_shoe = ONE_HAND if hands == 1 else THREE_HANDS
    deal = await click(window, Action.DEAL)
    settle = 0.0
    while (table := window.controller.table) is not None and table.phase is not Phase.SETTLED:
        settle = await click(window, Action.STAND)
    return deal, settle


async def measure(window: CasinoWindow, rounds: int) -> tuple[float, float, float]:
    """Medians: the deal of one hand, the deal of three, the settlement of three."""
    ones, threes, settles = [], [], []
    await play(window, 1)  # the first round has no cards to clear: not a player's usual wait
    for _ in range(rounds):
        ones.append((await play(window, 1))[0])
        deal, settle = await play(window, 3)
        threes.append(deal)
        settles.append(settle)
    return statistics.median(ones), statistics.median(threes), statistics.median(settles)


async def run(window: CasinoWindow, speeds: Sequence[Speed], rounds: int) -> None:

    for speed in speeds:
        window.controller.speed = speed
        name = speed.value
        one, three, settle = await measure(window, rounds)
        print(
            f"{name}: deal 1 hand {one:.2f} s, deal 3 hands {three:.2f} s, settle {settle:.2f} s",
            flush=True,
        )


def main(argv: Sequence[str] | None = None) -> int:
    from casino_gui.gui.settings import Speed

    names = [speed.value for speed in Speed]

    parser = argparse.ArgumentParser(prog="python -m bench.pace", description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="rounds per figure (default 5)")
    parser.add_argument("speeds", nargs="*", help=f"of {', '.join(names)} (default: all)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    unknown = [speed for speed in args.speeds if speed not in names]
    if unknown:
        parser.error(f"unknown speed {unknown[0]!r} (speeds are {', '.join(names)})")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["QT_API"] = "pyside6"
    import qasync
    from PySide6.QtWidgets import QApplication

    from casino_gui.engine import rules_for
    from casino_gui.gui.window import CasinoWindow
    from casino_gui.store import Bankroll

    app = QApplication.instance() or QApplication([sys.argv[0]])
    with (
        tempfile.TemporaryDirectory(prefix="casino-pace-") as folder,
        Bankroll.open(Path(folder)) as bankroll,
    ):
        window = CasinoWindow(bankroll, rules_for("blackjack"))
        window.resize(1280, 820)
        window.show()
        app.processEvents()
        window.controller.warn_mistakes = False  # a warning would hold the STAND back
        window.controller.confirm_over = 0
        window.controller.auto_rebet = False
        qasync.run(run(window, [Speed(name) for name in args.speeds] or list(Speed), args.rounds))
        window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
