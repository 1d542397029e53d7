"""The count check at a shoe table: at the DEAL after a round, "What is the running count?"
(at every shuffle, and by a seeded chance otherwise); the answer graded and kept in practice's
record, Esc kept as skipped, and the deal that asked goes on with no second click."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from contextlib import closing

from PySide6.QtCore import Qt

from casino_gui.engine import Action, Card, Round
from casino_gui.engine.counting import HI_LO, count_text
from casino_gui.gui.practice.count_check import CountCheckDialog, CountChecks
from casino_gui.gui.settings import CountKey
from tests.gui.conftest import Table, drain
from tests.gui.test_practice_window import money_rows
from tests.store.bankroll_files import raw

Open = Callable[..., Table]


def a_shoe_table(open_table: Open, every: int) -> Table:
    """One deck cut at half (a shuffle every few rounds), count checks in Hi-Lo."""
    table = open_table("blackjack", decks=1, penetration=0.5)
    controller = table.controller
    checks = CountChecks(
        controller, table.window.bankroll.practice(), "hilo", table.window, seed=3, every=every
    )
    controller.between_rounds = checks.between_rounds
    return table


def cards_of(settled: Round) -> list[Card]:
    return [*settled.dealer, *(card for hand in settled.hands for card in hand.cards)]


def play_out(table: Table) -> None:
    while table.controller.round_in_play:
        insurance = Action.NO_INSURANCE in table.lit
        table.press(Action.NO_INSURANCE if insurance else Action.STAND)


def the_check(table: Table) -> CountCheckDialog | None:
    found = [d for d in table.window.findChildren(CountCheckDialog) if d.isVisible()]
    return found[0] if found else None


def deal_asked(table: Table) -> CountCheckDialog:
    """DEAL clicked once: the check comes before the cards."""
    table.qtbot.mouseClick(table.window.bar.button(Action.DEAL), Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: the_check(table) is not None)
    dialog = the_check(table)
    assert dialog is not None
    return dialog


def rows(table: Table) -> list[tuple[object, ...]]:
    with closing(raw(table.window.bankroll.folder)) as db:
        return db.execute(
            "SELECT drill, system, cards, expected, given, matched FROM count_answers ORDER BY id"
        ).fetchall()


def test_the_count_is_asked_before_the_deal_graded_kept_and_the_deal_goes_on(
    open_table: Open,
) -> None:
    table = a_shoe_table(open_table, every=1)  # a check after every round
    before = money_rows(table.window.bankroll.folder)
    table.click_circle(1)
    table.press(Action.DEAL)
    assert the_check(table) is None  # no round before the first
    play_out(table)
    first = table.controller.table
    assert first is not None and first.shoe.fresh
    seen = cards_of(first)
    running = sum(HI_LO.tag(card) for card in seen)

    dialog = deal_asked(table)
    assert dialog.question.cards == len(seen) and dialog.question.expected == running
    assert table.controller.busy and table.lit == frozenset()  # the table waits
    assert dialog.answer_button.isVisible() and not dialog.deal_button.isVisible()
    table.qtbot.keyClicks(dialog.entry, f"{running + 1:+d}")  # the keyboard's hyphen
    table.qtbot.keyClick(dialog.entry, Qt.Key.Key_Return)
    assert dialog.verdict.text() == (
        f"Wrong, you said {count_text(running + 1)}: the running count is {count_text(running)}."
    )
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.keyClick(dialog.deal_button, Qt.Key.Key_Return)  # Enter deals
    second = table.controller.table
    assert second is not None and second is not first and second.shoe.seed == first.shoe.seed
    assert rows(table) == [("count_check", "hilo", len(seen), running, running + 1, 0)]

    play_out(table)
    seen += cards_of(second)
    running = sum(HI_LO.tag(card) for card in seen)
    dialog = deal_asked(table)
    assert dialog.question.expected == running
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # skipped: the deal goes on
    assert table.controller.round_in_play or table.controller.table is not second
    assert rows(table)[-1] == ("count_check", "hilo", len(seen), running, None, 0)
    assert money_rows(table.window.bankroll.folder) != before  # the rounds' own money only
    with closing(raw(table.window.bankroll.folder)) as db:
        kinds = {kind for (kind,) in db.execute("SELECT DISTINCT kind FROM ledger")}
    assert kinds <= {"opening", "stake", "payout", "insurance", "insurance_payout"}


def test_a_check_comes_at_every_shuffle_before_the_tray_is_emptied(open_table: Open) -> None:
    table = a_shoe_table(open_table, every=10**9)  # by chance: practically never
    table.click_circle(1)
    table.press(Action.DEAL)
    for _ in range(30):
        play_out(table)
        settled = table.controller.table
        assert settled is not None
        if settled.shoe.cut_out:
            dialog = deal_asked(table)
            assert dialog.question.cards == settled.shoe.dealt - 1  # the burn card left out
            expected = dialog.question.expected
            table.qtbot.keyClicks(dialog.entry, f"{expected:+d}")  # the keyboard's hyphen
            table.qtbot.keyClick(dialog.entry, Qt.Key.Key_Return)
            assert dialog.verdict.text() == f"Right: the running count is {count_text(expected)}."
            with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
                table.qtbot.mouseClick(dialog.deal_button, Qt.MouseButton.LeftButton)
            new = table.controller.table
            assert new is not None and new.shoe.fresh  # a new shuffle, dealt at once
            assert rows(table) == [
                ("count_check", "hilo", dialog.question.cards, expected, expected, 1)
            ]
            return
        table.press(Action.DEAL)
        drain(table.qtbot)
        assert the_check(table) is None
    raise AssertionError("one deck cut at half never came to its cut card in 30 rounds")


def test_the_window_asks_only_with_count_checks_and_a_system(open_table: Open) -> None:
    table = open_table("blackjack", decks=1, penetration=0.5)
    window = table.window
    assert table.controller.between_rounds is None  # off by default
    window.preferences.apply(dataclasses.replace(window.settings, count_checks=True))
    assert table.controller.between_rounds is None  # no count system chosen
    window.preferences.apply(dataclasses.replace(window.settings, count_system=CountKey.KO))
    assert table.controller.between_rounds is not None
    window.preferences.apply(dataclasses.replace(window.settings, count_checks=False))
    assert table.controller.between_rounds is None
