"""The settings in force on the table: felt colour and card back change the painted table,
hand totals hide and show through the picture, the mistake threshold, auto-rebet and the
confirmation of big bets (docs/decisions.md, "Settings (Game ▸ Settings)"). Cards are spelled out;
amounts in cents."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtCore import QEvent, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget

from casino_gui.engine import actions_of, parse_move
from casino_gui.engine.round import Action, Phase
from casino_gui.gui.painting.felt_colours import FELT_COLOURS
from casino_gui.gui.settings import CardBack, Felt
from casino_gui.gui.table.controller import Speed
from casino_gui.gui.table.geometry import SHOE
from casino_gui.gui.table.picture import Convenience, picture_of
from tests.gui.conftest import Table, drain
from tests.gui.test_table_picture import NO_BETS, dealt

Open = Callable[..., Table]

# Player TS 6H (hard 16) against the dealer's TC up, 7D in the hole; 5C and 9S to draw.
SIXTEEN_AGAINST_TEN = "TS TC 6H 7D 5C 9S"


def apply(table: Table, **changes: object) -> None:
    """Settings applied as the dialog's OK applies them. The animation speed stays the table's
    (instant) unless a test sets it: the settings' default, normal, would animate every step."""
    changes.setdefault("speed", table.controller.speed)
    window = table.window
    window.preferences.apply(dataclasses.replace(window.settings, **changes))  # type: ignore[arg-type]


def click(table: Table, button: QWidget) -> None:
    table.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def mean_colour(table: Table, rect: QRectF) -> tuple[float, float, float]:
    """The mean colour of a part of the scene, as the view paints it now."""
    drain(table.qtbot)
    view = table.window.view
    image = view.viewport().grab().toImage()
    box = view.mapFromScene(rect).boundingRect()
    colours = [
        image.pixelColor(x, y)
        for x in range(box.left(), box.right() + 1)
        for y in range(box.top(), box.bottom() + 1)
    ]
    return (
        sum(c.red() for c in colours) / len(colours),
        sum(c.green() for c in colours) / len(colours),
        sum(c.blue() for c in colours) / len(colours),
    )


def distance(colour: tuple[float, float, float], other: QColor) -> float:
    return sum(abs(a - b) for a, b in zip(colour, other.getRgb()[:3], strict=True))


# Plain felt: left and right of the dealer's cards, clear of the shoe, the tray and the print.
FELT_PATCHES = (QRectF(480, 140, 30, 30), QRectF(1090, 140, 30, 30))


def test_each_felt_colour_repaints_the_felt(open_table: Open) -> None:
    table = open_table()
    for name, colours in FELT_COLOURS.items():
        apply(table, felt=name)
        for patch in FELT_PATCHES:
            seen = mean_colour(table, patch)
            # The patch is the nearest to its own felt of all the felts.
            nearest = min(
                FELT_COLOURS, key=lambda n: distance(seen, FELT_COLOURS[n].centre_colour())
            )
            assert nearest == name, (name, seen)
            assert distance(seen, colours.centre_colour()) < 90, (name, seen)


def test_the_card_back_repaints_the_dealers_hole_card(open_table: Open) -> None:
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe=SIXTEEN_AGAINST_TEN)
    hole = table.window.scene.dealer_cards[1]
    assert not hole.face_up
    card = hole.sceneBoundingRect()
    # The upper part of the back's field, above the medallion.
    patch = QRectF(card.left() + 18, card.top() + 18, card.width() - 36, card.height() / 5)
    red = mean_colour(table, patch)
    apply(table, card_back=CardBack.BLUE)
    blue = mean_colour(table, patch)
    apply(table, card_back=CardBack.LATTICE)
    lattice = mean_colour(table, patch)
    assert red[0] > 1.5 * red[2] and red[0] > 1.5 * red[1]  # a red field
    assert blue[2] > 1.5 * blue[0]  # a blue field
    assert lattice[0] > lattice[2] and sum(lattice) < sum(blue)  # walnut and gold, darker
    # The card showing in the shoe's mouth wears the same back.
    mouth = QRectF(SHOE.x() - 40, SHOE.y() - 40, 80, 20)
    apply(table, card_back=CardBack.BLUE)
    shoe = mean_colour(table, mouth)
    assert shoe[2] > 1.5 * shoe[0]
    # Face-up cards are not touched by the choice.
    face = table.window.scene.dealer_cards[0].sceneBoundingRect()
    corner = QRectF(face.left() + 30, face.top() + 60, 20, 20)
    before = mean_colour(table, corner)
    apply(table, card_back=CardBack.RED)
    assert mean_colour(table, corner) == before


def test_hand_totals_hide_and_show_through_the_picture(open_table: Open) -> None:
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe=SIXTEEN_AGAINST_TEN)
    scene = table.window.scene
    (hand,) = table.controller.picture().hands
    assert (scene.totals[hand.hand_id].text, scene.dealer_total.text) == ("16", "10")
    apply(table, show_totals=False)
    picture = table.controller.picture()
    assert (picture.hands[0].label, picture.dealer.total) == ("", "")
    assert (scene.totals[hand.hand_id].text, scene.dealer_total.text) == ("", "")
    table.press(Action.STAND)  # 16 against the dealer's 17: lost, said without totals
    assert (scene.totals[hand.hand_id].text, scene.dealer_total.text) == ("", "Dealer has 17")
    assert scene.results[hand.hand_id].text != ""
    apply(table, show_totals=True)
    assert (scene.totals[hand.hand_id].text, scene.dealer_total.text) == ("16", "17")


def test_split_hands_without_totals_still_say_their_stakes() -> None:
    # Player 8S 8D against the dealer's 9C (7D in the hole), split: $10 on each hand.
    table = dealt("blackjack", "8S 9C 8D 7D AH TC", actions=("split",))
    shown = picture_of(table.rules, table, NO_BETS, table.bankroll)
    hidden = picture_of(table.rules, table, NO_BETS, table.bankroll, show_totals=False)
    # The second hand waits for its second card: no total, no label yet.
    assert [hand.label for hand in shown.hands] == ["9 / 19 · $10.00", ""]
    assert [hand.label for hand in hidden.hands] == ["$10.00", ""]
    table.apply(parse_move("stand"))  # hand 2 takes TC: 18
    hidden = picture_of(table.rules, table, NO_BETS, table.bankroll, show_totals=False)
    assert [hand.label for hand in hidden.hands] == ["$10.00", "$10.00"]
    assert (shown.dealer.total, hidden.dealer.total) == ("9", "")


# --- Warn me of mistakes: the threshold -----------------------------------------------------
# With $10 on TS 6H against TC, HIT is best; STAND gives up $0.05 (0.5% of the bet) and
# DOUBLE gives up $5.36 (53.6%).


def deal_sixteen(table: Table, threshold: int) -> None:
    apply(table, warn_mistakes=True, warn_threshold=threshold)
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe=SIXTEEN_AGAINST_TEN)


def press_once(table: Table, action: Action) -> None:
    """A click on a move the warning stops: wait until the panel says what it gives up."""
    table.qtbot.mouseClick(table.window.bar.button(action), Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: "gives up" in table.window.status.message_text)


def test_the_default_threshold_lets_a_five_cent_mistake_through(open_table: Open) -> None:
    table = open_table()
    deal_sixteen(table, threshold=20)  # the default, 2.0% of the bet: $0.20 of $10
    round_ = table.controller.table
    assert round_ is not None
    table.press(Action.STAND)
    assert actions_of(round_) == ["stand"]
    assert round_.phase is Phase.SETTLED


def test_the_default_threshold_warns_of_a_five_dollar_mistake(open_table: Open) -> None:
    table = open_table()
    deal_sixteen(table, threshold=20)
    round_ = table.controller.table
    assert round_ is not None
    press_once(table, Action.DOUBLE)
    assert table.window.status.message_text == (
        "Circle 1: DOUBLE gives up $5.36 (53.6% of the bet) against HIT: "
        "press DOUBLE again to play it anyway."
    )
    assert actions_of(round_) == []
    assert table.window.bankroll.balance == 100_000 - 1_000


def test_a_threshold_below_the_cost_warns_of_the_five_cents(open_table: Open) -> None:
    table = open_table()
    deal_sixteen(table, threshold=4)  # 0.4% of $10 is $0.04: $0.05 is more
    round_ = table.controller.table
    assert round_ is not None
    press_once(table, Action.STAND)
    assert table.window.status.message_text.startswith(
        "Circle 1: STAND gives up $0.05 (0.5% of the bet) against HIT"
    )
    assert actions_of(round_) == []


def test_a_threshold_equal_to_the_cost_does_not_warn(open_table: Open) -> None:
    table = open_table()
    deal_sixteen(table, threshold=5)  # 0.5% of $10 is $0.05: not more, no warning
    round_ = table.controller.table
    assert round_ is not None
    table.press(Action.STAND)
    assert actions_of(round_) == ["stand"]


# --- Auto-rebet ---------------------------------------------------------------------------------
# Two circles: c1 TS 6H, c2 TH 6D against the dealer's TC and 7D: both 16s stand and lose.
TWO_SIXTEENS = "TS TH TC 6H 6D 7D"


def bet_and_lose_two(table: Table, first: int, second: int) -> None:
    table.controller.pending.bets = {1: first, 2: second}
    table.controller.refresh()
    table.press(Action.DEAL, shoe=TWO_SIXTEENS)
    table.press(Action.STAND)
    table.press(Action.STAND)
    settled = table.controller.bankroll.table  # the store's round
    assert settled is not None
    assert settled.phase is Phase.SETTLED


def test_auto_rebet_puts_the_last_bets_back_without_taking_money(open_table: Open) -> None:
    table = open_table()
    apply(table, auto_rebet=True)
    bet_and_lose_two(table, 2_500, 1_000)
    window = table.window
    assert window.bankroll.balance == 100_000 - 3_500  # lost; the rebet is not debited
    assert table.controller.pending.bets == {1: 2_500, 2: 1_000}
    picture = table.controller.picture()
    assert [c.stake for c in picture.circles[:2]] == [2_500, 1_000]
    assert picture.panel.balance == 100_000 - 3_500 - 3_500  # the panel counts them placed
    assert Action.DEAL in table.lit
    # The settled round stays on the felt beside the chips; its summary is said until the deal.
    assert len(table.window.scene.hand_cards) == 2
    said = table.window.status.message_text
    assert said.startswith("Dealer has 17 · ") and said.endswith(" · Round −$35.00")
    # UNDO takes the rebet back, and REBET puts it there again.
    assert Convenience.UNDO in window.bar.conveniences_lit()
    click(table, window.bar.convenience(Convenience.UNDO))
    assert table.controller.pending.bets == {}
    click(table, window.bar.convenience(Convenience.REBET))
    assert table.controller.pending.bets == {1: 2_500, 2: 1_000}
    table.press(Action.DEAL, shoe=TWO_SIXTEENS)
    assert table.controller.table is not None
    assert [(s.number, s.bet) for s in table.controller.table.spots.values()] == [
        (1, 2_500),
        (2, 1_000),
    ]
    assert window.bankroll.balance == 100_000 - 3_500 - 3_500


def test_auto_rebet_leaves_the_round_on_the_felt_until_the_deal(open_table: Open) -> None:
    table = open_table()
    apply(table, auto_rebet=True)
    table.controller.speed = Speed.NORMAL
    bet_and_lose_two(table, 2_500, 1_000)
    scene = table.window.scene
    # Long after the result appeared, the rebet chips wait beside the round's cards and badges.
    table.qtbot.wait(800)
    assert [scene.circles[spot].amount for spot in (1, 2)] == [2_500, 1_000]
    shown = sorted(badge.text for badge in scene.results.values() if badge.isVisible())
    assert shown == ["LOSE \N{MINUS SIGN}$10.00", "LOSE \N{MINUS SIGN}$25.00"]
    assert [len(cards) for cards in scene.hand_cards.values()] == [2, 2]
    assert len(scene.dealer_cards) == 2 and scene.dealer_total.text == "17"
    assert table.window.status.message_text.startswith("Dealer has 17 · ")
    assert scene.tray.count == 0
    table.press(Action.DEAL, shoe=TWO_SIXTEENS)  # DEAL gathers them, then deals the rebet
    assert [hand.stake for hand in table.controller.picture().hands] == [2_500, 1_000]


def test_auto_rebet_never_places_bets_the_bankroll_cannot_cover(open_table: Open) -> None:
    table = open_table()
    apply(table, auto_rebet=True)
    bet_and_lose_two(table, 50_000, 40_000)  # $900 lost of $1,000
    assert table.window.bankroll.balance == 10_000
    assert table.controller.pending.bets == {}
    assert table.controller.picture().panel.on_table == 0
    assert table.window.status.message_text == (
        "No auto-rebet: your bets come to $900.00, more than your bankroll: you have $100.00."
    )


def test_without_auto_rebet_the_circles_stay_empty(open_table: Open) -> None:
    table = open_table()
    bet_and_lose_two(table, 2_500, 1_000)
    assert table.controller.pending.bets == {}


# --- Confirm bets over $N -------------------------------------------------------------------------


def question(table: Table) -> QMessageBox:
    found: list[QMessageBox] = []

    def shown() -> bool:
        widget = QApplication.activeModalWidget()
        found[:] = [widget] if isinstance(widget, QMessageBox) else []
        return bool(found)

    table.qtbot.waitUntil(shown, timeout=5_000)
    return found[0]


def answer(table: Table, box: QMessageBox, text: str) -> None:
    (button,) = [b for b in box.findChildren(QPushButton) if b.text().replace("&", "") == text]
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_bet_over_the_amount_asks_first_and_no_changes_nothing(open_table: Open) -> None:
    table = open_table()
    apply(table, confirm_over=2_000)  # $20
    table.select_chip(2_500)
    table.click_circle(1)
    table.controller.next_shoe = SIXTEEN_AGAINST_TEN
    table.qtbot.mouseClick(table.window.bar.button(Action.DEAL), Qt.MouseButton.LeftButton)
    box = question(table)
    assert box.text() == "Deal $25.00?"
    assert Action.DEAL not in table.lit  # nothing else reaches the table meanwhile
    bar = table.window.bar  # behind the question, the bar of the bets, not of the play
    assert bar.button(Action.DEAL).isVisible() and not bar.button(Action.HIT).isVisible()
    assert bar.convenience(Convenience.CLEAR).isVisible()
    answer(table, box, "No")
    assert table.controller.table is None
    assert table.controller.pending.bets == {1: 2_500}
    assert table.window.bankroll.balance == 100_000
    assert Action.DEAL in table.lit
    table.qtbot.mouseClick(table.window.bar.button(Action.DEAL), Qt.MouseButton.LeftButton)
    answer(table, question(table), "Deal")
    assert table.controller.table is not None
    assert table.window.bankroll.balance == 100_000 - 2_500


def test_enter_answers_the_deal_question_with_deal_but_not_a_held_enters_repeat(
    open_table: Open,
) -> None:
    table = open_table()
    apply(table, confirm_over=2_000)  # $20
    table.select_chip(2_500)
    table.click_circle(1)
    table.controller.next_shoe = SIXTEEN_AGAINST_TEN
    table.qtbot.keyClick(table.window, Qt.Key.Key_Return)  # the key that asks to deal
    box = question(table)
    assert box.text() == "Deal $25.00?"
    repeat = QKeyEvent(
        QEvent.Type.KeyPress, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier, "\r", True
    )
    QApplication.sendEvent(box, repeat)
    assert box.isVisible() and table.controller.table is None
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.keyClick(box, Qt.Key.Key_Return)
    assert table.controller.table is not None
    assert table.window.bankroll.balance == 100_000 - 2_500


def test_a_bet_up_to_the_amount_or_with_confirmation_off_is_dealt_at_once(
    open_table: Open,
) -> None:
    table = open_table()
    apply(table, confirm_over=2_500)
    table.select_chip(2_500)
    table.click_circle(1)
    table.press(Action.DEAL, shoe=SIXTEEN_AGAINST_TEN)  # $25 is not over $25
    assert table.controller.table is not None
    assert QApplication.activeModalWidget() is None
    table.press(Action.STAND)
    apply(table, confirm_over=0)  # never
    table.controller.pending.bets = {1: 50_000}
    table.controller.refresh()
    table.press(Action.DEAL, shoe=SIXTEEN_AGAINST_TEN)
    assert table.controller.table is not None
    assert [s.bet for s in table.controller.table.spots.values()] == [50_000]


def test_a_replay_is_shown_on_the_players_felt_and_card_back(open_table: Open) -> None:
    from casino_gui.gui.replay.viewer import ReplayViewer

    table = open_table()
    apply(table, felt=Felt.RED, card_back=CardBack.LATTICE)
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe=SIXTEEN_AGAINST_TEN)
    table.press(Action.STAND)
    round_id = table.window.bankroll.round_id
    assert round_id is not None
    viewer = ReplayViewer(table.window.bankroll, round_id)
    table.qtbot.addWidget(viewer)
    assert (viewer.scene.look.felt, viewer.scene.look.card_back) == ("red", "lattice")
