"""`casino-gui --smoke-test PNG --practice GAME`: ten flash-card decisions through the real
practice window (the best move for the even ones, the worst for the odd ones, by real clicks
on the table's buttons), a picture of it saved to PNG, and exit 0. The bankroll's money is not
touched; `store stats --json` counts the ten in its `practice` object."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from casino_gui.command_line import say, write_output
from casino_gui.engine.strategy import advise
from casino_gui.gui.practice import open_practice
from casino_gui.gui.smoke import click, press

if TYPE_CHECKING:
    from casino_gui.engine.rules import Rules
    from casino_gui.gui.practice.dialog import PracticeDialog
    from casino_gui.gui.window import CasinoWindow

DECISIONS = 10
TIMEOUT = 30.0


async def _answer(dialog: PracticeDialog, right: bool) -> None:
    drill = dialog.drill
    if drill is None or drill.table is None or not drill.waiting:
        raise RuntimeError(f"no decision on the felt ({dialog.feedback.verdict_text})")
    values = advise(drill.table).values
    action = max(values, key=values.__getitem__) if right else min(values, key=values.__getitem__)
    answered = asyncio.Event()
    dialog.answered.connect(answered.set)
    try:
        click(dialog.bar.button(action))
        await asyncio.wait_for(answered.wait(), TIMEOUT)
    finally:
        dialog.answered.disconnect(answered.set)


async def drill_flash_cards(window: CasinoWindow, png: Path, rules: Rules) -> int:
    """Ten decisions, some right and some wrong, then the picture."""
    window.show_table()
    dialog = open_practice(window, rules)
    try:
        for number in range(DECISIONS):
            await _answer(dialog, right=number % 2 == 0)
            if number < DECISIONS - 1:
                press(dialog, Qt.Key.Key_Space)
                dialog.next_decision()  # the key, where the dialog is not yet the active window
        await asyncio.sleep(0.1)
        picture = dialog.grab()
        if picture.isNull() or not picture.save(str(png), "PNG"):
            raise RuntimeError(f"could not write the picture to {png}")
        tally = dialog.drill.tally if dialog.drill is not None else None
    except (RuntimeError, TimeoutError) as error:
        say("casino-gui", f"practice smoke test failed: {error or 'timed out'}")
        return 1
    finally:
        dialog.close()
        window.close()
    assert tally is not None
    return write_output(
        "casino-gui",
        f"smoke test: {tally.decisions} practice decisions at {rules.name}, {tally.right} right, "
        f"practice chips only; bankroll {window.status.bankroll_text}; picture {png}\n",
    )
