"""The panel while a settlement is animated at the normal speed (docs/decisions.md, "Table
realism"): it
never contradicts the chips on the felt. Until the settled chips reach the player the stakes are
ON THE TABLE and the bankroll waits for their returns; then the store's figures. Sampled on every
event shown and every 10 ms: BANKROLL + ON THE TABLE is the total before the settlement or the
total after it, never a mix, and it ends as the store's."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from PySide6.QtCore import QTimer

from casino_gui.engine.round import Action
from casino_gui.gui.table.animation import Speed
from tests.gui.conftest import Table

Open = Callable[..., Table]
START = 100_000


def cents(text: str) -> int:
    return int(Decimal(text.replace("$", "").replace(",", "")) * 100)


def watched(table: Table, action: Action, shoe: str | None = None) -> list[tuple[int, int]]:
    """Press `action` at the normal speed; the panel's (bankroll, on the table) while busy."""
    controller, status = table.controller, table.window.status
    controller.speed = Speed.NORMAL
    seen: list[tuple[int, int]] = []

    def sample() -> None:
        if controller.busy:
            seen.append((cents(status.bankroll_text), cents(status.on_table_text)))

    timer = QTimer()
    timer.timeout.connect(sample)
    controller.animator.stepped.connect(sample)
    timer.start(10)
    try:
        table.press(action, shoe)
    finally:
        timer.stop()
        controller.animator.stepped.disconnect(sample)
    assert len(seen) > 20  # the settlement took a while, and was watched
    return seen


def assert_never_a_mix(seen: list[tuple[int, int]], before: int, after: int) -> None:
    totals = [balance + on_table for balance, on_table in seen]
    assert set(totals) <= {before, after}
    if after in totals:  # once the chips are home, the money never goes back
        assert before not in totals[totals.index(after) :]


def assert_at_rest(table: Table, balance: int) -> None:
    status = table.window.status
    assert table.controller.bankroll.balance == balance
    assert (cents(status.bankroll_text), cents(status.on_table_text)) == (balance, 0)


def test_a_win_is_on_the_table_until_its_chips_slide_home(open_table: Open) -> None:
    # $10 on TS 9H = 19 stands against the dealer's 8C 9D = 17: $20 back.
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 8C 9H 9D")
    seen = watched(table, Action.STAND)
    assert_never_a_mix(seen, START, START + 1_000)
    assert (START - 1_000, 1_000) in seen  # while the hole card turns and the chips move
    assert seen[-1] == (START + 1_000, 0)  # the chips reached the rack before the rest
    assert_at_rest(table, START + 1_000)


def test_a_double_that_ends_the_round_shows_its_stake_then_the_payout(open_table: Open) -> None:
    # $10 on 6S 5H doubles and draws TC = 21; the dealer's 9C 7D takes 8H = 24: $40 back.
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="6S 9C 5H 7D TC 8H")
    seen = watched(table, Action.DOUBLE)
    assert_never_a_mix(seen, START, START + 2_000)
    assert (START - 2_000, 2_000) in seen  # the double's $10 at once, with the first $10
    assert_at_rest(table, START + 2_000)


def test_a_loss_stays_on_the_table_until_the_dealer_sweeps_it(open_table: Open) -> None:
    # $10 on TS 6H = 16 stands against 8C 9D = 17.
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 8C 6H 9D")
    seen = watched(table, Action.STAND)
    assert_never_a_mix(seen, START, START - 1_000)
    assert (START - 1_000, 1_000) in seen
    assert_at_rest(table, START - 1_000)
