"""Pictures of a shoe game at 1280 x 800 and 800 x 600: six decks cut at 75%, eight rounds
of seed 3's shoe played (each hand stands), the last still on the felt; the tray, the plate
of cards left, the Hi-Lo count and the bet it suggests for a spread of 1:8, each whole in
the window; and a new shoe's shuffle under its banner.

They are written to a temporary folder; set CASINO_SCREENSHOTS to a folder to keep them (the
pictures in docs/ are made so)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from casino_gui.engine.round import Action
from casino_gui.gui.settings import CountKey
from casino_gui.gui.table.animation import Speed
from tests.gui.conftest import Table
from tests.gui.test_screenshots import SIZES, inside, save, sized
from tests.gui.test_shoe_count import count, counting
from tests.gui.test_shoe_table import SHOE_GAME, banner_shown, deal, plate, stand_out, tray

Open = Callable[..., Table]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_shoe_table_pictures(open_table: Open, pictures: Path, width: int, height: int) -> None:
    table = open_table("blackjack", decks=6, penetration=0.75, min_bet=500)
    sized(table, width, height)
    counting(table, CountKey.HILO, spread=8)
    for _ in range(8):
        deal(table, seed=3)
        stand_out(table)
    # 45 cards out: the burn card, seven rounds in the tray, the eighth on the felt.
    assert plate(table) == "267 cards left · cut card in 189"
    assert tray(table) == 45 - 6
    assert count(table) == "+11 · true +2"
    status = table.window.status
    assert status.suggestion_text.startswith("Count +2: bet 2 units, $10.00")
    save(table, pictures / f"shoe-table-{width}x{height}.png")  # once laid out (drained)
    assert table.window.width() == width  # the count fits the panel: the window did not grow
    readout = status._count
    assert inside(readout, table.window)
    assert readout.value.text() == "2 units · $10.00"
    for label in (readout.caption, readout.value):  # not cut short
        assert label.width() >= label.sizeHint().width()


def test_the_shuffle_picture(open_table: Open, pictures: Path) -> None:
    """One deck cut at half: six rounds bring the cut card out; the next deal shows the
    shuffle at the normal speed, caught with its banner and the burn card on its way."""
    table = open_table("blackjack", **SHOE_GAME)
    sized(table, 1280, 800)
    for _ in range(6):
        deal(table)
        stand_out(table)
    table.click_circle(1)
    assert plate(table) == "Cut card out: a new shoe at the next deal"
    table.controller.speed = Speed.NORMAL
    table.controller.next_shoe = 2027
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.mouseClick(table.window.bar.button(Action.DEAL), Qt.MouseButton.LeftButton)
        table.qtbot.waitUntil(lambda: banner_shown(table), timeout=10_000)
        assert table.window.grab().save(str(pictures / "shoe-shuffle-1280x800.png"))
    assert not banner_shown(table)
