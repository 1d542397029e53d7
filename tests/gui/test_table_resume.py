"""An interrupted round comes back on the table at the next start and plays on."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from casino_gui.engine.round import Action, Phase
from tests.gui.conftest import Table, drain

Open = Callable[..., Table]


def test_an_interrupted_round_is_restored_from_the_store_and_finished(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "casino"
    first = open_table("blackjack", folder=folder)
    first.select_chip(1_000)
    first.click_circle(1)
    # Player 5S 6H, dealer 9C (8D in the hole); hit 2C (13), then the program "dies".
    first.press(Action.DEAL, shoe="5S 9C 6H 8D 2C 7H")
    first.press(Action.HIT)
    first.controller.bankroll.close()
    first.window.hide()

    second = open_table("face_up_21", folder=folder)  # whatever table it opens with
    with second.qtbot.waitSignal(second.controller.idle, timeout=10_000):
        resuming = asyncio.ensure_future(second.controller.resume())
    assert resuming.done()
    round_ = second.controller.table
    assert round_ is not None and round_.phase is Phase.PLAYER_TURNS
    assert second.controller.rules.game == "blackjack"  # the round's own table comes back
    assert "interrupted" in second.window.status.message_text
    cards = [item.card for item in second.window.scene.hand_cards[round_.hands[0].id]]
    assert [str(card) for card in cards] == ["5S", "6H", "2C"]
    assert second.lit == second.legal == {Action.HIT, Action.STAND}
    second.press(Action.HIT)  # 7H: 20 beats the dealer's 17
    second.press(Action.STAND)
    assert round_.phase is Phase.SETTLED
    assert second.controller.bankroll.balance == 100_000 + 1_000


def test_last_result_is_kept_over_a_restart_at_the_same_table(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "casino"
    first = open_table("blackjack", folder=folder)
    first.select_chip(1_000)
    first.click_circle(1)
    # Player TS 9H = 19 stands against the dealer's 8C 9D = 17: won $10.
    first.press(Action.DEAL, shoe="TS 8C 9H 9D")
    first.press(Action.STAND)
    shown = first.window.status.last_result_text
    assert shown != "\N{EM DASH}"
    first.controller.bankroll.close()
    first.window.hide()

    second = open_table("blackjack", folder=folder)
    drain(second.qtbot)
    assert second.window.status.last_result_text == shown
    assert second.controller.table is None  # the felt itself is cleared
    second.controller.bankroll.close()
    second.window.hide()
    third = open_table("pontoon", folder=folder)  # another table's result is not its own
    drain(third.qtbot)
    assert third.window.status.last_result_text == "\N{EM DASH}"
