"""The table never hides what happened (docs/decisions.md, "Table realism"): a round's result
stays on the felt until the next DEAL, whatever the player clicks meanwhile; a refusal after
the round keeps its summary in view. Played at the normal speed through the real window, with
real clicks and keys. Cards are spelled out; amounts in cents."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from casino_gui.engine.round import Action, Phase
from casino_gui.gui.table.animation import Speed
from casino_gui.gui.table.messages import Severity
from casino_gui.gui.table.refusals import NO_ROUND
from tests.gui.conftest import Table
from tests.gui.test_input_never_lost import dealt

Open = Callable[..., Table]
WAIT_MS = 10_000
# Player TS 6H (16) against the dealer's 6C and 4D in the hole; he draws 9C to 19.
DEALER_DRAWS = "TS 6C 6H 4D 9C"
SUMMARY = "Dealer has 19 · Circle 1: Lose \N{MINUS SIGN}$10.00 · Round \N{MINUS SIGN}$10.00"


def sixteen(open_table: Open) -> Table:
    """$10 on circle 1, 16 against the dealer's 10 dealt, at the normal speed."""
    return dealt(open_table, DEALER_DRAWS)


def result_on_the_felt(table: Table) -> list[str]:
    scene = table.window.scene
    return [badge.text for badge in scene.results.values() if badge.isVisible() and badge.text]


def at_rest(table: Table) -> None:
    table.qtbot.waitUntil(
        lambda: not table.controller.busy and not table.controller.animator.flying,
        timeout=WAIT_MS,
    )


def test_a_chip_placed_while_the_dealer_draws_waits_beside_the_rounds_result(
    open_table: Open,
) -> None:
    table = sixteen(open_table)
    scene = table.window.scene
    table.select_chip(2_500)
    table.qtbot.mouseClick(table.window.bar.button(Action.STAND), Qt.MouseButton.LeftButton)
    # The dealer's third card is on its way: the next bet, pre-placed.
    table.qtbot.waitUntil(
        lambda: table.controller.busy and len(scene.dealer_cards) == 3, timeout=WAIT_MS
    )
    table.click_circle(2)
    at_rest(table)
    assert table.controller.bankroll.table is not None
    assert table.controller.bankroll.table.phase is Phase.SETTLED
    # The round played out and its result is on the felt, the new chip on its circle.
    assert table.controller.pending.bets == {2: 2_500}
    assert scene.circles[2].amount == 2_500
    assert result_on_the_felt(table) == ["LOSE \N{MINUS SIGN}$10.00"]
    assert [str(item.card) for item in scene.dealer_cards] == ["6C", "4D", "9C"]
    assert [len(cards) for cards in scene.hand_cards.values()] == [2]
    assert scene.dealer_total.text == "19"
    assert table.window.status.message_text == SUMMARY
    assert table.window.status.last_result_text == "LOSE \N{MINUS SIGN}$10.00"
    # It stays so through more chips, until DEAL gathers it.
    table.click_circle(3)
    at_rest(table)
    assert result_on_the_felt(table) == ["LOSE \N{MINUS SIGN}$10.00"]
    assert table.window.status.message_text == SUMMARY
    table.controller.speed = Speed.INSTANT
    table.press(Action.DEAL, shoe="TS 6C 6H 4D 9C 8S 7H")
    assert result_on_the_felt(table) == []
    assert sorted(table.controller.table.spots) == [2, 3]


def test_a_stray_key_after_the_round_keeps_its_summary_in_view(open_table: Open) -> None:
    table = sixteen(open_table)
    table.controller.speed = Speed.INSTANT
    table.press(Action.STAND)
    assert table.window.status.message_text == SUMMARY
    table.qtbot.keyClick(table.window, Qt.Key.Key_H)  # no round to hit
    said = table.window.status.message_text
    assert said.startswith(NO_ROUND) and said.endswith(SUMMARY)
    assert table.window.status.message_kind is Severity.ERROR


def test_deal_pressed_before_the_result_was_shown_is_refused(open_table: Open) -> None:
    table = sixteen(open_table)
    scene = table.window.scene
    settling = table.controller.bankroll.round_id
    table.qtbot.mouseClick(table.window.bar.button(Action.STAND), Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(
        lambda: table.controller.busy and len(scene.dealer_cards) == 3, timeout=WAIT_MS
    )
    table.qtbot.keyClick(table.window, Qt.Key.Key_Return)  # DEAL, before the result is out
    table.qtbot.waitUntil(
        lambda: table.window.status.message_text.startswith("Not dealt"), timeout=WAIT_MS
    )
    at_rest(table)
    assert table.controller.bankroll.round_id == settling  # no new round
    assert result_on_the_felt(table) == ["LOSE \N{MINUS SIGN}$10.00"]
    assert table.window.status.message_text == (
        f"Not dealt: DEAL was pressed before the last round's result was shown. {SUMMARY}"
    )
    table.controller.next_shoe = "TS 6C 6H 4D 9C"
    table.key(Qt.Key.Key_Return)  # now he has seen it
    assert table.controller.bankroll.round_id != settling
