"""Nothing printed on the felt collides, and it is readable (docs/architecture.md, "The window"):
for the
seven games and a custom table, a round with a split, a double and side bets is played and the
outlines of the print, the labels, the cards and the circles are checked against each other."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from casino_gui.engine.games import GAMES, rules_for
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.betting_circle import BettingCircle
from casino_gui.gui.table.felt import printed_lines, title_font, title_text
from tests.gui.conftest import Table, drain
from tests.gui.felt_layout import ROUNDS, bet_and_deal, collisions, play_out

Open = Callable[..., Table]
NINE_POINTS = 12.0  # screen pixels at 96 dots an inch

CUSTOM = {
    "name": "Custom table (from Standard BlackJack)",
    "decks": 2,
    "dealer_hits_soft_17": False,
}


def test_every_game_has_a_round_that_fills_the_felt() -> None:
    assert set(ROUNDS) == set(GAMES)


@pytest.mark.parametrize("game", [*ROUNDS, "custom", "custom-2", "custom-4", "custom-5"])
def test_nothing_on_the_felt_collides_after_a_split_round(open_table: Open, game: str) -> None:
    if game.startswith("custom"):
        circles = int(game.removeprefix("custom-")) if "-" in game else 3
        table = open_table("blackjack", **CUSTOM, circles=circles)
        shoe = ROUNDS["blackjack"]
    else:
        table = open_table(game)
        shoe = ROUNDS[game]
    assert collisions(table) == [], "with bets on the table"
    bet_and_deal(table, shoe)
    assert collisions(table) == [], "after the deal"
    play_out(table)
    results = [b for b in table.window.scene.results.values() if b.text]
    assert len(results) >= 3, "the split hands and the other circle all have results"
    assert collisions(table) == []


def screen_pixels(table: Table, font: QFont) -> float:
    return font.pixelSize() * table.window.view.transform().m11()


@pytest.mark.parametrize("game", [*GAMES, "custom"])
def test_felt_print_is_at_least_9_points_at_1280_by_800(open_table: Open, game: str) -> None:
    table = open_table("blackjack", **CUSTOM) if game == "custom" else open_table(game)
    table.window.resize(1280, 800)
    table.qtbot.waitUntil(lambda: table.window.width() == 1280, timeout=2_000)
    drain(table.qtbot)
    rules = table.window.scene.rules
    fonts = {f"line {line.text!r}": line.font for line in printed_lines(rules)}
    fonts["title"] = title_font(rules)
    for item in table.window.scene.items():
        if isinstance(item, BettingCircle):
            fonts[f"circle label {item.label!r}"] = item.label_font()
        elif isinstance(item, Badge):
            fonts["label"] = item._font
    small = {
        name: round(screen_pixels(table, font), 1)
        for name, font in fonts.items()
        if screen_pixels(table, font) < NINE_POINTS
    }
    assert small == {}


def test_caribbean_21s_long_rules_line_is_wrapped_not_shrunk(qapp: QApplication) -> None:
    lines = printed_lines(rules_for("caribbean_21"))
    rules = [line for line in lines if line.font.family() != lines[-1].font.family()]
    assert [line.text for line in rules] == [
        "Aces count one · Dealer stands on 17 · Dealer wins ties",
        "Insurance pays 9 to 1",
    ]
    assert {line.font.pixelSize() for line in rules} == {17}


def test_the_buster_label_is_printed_beside_its_circle_at_full_size(open_table: Open) -> None:
    table = open_table("no_bust_21")
    buster = table.window.scene.busters[1]
    assert buster.label_outside()
    assert buster.label_font().pixelSize() == 17
    assert buster.label_rect().right() < -buster.radius


def test_a_long_custom_name_leaves_its_origin_to_the_rules_page_where_room_is_short(
    qapp: QApplication,
) -> None:
    custom = rules_for("blackjack").replace(name="Custom table (from Standard BlackJack)")
    assert title_text(custom) == "CUSTOM TABLE (FROM STANDARD BLACKJACK)"
    assert title_text(custom.replace(circles=5)) == "CUSTOM TABLE"
    assert title_text(rules_for("no_bust_21")) == "NO BUST 21ST CENTURY BLACKJACK"
