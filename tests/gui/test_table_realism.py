"""The table as a casino lays it out: the discard tray, a double's card laid sideways, split
hands' own stacks, big bets in several stacks, and chips and cards that glide at the chosen
speed (docs/decisions.md, "Table realism"). Real window, real clicks, stacked shoes."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractAnimation, QPointF, QRectF
from PySide6.QtWidgets import QGraphicsObject

from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Action, Phase
from casino_gui.gui.table import motion
from casino_gui.gui.table.animation import Speed
from casino_gui.gui.table.card_item import CardItem
from casino_gui.gui.table.chip_item import ChipItem, ChipStackItem
from casino_gui.gui.table.geometry import DEALER_TRAY, PLAYER_RACK
from tests.gui.conftest import Table

Open = Callable[..., Table]

# Spot 1: 8S 8D split; 8S 3C doubles and draws KC (21); 8D 2S hits 9C (19). Spot 2: TC 9H
# stands. The dealer 6H TD draws 7S and busts: 11 cards dealt.
SPLIT_AND_DOUBLE = "8S TC 6H 8D 9H TD 3C KC 2S 9C 7S"
# One spot: 5S 6H against the dealer's 9C (8D in the hole); double draws TC (21).
DOUBLE = "5S 9C 6H 8D TC"


def play_split_and_double(table: Table) -> None:
    table.select_chip(2_500)
    table.click_circle(1)
    table.select_chip(1_000)
    table.click_circle(2)
    table.press(Action.DEAL, shoe=SPLIT_AND_DOUBLE)
    table.press(Action.SPLIT)
    table.press(Action.DOUBLE)


def finish_split_and_double(table: Table) -> None:
    table.press(Action.HIT)
    table.press(Action.STAND)
    table.press(Action.STAND)
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED
    assert table.controller.bankroll.balance == 100_000 + 8_500


def cards_on_felt(table: Table) -> int:
    scene = table.window.scene
    return len(scene.dealer_cards) + sum(len(cards) for cards in scene.hand_cards.values())


def test_the_tray_takes_the_rounds_cards_and_empties_when_the_next_shoe_is_shuffled(
    open_table: Open,
) -> None:
    table = open_table()
    scene = table.window.scene
    assert scene.tray.count == 0
    play_split_and_double(table)
    finish_split_and_double(table)
    round_ = table.controller.table
    assert round_ is not None
    # Settled: the cards stay on the felt to be read; none is in the tray yet.
    assert cards_on_felt(table) == 11 and scene.tray.count == 0
    table.select_chip(500)
    table.click_circle(1)  # the next round's first chip: the round stays until DEAL
    assert cards_on_felt(table) == 11 and scene.tray.count == 0
    tray: list[int] = []
    scene.tray.count_changed.connect(tray.append)
    table.press(Action.DEAL, shoe=DOUBLE)  # a new shoe, shuffled for the new round
    assert tray == [11, 0] == [round_.shoe.dealt, 0]
    assert scene.tray.count == 0 == table.controller.picture().discards
    assert cards_on_felt(table) == 4


def test_deal_straight_after_a_round_sends_its_cards_through_the_tray(open_table: Open) -> None:
    table = open_table()
    table.controller.speed = Speed.FAST
    play_split_and_double(table)
    finish_split_and_double(table)
    tray: list[int] = []
    scene = table.window.scene
    labels_seen: list[list[str]] = []

    def landed(count: int) -> None:
        tray.append(count)
        badges = [*scene.totals.values(), *scene.results.values(), scene.dealer_total]
        labels_seen.append([badge.text for badge in badges if badge.isVisible() and badge.text])

    scene.tray.count_changed.connect(landed)
    table.press(Action.DEAL, shoe=SPLIT_AND_DOUBLE)  # DEAL repeats the bets
    assert tray == [11, 0]  # gathered into the tray, then shuffled into the new shoe
    # The totals and results went with their cards, not after them.
    assert labels_seen[0] == []
    assert cards_on_felt(table) == 6 and table.window.scene.tray.count == 0


def test_the_tray_and_a_sideways_card_come_back_after_a_resume(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "casino"
    first = open_table(folder=folder)
    play_split_and_double(first)
    before = first.controller.picture()
    first.controller.bankroll.close()
    first.window.hide()

    second = open_table(folder=folder)
    with second.qtbot.waitSignal(second.controller.idle, timeout=10_000):
        resuming = asyncio.ensure_future(second.controller.resume())
    assert resuming.done()
    after = second.controller.picture()
    assert after.hands == before.hands and after.discards == before.discards == 0
    scene = second.window.scene
    doubled = after.hands[0]
    assert [item.sideways for item in scene.hand_cards[doubled.hand_id]] == [False, False, True]
    assert second.controller.animator.played == 0  # a resume shows the table at once
    finish_split_and_double(second)
    tray: list[int] = []
    scene.tray.count_changed.connect(tray.append)
    second.press(Action.DEAL, shoe=DOUBLE)
    assert tray[0] == 11  # the resumed round's cards, all gathered to the tray


def test_a_doubled_hands_card_lies_sideways_and_stays_readable(open_table: Open) -> None:
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe=DOUBLE)
    table.press(Action.DOUBLE)
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED
    assert table.controller.bankroll.balance == 100_000 + 2_000  # 21 beats 17
    items = table.window.scene.hand_cards[round_.hands[0].id]
    assert [item.sideways for item in items] == [False, False, True]
    upright, across = (item.sceneBoundingRect() for item in (items[1], items[2]))
    assert across.width() > across.height() and upright.height() > upright.width()
    # Its rank index (the top-left corner of the face) is not under another card: the
    # sideways card is the top one and it reaches past the hand's upright cards.
    assert items[2].zValue() > items[1].zValue()
    assert across.right() > upright.right() + 20
    assert table.window.scene.totals[round_.hands[0].id].text == "21"


def test_split_hands_stand_their_own_stacks_by_their_cards(open_table: Open) -> None:
    table = open_table()
    play_split_and_double(table)
    scene = table.window.scene
    picture = table.controller.picture()
    first, second = (hand for hand in picture.hands if hand.spot == 1)
    stacks = scene.hand_chips[first.hand_id], scene.hand_chips[second.hand_id]
    assert (stacks[0].amount, stacks[1].amount) == (5_000, 2_500)  # the double shows
    # Each hand's label, right above its stack, says its stake to the cent.
    assert [scene.totals[h.hand_id].text for h in (first, second)] == ["21 · $50.00", "10 · $25.00"]
    assert scene.circles[1].amount == 0  # no heap in the circle
    assert scene.circles[2].amount == 1_000  # an unsplit spot keeps its chips in its circle
    boxes = [stack.sceneBoundingRect() for stack in stacks]
    assert not boxes[0].intersects(boxes[1])
    for hand, box in zip((first, second), boxes, strict=True):
        cards = QRectF()
        for item in scene.hand_cards[hand.hand_id]:
            cards = cards.united(item.sceneBoundingRect())
        assert cards.left() <= box.center().x() <= cards.right()  # under its own cards
    table.press(Action.HIT)
    table.press(Action.STAND)
    table.press(Action.STAND)
    assert all(stack.amount == 0 for stack in scene.hand_chips.values())  # paid and taken


def test_a_bet_of_2500_dollars_stands_as_several_stacks(open_table: Open) -> None:
    table = open_table(max_bet=500_000)
    table.select_chip(50_000)
    table.click_circle(1)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="AS 9H KD 7C")  # a natural: +$1,500
    assert table.controller.bankroll.balance == 250_000
    for _ in range(5):
        table.click_circle(1)
    stack = table.window.scene.circles[1].chips
    assert stack.amount == 250_000 and stack.label == "$2,500.00"
    assert stack.stacks == ((50_000, 50_000), (50_000, 50_000), (50_000,))
    table.press(Action.DEAL, shoe="TS 9H 9D 7C")  # 19 against 16: the chips stay in play
    assert table.window.scene.circles[1].chips.stacks == stack.stacks


def test_the_instant_speed_plays_no_animation(open_table: Open) -> None:
    table = open_table()
    assert table.controller.speed is Speed.INSTANT
    play_split_and_double(table)
    finish_split_and_double(table)
    table.select_chip(500)
    table.click_circle(1)
    table.press(Action.DEAL, shoe=DOUBLE)
    animator = table.controller.animator
    assert animator.played == 0 and not animator.flying
    assert not [item for item in table.window.scene.items() if isinstance(item, ChipItem)]


def test_at_the_fast_speed_cards_and_chips_glide_and_land(open_table: Open) -> None:
    table = open_table()
    table.controller.speed = Speed.FAST
    animator, scene = table.controller.animator, table.window.scene
    table.select_chip(2_500)
    table.click_circle(1)
    flying = [item for item in scene.items() if isinstance(item, ChipItem)]
    assert len(flying) == 1 and animator.flying  # from the rack's side to the circle
    assert flying[0].cents == 2_500  # the chip placed
    start = flying[0].pos()
    assert abs(start.x() - PLAYER_RACK.x()) < 1 and abs(start.y() - PLAYER_RACK.y()) < 1
    table.qtbot.waitUntil(lambda: not animator.flying, timeout=5_000)
    assert not [item for item in scene.items() if isinstance(item, ChipItem)]
    assert scene.circles[1].amount == 2_500
    table.select_chip(1_000)
    table.click_circle(2)
    table.qtbot.waitUntil(lambda: not animator.flying, timeout=5_000)
    table.press(Action.DEAL, shoe=SPLIT_AND_DOUBLE)
    table.press(Action.SPLIT)
    table.press(Action.DOUBLE)
    finish_split_and_double(table)
    played = animator.played
    assert played > 0
    table.select_chip(500)
    table.click_circle(1)
    assert animator.flying and cards_on_felt(table) == 11  # the chip flies beside the result
    table.qtbot.waitUntil(lambda: not animator.flying, timeout=5_000)
    assert cards_on_felt(table) == 11 and animator.played > played
    table.press(Action.DEAL, shoe=DOUBLE)  # the cards glide to the tray, the new ones come
    assert cards_on_felt(table) == 4 and animator.played > played + 1


def test_the_chip_that_flies_in_is_the_one_placed_even_the_last_one_affordable(
    open_table: Open,
) -> None:
    table = open_table()
    table.controller.speed = Speed.FAST
    animator, scene = table.controller.animator, table.window.scene
    table.select_chip(50_000)
    table.click_circle(1)
    table.qtbot.waitUntil(lambda: not animator.flying, timeout=5_000)
    table.click_circle(2)  # the whole $1,000 is on the table: no $500 chip is affordable now
    flying = [item for item in scene.items() if isinstance(item, ChipItem)]
    assert [chip.cents for chip in flying] == [50_000]
    table.qtbot.waitUntil(lambda: not animator.flying, timeout=5_000)


def test_settled_chips_slide_to_the_dealer_and_from_him_then_to_the_player(
    open_table: Open, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spot 1 ($25) stands on 17 and loses, spot 2 ($10) stands on 19 and wins, against 18."""
    slides: list[tuple[str, int | None, QPointF, QPointF]] = []
    real = motion.slide_animation

    def recorded(item: QGraphicsObject, target: QPointF, duration: int) -> QAbstractAnimation:
        amount = item.amount if isinstance(item, ChipStackItem) else None
        slides.append((type(item).__name__, amount, QPointF(item.pos()), QPointF(target)))
        return real(item, target, duration)

    monkeypatch.setattr(motion, "slide_animation", recorded)
    table = open_table()
    table.controller.speed = Speed.FAST
    table.select_chip(2_500)
    table.click_circle(1)
    table.select_chip(1_000)
    table.click_circle(2)
    table.qtbot.waitUntil(lambda: not table.controller.animator.flying, timeout=5_000)
    table.press(Action.DEAL, shoe="TS TC 8H 7C 9H TD")
    table.press(Action.STAND)
    slides.clear()
    table.press(Action.STAND)
    assert table.controller.bankroll.balance == 100_000 - 2_500 + 1_000
    stacks = [
        (amount, start, end) for kind, amount, start, end in slides if kind == "ChipStackItem"
    ]
    lost = [s for s in stacks if s[2] == DEALER_TRAY]
    paid = [s for s in stacks if s[1] == DEALER_TRAY]
    home = [s for s in stacks if s[2] == PLAYER_RACK]
    assert [amount for amount, _, _ in lost] == [2_500]  # the losing bet to the dealer
    assert [amount for amount, _, _ in paid] == [1_000]  # the winnings from him to the hand
    assert sorted(amount for amount, _, _ in home) == [1_000, 1_000]  # bet and winnings home
    assert stacks.index(paid[0]) < stacks.index(home[0])  # to the hand first, then home
    assert not table.window.scene.moving


def test_a_new_table_while_cards_fly_to_the_tray_forgets_them(open_table: Open) -> None:
    table = open_table()
    play_split_and_double(table)
    finish_split_and_double(table)
    table.controller.speed = Speed.NORMAL
    animator = table.controller.animator
    table.click_circle(1)
    assert animator.flying  # the cards are on their way to the tray
    table.controller.set_rules(rules_for("pontoon"))
    assert not animator.flying and table.window.scene.tray.count == 0
    assert cards_on_felt(table) == 0
    # The old flights are stopped, not left to land on the new table: no animation runs.
    running = QAbstractAnimation.State.Running
    assert not [
        a for a in gc.get_objects() if isinstance(a, QAbstractAnimation) and a.state() == running
    ]
    assert not [item for item in table.window.scene.items() if isinstance(item, CardItem)]


@pytest.mark.parametrize("speed", [Speed.INSTANT, Speed.FAST])
def test_split_aces_settled_in_the_same_step_pay_each_hand_from_its_own_stack(
    open_table: Open, speed: Speed
) -> None:
    # AS AD against 6H (TD in the hole): split aces take one card each (9C, 8C) and stand; the
    # dealer draws 7S and busts: the split, both hands and the settlement are one step.
    table = open_table()
    table.controller.speed = speed
    table.select_chip(1_000)
    table.click_circle(1)
    table.qtbot.waitUntil(lambda: not table.controller.animator.flying, timeout=5_000)
    table.press(Action.DEAL, shoe="AS 6H AD TD 9C 8C 7S")
    table.press(Action.SPLIT)
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED
    assert table.controller.bankroll.balance == 100_000 + 2_000
    assert all(stack.amount == 0 for stack in table.window.scene.hand_chips.values())
    assert not table.window.scene.moving  # every chip paid and taken home
