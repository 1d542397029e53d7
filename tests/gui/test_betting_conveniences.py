"""UNDO, CLEAR, REBET, REBET x2 and keyboard betting on the real table (docs/decisions.md, "Betting
conveniences"): real clicks and keys through the window, a real SQLite bankroll in tmp.

Each convenience is lit exactly when the engine's betting functions allow it, and nothing
touches the bankroll before DEAL: UNDO and CLEAR leave the ledger as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Action
from casino_gui.gui.table.picture import Convenience
from tests.gui.conftest import Table

Open = Callable[..., Table]

UNDO, CLEAR = Convenience.UNDO, Convenience.CLEAR
REBET, DOUBLE = Convenience.REBET, Convenience.REBET_DOUBLE

# Two circles: each player hand T-7 = 17, the dealer T-9 = 19 (cards go circle 1, circle 2,
# dealer, then round again): standing twice loses both bets.
LOSE_TWO = "TS TC TH 7D 7H 9D 5S 5C"
LOSE_ONE = "TS TH 7D 9D 5S 5C"


def lit(table: Table) -> frozenset[Convenience]:
    return table.window.bar.conveniences_lit()


def click(table: Table, convenience: Convenience) -> None:
    table.qtbot.mouseClick(table.window.bar.convenience(convenience), Qt.MouseButton.LeftButton)


def key(
    table: Table, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    table.qtbot.keyClick(table.window, key, modifier)


def bet(table: Table, spot: int, *chips: int) -> None:
    for chip in chips:
        table.select_chip(chip)
        table.click_circle(spot)


def play_out(table: Table) -> None:
    """STAND on every hand until the round settles."""
    while table.controller.round_in_play:
        table.press(Action.STAND)


def ledger(table: Table) -> list[tuple[object, ...]]:
    return [
        (row.id, row.kind, row.amount, row.balance_after)
        for row in table.controller.bankroll.ledger()
    ]


def test_nothing_is_lit_on_an_empty_table_before_the_first_round(open_table: Open) -> None:
    table = open_table()
    assert lit(table) == frozenset()
    assert table.controller.picture().conveniences == frozenset()
    for convenience in (UNDO, CLEAR, REBET, DOUBLE):
        assert not table.window.bar.convenience(convenience).isHidden()


def test_a_chip_lights_undo_and_clear_and_keeps_rebet_dark(open_table: Open) -> None:
    table = open_table()
    bet(table, 1, 2_500)
    assert lit(table) == {UNDO, CLEAR}
    assert table.controller.picture().conveniences == {UNDO, CLEAR}


@pytest.mark.parametrize(
    ("press", "convenience"),
    [
        ("click", UNDO),
        ("U", UNDO),
        ("Ctrl+Z", UNDO),
        ("click", CLEAR),
        ("C", CLEAR),
        ("Backspace", CLEAR),
        ("Delete", CLEAR),
    ],
)
def test_undo_and_clear_take_chips_back_and_leave_the_ledger_unchanged(
    open_table: Open, press: str, convenience: Convenience
) -> None:
    table = open_table()
    before, balance = ledger(table), table.controller.bankroll.balance
    bet(table, 1, 2_500, 500)
    bet(table, 2, 1_000)
    keys = {
        "U": (Qt.Key.Key_U, Qt.KeyboardModifier.NoModifier),
        "Ctrl+Z": (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
        "C": (Qt.Key.Key_C, Qt.KeyboardModifier.NoModifier),
        "Backspace": (Qt.Key.Key_Backspace, Qt.KeyboardModifier.NoModifier),
        "Delete": (Qt.Key.Key_Delete, Qt.KeyboardModifier.NoModifier),
    }
    if press == "click":
        click(table, convenience)
    else:
        key(table, *keys[press])
    if convenience is UNDO:
        # The last chip placed ($10 on circle 2) comes back; the others stay.
        assert table.controller.pending.bets == {1: 3_000}
        assert table.window.scene.circles[2].amount == 0
        assert table.window.status.on_table_text == "$30.00"
    else:
        assert table.controller.pending.bets == {}
        assert table.window.scene.circles[1].amount == 0
        assert table.window.status.on_table_text == "$0.00"
        assert lit(table) == frozenset()
    assert ledger(table) == before
    assert table.controller.bankroll.balance == balance


def test_undo_goes_back_chip_by_chip_then_goes_dark(open_table: Open) -> None:
    table = open_table()
    bet(table, 1, 2_500, 500)
    key(table, Qt.Key.Key_U)
    assert table.controller.pending.bets == {1: 2_500}
    key(table, Qt.Key.Key_U)
    assert table.controller.pending.bets == {}
    assert lit(table) == frozenset()
    key(table, Qt.Key.Key_U)  # dark: nothing happens
    assert table.controller.pending.bets == {}


def test_unlit_keys_do_nothing(open_table: Open) -> None:
    table = open_table()
    for press in (Qt.Key.Key_U, Qt.Key.Key_C, Qt.Key.Key_B, Qt.Key.Key_Backspace):
        key(table, press)
    key(table, Qt.Key.Key_B, Qt.KeyboardModifier.ShiftModifier)
    assert table.controller.pending.bets == {}
    assert table.window.status.on_table_text == "$0.00"


def test_rebet_repeats_the_last_rounds_bets_circle_by_circle(open_table: Open) -> None:
    table = open_table()
    bet(table, 1, 2_500)
    bet(table, 2, 1_000)
    table.press(Action.DEAL, shoe=LOSE_TWO)
    play_out(table)
    assert table.controller.bankroll.balance == 100_000 - 3_500
    assert lit(table) == {REBET, DOUBLE}
    before = ledger(table)
    click(table, REBET)
    assert table.controller.pending.bets == {1: 2_500, 2: 1_000}
    assert table.window.scene.circles[1].amount == 2_500
    assert table.window.scene.circles[2].amount == 1_000
    assert table.window.status.on_table_text == "$35.00"
    # Now the table holds chips: REBET goes dark, UNDO takes the rebet back whole.
    assert lit(table) == {UNDO, CLEAR}
    key(table, Qt.Key.Key_U)
    assert table.controller.pending.bets == {}
    key(table, Qt.Key.Key_B, Qt.KeyboardModifier.ShiftModifier)
    assert table.controller.pending.bets == {1: 5_000, 2: 2_000}
    assert ledger(table) == before
    # DEAL plays exactly those bets.
    table.press(Action.DEAL, shoe=LOSE_TWO)
    assert table.controller.previous is not None
    assert [(b.spot, b.amount) for b in table.controller.previous] == [(1, 5_000), (2, 2_000)]
    assert table.controller.bankroll.balance == 100_000 - 3_500 - 7_000


def test_rebet_x2_is_dark_over_the_table_maximum(open_table: Open) -> None:
    table = open_table(max_bet=4_000)
    bet(table, 1, 2_500)
    table.press(Action.DEAL, shoe=LOSE_ONE)
    play_out(table)
    assert lit(table) == {REBET}  # $50 is over the $40 maximum
    key(table, Qt.Key.Key_B, Qt.KeyboardModifier.ShiftModifier)
    assert table.controller.pending.bets == {}
    key(table, Qt.Key.Key_B)
    assert table.controller.pending.bets == {1: 2_500}


def test_rebet_and_x2_are_dark_beyond_the_bankroll(open_table: Open) -> None:
    table = open_table()
    bet(table, 1, *[10_000] * 2)
    bet(table, 2, *[10_000] * 2)
    table.press(Action.DEAL, shoe=LOSE_TWO)
    play_out(table)
    # $600 left: REBET ($400) is lit, x2 ($800) is not.
    assert table.controller.bankroll.balance == 60_000
    assert lit(table) == {REBET}
    bet(table, 3, 100)
    assert lit(table) == {UNDO, CLEAR}  # chips on the table: no rebet
    click(table, CLEAR)
    bet(table, 1, 50_000)  # $500 on the table leaves $100: neither rebet fits any more
    click(table, CLEAR)
    table.press(Action.DEAL, shoe=LOSE_TWO)  # DEAL with an empty table repeats the $400
    play_out(table)
    assert table.controller.bankroll.balance == 20_000
    assert lit(table) == frozenset()


def test_the_conveniences_stand_in_for_the_playing_buttons_during_a_round(
    open_table: Open,
) -> None:
    table = open_table()
    bar = table.window.bar
    bet(table, 1, 2_500)
    table.press(Action.DEAL, shoe=LOSE_ONE)
    assert all(bar.convenience(c).isHidden() for c in (UNDO, CLEAR, REBET, DOUBLE))
    assert not bar.button(Action.HIT).isHidden()
    assert lit(table) == frozenset()
    key(table, Qt.Key.Key_B)  # no rebet during a round
    assert table.controller.pending.bets == {}
    play_out(table)
    assert bar.button(Action.HIT).isHidden()
    assert not bar.convenience(REBET).isHidden()


def test_a_whole_round_with_the_keyboard_only(open_table: Open) -> None:
    table = open_table()
    scene, controller = table.window.scene, table.controller
    key(table, Qt.Key.Key_Right)  # circle 1 chosen, drawn with its ring
    assert controller.picture().circle(1).chosen
    assert scene.circles[1].is_chosen() and not scene.circles[2].is_chosen()
    key(table, Qt.Key.Key_4)  # the $25 chip
    key(table, Qt.Key.Key_Plus)
    key(table, Qt.Key.Key_Equal)  # + without Shift
    key(table, Qt.Key.Key_Left)  # circle 1 is the rightmost: circle 2 is to its left
    assert scene.circles[2].is_chosen() and not scene.circles[1].is_chosen()
    assert scene.circles[2].scenePos().x() < scene.circles[1].scenePos().x()
    key(table, Qt.Key.Key_3)  # the $10 chip
    key(table, Qt.Key.Key_Plus)
    key(table, Qt.Key.Key_Plus)
    key(table, Qt.Key.Key_Minus)
    assert controller.pending.bets == {1: 5_000, 2: 1_000}
    key(table, Qt.Key.Key_Right)
    key(table, Qt.Key.Key_Right)  # round the table: circle 3
    assert controller.picture().circle(3).chosen
    controller.next_shoe = LOSE_TWO  # the cards are stacked; the player only uses keys
    table.key(Qt.Key.Key_Return)  # DEAL
    assert controller.round_in_play
    assert not any(circle.chosen for circle in controller.picture().circles)
    table.key(Qt.Key.Key_S)
    table.key(Qt.Key.Key_S)
    assert not controller.round_in_play
    assert controller.bankroll.balance == 100_000 - 6_000
    key(table, Qt.Key.Key_B)
    assert controller.pending.bets == {1: 5_000, 2: 1_000}
    # Stacked again: a shuffled shoe ends one round in twenty at the deal (a dealer's natural).
    controller.next_shoe = LOSE_TWO
    table.key(Qt.Key.Key_Return)
    assert controller.round_in_play


def test_arrows_and_plus_do_nothing_during_a_round(open_table: Open) -> None:
    table = open_table()
    bet(table, 1, 2_500)
    table.press(Action.DEAL, shoe=LOSE_ONE)
    key(table, Qt.Key.Key_Right)
    key(table, Qt.Key.Key_Plus)
    assert table.controller.pending.chosen is None
    assert table.controller.bankroll.table is not None
    assert table.controller.bankroll.table.on_table() == 2_500


def test_the_betting_keys_do_nothing_in_the_lobby(open_table: Open) -> None:
    table = open_table()
    bet(table, 1, 2_500)
    table.press(Action.DEAL, shoe=LOSE_ONE)
    play_out(table)
    bet(table, 2, 500)
    table.window.show_lobby()
    for press in (Qt.Key.Key_Right, Qt.Key.Key_Plus, Qt.Key.Key_U, Qt.Key.Key_C):
        key(table, press)
    assert table.controller.pending.chosen is None
    assert table.controller.pending.bets == {2: 500}
    table.window.show_table()
    key(table, Qt.Key.Key_C)  # the same key at the table clears
    key(table, Qt.Key.Key_B)
    assert table.controller.pending.bets == {1: 2_500}


def test_rebet_repeats_the_tables_last_bets_after_a_restart(
    open_table: Open, tmp_path: Path
) -> None:
    # $25 on circles 1 and 3 at Standard BlackJack, both won; then the program closes.
    folder = tmp_path / "casino"
    first = open_table("blackjack", folder=folder)
    first.select_chip(2_500)
    first.click_circle(1)
    first.click_circle(3)
    first.press(Action.DEAL, shoe="TS 9S 7H TH 9C TD")  # 20 and 18 stand; the dealer's 17
    first.press(Action.STAND)
    first.press(Action.STAND)
    assert first.controller.bankroll.balance == 105_000
    first.controller.bankroll.close()
    first.window.hide()
    second = open_table("blackjack", folder=folder)
    assert Convenience.REBET in second.window.bar.conveniences_lit()
    second.qtbot.mouseClick(
        second.window.bar.convenience(Convenience.REBET), Qt.MouseButton.LeftButton
    )
    assert second.controller.pending.bets == {1: 2_500, 3: 2_500}
    second.controller.pending.on_convenience(Convenience.CLEAR)
    second.window.sit_at(rules_for("face_up_21"))  # another table: its own last bets, none yet
    assert Convenience.REBET not in second.window.bar.conveniences_lit()
