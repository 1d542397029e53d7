"""Pictures of the table's realism at 1280 x 800 and 800 x 600: a doubled card laid sideways
beside a split hand with its own stack, the next round's chip waiting beside the settled
round's cards and results, and a $2,500 bet standing as several stacks. Each round is checked to the cent first.

They are written to a temporary folder; set CASINO_SCREENSHOTS to a folder to keep them (the
pictures in docs/ are made so)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from casino_gui.engine.round import Action
from tests.gui.conftest import Table
from tests.gui.test_screenshots import SIZES, save, sized
from tests.gui.test_table_realism import finish_split_and_double, play_split_and_double

Open = Callable[..., Table]

NATURAL = "AS 9H KD 7C"  # a blackjack against 16: a $1,000 bet wins $1,500


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_realism_pictures(open_table: Open, pictures: Path, width: int, height: int) -> None:
    table = open_table()
    sized(table, width, height)
    scene = table.window.scene
    name = f"realism-{width}x{height}"
    play_split_and_double(table)
    first, second = (hand for hand in table.controller.picture().hands if hand.spot == 1)
    assert [card.sideways for card in first.cards] == [False, False, True]
    assert (scene.hand_chips[first.hand_id].amount, scene.hand_chips[second.hand_id].amount) == (
        5_000,
        2_500,
    )
    save(table, pictures / f"{name}-1-split-and-double.png")
    finish_split_and_double(table)
    round_ = table.controller.table
    assert round_ is not None
    table.select_chip(2_500)
    table.click_circle(1)  # the next round's first chip: the result stays until DEAL
    assert scene.tray.count == 0 and len(scene.dealer_cards) == 3
    assert scene.circles[1].amount == 2_500
    save(table, pictures / f"{name}-2-next-bet-beside-the-result.png")


def test_a_big_bet_picture(open_table: Open, pictures: Path) -> None:
    table = open_table(max_bet=500_000)
    sized(table, 1280, 800)
    table.select_chip(50_000)
    table.click_circle(1)
    table.click_circle(1)
    table.press(Action.DEAL, shoe=NATURAL)
    assert table.controller.bankroll.balance == 250_000
    for _ in range(5):
        table.click_circle(1)
    circle = table.window.scene.circles[1]
    assert circle.amount == 250_000 and len(circle.chips.stacks) == 3
    save(table, pictures / "realism-1280x800-3-big-bet.png")
