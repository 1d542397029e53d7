"""Insurance and Buster chips stay on the felt until the money they stand for moves, in step with
the panel (docs/decisions.md, "Table realism"): played at the normal speed through the real window,
the
felt's chips and the panel read after every event the animation shows.

The panel shows the money before the step until its chips reach the player, then the money
after it (held_back.py): until the dealer first sweeps or pays, the chips on the felt are
exactly what the panel says is ON THE TABLE."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from casino_gui.engine.round import Action
from casino_gui.gui.table.animation import Speed
from casino_gui.gui.table.chip_item import ChipStackItem
from tests.gui.conftest import Table
from tests.gui.test_settling_money_shown import START, cents
from tests.gui.test_table_rounds import answer_insurance

Open = Callable[..., Table]
Seen = tuple[str, int, int, int]  # the event shown; the panel's bankroll and on the table; felt


def chips_on_felt(table: Table) -> int:
    """Every chip drawn on the felt: circles, the insurance line, Buster circles, loose stacks."""
    return sum(
        item.amount
        for item in table.window.scene.items()
        if isinstance(item, ChipStackItem) and item.isVisible()
    )


def watched(table: Table, action: Action) -> list[Seen]:
    """Press `action` at the normal speed; after each event shown: its name, the panel's
    figures and the chips on the felt."""
    controller, status = table.controller, table.window.status
    controller.speed = Speed.NORMAL
    seen: list[tuple[int, int, int]] = []

    def sample() -> None:
        money = cents(status.bankroll_text), cents(status.on_table_text)
        seen.append((*money, chips_on_felt(table)))

    controller.animator.stepped.connect(sample)
    try:
        table.press(action)
    finally:
        controller.animator.stepped.disconnect(sample)
    round_ = controller.bankroll.table
    assert round_ is not None
    names = [type(event).__name__ for event in round_.history[-1].events]
    return [(name, *figures) for name, figures in zip(names, seen, strict=True)]


def test_caribbean_21_late_insurance_stays_on_the_felt_until_it_is_paid(open_table: Open) -> None:
    # $10 on 9S 7H = 16 against the dealer's AH; $3 of late insurance. On STAND the dealer
    # draws KD QC, a Caribbean 21: the insurance pays 9:1 ($27 and its $3), the hand loses.
    table = open_table("caribbean_21")
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="9S AH 7H KD QC")
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.mouseClick(table.window.bar.button(Action.INSURE), Qt.MouseButton.LeftButton)
        answer_insurance(table, [100, 100, 100])
    assert table.window.scene.insurance[1].amount == 300
    assert chips_on_felt(table) == 1_300
    held = START - 1_300  # the bankroll while the stakes are on the table
    assert watched(table, Action.STAND) == [
        ("HandStood", held, 1_300, 1_300),  # $10 in the circle, $3 on the insurance line
        ("CardDealt", held, 1_300, 1_300),
        ("CardDealt", held, 1_300, 1_300),
        ("DealerStood", held, 1_300, 1_300),
        ("SideBetSettled", held, 1_300, 1_300 + 2_700),  # $27 paid beside the $3
        ("HandSettled", held, 1_300, 300 + 2_700),  # the $10 swept to the dealer
        ("RoundSettled", START + 1_700, 0, 0),  # all home to the rack: the money after
    ]
    assert table.controller.bankroll.balance == START + 1_700


def test_caribbean_21_late_insurance_lost_is_swept_when_the_dealer_finishes(
    open_table: Open,
) -> None:
    # $10 on TS 9H = 19 against AH; $5 of late insurance. The dealer draws 6D TC = 17: the
    # insurance is lost, the hand wins even money.
    table = open_table("caribbean_21")
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS AH 9H 6D TC")
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.mouseClick(table.window.bar.button(Action.INSURE), Qt.MouseButton.LeftButton)
        answer_insurance(table, [500])
    held = START - 1_500
    assert watched(table, Action.STAND) == [
        ("HandStood", held, 1_500, 1_500),
        ("CardDealt", held, 1_500, 1_500),
        ("CardDealt", held, 1_500, 1_500),
        ("DealerStood", held, 1_500, 1_500),
        ("SideBetSettled", held, 1_500, 1_000),  # the $5 swept to the dealer
        ("HandSettled", held, 1_500, 2_000),  # $10 paid beside the $10
        ("RoundSettled", START + 500, 0, 0),
    ]


def test_a_buster_bet_stays_in_its_circle_until_it_is_paid(open_table: Open) -> None:
    # No Bust 21: $10 on TS 7S = 17 and $10 on Buster; the dealer's TH 6H draws 8D, a
    # three-card 24: the hand wins even money and the Buster bet pays 1:1.
    table = open_table("no_bust_21")
    table.select_chip(1_000)
    table.click_circle(1)
    table.click_circle(1, kind="buster")
    table.press(Action.DEAL, shoe="TS TH 7S 6H 8D")
    assert table.window.scene.busters[1].amount == 1_000
    held = START - 2_000
    assert watched(table, Action.STAND) == [
        ("HandStood", held, 2_000, 2_000),  # $10 in the circle, $10 in its Buster circle
        ("DealerRevealed", held, 2_000, 2_000),
        ("CardDealt", held, 2_000, 2_000),
        ("DealerBusted", held, 2_000, 2_000),
        ("HandSettled", held, 2_000, 3_000),
        ("SideBetSettled", held, 2_000, 4_000),
        ("RoundSettled", START + 2_000, 0, 0),
    ]


def test_insurance_lost_at_the_peek_goes_at_once_with_its_money(open_table: Open) -> None:
    # Blackjack: $10 on 8S 8D against AH; insurance ($5) bought and lost in one step, the
    # dealer's 7C is no ten. No hand is settled: the panel shows the store's money at once
    # (test_settling_money.py) and the felt agrees, the $5 never standing on it.
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="8S AH 8D 7C 3H TC 9S")
    after = START - 1_500
    assert watched(table, Action.INSURE) == [
        ("InsuranceTaken", after, 1_000, 1_000),
        ("DealerPeeked", after, 1_000, 1_000),
        ("SideBetSettled", after, 1_000, 1_000),
        ("TurnStarted", after, 1_000, 1_000),
    ]
