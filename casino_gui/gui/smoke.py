"""`casino-gui --smoke-test PNG`: one scripted round through the real widgets, then a picture.

It bets by clicking circle 1 in the view, presses DEAL, answers every decision with the first
lit button of NO INSURANCE, STAND, HIT (in that order), waits for the settlement and saves the
window to PNG. Any failure is reported and gives a non-zero exit status.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from casino_gui.engine.round import Action, Phase
from casino_gui.gui.table.controller import Speed

if TYPE_CHECKING:
    from casino_gui.gui.window import CasinoWindow

ANSWERS = (Action.NO_INSURANCE, Action.STAND, Action.HIT)
TIMEOUT = 30.0


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
    window.show_table()  # a first start opens the lobby
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
    except (RuntimeError, TimeoutError) as error:
        print(f"casino-gui: smoke test failed: {error}", file=sys.stderr)
        return 1
    finally:
        window.close()
    print(f"smoke test: one round played, bankroll {window.status.bankroll_text}; picture {png}")
    return 0
