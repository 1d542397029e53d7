"""The felt's words at every text size (docs/decisions.md, "The look adapts"): for the seven
games, a round with a split, a double, side bets and results is played at 200% and, after the
deal and after the settlement, the table is shown at each size of Game ▸ Settings' "Table
text": nothing on the felt collides at any of them; nor at a shoe table, with its plate and
its shuffle's banner. (The window's size does not matter here: the felt is laid out in scene
units, and the view scales the whole of it.)"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt

from casino_gui.engine.round import Action
from casino_gui.gui.settings import TEXT_SIZES
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.controller import Speed
from casino_gui.gui.table.labels import FeltPrint, on_felt
from casino_gui.gui.table.shuffle import SHUFFLING
from tests.gui.conftest import Table, drain
from tests.gui.felt_layout import ROUNDS, bet_and_deal, collisions, misplaced, play_out
from tests.gui.test_shoe_table import SHOE_GAME, banner_shown, deal, plate, stand_out

Open = Callable[..., Table]


def at_size(table: Table, size: int) -> None:
    """The player's text size, as Game ▸ Settings' OK puts it in force (and kept)."""
    window = table.window
    window.preferences.apply(dataclasses.replace(window.settings, text_size=size))
    window.controller.speed = Speed.INSTANT  # the settings' speed is the player's: not a test's
    drain(table.qtbot)


def collisions_at_each_size(table: Table) -> dict[int, list[str]]:
    """The table as it stands, shown at each size (the scene's look, as Game ▸ Settings puts
    it in force: `test_text_size_setting` plays that path)."""
    scene, found = table.window.scene, {}
    for size in TEXT_SIZES:
        scene.set_look(dataclasses.replace(scene.look, text_scale=size / 100))
        found[size] = collisions(table) + misplaced(table)
    return {size: pairs for size, pairs in found.items() if pairs}


@pytest.mark.parametrize("game", ROUNDS)
def test_nothing_on_the_felt_collides_at_any_text_size(open_table: Open, game: str) -> None:
    table = open_table(game)
    at_size(table, max(TEXT_SIZES))
    bet_and_deal(table, ROUNDS[game])
    assert collisions_at_each_size(table) == {}, "after the deal"
    at_size(table, max(TEXT_SIZES))
    play_out(table)
    assert collisions_at_each_size(table) == {}, "after the settlement"


def test_a_shoe_tables_plate_and_banner_stand_clear_at_200_percent(open_table: Open) -> None:
    table = open_table("blackjack", **SHOE_GAME)
    at_size(table, max(TEXT_SIZES))
    deal(table)
    assert plate(table) == "47 cards left · cut card in 21"
    assert collisions_at_each_size(table) == {}, "the plate, after the deal"
    at_size(table, max(TEXT_SIZES))
    for _ in range(5):  # one deck cut at half: six rounds bring the cut card out
        stand_out(table)
        deal(table)
    stand_out(table)
    assert plate(table) == "Cut card out: a new shoe at the next deal"
    assert collisions_at_each_size(table) == {}, "the cut card's plate"
    at_size(table, max(TEXT_SIZES))
    # The next deal shuffles, at the normal speed: the banner is caught on its way.
    table.controller.speed = Speed.NORMAL
    table.click_circle(1)
    table.controller.next_shoe = 2026
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.mouseClick(table.window.bar.button(Action.DEAL), Qt.MouseButton.LeftButton)
        table.qtbot.waitUntil(lambda: banner_shown(table), timeout=5_000)
        banner = next(
            item
            for item in table.window.scene.items()
            if isinstance(item, Badge) and item.text == SHUFFLING
        )
        box = banner.sceneBoundingRect()
    assert banner.scale() == 2.0 and on_felt(box)
    assert not FeltPrint(table.window.scene.rules).covers(box)
