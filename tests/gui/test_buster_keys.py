"""No Bust 21's Buster circles bet with the keyboard (docs/decisions.md, "Betting conveniences": the
whole game without a mouse): real keys through the window, a real SQLite bankroll in tmp.

The arrows step through every place a chip can go as the felt shows them, right to left:
circle 1, its Buster circle (down on its left), circle 2, its Buster, ... + and - go through
the engine's betting functions, as a click on the Buster circle does.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt

from casino_gui.engine import BlackjackError
from casino_gui.engine.round import Action
from casino_gui.gui.table.picture import Convenience
from tests.gui.conftest import Table

Open = Callable[..., Table]

START = 100_000
# Circle 1: player TS 7S = 17 stands; the dealer TH 6H draws 8D: a three-card 24, a bust.
# The $10 bet wins even money and the Buster bet pays 1:1 for a three-card bust.
DEALER_BUSTS_IN_THREE = "TS TH 7S 6H 8D"


def key(table: Table, key: Qt.Key) -> None:
    table.qtbot.keyClick(table.window, key)


def ledger(table: Table) -> list[tuple[object, ...]]:
    return [(r.id, r.kind, r.amount, r.balance_after) for r in table.controller.bankroll.ledger()]


def message(table: Table) -> str:
    return str(table.window.status.message_text)


def test_a_whole_no_bust_round_with_a_buster_bet_by_keyboard_only(open_table: Open) -> None:
    table = open_table("no_bust_21")
    controller, scene = table.controller, table.window.scene
    key(table, Qt.Key.Key_Right)  # circle 1
    key(table, Qt.Key.Key_3)  # the $10 chip
    key(table, Qt.Key.Key_Plus)
    key(table, Qt.Key.Key_Left)  # its Buster circle, on its left
    assert table.chosen() == [(1, "buster")]
    key(table, Qt.Key.Key_2)  # the $5 chip
    key(table, Qt.Key.Key_Plus)
    key(table, Qt.Key.Key_Equal)  # + without Shift
    assert (controller.pending.bets, controller.pending.busters) == ({1: 1_000}, {1: 1_000})
    assert scene.busters[1].amount == 1_000 and scene.circles[1].amount == 1_000
    assert controller.bankroll.balance == START  # nothing is debited before DEAL
    controller.next_shoe = DEALER_BUSTS_IN_THREE  # the cards are stacked; the player uses keys
    table.key(Qt.Key.Key_Return)  # DEAL
    round_ = controller.bankroll.table
    assert round_ is not None and controller.round_in_play
    assert (round_.spots[1].bet, round_.spots[1].buster) == (1_000, 1_000)
    assert controller.bankroll.balance == START - 2_000
    assert table.chosen() == []  # no ring while the round is played
    table.key(Qt.Key.Key_S)
    round_ = controller.bankroll.table
    assert round_ is not None and not controller.round_in_play
    assert round_.hands[0].payout == 2_000
    assert round_.spots[1].buster_payout == 2_000
    assert controller.bankroll.balance == START + 2_000


def test_the_arrows_step_through_every_place_as_the_felt_shows_them(open_table: Open) -> None:
    table = open_table("no_bust_21")
    scene = table.window.scene
    key(table, Qt.Key.Key_Right)
    visited = table.chosen()
    for _ in range(6):
        key(table, Qt.Key.Key_Left)
        visited += table.chosen()
    assert visited == [
        (1, "main"),
        (1, "buster"),
        (2, "main"),
        (2, "buster"),
        (3, "main"),
        (3, "buster"),
        (1, "main"),  # round the table
    ]
    # The order is the felt's: each step left is further left on the screen.
    items = {"main": scene.circles, "buster": scene.busters}
    xs = [items[kind][spot].scenePos().x() for spot, kind in visited[:-1]]
    assert xs == sorted(xs, reverse=True)
    key(table, Qt.Key.Key_Right)  # from circle 1, right goes round to the leftmost place
    assert table.chosen() == [(3, "buster")]


def test_a_buster_alone_is_not_dealt_and_enter_says_the_engines_reason(open_table: Open) -> None:
    table = open_table("no_bust_21")
    controller = table.controller
    before = ledger(table)
    key(table, Qt.Key.Key_Right)
    key(table, Qt.Key.Key_Left)  # Buster 1
    key(table, Qt.Key.Key_2)
    key(table, Qt.Key.Key_Plus)  # chips may be stacked on Buster first (the engine's rule)
    assert (controller.pending.bets, controller.pending.busters) == ({}, {1: 500})
    assert Action.DEAL not in table.lit
    with pytest.raises(BlackjackError, match="the Buster bet on circle 1 needs a bet in its"):
        controller.deal_bets()
    key(table, Qt.Key.Key_Return)  # a dark DEAL: Enter says the engine's reason
    assert message(table) == "The Buster bet on circle 1 needs a bet in its circle."
    assert controller.bankroll.table is None and not controller.round_in_play
    assert (controller.pending.bets, controller.pending.busters) == ({}, {1: 500})
    assert controller.bankroll.balance == START
    assert ledger(table) == before


def test_a_refused_buster_chip_gets_the_mouses_message(open_table: Open) -> None:
    table = open_table("no_bust_21")
    controller = table.controller
    key(table, Qt.Key.Key_Right)
    key(table, Qt.Key.Key_Left)  # Buster 1: at most $25
    key(table, Qt.Key.Key_3)  # $10
    key(table, Qt.Key.Key_Plus)
    key(table, Qt.Key.Key_Plus)
    key(table, Qt.Key.Key_Plus)  # $30: refused by the engine
    refused = "$30.00 on Buster 1 is over its maximum of $25.00."
    assert message(table) == refused
    assert controller.pending.busters == {1: 2_000}
    assert controller.bankroll.balance == START
    table.click_circle(1, kind="buster")  # the mouse is told the same
    assert message(table) == refused
    assert controller.pending.busters == {1: 2_000}


def test_minus_takes_a_buster_chip_off_and_undo_puts_back_a_keyboard_chip(
    open_table: Open,
) -> None:
    table = open_table("no_bust_21")
    controller = table.controller
    key(table, Qt.Key.Key_Right)
    key(table, Qt.Key.Key_3)
    key(table, Qt.Key.Key_Plus)  # $10 on circle 1
    key(table, Qt.Key.Key_Left)
    key(table, Qt.Key.Key_2)
    key(table, Qt.Key.Key_Plus)
    key(table, Qt.Key.Key_Plus)  # $10 on Buster 1
    key(table, Qt.Key.Key_Minus)
    assert (controller.pending.bets, controller.pending.busters) == ({1: 1_000}, {1: 500})
    assert table.window.scene.busters[1].amount == 500
    key(table, Qt.Key.Key_U)  # UNDO: the chip - took off is back
    assert controller.pending.busters == {1: 1_000}
    key(table, Qt.Key.Key_U)  # and the second + is undone
    assert controller.pending.busters == {1: 500}
    assert Convenience.UNDO in controller.picture().conveniences
    assert controller.bankroll.balance == START


@pytest.mark.parametrize("game", ["blackjack", "pontoon", "caribbean_21"])
def test_other_games_arrows_choose_only_their_circles(open_table: Open, game: str) -> None:
    table = open_table(game)
    circles = table.controller.rules.circles
    key(table, Qt.Key.Key_Right)
    visited = table.chosen()
    for _ in range(circles):
        key(table, Qt.Key.Key_Left)
        visited += table.chosen()
    assert visited == [(spot, "main") for spot in [*range(1, circles + 1), 1]]
    assert not table.window.scene.busters


def test_enter_during_a_round_says_why_it_deals_nothing(open_table: Open) -> None:
    table = open_table("no_bust_21")
    controller = table.controller
    key(table, Qt.Key.Key_Right)
    key(table, Qt.Key.Key_2)
    key(table, Qt.Key.Key_Plus)  # $5 on circle 1
    controller.next_shoe = DEALER_BUSTS_IN_THREE
    table.key(Qt.Key.Key_Return)
    assert controller.round_in_play
    key(table, Qt.Key.Key_Return)  # DEAL is no move during a round: the engine says why
    assert table.window.status.message_text == "The cards are already dealt."
    assert controller.round_in_play
