"""Split hands' own stacks of chips in their circle: readable at 800 x 600, never on the circle's
number, never touching each other, however many chips stacks a hand stands (a hand over $1,000
stands two), nor the Buster circle down on the left."""

from __future__ import annotations

import doctest
from collections.abc import Callable

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QApplication

from casino_gui.engine.cards import Card
from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Action
from casino_gui.gui.table import split_stacks
from casino_gui.gui.table.animation import Speed
from casino_gui.gui.table.betting_circle import BettingCircle
from casino_gui.gui.table.scene import TableScene
from tests.gui.conftest import Table

Open = Callable[..., Table]


def touching_stacks(scene: TableScene, spot: int) -> list[tuple[int, int]]:
    hands = [hand for hand, at in scene.hand_spot.items() if at == spot]
    boxes = [(hand, scene.hand_chips[hand].sceneBoundingRect()) for hand in hands]
    return [
        (hand, other)
        for index, (hand, box) in enumerate(boxes)
        for other, other_box in boxes[index + 1 :]
        if box.intersects(other_box)
    ]


def ring(circle: BettingCircle) -> QPainterPath:
    return circle.mapToScene(circle.shape())


def test_the_rows_doctests() -> None:
    failures, tried = doctest.testmod(split_stacks)
    assert tried > 0 and failures == 0


@pytest.mark.parametrize(("hands", "largest"), [(3, True), (4, False)])
def test_split_hands_at_800_by_600_stand_readable_stacks_off_the_circles_number(
    open_table: Open, hands: int, largest: bool
) -> None:
    # $200 on 8S 8D against the dealer's 6H; each split draws another eight.
    table = open_table("blackjack", split_max_hands=hands)
    table.window.resize(800, 600)
    table.qtbot.waitUntil(lambda: table.window.width() == 800, timeout=2_000)
    table.select_chip(10_000)
    table.click_circle(1)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="8S 6H 8D TD 8C 8H 2S 3S 4S 5S 6S 7S")
    for _ in range(hands - 1):
        table.press(Action.SPLIT)
    scene = table.window.scene
    stacks = [scene.hand_chips[hand] for hand in scene.hand_order]
    assert [stack.amount for stack in stacks] == [20_000] * hands
    assert touching_stacks(scene, 1) == []
    circle = scene.circles[1]
    assert not circle.label_shown(), "the hands' stacks stand where the number is printed"
    # Three hands' chips are as large as the circle's own; four share the row a little smaller,
    # still larger than every split hand's were (0.62).
    sizes = {stack.scale() for stack in stacks}
    assert sizes == {circle.chips.scale()} if largest else min(sizes) > 0.62
    while Action.STAND in table.lit:
        table.press(Action.STAND)
    table.select_chip(100)
    table.click_circle(2)  # the next round's bets: the cards are gathered
    assert circle.label_shown()


@pytest.mark.parametrize("game", ["blackjack", "no_bust_21"])
@pytest.mark.parametrize("circles", [3, 5])
def test_split_hands_over_1000_dollars_each_stand_apart_and_off_the_buster_circle(
    qapp: QApplication, game: str, circles: int
) -> None:
    rules = rules_for(game).replace(circles=circles, split_max_hands=4, max_bet=500_000)
    scene = TableScene(rules)
    for spot in range(1, circles + 1):
        for hand in range(4):
            hand_id = spot * 10 + hand
            scene.add_hand(hand_id, spot)
            for text in ("8S", "9D"):
                scene.new_card(hand_id, Card.parse(text), face_up=True)
            scene.hand_chips[hand_id].set_amount(200_000)  # $2,000: two stacks of chips
    for item, point in scene.targets().items():
        item.setPos(point)
    scene.place_labels()
    assert {len(stack.stacks) for stack in scene.hand_chips.values()} == {2}
    for spot in range(1, circles + 1):
        assert touching_stacks(scene, spot) == []
    on_buster = [
        (hand, spot)
        for hand, stack in scene.hand_chips.items()
        for spot, buster in scene.busters.items()
        if ring(buster).intersects(stack.sceneBoundingRect())
    ]
    assert on_buster == []


def test_a_new_split_hands_stack_stands_in_its_circle_while_the_cards_move(
    open_table: Open,
) -> None:
    # $10 on 8S 8D against 6H, split at the normal speed: sampled every 10 ms, both hands'
    # stacks stand in circle 1, at their row's size, never at the felt's corner.
    table = open_table("blackjack")
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="8S 6H 8D TD 3C 4C")
    table.controller.speed = Speed.NORMAL
    scene = table.window.scene
    circle = scene.circles[1].sceneBoundingRect()
    seen: list[tuple[int, bool, float]] = []

    def sample() -> None:
        for hand, stack in scene.hand_chips.items():
            if stack.amount and stack.isVisible():
                box = stack.sceneBoundingRect()
                seen.append((hand, circle.intersects(box), stack.scale()))

    timer = QTimer()
    timer.timeout.connect(sample)
    timer.start(10)
    try:
        table.press(Action.SPLIT)
    finally:
        timer.stop()
    assert {hand for hand, _, _ in seen} == {1, 2}
    assert {(inside, scale) for _, inside, scale in seen} == {(True, 0.8)}
