"""Building bets with the mouse on the real table (docs/rules.md, "Betting circles", "DEAL"; seed 002)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from casino_gui.engine.round import Action, Bet
from tests.gui.conftest import Table

Open = Callable[..., Table]


def test_left_click_adds_the_selected_chip_and_right_click_removes_it(open_table: Open) -> None:
    # Seed 002: $25, another $25, then a $5 chip: $55; a right click with $5 selected: $50.
    table = open_table()
    table.select_chip(2_500)
    table.click_circle(1)
    table.click_circle(1)
    table.select_chip(500)
    table.click_circle(1)
    assert table.controller.pending.bets == {1: 5_500}
    assert table.window.scene.circles[1].amount == 5_500
    assert table.window.status.on_table_text == "$55.00"
    assert table.window.status.bankroll_text == "$945.00"
    table.click_circle(1, right=True)
    assert table.controller.pending.bets == {1: 5_000}


def test_right_click_removes_what_is_left_when_less_than_the_chip(open_table: Open) -> None:
    table = open_table()
    table.select_chip(500)
    table.click_circle(2)
    table.select_chip(2_500)
    table.click_circle(2, right=True)
    assert table.controller.pending.bets == {}
    assert table.window.scene.circles[2].amount == 0


def test_the_selected_chip_is_highlighted_in_the_rack(open_table: Open) -> None:
    table = open_table()
    table.select_chip(10_000)
    assert table.window.rack.selected_chip == 10_000
    table.qtbot.keyClick(table.window, Qt.Key.Key_1)
    assert table.window.rack.selected_chip == 100


def test_a_bet_over_the_table_maximum_is_refused_with_a_message(open_table: Open) -> None:
    table = open_table()
    table.select_chip(50_000)
    table.click_circle(1)
    table.select_chip(100)
    table.click_circle(1)
    assert table.controller.pending.bets == {1: 50_000}
    assert table.window.status.message_text == (
        "$501.00 on circle 1 is over the table maximum of $500.00."
    )


def test_a_bet_over_the_bankroll_is_refused_and_the_chips_it_cannot_cover_are_dimmed(
    open_table: Open,
) -> None:
    table = open_table()
    table.select_chip(50_000)
    table.click_circle(1)
    table.click_circle(2)
    table.click_circle(3)
    assert table.controller.pending.bets == {1: 50_000, 2: 50_000}
    assert "you have $1,000.00" in table.window.status.message_text
    assert table.window.rack.affordable() == frozenset()
    table.click_circle(2, right=True)
    assert table.window.rack.affordable() == {100, 500, 1_000, 2_500, 10_000, 50_000}


def test_deal_is_lit_by_a_valid_bet_and_unlit_below_the_minimum(open_table: Open) -> None:
    table = open_table(min_bet=500)
    table.select_chip(100)
    table.click_circle(1)
    assert Action.DEAL not in table.lit  # $1 on a $5 table
    table.click_circle(1)
    table.click_circle(1)
    table.click_circle(1)
    table.click_circle(1)
    assert table.controller.pending.bets == {1: 500}
    assert table.lit == {Action.DEAL}


def test_deal_with_no_bet_on_the_first_round_bets_the_selected_chip_on_spot_1(
    open_table: Open,
) -> None:
    table = open_table()
    table.select_chip(1_000)
    assert table.lit == {Action.DEAL}
    table.press(Action.DEAL, shoe="9S 6H TH 7C")
    round_ = table.controller.table
    assert round_ is not None
    assert [(spot.number, spot.bet) for spot in round_.spots.values()] == [(1, 1_000)]


def test_deal_with_no_bet_repeats_the_previous_round_circle_by_circle(open_table: Open) -> None:
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.select_chip(500)
    table.click_circle(3)
    # 9S 8D on spot 1, 9C 8H on spot 3, dealer TH 7C: both stand on 17 and push.
    table.press(Action.DEAL, shoe="9S 9C TH 8D 8H 7C")
    table.press(Action.STAND)
    table.press(Action.STAND)
    assert table.controller.previous == [Bet(1, 1_000), Bet(3, 500)]
    table.select_chip(100)  # the selected chip does not matter: the last bets are repeated
    table.press(Action.DEAL, shoe="9S 9C TH 8D 8H 7C")
    round_ = table.controller.table
    assert round_ is not None
    assert {n: s.bet for n, s in round_.spots.items()} == {1: 1_000, 3: 500}


def test_deal_bets_the_selected_chip_when_the_bankroll_cannot_repeat(open_table: Open) -> None:
    table = open_table()
    table.select_chip(50_000)
    table.click_circle(1)
    table.click_circle(2)
    # $500 on spot 1 and $400 on spot 2, both lost to the dealer's 20: $100 is left, too
    # little to repeat $900, so DEAL bets the selected $25 chip on spot 1.
    table.click_circle(2, right=True)
    table.select_chip(10_000)
    for _ in range(4):
        table.click_circle(2)
    table.press(Action.DEAL, shoe="TS 9C TH 8D 7H TD")
    table.press(Action.STAND)
    table.press(Action.STAND)
    assert table.controller.bankroll.balance == 10_000  # lost $900: $100 left
    table.select_chip(2_500)
    assert table.lit == {Action.DEAL}
    table.press(Action.DEAL, shoe="9S TH 7C 8D")
    round_ = table.controller.table
    assert round_ is not None
    assert {n: s.bet for n, s in round_.spots.items()} == {1: 2_500}


def test_bets_are_locked_once_the_deal_starts(open_table: Open) -> None:
    table = open_table()
    table.select_chip(500)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="9S 6H TH 7C")
    table.click_circle(2)
    assert table.window.status.message_text == "Bets are locked until the round is over."
    round_ = table.controller.table
    assert round_ is not None and list(round_.spots) == [1]
