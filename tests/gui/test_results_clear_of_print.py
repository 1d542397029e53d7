"""Results stand clear of the felt's print (docs/decisions.md, "The felt's print"): where a
tall hand's result would stand on the print above it, it stands under the hand's total."""

from __future__ import annotations

from collections.abc import Callable

from casino_gui.engine.round import Action, Phase
from tests.gui.conftest import Table
from tests.gui.felt_layout import collisions, play_out

Open = Callable[..., Table]


def label_collisions(table: Table) -> list[str]:
    """What a label runs into: the print, another label, a card. A tall hand's own cards may
    lie on the print, as cards on a real felt do."""
    return [pair for pair in collisions(table) if "label" in pair]


def test_pontoons_five_card_tricks_stand_clear_of_its_print(open_table: Open) -> None:
    # $10 on each circle: 2 and 3 against the dealer's 9H 8H; each circle draws three 2s.
    table = open_table("pontoon")
    table.select_chip(1_000)
    for spot in (1, 2, 3):
        table.click_circle(spot)
    table.press(Action.DEAL, shoe="2S 2C 2D 9H 3S 3C 3D 8H " + "2H 2D 2C " * 3)
    while (round_ := table.controller.table) is not None and round_.phase is not Phase.SETTLED:
        table.press(Action.HIT)
    results = [b.text for b in table.window.scene.results.values() if b.text]
    assert results == ["FIVE-CARD TRICK +$20.00"] * 3
    assert label_collisions(table) == []


def test_super_21s_split_wins_stand_clear_of_its_print(open_table: Open) -> None:
    # $10 on circle 2: 8S 8D split against the dealer's 6H TD, 8S 3C 2C and 8D 9C stand,
    # the dealer draws 9D and busts.
    table = open_table("super_21")
    table.select_chip(1_000)
    table.click_circle(2)
    table.press(Action.DEAL, shoe="8S 6H 8D TD 3C 2C 9C 9D")
    play_out(table)
    results = sorted(b.text for b in table.window.scene.results.values() if b.text)
    assert results == ["WIN +$10.00", "WIN +$20.00"]
    assert label_collisions(table) == []
