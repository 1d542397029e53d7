"""`casino-gui --smoke-test PNG`: one scripted round through the real widgets, then a picture.

A round left open by a killed program (resumed on the table) is finished first, by the same
rule as the scripted round. Then it bets by clicking circle 1 in the view, presses DEAL,
answers every decision with the first lit button of NO INSURANCE, STAND, HIT (in that order),
waits for the settlement and saves the window to PNG. Then it has the worker process work out
the table's strategy chart: in the frozen program that process is the executable started again,
which only freeze_support() in the entry point makes work; and a short simulation at compiled
speed, so the frozen program is known to carry numba. Any failure is reported and gives a
non-zero exit status.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from casino_gui.analysis.fast.running import short_simulation
from casino_gui.command_line import say, write_output
from casino_gui.engine import Action, Phase, dollars
from casino_gui.engine.betting import CHIPS
from casino_gui.engine.strategy import chart
from casino_gui.gui.sound.player import QtSoundPlayer
from casino_gui.gui.table.controller import Speed
from casino_gui.gui.workers import WorkerError

if TYPE_CHECKING:
    from casino_gui.engine.rules import Rules
    from casino_gui.gui.window import CasinoWindow

ANSWERS = (Action.NO_INSURANCE, Action.STAND, Action.HIT)
TIMEOUT = 30.0
CHART_TIMEOUT = 300.0  # a cold chart on a slow machine, the worker's start included


def circle_point(window: CasinoWindow, spot: int) -> QPoint:
    """Where circle `spot` is on the view's viewport, for a real mouse click."""
    return window.view.mapFromScene(window.scene.circles[spot].scenePos())


def click(widget: QWidget, at: QPoint | None = None) -> None:
    """A left click on `widget` (at its centre, or `at`), pressed and released through Qt's
    public event delivery, as the system's would be (no QtTest in the shipped program)."""
    point = QPointF(at if at is not None else widget.rect().center())
    where = QPointF(widget.mapToGlobal(point.toPoint()))
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    for kind, held in (
        (QEvent.Type.MouseButtonPress, left),
        (QEvent.Type.MouseButtonRelease, none),
    ):
        event = QMouseEvent(kind, point, where, left, held, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(widget, event)


def press(widget: QWidget, key: Qt.Key) -> None:
    """A key pressed and released on `widget`, through Qt's public event delivery."""
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier))


async def click_and_settle(window: CasinoWindow, action: Action) -> None:
    """Click a lit button and wait until the controller has played its events."""
    idle = asyncio.Event()
    window.controller.idle.connect(idle.set)
    try:
        click(window.bar.button(action))
        await asyncio.wait_for(idle.wait(), TIMEOUT)
    except TimeoutError:
        raise RuntimeError(f"{action.value}: no answer from the table in {TIMEOUT:.0f} s") from None
    finally:
        window.controller.idle.disconnect(idle.set)


async def answer_until_settled(window: CasinoWindow) -> None:
    """Answer every decision of the round on the table by ANSWERS until it settles."""
    controller = window.controller
    for _ in range(40):
        table = controller.table
        if table is None or table.phase is Phase.SETTLED:
            return
        lit = window.bar.lit()
        answer = next((a for a in ANSWERS if a in lit), None)
        if answer is None:
            raise RuntimeError(f"no answer among the lit buttons {sorted(a.value for a in lit)}")
        await click_and_settle(window, answer)
    if controller.table is None or controller.table.phase is not Phase.SETTLED:
        raise RuntimeError("the round did not settle")


def place_bet(window: CasinoWindow) -> None:
    """Bet on circle 1 with real clicks: the selected chip, or the table's minimum where that
    is more (a custom table), in chips that make it exactly; on a bankroll too short for it,
    after Bankroll ▸ Refill."""
    controller = window.controller
    rules = controller.rules
    target = min(max(rules.min_bet, window.rack.selected_chip), rules.max_bet)
    if controller.bankroll.balance < target:
        window.money.refill()
    chip = max(c for c in CHIPS if target % c == 0)
    click(window.rack.chip_button(chip))
    for _ in range(target // chip):
        click(window.view.viewport(), circle_point(window, 1))
    if Action.DEAL not in window.bar.lit():
        raise RuntimeError(
            f"betting {dollars(target)} on circle 1 did not light DEAL "
            f"({window.status.message_text})"
        )


def sound_report(window: CasinoWindow) -> str:
    """How the round's cues were played: the frozen bundle must carry QtMultimedia and the
    cues' files (no audio device there: they load and stay silent)."""
    player = window.sound.player
    return player.describe() if isinstance(player, QtSoundPlayer) else type(player).__name__


async def play_scripted_round(window: CasinoWindow, png: Path, rules: Rules | None = None) -> int:
    """The scripted round, at the table of `rules` (--game) when given."""
    controller = window.controller
    controller.speed = Speed.FAST
    # Its moves follow its rule, not the advice: a mistake warning would stop a move and wait
    # for a second press. For this session only: the player's setting is kept.
    controller.warn_mistakes = False
    resumed = ""
    window.show_table()  # a first start opens the lobby
    try:
        if controller.round_in_play:  # a round the last, killed, program left open
            await answer_until_settled(window)
            resumed = "the resumed round finished, then "
            if rules is not None and controller.rules != rules:
                window.sit_at(rules)  # the resumed round was at its own table
        place_bet(window)
        await click_and_settle(window, Action.DEAL)
        await answer_until_settled(window)
        await asyncio.sleep(0.1)
        picture = window.grab()
        if picture.isNull() or not picture.save(str(png), "PNG"):
            raise RuntimeError(f"could not write the picture to {png}")
        job = window.worker.submit(chart, controller.rules, urgent=True)
        await asyncio.wait_for(job.wait(), CHART_TIMEOUT)
        if job.pid in (None, os.getpid()):
            raise RuntimeError("the strategy chart was not worked out in the worker process")
        simulation = window.worker.submit(short_simulation, controller.rules, urgent=True)
        rounds, pace = await asyncio.wait_for(simulation.wait(), CHART_TIMEOUT)
    except (RuntimeError, TimeoutError, WorkerError) as error:
        say("casino-gui", f"smoke test failed: {error or 'timed out'}")
        return 1
    finally:
        window.close()
    return write_output(
        "casino-gui",
        f"smoke test: {resumed}one round played, bankroll {window.status.bankroll_text}; "
        f"picture {png}\n"
        f"smoke test: strategy chart worked out in worker process {job.pid}\n"
        f"smoke test: {rounds:,} rounds simulated at compiled speed ({pace:,.0f} a CPU "
        f"second) in worker process {simulation.pid}\n"
        f"smoke test: sound: {sound_report(window)}\n",
    )
