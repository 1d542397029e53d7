"""The replay viewer steps through a stored round card by card and decision by decision, with
the advisor's verdict on each decision in exact cents, rebuilt by the engine from the record."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from bench.store import generate_history
from casino_gui.engine import GAMES, Action, Bet, Round, Shoe, dollars, parse_move
from casino_gui.engine.strategy import advise, value_in_cents
from casino_gui.gui.dialogs.shortcuts import ShortcutsDialog
from casino_gui.gui.replay.viewer import ReplayViewer, open_replay
from casino_gui.store import Bankroll, Refunded
from casino_gui.store.stats import verdicts
from tests.store.bankroll_files import raw

# Blackjack, $10 on circle 1. Player 8♠ 8♦, dealer A♥ (7♣ down): insurance ($5, lost: no
# blackjack), split the eights; hand 1 takes 3♥ (11) and doubles onto 10♣ = 21; hand 2 takes
# 9♠ (17), hits 2♦ (19) and stands. The dealer has 18: hand 1 wins $20 (doubled), hand 2
# wins $10, insurance loses $5: the round nets +$25.00.
SHOE = "8S AH 8D 7C 3H TC 9S 2D"
ACTIONS = ("insure", "split", "double", "hit", "stand")


@pytest.fixture
def bankroll(tmp_path: Path) -> Iterator[Bankroll]:
    with Bankroll.open(tmp_path / "data") as opened:
        yield opened


def play_split_and_double(bankroll: Bankroll) -> int:
    bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe=SHOE)
    for action in ACTIONS:
        bankroll.act(action)
    assert bankroll.balance == 102_500
    assert bankroll.round_id is not None
    return bankroll.round_id


def advisor_figures() -> list[tuple[str, str, int]]:
    """Each decision straight from the advisor: (taken, best, cents given up)."""
    rules = GAMES["blackjack"]
    round_ = Round(rules, Shoe.stacked(rules, SHOE), 100_000).place([Bet(1, 1_000)])
    round_.deal()
    figures = []
    for action in ACTIONS:
        advice = advise(round_)
        taken = Action(action)
        figures.append(
            (action, advice.best.value, value_in_cents(advice.shortfall(taken), advice.bet))
        )
        round_.apply(parse_move(action))
    return figures


def viewer_of(qtbot: QtBot, bankroll: Bankroll, round_id: int) -> ReplayViewer:
    viewer = ReplayViewer(bankroll, round_id)
    qtbot.addWidget(viewer)
    viewer.resize(960, 640)
    with qtbot.waitExposed(viewer):
        viewer.show()
    return viewer


def test_the_viewer_steps_through_a_split_and_double_round_with_each_verdict(
    qtbot: QtBot, bankroll: Bankroll
) -> None:
    round_id = play_split_and_double(bankroll)
    viewer = viewer_of(qtbot, bankroll, round_id)
    seen = [(viewer.caption.text(), viewer.verdict.text())]
    while viewer.forward_button.isEnabled():
        qtbot.keyClick(viewer, Qt.Key.Key_Right)
        seen.append((viewer.caption.text(), viewer.verdict.text()))
    assert [caption for caption, _ in seen] == [
        "Bets: circle 1 $10.00",
        "8♠ to circle 1",
        "A♥ to the dealer",
        "8♦ to circle 1",
        "The dealer's hole card, face down. Insurance is offered to circle 1",
        "Circle 1, insurance against A♥: insure. The dealer checks his hole card: no blackjack",
        "Hand 1 (8♠ 8♦) against A♥: split. 3♥ to hand 1 (circle 1)",
        "Hand 1 (8♠ 3♥) against A♥: double. 10♣ to hand 1 (circle 1)",
        "9♠ to hand 2 (circle 1)",
        "Hand 2 (8♦ 9♠) against A♥: hit. 2♦ to hand 2 (circle 1)",
        "Hand 2 (8♦ 9♠ 2♦) against A♥: stand. The dealer turns his cards: A♥ 7♣",
        "Dealer has 18 · Hand 1 (circle 1): Win +$20.00 · Hand 2 (circle 1): Win +$10.00 · "
        "Insurance on circle 1: −$5.00 · Round +$25.00",
    ]
    verdicts = [verdict for _, verdict in seen if verdict]
    # The advisor's own figures, asked here of a round rebuilt from the same cards.
    expected = [
        f"{taken.upper()}: best"
        if given_up == 0 and taken == best
        else f"{taken.upper()}: gives up {dollars(given_up)} (best: {best.replace('_', ' ').upper()})"
        for taken, best, given_up in advisor_figures()
    ]
    assert verdicts == expected
    assert verdicts == [
        "INSURE: gives up $0.35 (best: NO INSURANCE)",
        "SPLIT: best",
        "DOUBLE: best",
        "HIT: gives up $0.66 (best: STAND)",
        "STAND: best",
    ]
    assert viewer.counter.text() == "Step 12 of 12"
    assert viewer.replay is not None and viewer.replay.agrees


def test_the_viewer_draws_each_card_as_it_comes_on_the_table_scene(
    qtbot: QtBot, bankroll: Bankroll
) -> None:
    viewer = viewer_of(qtbot, bankroll, play_split_and_double(bankroll))
    scene = viewer.scene

    def on_table() -> tuple[list[str], list[list[str]]]:
        dealer = [str(item.card) if item.face_up else "??" for item in scene.dealer_cards]
        hands = [[str(item.card) for item in scene.hand_cards[h]] for h in scene.hand_order]
        return dealer, hands

    assert on_table() == ([], [])
    qtbot.keyClick(viewer, Qt.Key.Key_Right)
    assert on_table() == ([], [["8S"]])
    qtbot.mouseClick(viewer.forward_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(viewer.forward_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(viewer.forward_button, Qt.MouseButton.LeftButton)
    assert on_table() == (["AH", "??"], [["8S", "8D"]])
    for _ in range(3):
        qtbot.keyClick(viewer, Qt.Key.Key_Right)
    assert on_table() == (["AH", "??"], [["8S", "3H", "TC"], ["8D"]])  # the double's card
    assert scene.totals[scene.hand_order[0]].isVisible()  # 21, its cards all there
    qtbot.keyClick(viewer, Qt.Key.Key_Left)
    assert on_table() == (["AH", "??"], [["8S", "3H"], ["8D"]])
    qtbot.keyClick(viewer, Qt.Key.Key_End)
    assert on_table() == (["AH", "7C"], [["8S", "3H", "TC"], ["8D", "9S", "2D"]])
    assert not viewer.forward_button.isEnabled() and viewer.back_button.isEnabled()
    assert scene.dealer_total.isVisible()
    qtbot.keyClick(viewer, Qt.Key.Key_Home)
    assert on_table() == ([], []) and viewer.counter.text() == "Step 1 of 12"
    assert not viewer.back_button.isEnabled()


def test_the_shortcuts_page_lists_the_viewers_keys_and_each_does_what_it_says(
    qtbot: QtBot, bankroll: Bankroll
) -> None:
    page = ShortcutsDialog([])
    qtbot.addWidget(page)
    listed = page.groups["In the replay viewer"]
    assert listed == ["\N{LEFTWARDS ARROW}", "\N{RIGHTWARDS ARROW}", "Home", "End"]
    assert all(cap in page.listed() for cap in listed)
    keys = {
        "\N{LEFTWARDS ARROW}": Qt.Key.Key_Left,
        "\N{RIGHTWARDS ARROW}": Qt.Key.Key_Right,
        "Home": Qt.Key.Key_Home,
        "End": Qt.Key.Key_End,
    }
    viewer = viewer_of(qtbot, bankroll, play_split_and_double(bankroll))
    # Each listed key pressed in the viewer: to the result, back one, to the start, on one.
    steps = []
    for cap in ("End", "\N{LEFTWARDS ARROW}", "Home", "\N{RIGHTWARDS ARROW}"):
        qtbot.keyClick(viewer, keys[cap])
        steps.append(viewer.counter.text())
    assert steps == ["Step 12 of 12", "Step 11 of 12", "Step 1 of 12", "Step 2 of 12"]


def test_show_decision_goes_to_the_step_of_that_action(qtbot: QtBot, bankroll: Bankroll) -> None:
    viewer = viewer_of(qtbot, bankroll, play_split_and_double(bankroll))
    viewer.show_decision(4)  # the hit on hand 2, as the statistics' costliest decisions name it
    assert viewer.verdict.text() == "HIT: gives up $0.66 (best: STAND)"
    assert viewer.counter.text() == "Step 10 of 12"


def test_open_replay_shows_the_viewer_without_blocking(qtbot: QtBot, bankroll: Bankroll) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    viewer = open_replay(parent, bankroll, play_split_and_double(bankroll))
    qtbot.waitExposed(viewer)
    assert viewer.isVisible() and not viewer.isModal()
    assert viewer.title.text() == f"Round {viewer.round_id} · Standard BlackJack"
    viewer.close()


def test_a_round_that_does_not_exist_says_so(qtbot: QtBot, bankroll: Bankroll) -> None:
    viewer = viewer_of(qtbot, bankroll, 42)
    assert (
        viewer.title.text() == "Round 42 cannot be replayed: there is no round 42 in this bankroll"
    )
    assert not viewer.forward_button.isEnabled()


def test_a_settled_round_whose_record_was_edited_says_it_no_longer_replays(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(GAMES["blackjack"], [Bet(1, 500)], shoe="TS 9C 6H 8D")
        bankroll.act("stand")  # 16 against 17: lost
    with closing(raw(folder)) as db:  # now it hits, from a shoe of four cards
        db.execute("UPDATE actions SET action = 'hit' WHERE round_id = 1")
    with Bankroll.open(folder) as bankroll:
        viewer = viewer_of(qtbot, bankroll, 1)
        assert viewer.title.text() == (
            "Round 1 · Standard BlackJack: its record no longer replays to the result stored "
            "with it (The record stops here: the shoe ran out after 4 cards)"
        )
        qtbot.keyClick(viewer, Qt.Key.Key_End)
        assert viewer.counter.text() == "Step 5 of 5"  # the bets and the four cards


def test_a_refunded_round_replays_as_far_as_it_went_and_says_it_was_refunded(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(GAMES["blackjack"], [Bet(1, 2_500)], shoe="8S 9H 8C 7D 3H TC 2D")
        bankroll.act("split")  # left open
    with closing(raw(folder)) as db:  # its journal now says "hit": it no longer replays
        db.execute("UPDATE actions SET action = 'hit' WHERE round_id = 1")
    with Bankroll.open(folder) as bankroll:
        assert isinstance(bankroll.resumed, Refunded)  # at the start
        viewer = viewer_of(qtbot, bankroll, 1)
        qtbot.keyClick(viewer, Qt.Key.Key_End)
        assert viewer.caption.text().startswith("Refunded: ")
        assert viewer.caption.text().endswith("; every stake was paid back")
        # The bets, four cards, the journal's hit (it replays, but not what was paid), the refund.
        assert viewer.counter.text() == "Step 7 of 7"
        assert viewer.verdict.text() == ""


def test_rounds_of_every_game_replay_to_their_stored_results_step_by_step(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # 70 generated rounds: the seven games in turn, with splits, doubles, surrenders, late
    # insurance and Buster bets as the seeded player chose them.
    generate_history(tmp_path / "data", 70)
    with Bankroll.open(tmp_path / "data") as bankroll:
        entries = {entry.round_id: entry for entry in bankroll.history()}
        for round_id, entry in entries.items():
            viewer = viewer_of(qtbot, bankroll, round_id)
            assert viewer.replay is not None and viewer.replay.agrees, round_id
            decisions = 0
            while True:
                cards = sum(len(items) for items in viewer.scene.hand_cards.values())
                cards += len(viewer.scene.dealer_cards)
                assert cards <= len(entry.result["dealer"]["cards"]) + sum(
                    len(hand["cards"]) for hand in entry.result["hands"]
                )
                decisions += bool(viewer.verdict.text())
                if not viewer.forward_button.isEnabled():
                    break
                qtbot.keyClick(viewer, Qt.Key.Key_Right)
            # At the end the table holds the stored round's cards, as the engine dealt them.
            dealer = [str(item.card) for item in viewer.scene.dealer_cards]
            hands = [
                [str(item.card) for item in viewer.scene.hand_cards[hand]]
                for hand in viewer.scene.hand_order
            ]
            assert dealer == entry.result["dealer"]["cards"]
            assert hands == [hand["cards"] for hand in entry.result["hands"]]
            assert decisions == len(verdicts(entry))
            viewer.close()


def test_arrows_step_whatever_has_the_focus_and_step_1_shows_the_bets(
    qtbot: QtBot, bankroll: Bankroll
) -> None:
    round_id = play_split_and_double(bankroll)
    viewer = viewer_of(qtbot, bankroll, round_id)
    assert viewer.counter.text().startswith("Step 1 of")
    assert viewer.scene.circles[1].amount == 1_000  # the $10 bet, before a card is dealt
    with qtbot.waitActive(viewer):
        viewer.activateWindow()
    viewer.view.setFocus()  # the felt, as after a click on it
    qtbot.keyClick(viewer.view, Qt.Key.Key_Right)
    assert viewer.counter.text().startswith("Step 2 of")
    qtbot.keyClick(viewer.view, Qt.Key.Key_Left)
    assert viewer.counter.text().startswith("Step 1 of")
