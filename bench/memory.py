"""`python -m bench.memory`: the casino's peak memory over 500 rounds.

The real window on a real bankroll in a temporary folder, offscreen, at instant speed: each
round is bet and dealt, and every decision answered, by real clicks on the circle and the
buttons (a seeded choice among the lit ones, so splits, doubles and busts all come up; the
wallet is refilled when it runs short). Prints the process's peak resident memory
(`ru_maxrss`) against the goal of 120 MB (docs/performance.md, "Memory"), and, every `--every`
rounds, the resident memory, the items in the table's scene and Python's live objects, whose
growth would be a leak. Asserts
nothing. `--tracemalloc` also traces Python's own allocations (slower, and it costs memory).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from casino_gui.gui.window import CasinoWindow

GOAL_MB = 120
SETTLE_TIMEOUT_S = 30.0
# The decisions the bench may take: INSURE is left out (Caribbean 21's asks in a dialog).
ANSWERS = ("no_insurance", "hit", "stand", "double", "split", "surrender")


@dataclass(frozen=True)
class Sample:
    rounds: int
    resident_mb: float
    scene_items: int
    python_objects: int


def resident_mb() -> float:
    """The resident memory now (Linux's /proc; the peak elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except OSError:
        return peak_mb()
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes there, KiB here


def sample(window: CasinoWindow, rounds: int) -> Sample:
    gc.collect()
    return Sample(rounds, resident_mb(), len(window.scene.items()), len(gc.get_objects()))


async def press(window: CasinoWindow, action_name: str) -> None:
    """Click a lit button and wait until the controller has shown what it did."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from casino_gui.engine import Action

    idle = asyncio.Event()
    window.controller.idle.connect(idle.set)
    try:
        QTest.mouseClick(window.bar.button(Action(action_name)), Qt.MouseButton.LeftButton)
        await asyncio.wait_for(idle.wait(), SETTLE_TIMEOUT_S)
    finally:
        window.controller.idle.disconnect(idle.set)


def bet(window: CasinoWindow) -> None:
    """Chips on circle 1 by clicks (the table's minimum in the selected chip's size, or more),
    after a refill when the wallet is short; the last round's bet stands if DEAL is lit."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from casino_gui.engine import Action
    from casino_gui.engine.betting import CHIPS

    if Action.DEAL in window.bar.lit():
        return
    rules = window.controller.rules
    if window.bankroll.balance < max(rules.min_bet, window.rack.selected_chip) * 8:
        window.money.refill()
    if Action.DEAL in window.bar.lit():
        return
    chip = max(c for c in CHIPS if rules.min_bet % c == 0 and c <= rules.min_bet)
    QTest.mouseClick(window.rack.chip_button(chip), Qt.MouseButton.LeftButton)
    point = window.view.mapFromScene(window.scene.circles[1].scenePos())
    for _ in range(rules.min_bet // chip):
        QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    if Action.DEAL not in window.bar.lit():
        raise RuntimeError(f"betting on circle 1 did not light DEAL: {window.status.message_text}")


async def play_round(window: CasinoWindow, choose: random.Random) -> None:
    """One round, bet to settlement, by clicks."""
    from casino_gui.engine import Phase

    bet(window)
    await press(window, "deal")
    for _ in range(60):
        table = window.controller.table
        if table is None or table.phase is Phase.SETTLED:
            return
        lit = {action.value for action in window.bar.lit()}
        answers = [answer for answer in ANSWERS if answer in lit]
        if not answers:
            raise RuntimeError(f"no answer among the lit buttons {sorted(lit)}")
        await press(window, choose.choice(answers))
    raise RuntimeError("the round did not settle")


async def play_rounds(
    window: CasinoWindow,
    rounds: int,
    seed: int,
    every: int,
    report: Callable[[Sample], None],
) -> None:
    from casino_gui.gui.table.controller import Speed

    window.controller.speed = Speed.INSTANT
    window.controller.warn_mistakes = False  # a warning would hold the move for a second press
    choose = random.Random(seed)
    for played in range(1, rounds + 1):
        await play_round(window, choose)
        if played % every == 0 or played == rounds:
            report(sample(window, played))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.memory")
    parser.add_argument("--rounds", type=int, default=500, help="rounds to play (default 500)")
    parser.add_argument("--game", default="blackjack", help="the table (default blackjack)")
    parser.add_argument("--seed", type=int, default=15, help="of the answers' choice")
    parser.add_argument("--every", type=int, default=100, help="rounds between samples")
    parser.add_argument(
        "--tracemalloc", action="store_true", help="also trace Python's allocations (slower)"
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.every < 1:
        parser.error("--rounds and --every must be at least 1")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["QT_API"] = "pyside6"
    import qasync
    from PySide6.QtWidgets import QApplication

    from casino_gui.engine import GAMES, rules_for
    from casino_gui.gui.window import CasinoWindow
    from casino_gui.store import Bankroll

    if args.game not in GAMES:
        parser.error(f"--game: one of {', '.join(GAMES)}")
    if args.tracemalloc:
        tracemalloc.start()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    started = time.perf_counter()
    with (
        tempfile.TemporaryDirectory(prefix="casino-memory-") as folder,
        Bankroll.open(Path(folder)) as bankroll,
    ):
        window = CasinoWindow(bankroll, rules_for(args.game))
        window.resize(1280, 820)
        window.show()
        app.processEvents()
        print(f"{args.rounds} rounds of {args.game} through the window (offscreen, instant):")
        print(f"  {'rounds':>6}  {'resident':>9}  {'scene items':>11}  {'Python objects':>14}")

        samples: list[Sample] = []

        def report(now: Sample) -> None:
            samples.append(now)
            print(
                f"  {now.rounds:6d}  {now.resident_mb:6.1f} MB  {now.scene_items:11d}  "
                f"{now.python_objects:14,d}",
                flush=True,
            )

        report(sample(window, 0))
        qasync.run(play_rounds(window, args.rounds, args.seed, args.every, report))
        window.close()
    seconds = time.perf_counter() - started
    # The kernel's high-water mark can lag a sample taken just before it.
    peak = max(peak_mb(), *(sample.resident_mb for sample in samples))
    verdict = "within" if peak <= GOAL_MB else "OVER"
    print(f"  peak resident memory (ru_maxrss): {peak:.1f} MB, {verdict} the goal of {GOAL_MB} MB")
    if args.tracemalloc:
        _, traced = tracemalloc.get_traced_memory()
        print(f"  peak of Python's own allocations (tracemalloc): {traced / 2**20:.1f} MB")
    print(f"  {seconds:.1f} s, {args.rounds / seconds:.1f} rounds a second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
