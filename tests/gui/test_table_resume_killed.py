"""The program killed (SIGKILL) at each phase of a round with insurance, a split and a double,
then started again: the table's picture after the restart is the picture before the kill."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from casino_gui.engine.money import dollars
from tests.gui.conftest import Table
from tests.gui.resume_driver import comparable
from tests.gui.test_table_journeys import assert_scene_is

Open = Callable[..., Table]
ROOT = Path(__file__).resolve().parents[2]

# $10 on circles 1 and 2. Circle 1 8S 8D, circle 2 TD 6C, the dealer AH up (7C in the hole).
# Insure circle 1, not circle 2; split circle 1: 8S 3H doubles (TC), 8D 9S stands; circle 2
# hits KD and busts, which ends the round.
SHOE = "8S TD AH 8D 6C 7C 3H TC 9S KD"
BETS = "1:1000,2:1000"
ROUND = ["insure", "no_insurance", "split", "double", "stand", "hit"]


def killed_at(folder: Path, actions: list[str]) -> str:
    """Play the round in a separate casino up to `actions`, kill it, return its picture."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "tests.gui.resume_driver", str(folder), "blackjack"]
    process = subprocess.Popen(
        [*command, SHOE, BETS, *actions],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("PICTURE "), f"the casino said {line!r}: {process.stderr.read()}"
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
    return line.removeprefix("PICTURE ").strip()


@pytest.mark.parametrize("steps", range(len(ROUND)), ids=["deal", *ROUND[:-1]])
def test_a_round_killed_at_each_phase_comes_back_as_it_was(
    open_table: Open, tmp_path: Path, steps: int
) -> None:
    folder = tmp_path / "casino"
    before = killed_at(folder, ROUND[:steps])
    table = open_table("face_up_21", folder=folder)  # the table it would open otherwise
    table.window.show_lobby()  # where a start may open
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        resuming = asyncio.ensure_future(table.window.resume())
    assert resuming.done()
    assert "interrupted" in table.window.status.message_text
    assert table.window.table_shown()
    assert "Standard BlackJack" in table.window.windowTitle()
    after = comparable(table.controller.picture())
    assert json.loads(after) == json.loads(before)
    assert_scene_is(table.controller.picture(), table.window)  # ...and it is what is drawn


def test_a_round_killed_once_settled_leaves_the_money_settled(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "casino"
    before = json.loads(killed_at(folder, ROUND))
    table = open_table("blackjack", folder=folder)
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        resuming = asyncio.ensure_future(table.window.resume())
    assert resuming.done()
    assert table.controller.table is None  # nothing to resume
    assert table.controller.picture().panel.balance == before["panel"]["balance"]
    assert table.window.status.bankroll_text == dollars(before["panel"]["balance"])
