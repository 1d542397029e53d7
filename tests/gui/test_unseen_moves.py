"""A move key held through an animation is played only on the hand the felt showed as the hand
to play when it was pressed (docs/decisions.md, "The pace of the table"): pressed during the
deal, a shuffle, or a step that moves play to another hand, it is refused with a sentence and
nothing is played. Real window at the normal speed, real keys; cards are spelled out."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from casino_gui.app import give_held_input
from casino_gui.engine import actions_of
from casino_gui.engine.round import Action, Phase
from casino_gui.gui.held_input import HeldInput
from casino_gui.gui.table.animation import Speed
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.shuffle import SHUFFLING
from tests.gui.conftest import Table
from tests.gui.test_input_never_lost import dealt

Open = Callable[..., Table]
WAIT_MS = 10_000
# Player TS 7H (17) against the dealer's TC, 6D in the hole.
TEN_SEVEN = "TS TC 7H 6D 9S"
# Circle 1 AS KD (blackjack), circle 2 9H 7D (16), the dealer 9C 8C (17); then 5S, ...
FIRST_IS_BLACKJACK = "AS 9H 9C KD 7D 8C 5S"
# Circle 1 TS 6H (16), circle 2 TH 9D (19), the dealer TC 7C; circle 1 hits KS and busts.
FIRST_BUSTS = "TS TH TC 6H 9D 7C KS"


def open_at_normal_speed(open_table: Open, circles: int = 1, **rules: object) -> Table:
    table = open_table(**rules)
    table.select_chip(1_000)
    for spot in range(1, circles + 1):
        table.click_circle(spot)
    table.controller.speed = Speed.NORMAL
    return table


def deal_under_way(table: Table, shoe: str | int) -> None:
    table.controller.next_shoe = shoe
    table.qtbot.mouseClick(table.window.bar.button(Action.DEAL), Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: table.controller.busy, timeout=WAIT_MS)


def at_rest(table: Table) -> None:
    table.qtbot.waitUntil(lambda: not table.controller.busy, timeout=WAIT_MS)


def played(table: Table) -> list[str]:
    round_ = table.controller.table
    assert round_ is not None
    return actions_of(round_)


def test_stand_pressed_while_the_deal_lands_is_refused_not_played(open_table: Open) -> None:
    table = open_at_normal_speed(open_table)
    deal_under_way(table, TEN_SEVEN)
    assert not table.window.scene.pointer.isVisible()  # no hand is marked to play yet
    table.qtbot.keyClick(table.window, Qt.Key.Key_S)
    at_rest(table)
    assert played(table) == []
    assert table.controller.table.active_hand is not None  # still his to play
    assert table.window.status.message_text == (
        "Not played: STAND was pressed before circle 1 was shown as the hand to play."
    )
    table.qtbot.keyClick(table.window, Qt.Key.Key_S)  # now he has seen it
    table.qtbot.waitUntil(
        lambda: not table.controller.busy and played(table) == ["stand"], timeout=WAIT_MS
    )


def test_hit_pressed_during_the_deal_never_lands_on_the_next_hand_after_a_blackjack(
    open_table: Open,
) -> None:
    table = open_at_normal_speed(open_table, circles=2)
    deal_under_way(table, FIRST_IS_BLACKJACK)
    table.qtbot.keyClick(table.window, Qt.Key.Key_H)
    at_rest(table)
    round_ = table.controller.table
    assert [str(card) for card in round_.hands[1].cards] == ["9H", "7D"]  # not hit
    assert played(table) == []
    assert table.window.status.message_text == (
        "Not played: HIT was pressed before hand 2 (circle 2) was shown as the hand to play."
    )


def test_a_key_held_through_a_bust_is_not_played_on_the_next_hand(open_table: Open) -> None:
    table = open_at_normal_speed(open_table, circles=2)
    deal_under_way(table, FIRST_BUSTS)
    at_rest(table)
    first = table.controller.table.hands[0].id
    assert table.window.scene.placing.active == first and table.window.scene.pointer.isVisible()
    table.qtbot.keyClick(table.window, Qt.Key.Key_H)
    table.qtbot.waitUntil(lambda: table.controller.busy, timeout=WAIT_MS)
    table.qtbot.keyClick(table.window, Qt.Key.Key_S)  # meant for circle 1, which busts
    at_rest(table)
    assert played(table) == ["hit"]
    assert table.controller.table.phase is Phase.PLAYER_TURNS
    assert "before hand 2 (circle 2) was shown" in table.window.status.message_text


def test_hit_pressed_during_a_new_shoes_shuffle_is_refused(open_table: Open) -> None:
    table = open_at_normal_speed(open_table, decks=1, penetration=0.5)
    deal_under_way(table, 2026)
    scene = table.window.scene

    def shuffling() -> bool:
        return any(isinstance(item, Badge) and item.text == SHUFFLING for item in scene.items())

    table.qtbot.waitUntil(shuffling, timeout=WAIT_MS)
    table.qtbot.keyClick(table.window, Qt.Key.Key_H)
    at_rest(table)
    assert played(table) == []
    assert table.window.status.message_text.startswith("Not played: HIT was pressed before ")


def test_a_move_held_through_the_start_is_not_played_on_the_resumed_hand(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "casino"
    first = dealt(lambda: open_table(folder=folder), TEN_SEVEN)  # left open, as by a crash
    first.controller.bankroll.close()
    first.window.hide()
    again = open_table(folder=folder)
    held = HeldInput(again.window)
    handle = again.window.windowHandle()
    assert handle is not None
    QTest.keyClick(handle, Qt.Key.Key_S)  # as the system delivers it, before the round is back
    with again.qtbot.waitSignal(again.controller.idle, timeout=WAIT_MS):
        resuming = asyncio.ensure_future(again.controller.resume())
    assert resuming.done()
    assert again.window.scene.turn_shown is not None  # the resumed hand, shown to play now
    give_held_input(again.window, held)
    again.qtbot.waitUntil(
        lambda: again.window.status.message_text.startswith("Not played: STAND"),
        timeout=WAIT_MS,
    )
    assert played(again) == []
