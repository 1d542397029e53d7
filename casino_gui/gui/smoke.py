"""`casino-gui --smoke-test PNG`: one scripted round through the real widgets, then a picture.

It bets by clicking circle 1 in the view, presses DEAL, answers every decision with the first
lit button of NO INSURANCE, STAND, HIT (in that order), waits for the settlement and saves the
window to PNG. Then it has the worker process work out the table's strategy chart: in the
frozen program that process is the executable started again, which only freeze_support() in
the entry point makes work. Any failure is reported and gives a non-zero exit status.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from casino_gui.engine.round import Action, Phase
from casino_gui.engine.strategy import chart
from casino_gui.gui.table.controller import Speed
from casino_gui.gui.workers import WorkerError

if TYPE_CHECKING:
    from casino_gui.gui.window import CasinoWindow

ANSWERS = (Action.NO_INSURANCE, Action.STAND, Action.HIT)
TIMEOUT = 30.0
CHART_TIMEOUT = 300.0  # a cold chart on a slow machine, the worker's start included


def circle_point(window: CasinoWindow, spot: int) -> QPoint:
    """Where circle `spot` is on the view's viewport, for a real mouse click."""
    return window.view.mapFromScene(window.scene.circles[spot].scenePos())


async def click_and_settle(window: CasinoWindow, action: Action) -> None:
    """Click a lit button and wait until the controller has played its events."""
    idle = asyncio.Event()
    window.controller.idle.connect(idle.set)
    try:
        QTest.mouseClick(window.bar.button(action), Qt.MouseButton.LeftButton)
        await asyncio.wait_for(idle.wait(), TIMEOUT)
    finally:
        window.controller.idle.disconnect(idle.set)


async def play_scripted_round(window: CasinoWindow, png: Path) -> int:
    controller = window.controller
    controller.speed = Speed.FAST
    try:
        QTest.mouseClick(
            window.view.viewport(), Qt.MouseButton.LeftButton, pos=circle_point(window, 1)
        )
        if not controller.bets:
            raise RuntimeError(f"clicking circle 1 placed no bet ({window.status.message_text})")
        await click_and_settle(window, Action.DEAL)
        for _ in range(20):
            table = controller.table
            if table is None or table.phase is Phase.SETTLED:
                break
            lit = window.bar.lit()
            answer = next((a for a in ANSWERS if a in lit), None)
            if answer is None:
                raise RuntimeError(
                    f"no answer among the lit buttons {sorted(a.value for a in lit)}"
                )
            await click_and_settle(window, answer)
        if controller.table is None or controller.table.phase is not Phase.SETTLED:
            raise RuntimeError("the round did not settle")
        await asyncio.sleep(0.1)
        picture = window.grab()
        if picture.isNull() or not picture.save(str(png), "PNG"):
            raise RuntimeError(f"could not write the picture to {png}")
        job = window.worker.submit(chart, controller.rules, urgent=True)
        await asyncio.wait_for(job.wait(), CHART_TIMEOUT)
        if job.pid in (None, os.getpid()):
            raise RuntimeError("the strategy chart was not worked out in the worker process")
    except (RuntimeError, TimeoutError, WorkerError) as error:
        print(f"casino-gui: smoke test failed: {error}", file=sys.stderr)
        return 1
    finally:
        window.close()
    print(f"smoke test: one round played, bankroll {window.status.bankroll_text}; picture {png}")
    print(f"smoke test: strategy chart worked out in worker process {job.pid}")
    return 0
