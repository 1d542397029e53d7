"""Game ▸ Simulate…: the table's rules simulated in the worker process, by real clicks.

The page runs off the UI thread (its parts are the worker's jobs), shows its progress, its
figures and its two charts as the parts come, stops when asked, refuses a count without a
shoe, and never touches the bankroll.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot

from casino_gui.gui.simulation.page import SimulationDialog
from tests.gui.conftest import Table

LONG = 60_000


def open_page(table: Table) -> SimulationDialog:
    table.window.menu_action("Simulate…").trigger()
    table.qtbot.waitUntil(
        lambda: any(isinstance(w, SimulationDialog) for w in QApplication.topLevelWidgets())
    )
    page = next(w for w in QApplication.topLevelWidgets() if isinstance(w, SimulationDialog))
    table.qtbot.waitExposed(page)
    return page


def choose(qtbot: QtBot, combo: QComboBox, data: object) -> None:
    """Pick an item of a combo box by its data, as the keyboard does (the list's popup
    is not a widget a test can click offscreen)."""
    combo.setFocus()
    index = combo.findData(data)
    assert index >= 0
    while combo.currentIndex() != index:
        key = Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)


def test_a_counted_run_shows_its_figures_and_charts_and_leaves_the_bankroll_alone(
    open_table: Callable[..., Table],
) -> None:
    table = open_table("blackjack", decks=6, penetration=0.75)
    bankroll = table.window.controller.bankroll
    balance, ledger = bankroll.balance, len(bankroll.ledger())
    page = open_page(table)
    assert page.penetration.currentData() == 0.75  # the table's own shoe
    choose(table.qtbot, page.count, "hilo")
    page.spread.setFocus()
    page.spread.selectAll()
    table.qtbot.keyClicks(page.spread, "8")
    choose(table.qtbot, page.rounds, 1_000_000)
    assert page.note.text() == "Played at compiled speed."
    with table.qtbot.waitSignal(page.run_ended, timeout=LONG * 3):
        table.qtbot.mouseClick(page.start, Qt.MouseButton.LeftButton)
    assert page.done_rounds == 1_000_000 and page.progress.value() == 1000
    text = page.figures.text()
    assert "House edge " in text and "over 1,000,000 rounds" in text
    assert "standard deviation" in text and "units per 100 rounds" in text
    assert "Risk of ruin of 1,000 units: " in text and "SCORE" in text
    assert "Bet ramp, units by true count: \N{MINUS SIGN}3: 1" in text and "+5: 8" in text
    # Ten columns, the tails grouped: the result with its error bar, and each count's share.
    assert len(page.edge_chart.bars) == len(page.share_chart.shares) == 10
    assert all(error > 0 for _, error in page.edge_chart.bars)
    assert sum(page.share_chart.shares) == pytest.approx(100)
    assert page.simulation is not None and page.simulation.rounds == 1_000_000
    assert (bankroll.balance, len(bankroll.ledger())) == (balance, ledger)
    assert page.start.isEnabled() and not page.stop.isEnabled()


def test_stop_ends_a_long_run_and_keeps_what_was_played(
    open_table: Callable[..., Table],
) -> None:
    table = open_table("blackjack")
    page = open_page(table)
    choose(table.qtbot, page.rounds, 100_000_000)
    table.qtbot.mouseClick(page.start, Qt.MouseButton.LeftButton)
    assert page.running and page.stop.isEnabled() and not page.start.isEnabled()
    table.qtbot.waitUntil(lambda: page.done_rounds > 0, timeout=LONG)
    with table.qtbot.waitSignal(page.run_ended, timeout=LONG):
        table.qtbot.mouseClick(page.stop, Qt.MouseButton.LeftButton)
    assert not page.running and page.start.isEnabled()
    assert 0 < page.done_rounds < 100_000_000
    assert page.figures.text().startswith(f"Stopped after {page.done_rounds:,} rounds.")


def test_a_count_without_a_shoe_cannot_start(open_table: Callable[..., Table]) -> None:
    table = open_table("blackjack")
    page = open_page(table)
    assert page.penetration.currentData() is None  # shuffled before every round
    choose(table.qtbot, page.count, "hilo")
    assert not page.start.isEnabled()
    assert page.note.text().startswith("A count needs a shoe: choose a penetration")
    choose(table.qtbot, page.penetration, 0.8)
    assert page.start.isEnabled()


def test_another_game_is_simulated_by_the_engine_and_the_page_says_so(
    open_table: Callable[..., Table],
) -> None:
    table = open_table("pontoon")
    page = open_page(table)
    choose(table.qtbot, page.rounds, 100_000)
    assert page.note.text() == (
        "Played by the engine, a few thousand rounds a second: the fast path plays "
        "Standard BlackJack and its custom tables, not Pontoon."
    )
    table.qtbot.mouseClick(page.start, Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: page.done_rounds >= 5_000, timeout=LONG * 2)
    with table.qtbot.waitSignal(page.run_ended, timeout=LONG):
        table.qtbot.mouseClick(page.stop, Qt.MouseButton.LeftButton)
    assert "House edge " in page.figures.text()
