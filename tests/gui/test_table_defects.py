"""Table defects a player saw, as they were seen: each test played through the real window."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer

from casino_gui.engine.games import rules_for
from casino_gui.engine.money import dollars
from casino_gui.engine.round import Action, Phase
from casino_gui.gui.table.controller import Speed
from tests.gui.conftest import Table
from tests.gui.test_table_advice import deal_sixteen_against_ten

Open = Callable[..., Table]
START = 100_000


def bet(table: Table, cents: int, *spots: int) -> None:
    table.select_chip(cents)
    for spot in spots or (1,):
        table.click_circle(spot)


def interrupt(table: Table) -> None:
    """The program dies: its bankroll is let go with the round open, the window gone."""
    table.controller.bankroll.close()
    table.window.hide()


def resume(table: Table) -> None:
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        resuming = asyncio.ensure_future(table.window.resume())
    assert resuming.done()


# --- Defect 2: a resumed round is drawn wrong --------------------------------------------------


def test_a_resumed_round_draws_every_stake_names_its_game_and_deal_repeats_its_bets(
    open_table: Open, tmp_path: Path
) -> None:
    # $25 on three circles; circle 1 (5S 6H) doubles ($50) and draws 2C; then the program dies.
    folder = tmp_path / "casino"
    first = open_table("blackjack", folder=folder)
    bet(first, 2_500, 1, 2, 3)
    first.press(Action.DEAL, shoe="5S TD TH 9C 6H 8D 7C 7D 2C TS")
    first.press(Action.DOUBLE)
    interrupt(first)

    second = open_table("face_up_21", folder=folder)  # the table it remembered
    resume(second)
    circles = second.window.scene.circles
    assert [circles[spot].amount for spot in (1, 2, 3)] == [5_000, 2_500, 2_500]
    assert second.window.status.on_table_text == "$100.00"
    assert second.window.status.bankroll_text == dollars(START - 10_000)
    assert "Standard BlackJack" in second.window.windowTitle()
    assert "Face Up 21" not in second.window.windowTitle()
    second.press(Action.STAND)  # circle 2: 18
    second.press(Action.STAND)  # circle 3: 17; the dealer's 9C 7D draws...
    round_ = second.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED
    # DEAL with no chips on the table repeats the resumed round's bets.
    second.press(Action.DEAL, shoe="TS 9S 8S 9C 7H 6H 5D 8D")
    again = second.controller.table
    assert again is not None and [(s.number, s.bet) for s in again.spots.values()] == [
        (1, 2_500),
        (2, 2_500),
        (3, 2_500),
    ]


def test_a_resumed_split_draws_the_stake_of_both_hands(open_table: Open, tmp_path: Path) -> None:
    # $10 on circle 1: 8S 8D split ($20 in the circle), the first hand doubles ($30).
    folder = tmp_path / "casino"
    first = open_table("blackjack", folder=folder)
    bet(first, 1_000)
    first.press(Action.DEAL, shoe="8S 9C 8D 7D 3H 5C 9S")
    first.press(Action.SPLIT)
    first.press(Action.DOUBLE)
    interrupt(first)
    second = open_table("blackjack", folder=folder)
    resume(second)
    assert second.window.scene.drawn_stake(1) == 3_000
    assert second.window.status.on_table_text == "$30.00"
    round_ = second.controller.table
    assert round_ is not None
    # Each split hand stands its own stake by its cards (the double shows), none in the circle.
    chips = second.window.scene.hand_chips
    assert [chips[h.id].amount for h in round_.hands] == [2_000, 1_000]
    assert second.window.scene.circles[1].amount == 0
    hands = second.window.scene.hand_cards
    assert [[str(i.card) for i in hands[h.id]] for h in round_.hands] == [
        ["8S", "3H", "5C"],
        ["8D", "9S"],
    ]
    totals = second.window.scene.totals
    assert [totals[h.id].text for h in round_.hands] == ["16 · $20.00", "17 · $10.00"]


def while_busy(
    table: Table, read: Callable[[], tuple[str, str]], action: Action
) -> set[tuple[str, str]]:
    """Press `action` at FAST speed, reading the panel every 5 ms while the animation plays."""
    table.controller.speed = Speed.FAST
    seen: list[tuple[str, str]] = []

    def sample() -> None:
        if table.controller.busy:
            seen.append(read())

    timer = QTimer()
    timer.timeout.connect(sample)
    timer.start(5)
    table.press(action)
    timer.stop()
    assert len(seen) > 3  # the animation took a while, and was watched
    return set(seen)


# --- Defect 3: money during the deal -------------------------------------------------------


def test_the_panel_shows_the_debited_bets_throughout_the_deal(open_table: Open) -> None:
    # Bet $10 and $25; from the moment the store debits them the panel says so, every frame
    # of the deal's animation included.
    table = open_table("blackjack")
    bet(table, 1_000, 1)
    bet(table, 2_500, 2)
    status = table.window.status
    table.controller.next_shoe = "9S TS 9C 8H 7D 7H"
    seen = while_busy(table, lambda: (status.bankroll_text, status.on_table_text), Action.DEAL)
    assert seen == {(dollars(START - 3_500), "$35.00")}


# --- Defect 4: stale messages --------------------------------------------------------------


def test_a_hint_goes_when_its_decision_is_over(open_table: Open) -> None:
    table = open_table()
    deal_sixteen_against_ten(table)
    table.qtbot.mouseClick(table.window.bar.hint_button, Qt.MouseButton.LeftButton)
    assert "Best:" in table.window.status.message_text
    table.press(Action.HIT)  # 5C: 21, the round settles
    assert "Best:" not in table.window.status.message_text


def test_a_warning_goes_with_its_decision_and_never_reaches_another_game(
    open_table: Open,
) -> None:
    table = open_table()
    table.window.preferences.set_warn_mistakes(True)
    deal_sixteen_against_ten(table)
    table.qtbot.mouseClick(table.window.bar.button(Action.DOUBLE), Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: "press DOUBLE again" in table.window.status.message_text)
    table.press(Action.DOUBLE)  # played anyway: 5C makes 21
    assert "gives up" not in table.window.status.message_text
    table.window.sit_at(rules_for("face_up_21"))
    assert "gives up" not in table.window.status.message_text


def test_the_insurance_question_goes_once_answered(open_table: Open) -> None:
    table = open_table()
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="TS AH 6H 7D")
    assert table.window.status.message_text.startswith("Insurance for circle 1?")
    table.press(Action.NO_INSURANCE)
    assert "Insurance" not in table.window.status.message_text


def test_the_crash_notice_goes_when_its_round_ends(open_table: Open, tmp_path: Path) -> None:
    folder = tmp_path / "casino"
    first = open_table("blackjack", folder=folder)
    bet(first, 1_000)
    first.press(Action.DEAL, shoe="TS 9C 6H 8D 4C")
    interrupt(first)
    second = open_table("blackjack", folder=folder)
    resume(second)
    assert "interrupted" in second.window.status.message_text
    second.press(Action.HIT)  # 4C: 20, still this round
    assert "interrupted" in second.window.status.message_text
    second.press(Action.STAND)
    assert "interrupted" not in second.window.status.message_text


# --- Defect 5: results ---------------------------------------------------------------------


def test_a_dealer_blackjack_is_announced(open_table: Open) -> None:
    table = open_table()
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="TS AH 9H KD")
    table.press(Action.NO_INSURANCE)
    assert table.window.scene.dealer_total.text == "Blackjack"
    assert table.window.status.message_text.startswith("Dealer has blackjack")


def test_a_player_blackjack_reads_blackjack(open_table: Open) -> None:
    table = open_table()
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="AS 9C KH 7D")
    round_ = table.controller.table
    assert round_ is not None
    assert table.window.scene.totals[round_.hands[0].id].text == "Blackjack"
    assert table.window.status.last_result_text == "BLACKJACK +$15.00"


def test_a_soft_total_becomes_the_best_total_when_the_hand_is_over(open_table: Open) -> None:
    table = open_table()
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="AS 9C 6H 8D")
    round_ = table.controller.table
    assert round_ is not None
    badge = table.window.scene.totals[round_.hands[0].id]
    assert badge.text == "7 / 17"
    table.press(Action.STAND)
    assert badge.text == "17"
    assert table.window.scene.dealer_total.text == "17"


def test_a_win_and_a_loss_read_as_their_net_not_push(open_table: Open) -> None:
    # $500 on circles 1 and 2: TS 9H (19) wins, TD 6C (16) loses against 8C 9D.
    table = open_table()
    bet(table, 50_000, 1, 2)
    table.press(Action.DEAL, shoe="TS TD 8C 9H 6C 9D")
    table.press(Action.STAND)
    table.press(Action.STAND)
    assert table.controller.bankroll.balance == START
    assert table.window.status.last_result_text == "NET $0.00"


def test_a_bust_hand_carries_one_red_badge(open_table: Open) -> None:
    table = open_table()
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="TS 9C 6H 8D KC")
    table.press(Action.HIT)  # 26
    round_ = table.controller.table
    assert round_ is not None
    hand = round_.hands[0].id
    badges = [table.window.scene.totals[hand], table.window.scene.results[hand]]
    assert [b.tone for b in badges if b.isVisible()].count("lose") == 1
    assert table.window.scene.results[hand].text == "BUST −$10.00"


def test_side_bet_results_stand_at_their_circle(open_table: Open) -> None:
    # No Bust 21: $10 and a $1 Buster bet; the dealer's three-card bust pays the Buster 1:1.
    table = open_table("no_bust_21")
    bet(table, 1_000)
    table.select_chip(100)
    table.click_circle(1, kind="buster")
    table.press(Action.DEAL, shoe="TS TH 6S 6H 7C 8D")
    table.press(Action.HIT)
    assert table.window.scene.side_results[1, "buster"].text == "BUSTER +$1.00"
    assert "Buster bet on circle 1 pays" not in table.window.status.message_text


def test_the_result_is_told_once_the_cards_that_decide_it_are_shown(open_table: Open) -> None:
    # A $10 natural first (LAST RESULT BLACKJACK +$15.00); then TS 9H stands against the
    # dealer's 8C, 9D in the hole. While the hole card turns and the chips move, the panel
    # keeps the last round's result and the summary waits; at rest both tell this round.
    table = open_table()
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="AS 9C KH 7D")
    table.press(Action.DEAL, shoe="TS 8C 9H 9D")
    status = table.window.status
    seen = while_busy(table, lambda: (status.last_result_text, status.message_text), Action.STAND)
    assert {result for result, _ in seen} == {"BLACKJACK +$15.00"}
    assert not [message for _, message in seen if message.startswith("Dealer has")]
    assert table.window.status.last_result_text == "WIN +$10.00"
    assert table.window.status.message_text.startswith("Dealer has 17")
