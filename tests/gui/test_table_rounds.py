"""A round of each game played to the end by clicking, with a fixed shoe.

At every step the lit buttons are exactly the engine's `legal_actions()`, and the bankroll in
the store changes by the exact amount the rules pay.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from casino_gui.engine.round import Action, Phase
from casino_gui.gui.dialogs.late_insurance import LateInsuranceDialog
from tests.gui.conftest import Table

Open = Callable[..., Table]
START = 100_000


def bet(table: Table, cents: int, spot: int = 1) -> None:
    table.select_chip(cents)
    table.click_circle(spot)


def play(table: Table, shoe: str, *actions: Action) -> None:
    """DEAL from `shoe`, then each action, checking the lit buttons before every click."""
    assert table.lit == {Action.DEAL}
    table.press(Action.DEAL, shoe=shoe)
    for action in actions:
        assert table.lit == table.legal, f"before {action.value}"
        assert action in table.lit
        table.press(action)
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED
    assert table.lit == {Action.DEAL}  # the next round may be dealt at once


def test_blackjack_insurance_split_and_double(open_table: Open) -> None:
    # Player 8S 8D, dealer AH up, 7C in the hole. Insurance $5 (lost: no blackjack).
    # Split: 8S+3H = 11, doubled with TC = 21 (stake $20, wins $20); 8D+9S = 17 loses to
    # the dealer's soft 18. Net: -5 + 20 - 10 = +$5.
    table = open_table("blackjack")
    bet(table, 1_000)
    play(table, "8S AH 8D 7C 3H TC 9S", Action.INSURE, Action.SPLIT, Action.DOUBLE, Action.STAND)
    round_ = table.controller.table
    assert round_ is not None
    assert [h.payout for h in round_.hands] == [4_000, 0]
    assert table.controller.bankroll.balance == START + 500
    assert table.window.status.last_result_text == "NET +$5.00"  # two hands and insurance
    assert table.window.scene.results[round_.hands[0].id].text == "WIN +$20.00"
    table.screenshot("blackjack-settled-split")


def test_face_up_21_double_on_hard_11(open_table: Open) -> None:
    # Player 5S 6H (hard 11) against the dealer's TC 7D, both face up: double, 9C makes 20.
    table = open_table("face_up_21")
    bet(table, 1_000)
    assert Action.INSURE not in table.window.bar.offered()
    play(table, "5S TC 6H 7D 9C", Action.DOUBLE)
    assert table.controller.bankroll.balance == START + 2_000  # $20 staked, $20 won
    assert all(item.face_up for item in table.window.scene.dealer_cards)


def test_pontoon_stand_is_dark_below_15(open_table: Open) -> None:
    # Player 9S 5H = 14 must hit; 4C makes 18, which beats the dealer's TD 7S.
    table = open_table("pontoon")
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="9S TD 5H 7S 4C")
    assert table.lit == table.legal == {Action.HIT, Action.DOUBLE}
    assert not table.window.scene.dealer_cards[0].face_up  # Pontoon's dealer cards lie face down
    table.press(Action.HIT)
    assert table.lit == table.legal
    table.press(Action.STAND)
    assert table.controller.bankroll.balance == START + 1_000


def answer_insurance(table: Table, chips: list[int]) -> None:
    """Make the late-insurance amount with chips and insure it."""

    def dialog() -> LateInsuranceDialog | None:
        found = [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, LateInsuranceDialog) and w.isVisible()
        ]
        return found[0] if found else None

    table.qtbot.waitUntil(lambda: dialog() is not None, timeout=5_000)
    question = dialog()
    assert question is not None
    assert question.room == 500  # up to $5.00: half the $10 bet
    table.qtbot.mouseClick(question.clear_button, Qt.MouseButton.LeftButton)
    for chip in chips:
        button = question.chips[chip]
        table.qtbot.mouseClick(
            button, Qt.MouseButton.LeftButton, pos=button.chip_centre().toPoint()
        )
    table.qtbot.mouseClick(question.insure_button, Qt.MouseButton.LeftButton)


def test_caribbean_21_late_insurance_and_surrender(open_table: Open) -> None:
    # Player 9S 7H (16) against the dealer's AH. Late insurance of $3.00, then surrender
    # ($5 back). The dealer draws until the insurance is decided: KD QC, a dealer Caribbean
    # 21: insurance pays 9:1 ($30 + $3). Net: -10 + 5 - 3 + 30 = +$22.
    table = open_table("caribbean_21")
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="9S AH 7H KD QC")
    assert table.lit == table.legal
    assert Action.INSURE in table.lit and Action.NO_INSURANCE not in table.window.bar.offered()
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.mouseClick(table.window.bar.button(Action.INSURE), Qt.MouseButton.LeftButton)
        answer_insurance(table, [100, 100, 100])
    round_ = table.controller.table
    assert round_ is not None and round_.spots[1].insurance == 300
    assert table.lit == table.legal
    table.press(Action.SURRENDER)
    assert round_.phase is Phase.SETTLED
    assert round_.spots[1].insurance_payout == 3_000
    assert table.controller.bankroll.balance == START + 2_200


def test_super_21_no_insurance_then_surrender(open_table: Open) -> None:
    # Player TS 6H against the dealer's AH: no insurance; no dealer blackjack (7D); surrender.
    table = open_table("super_21")
    bet(table, 1_000)
    play(table, "TS AH 6H 7D", Action.NO_INSURANCE, Action.SURRENDER)
    assert table.controller.bankroll.balance == START - 500


def test_match_play_21_double_down_rescue(open_table: Open) -> None:
    # Player 5S 6H doubles against the dealer's 9C, draws 2C (13): STAND or SURRENDER only;
    # the rescue gives back half the doubled stake ($10 of $20).
    table = open_table("match_play_21")
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="5S 9C 6H 8D 2C")
    table.press(Action.DOUBLE)
    assert table.lit == table.legal == {Action.STAND, Action.SURRENDER}
    table.press(Action.SURRENDER)
    assert table.controller.bankroll.balance == START - 1_000


def test_no_bust_21_buster_bet_and_the_no_bust_push(open_table: Open) -> None:
    # $10 and a $1 Buster bet. Player TS 6S hits 7C: a three-card 23. The dealer TH 6H draws
    # 8D: 24, higher: the hand pushes, and the dealer's three-card bust pays the Buster 1:1.
    table = open_table("no_bust_21")
    bet(table, 1_000)
    table.select_chip(100)
    table.click_circle(1, kind="buster")
    assert table.controller.pending.busters == {1: 100}
    play(table, "TS TH 6S 6H 7C 8D", Action.HIT)
    round_ = table.controller.table
    assert round_ is not None
    assert round_.hands[0].payout == 1_000
    assert round_.spots[1].buster_payout == 200
    assert table.controller.bankroll.balance == START + 100
    hand_id = round_.hands[0].id
    assert table.window.scene.results[hand_id].text == "NO-BUST PUSH"


@pytest.mark.parametrize("game", ["blackjack", "super_21", "match_play_21"])
def test_insurance_buttons_answer_the_question(open_table: Open, game: str) -> None:
    table = open_table(game)
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="JS AH 9H 7D")  # Match Play 21 has no tens
    assert table.lit == table.legal == {Action.INSURE, Action.NO_INSURANCE}


def test_enter_in_late_insurance_never_buys_the_cap(open_table: Open) -> None:
    # Player 9S 7H (16) against the dealer's AH: INSURE opens the question at nothing, and
    # Enter, pressed at once, declines; the hand plays on without insurance.
    table = open_table("caribbean_21")
    bet(table, 1_000)
    table.press(Action.DEAL, shoe="9S AH 7H KD QC")
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.mouseClick(table.window.bar.button(Action.INSURE), Qt.MouseButton.LeftButton)
        table.qtbot.waitUntil(
            lambda: isinstance(QApplication.activeModalWidget(), LateInsuranceDialog),
            timeout=5_000,
        )
        question = QApplication.activeModalWidget()
        assert isinstance(question, LateInsuranceDialog) and question.amount() == 0
        table.qtbot.keyClick(question, Qt.Key.Key_Return)
    round_ = table.controller.table
    assert round_ is not None and round_.spots[1].insurance == 0
    assert table.controller.bankroll.balance == START - 1_000


@pytest.mark.parametrize("contrast", [False, True])
def test_late_insurance_shows_its_insure_button_dark_until_chips_make_an_amount(
    qtbot: QtBot, qapp: QApplication, contrast: bool
) -> None:
    from casino_gui.engine.rules import Odds
    from casino_gui.gui.theme import APP_STYLE, HIGH_CONTRAST_STYLE

    qapp.setStyleSheet(APP_STYLE + (HIGH_CONTRAST_STYLE if contrast else ""))
    try:
        dialog = LateInsuranceDialog(500, Odds(9, 1))
        qtbot.addWidget(dialog)
        with qtbot.waitExposed(dialog):
            dialog.show()

        def brightness() -> float:
            """The mean lightness of the button's face, 0 to 255."""
            image = dialog.insure_button.grab().toImage()
            values = [
                image.pixelColor(x, y).lightness()
                for x in range(0, image.width(), 3)
                for y in range(0, image.height(), 3)
            ]
            return sum(values) / len(values)

        assert not dialog.insure_button.isEnabled()
        dark = brightness()
        dialog.add(100)
        assert dialog.insure_button.isEnabled()
        lit = brightness()
        assert dark < 80 < lit, (dark, lit)
    finally:
        qapp.setStyleSheet("")
