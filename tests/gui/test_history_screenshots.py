"""Pictures of Bankroll ▸ History and of the replay viewer at 1280 x 800 and 800 x 600, on
a bankroll of generated rounds and a split-and-double round played last (the replay shows
that one at the decision that gave up the most, the hit on 17).

They are written to a temporary folder; set CASINO_SCREENSHOTS to a folder to keep them (the
README's pictures in docs/ are made so)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from bench.store import generate_history
from casino_gui.engine import GAMES, Bet, parse_move
from casino_gui.gui.dialogs.history import HistoryDialog
from casino_gui.gui.dialogs.history_rows import NET
from casino_gui.gui.replay.viewer import ReplayViewer
from casino_gui.gui.theme import apply_theme
from casino_gui.store import Bankroll
from tests.gui.conftest import drain
from tests.gui.test_replay_viewer import ACTIONS, SHOE

SIZES = [(1280, 800), (800, 600)]


@pytest.fixture
def bankroll(tmp_path: Path) -> Iterator[Bankroll]:
    apply_theme()  # the casino's dress, as the window puts it on
    generate_history(tmp_path / "data", 80)
    with Bankroll.open(tmp_path / "data") as opened:
        opened.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe=SHOE)
        for action in ACTIONS:
            opened.act(parse_move(action))
        yield opened


def shown(qtbot: QtBot, widget: QWidget, size: tuple[int, int]) -> None:
    widget.resize(*size)
    with qtbot.waitExposed(widget):
        widget.show()
    qtbot.waitUntil(lambda: (widget.width(), widget.height()) == size)
    drain(qtbot)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_history_picture(
    qtbot: QtBot, bankroll: Bankroll, pictures: Path, width: int, height: int
) -> None:
    dialog = HistoryDialog(bankroll)
    qtbot.addWidget(dialog)
    shown(qtbot, dialog, (width, height))
    qtbot.waitUntil(lambda: dialog.totals.text() != "Counting…")
    dialog.table.selectRow(0)
    header = dialog.table.horizontalHeader()
    assert header.sectionViewportPosition(NET) + header.sectionSize(NET) <= (
        dialog.table.viewport().width()
    )
    assert dialog.totals.text().startswith("81 rounds · bet $")
    assert dialog.grab().save(str(pictures / f"history-{width}x{height}.png"))


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_replay_picture(
    qtbot: QtBot, bankroll: Bankroll, pictures: Path, width: int, height: int
) -> None:
    assert bankroll.round_id is not None
    viewer = ReplayViewer(bankroll, bankroll.round_id)
    qtbot.addWidget(viewer)
    shown(qtbot, viewer, (width, height))
    viewer.show_decision(4)  # the hit on 8♦ 9♠
    assert viewer.verdict.text() == "HIT: gives up $0.66 (best: STAND)"
    assert viewer.verdict.isVisible() and viewer.caption.isVisible()
    assert viewer.view.height() > height // 2  # the table takes most of the window
    assert viewer.grab().save(str(pictures / f"replay-{width}x{height}.png"))
