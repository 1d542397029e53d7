"""HINT, "warn me of mistakes" and the strategy chart on the real table."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from casino_gui.engine import actions_of
from casino_gui.engine.round import Action
from casino_gui.engine.strategy import ChartCode, Section
from casino_gui.engine.strategy.advice import advise
from casino_gui.gui.table.hints import hint_text
from tests.gui.conftest import Table

Open = Callable[..., Table]


def deal_sixteen_against_ten(table: Table) -> None:
    """Player TS 6H (hard 16) against the dealer's TC up (7D in the hole)."""
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS TC 6H 7D 5C 9S")


def test_hint_is_lit_only_while_a_decision_waits(open_table: Open) -> None:
    table = open_table()
    assert not table.window.bar.hint_button.is_lit()
    deal_sixteen_against_ten(table)
    assert table.window.bar.hint_button.is_lit()
    table.press(Action.STAND)
    assert not table.window.bar.hint_button.is_lit()


def test_hint_shows_the_best_move_and_the_value_of_each_legal_move(open_table: Open) -> None:
    table = open_table()
    deal_sixteen_against_ten(table)
    round_ = table.controller.table
    assert round_ is not None
    advice = advise(round_)
    assert set(advice.values) == table.legal
    table.qtbot.mouseClick(table.window.bar.hint_button, Qt.MouseButton.LeftButton)
    message = table.window.status.message_text
    assert message == f"Circle 1: {hint_text(advice)}"  # the hint names the hand it is about
    assert message.startswith(f"Circle 1: Best: {advice.best.value.upper()} ")
    for action in table.legal:
        assert action.value.replace("_", " ").upper() in message
    assert actions_of(round_) == []  # advice never plays a move


def test_the_question_mark_key_asks_for_a_hint(open_table: Open) -> None:
    table = open_table()
    deal_sixteen_against_ten(table)
    table.qtbot.keyClick(table.window, "?")
    assert table.window.status.message_text.startswith("Circle 1: Best: ")


def test_warn_me_of_mistakes_refuses_a_costly_move_once_and_says_what_it_costs(
    open_table: Open,
) -> None:
    # Doubling a hard 16 against a ten is a clear mistake: refused once with its cost, then
    # played when pressed again.
    table = open_table()
    table.window.preferences.set_warn_mistakes(True)
    deal_sixteen_against_ten(table)
    round_ = table.controller.table
    assert round_ is not None
    advice = advise(round_)
    assert advice.best is not Action.DOUBLE
    table.qtbot.mouseClick(table.window.bar.button(Action.DOUBLE), Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: "gives up" in table.window.status.message_text)
    message = table.window.status.message_text
    assert message.startswith("Circle 1: DOUBLE gives up $")
    assert "% of the bet) against " in message
    assert actions_of(round_) == []
    table.press(Action.DOUBLE)
    assert actions_of(round_) == ["double"]


def test_the_best_move_is_played_at_once_with_warnings_on(open_table: Open) -> None:
    table = open_table()
    table.window.preferences.set_warn_mistakes(True)
    deal_sixteen_against_ten(table)
    round_ = table.controller.table
    assert round_ is not None
    best = advise(round_).best
    table.press(best)
    assert actions_of(round_) == [best.value]


def test_strategy_chart_highlights_the_decision_on_the_table(open_table: Open) -> None:
    table = open_table()
    deal_sixteen_against_ten(table)
    dialog = table.window.strategy_chart()
    table.qtbot.addWidget(dialog)
    with table.qtbot.waitSignal(dialog.chart_ready, timeout=60_000):
        pass
    assert dialog.highlighted == (Section.HARD, "16", "T")
    # Published basic strategy, 8 decks, dealer hits soft 17: stand hard 16 vs 10 is wrong,
    # hit (no surrender on this table).
    assert dialog.code_at(dialog.highlighted) is ChartCode.HIT
    assert dialog.code_at((Section.PAIRS, "8,8", "T")) is ChartCode.SPLIT


def test_the_lobby_shows_each_tables_house_edge_computed_from_its_rules(
    open_table: Open,
) -> None:
    from casino_gui.engine.games import BLACKJACK, PONTOON
    from casino_gui.engine.strategy import house_edge
    from casino_gui.gui.lobby.game_tile import edge_text
    from casino_gui.gui.lobby.house_edges import FILE_NAME, HouseEdges

    table = open_table()
    window = table.window
    computed: list[tuple[object, float]] = []
    window.edges.computed.connect(lambda rules, edge: computed.append((rules, edge)))
    with table.qtbot.waitSignal(window.edges.computed, timeout=60_000):
        task = asyncio.ensure_future(window.edges.compute([PONTOON]))
    table.qtbot.waitUntil(task.done, timeout=60_000)
    expected = house_edge(PONTOON)
    assert computed == [(PONTOON, expected)]
    # Worked out in the worker process, not in the window's.
    assert window.worker.pid not in (None, os.getpid())
    assert f"house edge {edge_text(expected)}" in window.lobby.tile("pontoon").decks_label.text()
    assert "house edge" not in window.lobby.tile("blackjack").decks_label.text()
    dialog = window.lobby.open_rules(PONTOON)
    table.qtbot.addWidget(dialog)
    assert any(edge_text(expected) in label.text() for label in dialog.findChildren(QLabel))
    # Kept in the data folder: the next start knows it without computing it.
    assert (window.bankroll.folder / FILE_NAME).exists()
    again = HouseEdges(window.bankroll.folder, window.worker)
    assert again.known(PONTOON) == expected
    assert again.known(BLACKJACK) is None
