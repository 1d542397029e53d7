"""Table defects a player saw, left over from earlier work: each played through the real
window with real clicks and keys, the cards spelled out."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from casino_gui.engine import BlackjackError, actions_of
from casino_gui.engine.round import Action
from casino_gui.gui.table.animation import Speed
from casino_gui.gui.table.picture import Convenience
from tests.gui.conftest import Table

Open = Callable[..., Table]
START = 100_000
# Circle 1: TS 7D = 17 stands against the dealer's TH 9D = 19: the bet is lost.
LOSE_ONE = "TS TH 7D 9D 5S 5C"


def message(table: Table) -> str:
    return str(table.window.status.message_text)


def click(table: Table, button: object) -> None:
    table.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def engines_reason(table: Table) -> str:
    try:
        table.controller.deal_bets()
    except BlackjackError as error:
        return str(error)
    raise AssertionError("DEAL is lit")


# --- A dark DEAL clicked with the mouse says why, as Enter does ----------------------------------


def test_a_click_on_a_dark_deal_says_the_engines_reason(open_table: Open) -> None:
    table = open_table(min_bet=500)
    deal = table.window.bar.button(Action.DEAL)
    table.select_chip(100)
    table.click_circle(1)  # $1 is under the $5 minimum
    assert not deal.is_lit() and message(table) == ""
    click(table, deal)
    assert message(table) == "$1.00 on circle 1 is outside the table limits ($5.00 to $500.00)."
    assert message(table).rstrip(".").lower() == engines_reason(table).rstrip(".").lower()
    assert table.controller.pending.bets == {1: 100} and table.controller.bankroll.table is None
    assert table.controller.bankroll.balance == START


def test_a_click_on_a_dark_deal_says_the_same_as_enter(open_table: Open) -> None:
    table = open_table("no_bust_21")
    table.select_chip(500)
    table.click_circle(1, kind="buster")  # a Buster bet without its main bet
    table.qtbot.keyClick(table.window, Qt.Key.Key_Return)
    said = message(table)
    assert said == "The Buster bet on circle 1 needs a bet in its circle."
    table.controller.notes = []
    table.controller.refresh()
    assert message(table) == ""
    click(table, table.window.bar.button(Action.DEAL))
    assert message(table) == said


def test_other_dark_buttons_and_a_dark_deal_during_a_round_say_why(open_table: Open) -> None:
    table = open_table()
    bar = table.window.bar
    click(table, bar.convenience(Convenience.UNDO))  # no chip placed yet: dark
    assert message(table) == "There are no chips on the table to take back."
    click(table, bar.convenience(Convenience.REBET))  # nothing to repeat yet: dark
    assert message(table) == "There is no last round to repeat."
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe=LOSE_ONE)
    assert table.controller.round_in_play and not bar.button(Action.DEAL).is_lit()
    click(table, bar.button(Action.DEAL))  # DEAL is no move during a round
    assert message(table) == "The cards are already dealt."
    click(table, bar.button(Action.SPLIT))  # TS 7D cannot split
    assert message(table) == "Hand 1 holds TS and 7D; Standard BlackJack splits equal values only."
    assert table.controller.round_in_play
    assert table.controller.table is not None and actions_of(table.controller.table) == []


# --- The chosen circle's ring goes with the bets it was chosen for -------------------------------


def test_the_chosen_ring_goes_when_the_round_is_dealt_and_stays_gone(open_table: Open) -> None:
    table = open_table()
    key = table.qtbot.keyClick
    key(table.window, Qt.Key.Key_Right)
    key(table.window, Qt.Key.Key_Left)  # circle 2
    key(table.window, Qt.Key.Key_3)  # the $10 chip
    key(table.window, Qt.Key.Key_Plus)
    assert table.chosen() == [(2, "main")] and table.controller.pending.bets == {2: 1_000}
    table.controller.next_shoe = "TS TH 7D 9D 5S 5C"  # circle 2: TS 7D = 17 against 19
    table.key(Qt.Key.Key_Return)  # DEAL
    assert table.chosen() == []
    table.key(Qt.Key.Key_S)
    assert not table.controller.round_in_play
    assert table.controller.bankroll.balance == START - 1_000
    assert table.chosen() == []  # the settled round on the felt: no ring
    table.click_circle(3)  # the next bets, with the mouse
    assert table.chosen() == []
    key(table.window, Qt.Key.Key_Right)  # the arrows choose again, from circle 1
    assert table.chosen() == [(1, "main")]


def test_plus_after_a_round_bets_on_circle_1_until_the_arrows_choose(open_table: Open) -> None:
    table = open_table()
    key = table.qtbot.keyClick
    for press in (Qt.Key.Key_Right, Qt.Key.Key_Left, Qt.Key.Key_3, Qt.Key.Key_Plus):
        key(table.window, press)  # $10 on circle 2
    table.press(Action.DEAL, shoe="TS TH 7D 9D 5S 5C")
    table.press(Action.STAND)
    key(table.window, Qt.Key.Key_Plus)  # nothing chosen: circle 1, as at the first round
    assert table.controller.pending.bets == {1: 1_000}
    assert table.chosen() == [(1, "main")]


# --- The turn pointer leaves when the hands' turns end, before chips are paid ---------------------


def pointer_at_each_step(table: Table, action: Action, shoe: str | None = None) -> list[tuple]:
    """Press `action` at the normal speed; after each event shown: its name and whether the
    turn pointer is drawn."""
    controller, scene = table.controller, table.window.scene
    controller.speed = Speed.NORMAL
    shown: list[bool] = []

    def sample() -> None:
        shown.append(scene.pointer.isVisible())

    controller.animator.stepped.connect(sample)
    try:
        table.press(action, shoe)
    finally:
        controller.animator.stepped.disconnect(sample)
    round_ = controller.bankroll.table
    assert round_ is not None
    names = [type(event).__name__ for event in round_.history[-1].events]
    return list(zip(names, shown, strict=True))


def test_the_pointer_is_gone_while_the_dealer_plays_and_the_chips_are_paid(
    open_table: Open,
) -> None:
    # $10 on TS 9H = 19 stands against the dealer's 8C 9D = 17: $20 back.
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 8C 9H 9D")
    assert table.window.scene.pointer.isVisible()  # under the hand to play
    assert pointer_at_each_step(table, Action.STAND) == [
        ("HandStood", True),
        ("DealerRevealed", False),
        ("DealerStood", False),
        ("HandSettled", False),  # the $10 paid beside the stake: no pointer over them
        ("RoundSettled", False),
    ]
    assert table.controller.bankroll.balance == START + 1_000
    assert not table.window.scene.pointer.isVisible()


def test_a_hand_settled_mid_round_gives_the_pointer_to_the_next_hand(open_table: Open) -> None:
    # $10 on circles 1 and 2. Circle 1 TS 6H hits KC = 26: settled at once, its $10 swept while
    # circle 2 (9D 9S) is next to play.
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.click_circle(2)
    table.press(Action.DEAL, shoe="TS 9D 6C 6H 9S TD KC 8H")
    scene = table.window.scene
    assert pointer_at_each_step(table, Action.HIT) == [
        ("CardDealt", True),
        ("HandBusted", True),
        ("HandSettled", False),  # swept to the dealer with no pointer above it
        ("TurnStarted", True),
    ]
    active = table.controller.table.active_hand  # type: ignore[union-attr]
    assert active is not None and active.spot == 2
    total = scene.totals[active.id]
    assert scene.pointer.pos().x() == total.pos().x()  # under circle 2's hand
