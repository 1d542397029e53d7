"""No input is lost while the table animates (docs/architecture.md, "The window"): a click or a key
during the deal, a hit, a double, a split, the dealer's turn, the settlement's sweep or the
chips going home hurries the animation to its end and acts once the step is over, in order; one
that can never act says why, and so does a move pressed before its hand was shown as the hand
to play (`test_unseen_moves.py`). Played at the normal speed through the real window, with real
clicks and keys."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt

from casino_gui.engine import actions_of
from casino_gui.engine.round import Action, Phase
from casino_gui.gui.table.animation import Animator, Speed
from casino_gui.gui.table.refusals import NO_ROUND
from tests.gui.conftest import Table

Open = Callable[..., Table]
WAIT_MS = 10_000
# Player 5S 6H (11) against the dealer's 9C, 8D in the hole; then 2C, 7H, ...
ELEVEN = "5S 9C 6H 8D 2C 7H"
# Player 8S 8D against 9C, 7H in the hole; then 3H, TC, 2C, ...
EIGHTS = "8S 9C 8D 7H 3H TC 2C 9D"


@pytest.fixture
def collecting(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """A probe: its list holds True while the settled chips slide home to the player."""
    flag = [False]
    collect = Animator._collect

    async def probe(animator: Animator) -> None:
        flag[0] = True
        try:
            await collect(animator)
        finally:
            flag[0] = False

    monkeypatch.setattr(Animator, "_collect", probe)
    yield flag


def dealt(open_table: Open, shoe: str) -> Table:
    """$10 on circle 1, dealt at the normal speed, the first decision waiting."""
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe=shoe)
    table.controller.speed = Speed.NORMAL
    return table


def moving(table: Table) -> bool:
    """A step plays and something on the felt is still moving."""
    return table.controller.busy and table.controller.animator.tempo.moving


def click(table: Table, action: Action) -> None:
    """A click on `action`'s button, lit or dark."""
    table.qtbot.mouseClick(table.window.bar.button(action), Qt.MouseButton.LeftButton)


def start(table: Table, action: Action, shoe: str | None = None) -> None:
    """Click `action`'s button and wait until its animation is under way."""
    if shoe is not None:
        table.controller.next_shoe = shoe
    click(table, action)
    table.qtbot.waitUntil(lambda: moving(table), timeout=WAIT_MS)


def sweeping(table: Table) -> bool:
    """A hand's result is shown and its chips are being swept or paid."""
    results = table.window.scene.results.values()
    return table.controller.busy and any(badge.text for badge in results)


def at_rest(table: Table, done: Callable[[], bool]) -> None:
    table.qtbot.waitUntil(lambda: not table.controller.busy and done(), timeout=WAIT_MS)


def actions(table: Table) -> list[str]:
    round_ = table.controller.table
    assert round_ is not None
    return actions_of(round_)


def test_a_key_pressed_while_the_cards_land_says_why_it_is_not_played(open_table: Open) -> None:
    table = open_table()
    table.controller.speed = Speed.NORMAL
    table.select_chip(1_000)
    table.click_circle(1)
    start(table, Action.DEAL, shoe=ELEVEN)
    assert table.controller.table is None or not actions(table)  # the cards are still landing
    table.qtbot.keyClick(table.window, Qt.Key.Key_H)
    at_rest(table, lambda: table.window.status.message_text.startswith("Not played: HIT"))
    assert actions(table) == []  # the hand was not shown as the hand to play when H came


def test_clicks_on_dark_buttons_during_the_deal_each_say_why_after_it(open_table: Open) -> None:
    table = open_table()
    table.controller.speed = Speed.NORMAL
    table.select_chip(1_000)
    table.click_circle(1)
    start(table, Action.DEAL, shoe=ELEVEN)
    assert table.lit == frozenset()  # dark while the cards land
    click(table, Action.HIT)
    table.qtbot.keyClick(table.window, Qt.Key.Key_S)
    at_rest(table, lambda: table.window.status.message_text.startswith("Not played: STAND"))
    assert actions(table) == []


def test_a_key_during_a_hit_card_acts_after_it(open_table: Open) -> None:
    table = dealt(open_table, ELEVEN)
    start(table, Action.HIT)
    table.qtbot.keyClick(table.window, Qt.Key.Key_S)
    at_rest(table, lambda: actions(table) == ["hit", "stand"])


def test_a_click_during_a_hit_card_acts_after_it(open_table: Open) -> None:
    table = dealt(open_table, ELEVEN)
    start(table, Action.HIT)
    click(table, Action.HIT)
    at_rest(table, lambda: actions(table) == ["hit", "hit"])


@pytest.mark.parametrize(
    "press",
    [
        lambda table: table.qtbot.keyClick(table.window, Qt.Key.Key_H),
        lambda table: click(table, Action.STAND),
    ],
    ids=["key H", "click STAND"],
)
def test_input_during_a_double_that_can_never_act_says_why(
    open_table: Open, press: Callable[[Table], None]
) -> None:
    table = dealt(open_table, ELEVEN)
    start(table, Action.DOUBLE)
    press(table)  # the double's one card ends the hand, and the round
    at_rest(table, lambda: table.controller.table.phase is Phase.SETTLED)
    assert actions(table) == ["double"]
    assert table.window.status.message_text.startswith(NO_ROUND)


def test_a_key_during_a_split_hits_the_first_hand(open_table: Open) -> None:
    table = dealt(open_table, EIGHTS)
    start(table, Action.SPLIT)
    table.qtbot.keyClick(table.window, Qt.Key.Key_H)
    at_rest(table, lambda: actions(table) == ["split", "hit"])
    first = table.controller.table.hands[0]
    assert [str(card) for card in first.cards] == ["8S", "3H", "TC"]


def test_a_click_during_a_split_stands_the_first_hand(open_table: Open) -> None:
    table = dealt(open_table, EIGHTS)
    start(table, Action.SPLIT)
    click(table, Action.STAND)
    at_rest(table, lambda: actions(table) == ["split", "stand"])


def test_a_click_on_a_circle_during_the_dealers_turn_bets_once_the_round_is_over(
    open_table: Open,
) -> None:
    table = dealt(open_table, ELEVEN)
    table.select_chip(2_500)
    start(table, Action.STAND)  # the dealer turns his 8D
    table.click_circle(2)
    at_rest(table, lambda: table.controller.pending.bets == {2: 2_500})
    assert table.window.scene.circles[2].amount == 2_500


def test_a_key_during_the_dealers_turn_bets_once_the_round_is_over(open_table: Open) -> None:
    table = dealt(open_table, ELEVEN)
    start(table, Action.STAND)
    table.qtbot.keyClick(table.window, Qt.Key.Key_Plus)  # the selected $10 on circle 1
    at_rest(table, lambda: table.controller.pending.bets == {1: 1_000})


def test_a_click_on_a_circle_while_the_lost_chips_are_swept_bets_after_it(
    open_table: Open,
) -> None:
    table = dealt(open_table, ELEVEN)
    click(table, Action.STAND)
    # The dealer's 17 beats 11: the $10 slides to him.
    table.qtbot.waitUntil(lambda: sweeping(table), timeout=WAIT_MS)
    table.click_circle(3)
    at_rest(table, lambda: table.controller.pending.bets == {3: 1_000})


def twenty(open_table: Open) -> Table:
    """5S 6H hit with 9D: 20 against the dealer's 17, the STAND that wins $10 to come."""
    table = dealt(open_table, "5S 9C 6H 8D 9D")
    table.press(Action.HIT)
    return table


def test_a_key_while_the_winnings_are_paid_acts_after_them(open_table: Open) -> None:
    table = twenty(open_table)
    click(table, Action.STAND)
    table.qtbot.waitUntil(lambda: sweeping(table), timeout=WAIT_MS)
    table.qtbot.keyClick(table.window, Qt.Key.Key_B)  # REBET: the last round's $10 again
    at_rest(table, lambda: table.controller.pending.bets == {1: 1_000})
    assert table.controller.bankroll.balance == 100_000 + 1_000


def test_a_click_while_the_chips_go_home_bets_after_them(
    open_table: Open, collecting: list[bool]
) -> None:
    table = twenty(open_table)
    click(table, Action.STAND)
    table.qtbot.waitUntil(lambda: collecting[0], timeout=WAIT_MS)
    table.click_circle(1)
    at_rest(table, lambda: table.controller.pending.bets == {1: 1_000})


def test_a_key_while_the_chips_go_home_acts_after_them(
    open_table: Open, collecting: list[bool]
) -> None:
    table = twenty(open_table)
    click(table, Action.STAND)
    table.qtbot.waitUntil(lambda: collecting[0], timeout=WAIT_MS)
    table.qtbot.keyClick(table.window, Qt.Key.Key_B)
    at_rest(table, lambda: table.controller.pending.bets == {1: 1_000})
    assert table.controller.bankroll.balance == 100_000 + 1_000


def test_a_key_for_a_move_the_hand_cannot_make_says_why(open_table: Open) -> None:
    table = dealt(open_table, ELEVEN)
    table.qtbot.keyClick(table.window, Qt.Key.Key_P)  # 5S 6H is no pair
    assert actions(table) == []
    assert "split" in table.window.status.message_text.lower()


def test_a_key_between_rounds_says_there_is_no_round(open_table: Open) -> None:
    table = open_table()
    table.qtbot.keyClick(table.window, Qt.Key.Key_H)
    assert table.window.status.message_text == NO_ROUND
