"""Bankroll ▸ History: each round with its side bets (insurance, Buster) and the store's net."""

from __future__ import annotations

from collections.abc import Callable

from casino_gui.engine.round import Action
from casino_gui.gui.dialogs.history import COLUMNS, HistoryDialog
from tests.gui.conftest import Table

Open = Callable[..., Table]


def row(dialog: HistoryDialog, number: int) -> dict[str, str]:
    cells = {}
    for column, name in enumerate(COLUMNS):
        item = dialog.table.item(number, column)
        assert item is not None
        cells[name] = item.text()
    return cells


def history(table: Table) -> HistoryDialog:
    window = table.window
    dialog = HistoryDialog(window.bankroll.history(), window.bankroll.lifetime(), window)
    table.qtbot.addWidget(dialog)
    return dialog


def test_history_shows_insurance_lost_and_the_net_with_it(open_table: Open) -> None:
    # Player 8S 8D, dealer AH 7C: insurance $5 lost; split 8S+3H doubled with TC = 21 wins $20,
    # 8D+9S = 17 loses $10 to the dealer's soft 18. Net -5 + 20 - 10 = +$5.
    table = open_table("blackjack")
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="8S AH 8D 7C 3H TC 9S")
    for action in (Action.INSURE, Action.SPLIT, Action.DOUBLE, Action.STAND):
        table.press(action)
    cells = row(history(table), 0)
    assert cells["Side bets"] == "Insurance on 1: $5.00, −$5.00"
    assert cells["Net"] == "+$5.00"


def test_history_shows_a_buster_bet_won(open_table: Open) -> None:
    # No Bust 21: $10 on circle 1 with a $1 Buster. Player TS 9C stands on 19; the dealer
    # 6H TD draws KC and busts with 26 in three cards: the hand wins $10, the Buster bet pays
    # 1:1 on a three-card bust (+$1). Net +$11.
    table = open_table("no_bust_21")
    table.select_chip(1_000)
    table.click_circle(1)
    table.select_chip(100)
    table.click_circle(1, kind="buster")
    table.press(Action.DEAL, shoe="TS 6H 9C TD KC")
    table.press(Action.STAND)
    assert table.window.bankroll.balance == 101_100
    cells = row(history(table), 0)
    assert cells["Side bets"] == "Buster on 1: $1.00, +$1.00"
    assert cells["Net"] == "+$11.00"


def test_a_round_without_side_bets_shows_a_dash(open_table: Open) -> None:
    table = open_table("blackjack")
    table.select_chip(500)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9C 6H 8D")
    table.press(Action.STAND)  # 16 against 17: lost
    dialog = history(table)
    cells = row(dialog, 0)
    assert cells["Side bets"] == "—"
    assert cells["Net"] == "−$5.00"
    assert dialog.findChildren(type(dialog.table))  # the table of rounds
