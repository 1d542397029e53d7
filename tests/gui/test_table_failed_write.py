"""A store write that fails mid-round leaves the table on the store's state (docs/architecture.md,
"The store"):
the window redraws the round as the bankroll kept it, says what happened, and the player goes
on (or tries again) without restarting."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from casino_gui.engine import actions_of
from casino_gui.engine.money import dollars
from casino_gui.engine.round import Action, Phase
from tests.gui.conftest import Table

Open = Callable[..., Table]
START = 100_000


def stand_fails_then_succeeds(
    table: Table, fail: Callable[[], None], mend: Callable[[], None]
) -> str:
    """Player TS 6H (16) against the dealer's 9C, 8D in the hole: STAND's write fails, the
    table shows the round as the store kept it, then STAND again settles it. Returns the
    message the window showed after the failure."""
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9C 6H 8D")
    fail()
    table.press(Action.STAND)
    store, scene, status = table.controller.bankroll, table.window.scene, table.window.status
    message = status.message_text
    # The store kept the round open before STAND: the window shows exactly that.
    assert store.round_open
    assert [item.face_up for item in scene.dealer_cards] == [True, False]  # hole card hidden
    assert all(not badge.text for badge in scene.results.values())
    assert scene.dealer_total.text == "9"
    assert Action.STAND in table.lit and Action.DEAL not in table.lit
    round_ = table.controller.table
    assert round_ is store.table and round_ is not None
    assert round_.phase is Phase.PLAYER_TURNS and actions_of(round_) == []
    assert table.lit == round_.legal_actions()
    assert status.bankroll_text == dollars(store.balance) == dollars(START - 1_000)
    assert status.on_table_text == "$10.00"
    assert scene.circles[1].amount == 1_000
    mend()
    table.press(Action.STAND)  # tried again: 16 loses to 17
    assert not store.round_open
    assert store.balance == START - 1_000
    assert table.lit == {Action.DEAL}
    assert "Nothing was saved" not in status.message_text
    return message


def test_an_injected_failing_write_leaves_the_table_on_the_store_state(open_table: Open) -> None:
    # A real SQLite bankroll whose next journal write fails: a temporary trigger (it lives in
    # this connection only, the file is not changed) refuses every new action row.
    table = open_table("blackjack")
    db = table.controller.bankroll._db  # the store's own connection: where its writes go

    def fail() -> None:
        db.execute(
            "CREATE TEMP TRIGGER refuse BEFORE INSERT ON main.actions "
            "BEGIN SELECT RAISE(ABORT, 'injected write failure'); END"
        )

    def mend() -> None:
        db.execute("DROP TRIGGER temp.refuse")

    message = stand_fails_then_succeeds(table, fail, mend)
    # The player reads a sentence, never SQLite's own text ("injected write failure").
    assert "injected write failure" not in message
    assert "could not be read or written" in message
    assert "Nothing was saved" in message


def test_a_full_disk_mid_round_leaves_the_table_on_the_store_state(
    open_table: Open, small_disk: Path
) -> None:
    table = open_table("blackjack", folder=small_disk / "casino")
    filler = small_disk / "filler"

    def fail() -> None:
        handle = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(handle, b"\0" * 4096)
        except OSError:
            pass  # the disk is full
        finally:
            os.close(handle)

    def mend() -> None:
        filler.unlink()

    message = stand_fails_then_succeeds(table, fail, mend)
    assert "disk is full" in message
