"""The count at a shoe game (docs/decisions.md, "The shoe at the table"): off by default, chosen
in Game ▸ Settings ▸ Counting, shown in the status panel as cards are seen (the hole card once
turned), hidden and shown again with K; between rounds, with a spread above 1:1, the bet the
true count suggests in units of the table's minimum, in exact cents. The seven games, shuffled
before every round, show no count.

One deck cut at half. Seed 2026 burns 8S and deals player 8H JC, dealer 7D with 3C in the hole,
who then draws 7S. Seed 27 deals player 5D 5H, dealer 6C with 6H in the hole, who draws KS and
busts (tests/gui/test_shoe_table.py deals seed 2026's shoe further).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from casino_gui.engine import GAMES
from casino_gui.engine.round import Action
from casino_gui.gui.settings import CountKey
from casino_gui.gui.table.animation import Speed
from tests.gui.conftest import Table
from tests.gui.test_settings_dialog import click, open_with_keys
from tests.gui.test_shoe_table import deal, stand_out

Open = Callable[..., Table]
SHOE_GAME = {"decks": 1, "penetration": 0.5}
MINUS = "\N{MINUS SIGN}"


def counting(table: Table, system: CountKey, spread: int = 1) -> None:
    """The player's counting settings, as Game ▸ Settings keeps them."""
    window = table.window
    window.preferences.apply(
        dataclasses.replace(window.settings, count_system=system, count_spread=spread)
    )
    table.controller.speed = Speed.INSTANT  # as the fixture plays: the settings say normal


def count(table: Table) -> str:
    """The count the panel shows; the picture's own."""
    picture = table.controller.picture().count
    shown = table.window.status.count_text
    assert shown == (picture.readout if picture is not None else "")
    return shown


def test_counting_is_off_by_default_and_chosen_in_the_settings_dialog(open_table: Open) -> None:
    table = open_table("blackjack", **SHOE_GAME)
    deal(table)
    assert count(table) == ""  # off by default
    stand_out(table)
    dialog = open_with_keys(table)
    dialog.groups_area.ensureWidgetVisible(dialog.count_combo)
    assert not dialog.spread_spin.isEnabled()  # no count: no spread
    combo: QComboBox = dialog.count_combo
    combo.setFocus()
    table.qtbot.keyClick(combo, Qt.Key.Key_Down)  # Off, then Hi-Lo
    assert combo.currentText() == "Hi-Lo"
    assert dialog.spread_spin.isEnabled()
    dialog.spread_spin.setFocus()
    dialog.spread_spin.selectAll()
    table.qtbot.keyClicks(dialog.spread_spin, "8")
    click(table.qtbot, dialog.ok_button)
    table.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert (table.window.settings.count_system, table.window.settings.count_spread) == (
        CountKey.HILO,
        8,
    )
    # The first round's cards, all seen: 8H 7D JC 3C 7S count 0 in Hi-Lo, 46 cards left.
    assert count(table) == "0 · true 0"
    assert table.window.status.suggestion_text == (
        "Count 0: bet 1 unit, $1.00 (one unit is the table's minimum bet, $1.00)"
    )


def test_the_count_follows_the_cards_seen_and_the_hole_card_once_turned(open_table: Open) -> None:
    table = open_table("blackjack", **SHOE_GAME)
    counting(table, CountKey.HILO)
    assert count(table) == "0 · true 0"  # a fresh shoe
    deal(table)
    # 8H 0, 7D 0, JC −1 (3C face down): −1 over 47 cards left is a true −1.1, floored to −2.
    assert count(table) == f"{MINUS}1 · true {MINUS}2"
    assert table.window.status.suggestion_text == ""  # no suggestion during a round
    stand_out(table)  # 3C (+1) turned, 7S (0) drawn
    assert count(table) == "0 · true 0"
    assert table.window.status.suggestion_text == ""  # a spread of 1:1 suggests nothing


def test_the_bet_suggested_by_the_true_count_in_units_of_the_minimum(open_table: Open) -> None:
    table = open_table("blackjack", min_bet=500, **SHOE_GAME)
    counting(table, CountKey.HILO, spread=8)
    deal(table, seed=27)
    stand_out(table)  # 5D 6C 5H 6H (+4) and KS (−1): +3 over 46 cards, a true +3.4
    assert count(table) == "+3 · true +3"
    assert table.window.status.suggestion_text == (
        "Count +3: bet 4 units, $20.00 (one unit is the table's minimum bet, $5.00)"
    )
    picture = table.controller.picture().count
    assert picture is not None and picture.bet == "4 units · $20.00"


def test_an_unbalanced_count_is_a_running_count_alone(open_table: Open) -> None:
    table = open_table("blackjack", **SHOE_GAME)
    counting(table, CountKey.KO, spread=8)
    deal(table, seed=27)
    assert count(table) == "+3"  # 5D 6C 5H, one deck: KO starts at 0
    stand_out(table)
    assert table.window.status.suggestion_text == ""  # its bets read no true count


def test_k_hides_and_shows_the_count(open_table: Open) -> None:
    table = open_table("blackjack", **SHOE_GAME)
    counting(table, CountKey.ZEN)
    deal(table, seed=27)
    assert count(table) == "+6 · true +6"  # 5D 6C 5H count +2 each in the Zen Count
    table.qtbot.keyClick(table.window, Qt.Key.Key_K)
    assert count(table) == ""
    table.qtbot.keyClick(table.window, Qt.Key.Key_K)
    assert count(table) == "+6 · true +6"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_seven_games_show_no_count_and_k_says_why(open_table: Open, game: str) -> None:
    table = open_table(game)
    counting(table, CountKey.HILO, spread=8)
    table.click_circle(1)
    table.press(Action.DEAL)
    assert count(table) == ""
    table.qtbot.keyClick(table.window, Qt.Key.Key_K)
    assert "shuffles before every round" in table.window.status.message_text
    assert table.window.scene.tray.plate.text == ""  # and no plate of cards left
