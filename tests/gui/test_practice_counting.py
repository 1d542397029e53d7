"""The counting drills in the practice window, by real keys and clicks: count down a deck
(Space a card, the count typed, Enter), the true count (typed, graded with its rule), each
answer kept in practice's record with its time, the bankroll's money untouched."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from contextlib import closing

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from casino_gui.engine.counting import HI_LO, ZEN, count_text
from casino_gui.engine.practice import (
    DrillKind,
    count_down,
    decks_text,
    draw_true_count,
    rule_of,
)
from casino_gui.gui.practice.count_drills import HELD_BACK, parse_count
from casino_gui.gui.practice.dialog import PracticeDialog
from casino_gui.gui.settings import CountKey
from casino_gui.gui.table.spoken import card_words
from tests.gui.conftest import Table
from tests.gui.test_practice_window import money_rows, practice_of
from tests.store.bankroll_files import raw

Open = Callable[..., Table]


def counting_rows(table: Table) -> list[tuple[object, ...]]:
    with closing(raw(table.window.bankroll.folder)) as db:
        return db.execute(
            "SELECT drill, system, asked, cards, expected, given, matched FROM count_answers"
            " ORDER BY id"
        ).fetchall()


def a_dialog(table: Table, drill: DrillKind, seed: int = 5) -> PracticeDialog:
    """Practice at a fixed seed, over the window, on the counting drill chosen."""
    window = table.window
    dialog = PracticeDialog(
        window.controller.rules, window.bankroll.practice(), window.worker, window, seed=seed
    )
    table.qtbot.addWidget(dialog)
    with table.qtbot.waitActive(dialog):
        dialog.show()
    dialog.options.choose_drill(drill)
    table.qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    return dialog


def answer(table: Table, dialog: PracticeDialog, text: str) -> None:
    entry = dialog.counting.entry
    table.qtbot.waitUntil(entry.hasFocus)
    with table.qtbot.waitSignal(dialog.answered, timeout=5_000):
        table.qtbot.keyClicks(entry, text)
        table.qtbot.keyClick(entry, Qt.Key.Key_Return)


def test_a_deck_counted_down_by_space_and_answered_by_keys(open_table: Open) -> None:
    table = open_table()
    before = money_rows(table.window.bankroll.folder)
    dialog = a_dialog(table, DrillKind.COUNT_DOWN)
    panel = dialog.counting
    deck = count_down(HI_LO, random.Random(5).getrandbits(63), 52 - HELD_BACK)
    assert panel.deck == deck and panel.felt.cards == ()
    assert panel.prompt.text() == (
        "48 cards, one at a time: Space (or a click) for each. The other 4 are held back: a "
        "whole deck's count is known before its first card."
    )
    shown = []
    for _ in range(deck.steps):
        assert not panel.waiting
        table.qtbot.keyClick(dialog, Qt.Key.Key_Space)
        shown += panel.felt.cards
    assert tuple(shown) == deck.cards and panel.waiting
    expected = deck.question.expected
    answer(table, dialog, f"{expected + 2:+d}")  # typed with the keyboard's hyphen
    assert panel.verdict.text() == (
        f"Wrong, you said {count_text(expected + 2)}: the running count is {count_text(expected)}."
    )
    assert panel.last is not None and panel.last.millis >= 0
    # Space deals the next deck; a click on the felt shows its cards too.
    table.qtbot.keyClick(dialog, Qt.Key.Key_Space)
    assert panel.last is None and panel.step == -1
    table.qtbot.mouseClick(panel.felt, Qt.MouseButton.LeftButton)
    assert len(panel.felt.cards) == 1
    assert panel.felt.accessibleName() == card_words(panel.felt.cards[0])  # "ten of clubs"
    assert counting_rows(table) == [
        ("count_down", "hilo", "48 cards", 48, expected, expected + 2, 0),
    ]
    assert money_rows(table.window.bankroll.folder) == before


def test_pairs_of_a_short_deck_answered_right(open_table: Open) -> None:
    table = open_table()
    dialog = a_dialog(table, DrillKind.COUNT_DOWN, seed=8)
    panel = dialog.counting
    panel.pairs.click()
    panel.cards.setValue(9)
    assert panel.deck is not None and panel.deck.steps == 5 and panel.deck.per_step == 2
    for _ in range(5):
        table.qtbot.keyClick(dialog, Qt.Key.Key_Space)
    assert len(panel.felt.cards) == 1  # the odd last card
    expected = panel.deck.question.expected
    answer(table, dialog, f"{expected:+d}")  # typed with the keyboard's hyphen
    assert panel.verdict.text() == f"Right: the running count is {count_text(expected)}."
    assert counting_rows(table)[-1][2:] == ("9 cards in pairs", 9, expected, expected, 1)


def test_the_true_count_typed_is_graded_with_the_rule_written_out(open_table: Open) -> None:
    table = open_table()
    dialog = a_dialog(table, DrillKind.TRUE_COUNT, seed=3)
    panel = dialog.counting
    first = draw_true_count(HI_LO, random.Random(3), 6)
    assert panel.question == first
    assert panel.prompt.text() == (
        f"Running count {count_text(first.running)} (Hi-Lo), "
        f"{first.asked.split(' with ')[1]}: the true count, floored?"
    )
    assert panel.felt.tray == (312 - first.cards_left, 312)
    assert panel.felt.accessibleName() == (
        f"Discard tray: {decks_text(312 - first.cards_left)} of a 6-deck shoe"
    )
    answer(table, dialog, f"{first.expected:+d}")  # typed with the keyboard's hyphen
    assert panel.verdict.text() == f"Right: {rule_of(first)}."
    table.qtbot.keyClick(dialog, Qt.Key.Key_Space)
    second = panel.question
    assert second is not None and second != first
    answer(table, dialog, str(second.expected - 1))
    assert panel.verdict.text().startswith(f"Wrong, you said {count_text(second.expected - 1)}: ")
    assert [row[0:1] + row[4:] for row in counting_rows(table)] == [
        ("true_count", first.expected, first.expected, 1),
        ("true_count", second.expected, second.expected - 1, 0),
    ]
    panel.tray_only.click()  # the cards left read off the tray only: a new question
    assert "read off the tray" in panel.prompt.text()


def test_the_drills_count_with_the_settings_system(open_table: Open) -> None:
    table = open_table()
    window = table.window
    window.preferences.apply(dataclasses.replace(window.settings, count_system=CountKey.ZEN))
    dialog = practice_of(table)
    dialog.options.choose_drill(DrillKind.COUNT_DOWN)
    assert dialog.counting.system is ZEN and dialog.pages.currentWidget() is dialog.counting
    assert not dialog.options.chip_box.isEnabled() and not dialog.next_button.isVisible()
    dialog.options.choose_drill(DrillKind.FLASH)
    assert dialog.pages.currentIndex() == 0 and dialog.drill is not None
    assert dialog.next_button.isVisible()


def test_a_count_is_read_with_either_minus() -> None:
    assert [parse_count(text) for text in ("+3", "-2", "\N{MINUS SIGN}2", "0", "", "+")] == [
        3,
        -2,
        -2,
        0,
        None,
        None,
    ]
