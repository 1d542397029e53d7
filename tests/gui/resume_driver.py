"""The casino window played to a given point, then left running to be killed (SIGKILL).

    python -m tests.gui.resume_driver FOLDER GAME SHOE BETS [ACTION ...]

BETS is `spot:cents,spot:cents`. The window deals SHOE, clicks each ACTION, prints one line
`PICTURE <json>` (the table's picture as `comparable` writes it) and waits to be killed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import sys
from enum import Enum
from pathlib import Path
from typing import Any

from casino_gui.gui.table.messages import Lifetime
from casino_gui.gui.table.picture import TablePicture


def comparable(picture: TablePicture) -> str:
    """The picture as JSON, the same in every process (sets sorted, enums by value); the
    notice that a round was resumed is left out, as it is what a restart adds."""
    kept = tuple(
        m
        for m in picture.messages
        if not (m.lifetime is Lifetime.ROUND and "interrupted" in m.text)
    )
    data = dataclasses.asdict(dataclasses.replace(picture, messages=kept))
    return json.dumps(data, default=_plain, sort_keys=True)


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, frozenset | set):
        return sorted(_plain(item) for item in value)
    raise TypeError(f"cannot write {value!r}")


async def play(folder: Path, game: str, shoe: str, bets: str, actions: list[str]) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from casino_gui.engine.games import rules_for
    from casino_gui.engine.round import Action
    from casino_gui.gui.table.controller import Speed
    from casino_gui.gui.window import CasinoWindow
    from casino_gui.store import Bankroll

    bankroll = Bankroll.open(folder)
    window = CasinoWindow(bankroll, rules_for(game))
    window.resize(1280, 820)
    window.show()
    controller = window.controller
    controller.speed = Speed.INSTANT
    idle = asyncio.Event()
    controller.idle.connect(idle.set)

    async def click(action: Action) -> None:
        idle.clear()
        QTest.mouseClick(window.bar.button(action), Qt.MouseButton.LeftButton)
        await asyncio.wait_for(idle.wait(), 10)

    for bet in bets.split(","):
        spot, cents = (int(part) for part in bet.split(":"))
        QTest.mouseClick(window.rack.chip_button(cents), Qt.MouseButton.LeftButton)
        point = window.view.mapFromScene(window.scene.circles[spot].scenePos())
        QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    controller.next_shoe = shoe
    await click(Action.DEAL)
    for name in actions:
        await click(Action(name))
    print("PICTURE", comparable(controller.picture()), flush=True)
    await asyncio.sleep(3600)  # until killed


def main() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import PySide6.QtWidgets  # noqa: F401  (before qasync, which picks a binding)
    import qasync

    folder, game, shoe, bets, *actions = sys.argv[1:]
    qasync.run(play(Path(folder), game, shoe, bets, actions))


if __name__ == "__main__":
    main()
