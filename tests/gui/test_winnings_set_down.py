"""Winnings are set down beside the bet they pay, never over it nor over the felt's print: the
loose stacks on the felt after every event of a settlement, through the real window."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF

from casino_gui.engine.round import Action
from tests.gui.conftest import Table
from tests.gui.felt_layout import ROUNDS, bet_and_deal, play_out

Open = Callable[..., Table]


Stack = tuple[int, QRectF, bool]  # amount, outline, whether it is winnings (not a bet)


def watch_stacks(table: Table) -> list[list[Stack]]:
    """After each event shown: the loose stacks on the felt. The bets are set down loose as
    the settlement begins; the winnings come later."""
    scene = table.window.scene
    seen: list[list[Stack]] = []
    bets: set[int] = set()

    def sample() -> None:
        if not bets:
            bets.update(id(stack) for stack in scene.moving)
        seen.append([(s.amount, s.sceneBoundingRect(), id(s) not in bets) for s in scene.moving])

    table.controller.animator.stepped.connect(sample)
    return seen


def touching(stacks: list[Stack]) -> list[str]:
    """Winnings that touch a bet or other winnings."""
    return [
        f"${a / 100:.2f} at {box.getRect()} / ${b / 100:.2f} at {other.getRect()}"
        for index, (a, box, paid) in enumerate(stacks)
        for b, other, other_paid in stacks[index + 1 :]
        if (paid or other_paid) and box.intersects(other)
    ]


def test_a_won_hands_winnings_stand_clear_of_its_bet_and_plate(open_table: Open) -> None:
    # $50 on TS TD = 20 against the dealer's 7H QC = 17: paid $50 beside the $50.
    table = open_table("blackjack")
    seen = watch_stacks(table)
    table.select_chip(2_500)
    table.click_circle(1)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 7H TD QC")
    table.press(Action.STAND)
    paid = [stacks for stacks in seen if sorted(a for a, _, _ in stacks) == [5_000, 5_000]]
    assert paid, "the bet and its winnings stood on the felt together"
    assert [touching(stacks) for stacks in paid] == [[]] * len(paid)


def test_split_hands_and_buster_winnings_touch_no_bet_and_not_the_buster_print(
    open_table: Open,
) -> None:
    # Spot 1 splits 8-8, doubles one hand ($50) and hits the other ($25), spot 2 stands on
    # $10, $1 on spot 1's Buster: the dealer busts, everything is paid.
    table = open_table("no_bust_21")
    scene = table.window.scene
    buster = scene.busters[1]
    printed = buster.mapRectToScene(buster.label_rect())
    seen = watch_stacks(table)
    bet_and_deal(table, ROUNDS["no_bust_21"])
    play_out(table)
    everything = seen[-2]  # before the chips go home: four bets and their four winnings
    assert sorted(a for a, _, _ in everything) == [
        100,
        100,
        1_000,
        1_000,
        2_500,
        2_500,
        5_000,
        5_000,
    ]
    over_print = [a for stacks in seen for a, box, _ in stacks if box.intersects(printed)]
    assert over_print == []
    assert [touching(stacks) for stacks in seen] == [[]] * len(seen)


def test_insurance_winnings_stand_clear_of_the_insurance_and_the_circle(open_table: Open) -> None:
    # $10 on 9S 7H against the dealer's AS; $5 of insurance; his KD makes a blackjack: the
    # insurance is paid $10 beside its $5, the hand's $10 goes to the dealer.
    table = open_table("blackjack")
    seen = watch_stacks(table)
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="9S AS 7H KD")
    table.press(Action.INSURE)
    assert any(sorted(a for a, _, _ in stacks) == [500, 1_000, 1_000] for stacks in seen)
    assert [touching(stacks) for stacks in seen] == [[]] * len(seen)
    circle = table.window.scene.circles[1].sceneBoundingRect()
    assert [
        a for stacks in seen for a, box, paid in stacks if paid and box.intersects(circle)
    ] == []


def test_the_buster_result_stands_clear_of_the_buster_bets_chips_and_plate(
    open_table: Open,
) -> None:
    # The round above: "BUSTER +$1.00" is shown while the $1 stake still stands in its circle.
    table = open_table("no_bust_21")
    scene = table.window.scene
    covered: list[str] = []

    def sample() -> None:
        for (_spot, kind), badge in scene.side_results.items():
            if kind == "buster" and badge.text:
                box = badge.sceneBoundingRect()
                covered.extend(
                    f"{badge.text!r} / ${stack.amount / 100:.2f}"
                    for stack in scene.moving
                    if stack.sceneBoundingRect().intersects(box)
                )

    table.controller.animator.stepped.connect(sample)
    bet_and_deal(table, ROUNDS["no_bust_21"])
    play_out(table)
    assert scene.side_results[1, "buster"].text == "BUSTER +$1.00"
    assert covered == []
