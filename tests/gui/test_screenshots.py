"""Pictures of the real window for people to look at (saved in tests/screenshots/, ignored by
git): the lobby, and for four games a table with bets, a split in progress and the settlement.
Each round is also checked to the cent, so the pictures show a correct table."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from casino_gui.engine.round import Action, Phase
from tests.gui.conftest import Table

Open = Callable[..., Table]

# Spot 1 splits 8-8 (Caribbean 21: 9-5), doubles the first hand to 21 and hits the second to
# 19; spot 2 stands on 19; the dealer busts (or stands on 17): every hand wins, +$85.00.
ROUNDS = {
    "blackjack": "8S TC 6H 8D 9H TD 3C KC 2S 9C 7S",
    "face_up_21": "8S TC TD 8D 9H 7D 3C KC 2S 9C",
    "caribbean_21": "9S TC AH 5D 9H 9C 6C TD 7S 9D",
    "no_bust_21": "8S TC 6H 8D 9H TD 3C KC 2S 9C 7S",
}


def test_lobby_screenshot(open_table: Open) -> None:
    table = open_table()
    table.window.show_lobby()
    path = table.screenshot("lobby")
    assert path.stat().st_size > 10_000


@pytest.mark.parametrize("game", list(ROUNDS))
def test_table_screenshots(open_table: Open, game: str) -> None:
    table = open_table(game)
    table.select_chip(2_500)
    table.click_circle(1)
    table.select_chip(1_000)
    table.click_circle(2)
    if game == "no_bust_21":
        table.select_chip(100)
        table.click_circle(1, kind="buster")
    table.screenshot(f"{game}-1-bets")
    table.press(Action.DEAL, shoe=ROUNDS[game])
    table.press(Action.SPLIT)
    first = table.controller.table
    assert first is not None
    if game == "caribbean_21":
        table.screenshot(f"{game}-2-split")
        table.press(Action.STAND)  # 9S 9C: 18
        table.press(Action.DOUBLE)  # 5D 6C doubled: TD, 21
    else:
        table.press(Action.DOUBLE)  # 8S 3C doubled: KC, 21
        table.screenshot(f"{game}-2-split")
        table.press(Action.HIT)  # 8D 2S: 9C, 19
        table.press(Action.STAND)
    table.press(Action.STAND)  # spot 2: TC 9H, 19
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED
    assert all(hand.payout > hand.stake for hand in round_.hands)
    buster = 100 if game == "no_bust_21" else 0
    assert table.controller.bankroll.balance == 100_000 + 8_500 + buster
    table.screenshot(f"{game}-3-settled")
