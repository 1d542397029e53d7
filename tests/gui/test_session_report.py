"""The session report: shown when the player quits after a round, before the window closes
(closing it finishes the quit, with the bankroll kept); not shown when he turned it off or
played no round; its "don't show" box is the `session_report` setting, remembered."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from casino_gui.engine.round import Action
from casino_gui.gui.settings import load_settings
from casino_gui.gui.stats.session_report import SessionReportDialog
from casino_gui.store.verify import open_for_reading
from tests.gui.conftest import Table
from tests.gui.test_history import history, row

Open = Callable[..., Table]
WAIT_MS = 60_000


def play_a_winning_round(table: Table) -> None:
    """$10 on 19 against the dealer's 9 and 7; he draws the 8S and busts: +$10.00."""
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9H 9C 7D 8S")
    table.press(Action.STAND)


def quit_with_keys(table: Table) -> None:
    """Ctrl+Q on the window (made active again: a dialog closed offscreen leaves none)."""
    if not table.window.isActiveWindow():
        with table.qtbot.waitActive(table.window):
            table.window.activateWindow()
    table.qtbot.keyClick(table.window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()


def stored_balance(table: Table) -> int:
    _, db = open_for_reading(table.window.bankroll.folder)
    with closing(db):
        (balance,) = db.execute("SELECT balance FROM wallet").fetchone()
    return int(balance)


def test_quitting_after_a_round_shows_the_report_and_closing_it_quits(open_table: Open) -> None:
    table = open_table("blackjack")
    play_a_winning_round(table)
    quit_with_keys(table)
    report = table.window.quit_report
    assert report is not None and report.isVisible()
    assert table.window.isVisible()  # the window waits for the report
    table.qtbot.waitUntil(lambda: report.answer is not None, timeout=WAIT_MS)
    assert report.figures.value("rounds") == "1"
    assert report.figures.value("net") == "+$10.00"
    assert report.figures.value("matched") == "1 of 1 (100.0%)"  # standing on 19 is best
    time = report.figures.value("time")  # one time in the report: the time at the table
    assert report.summary.text().endswith(f": 1 round in {time}, net +$10.00.")
    assert [(p.x(), p.y()) for p in report.chart.balance.points()] == [
        (0.0, 1000.0),  # the opening balance, before the session's round
        (1.0, 1010.0),
    ]
    quit_button = report.buttons.button(QDialogButtonBox.StandardButton.Close)
    assert quit_button.text() == "Quit"
    table.qtbot.mouseClick(quit_button, Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: not table.window.isVisible(), timeout=5_000)
    assert table.window.worker.pid is None  # the quit went on to its end
    assert stored_balance(table) == 101_000


def test_quitting_while_the_figures_are_worked_out_never_waits_for_them(
    open_table: Open,
) -> None:
    table = open_table("blackjack")
    play_a_winning_round(table)
    quit_with_keys(table)
    report = table.window.quit_report
    assert report is not None
    report.reject()  # Escape or the title bar's close, before the figures came
    table.qtbot.waitUntil(lambda: not table.window.isVisible(), timeout=5_000)
    assert stored_balance(table) == 101_000


def test_no_report_when_no_round_was_played(open_table: Open) -> None:
    table = open_table("blackjack")
    quit_with_keys(table)
    table.qtbot.waitUntil(lambda: not table.window.isVisible(), timeout=5_000)
    assert table.window.quit_report is None
    assert not table.window.findChildren(SessionReportDialog)


def test_the_dont_show_box_is_remembered_and_turns_the_report_off(open_table: Open) -> None:
    table = open_table("blackjack")
    folder = table.window.bankroll.folder
    # On demand, from the menu: the box starts unticked (the report is on by default).
    table.window.menu_action("Session report…").trigger()
    report = table.window.findChild(SessionReportDialog)
    assert report is not None and not report.dont_show.isChecked()
    table.qtbot.mouseClick(report.dont_show, Qt.MouseButton.LeftButton)
    assert report.dont_show.isChecked()
    assert load_settings(folder).session_report is False  # kept at once, in settings.json
    report.reject()
    play_a_winning_round(table)
    quit_with_keys(table)
    table.qtbot.waitUntil(lambda: not table.window.isVisible(), timeout=5_000)
    assert table.window.quit_report is None


def test_the_box_turned_off_stays_off_at_the_next_start(open_table: Open) -> None:
    first = open_table("blackjack")
    folder = first.window.bankroll.folder
    first.window.preferences.set_session_report(False)
    first.window.close()
    first.window.bankroll.close()
    again = open_table("blackjack", folder=folder)
    assert again.window.settings.session_report is False
    again.window.menu_action("Session report…").trigger()
    report = again.window.findChild(SessionReportDialog)
    assert report is not None and report.dont_show.isChecked()
    # Ticked off again: the report is back for the next quit.
    again.qtbot.mouseClick(report.dont_show, Qt.MouseButton.LeftButton)
    assert load_settings(folder).session_report is True
    report.reject()
    play_a_winning_round(again)
    quit_with_keys(again)
    assert again.window.quit_report is not None


def test_a_close_by_the_program_is_not_a_quit(open_table: Open) -> None:
    """The tests' and the smoke test's own closes end the window at once."""
    table = open_table("blackjack")
    play_a_winning_round(table)
    table.window.close()
    assert not table.window.isVisible() and table.window.quit_report is None


def test_a_second_quit_while_the_report_is_shown_closes_both(open_table: Open) -> None:
    table = open_table("blackjack")
    play_a_winning_round(table)
    quit_with_keys(table)
    report = table.window.quit_report
    assert report is not None and report.isVisible()
    table.window.menu_action("Quit").trigger()  # Game ▸ Quit again, or the close button
    table.qtbot.waitUntil(lambda: not table.window.isVisible(), timeout=5_000)
    assert table.window.quit_report is None
    assert stored_balance(table) == 101_000


def test_the_reports_round_numbers_are_historys(open_table: Open) -> None:
    table = open_table("blackjack")
    play_a_winning_round(table)  # round 1: +$10.00
    play_a_winning_round(table)
    table.select_chip(2_500)  # round 3, the biggest win: $25 on 19 against 16 and the 8S
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9H 9C 7D 8S")
    table.press(Action.STAND)
    report = table.window.session_report()
    table.qtbot.addWidget(report)
    table.qtbot.waitUntil(lambda: report.answer is not None, timeout=WAIT_MS)
    biggest = report.figures.value("biggest_win")
    listed = history(table)
    newest = row(listed, 0)
    assert newest["Net"] == "+$25.00"
    assert biggest == f"+$25.00 (round {newest['Round']})"


def test_the_report_names_a_custom_table_as_its_window_did(open_table: Open) -> None:
    """A decision at a custom table (Standard BlackJack with surrender) is listed under the
    table's own name, the window's title, not under the game it was made from."""
    name = "Custom table (from Standard BlackJack)"
    table = open_table("blackjack", name=name, surrender=True)
    assert name in table.window.windowTitle()
    table.select_chip(1_000)  # $10 on 19 against the dealer's 9: a hit draws the 8S, bust
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9H 9C 7D 8S")
    table.press(Action.HIT)
    report = table.window.session_report()
    table.qtbot.addWidget(report)
    # The costliest decisions come with play quality, the second answer.
    table.qtbot.waitUntil(
        lambda: report.answer is not None and report.answer.query.quality, timeout=WAIT_MS
    )
    costliest = report.figures.costliest
    assert costliest.rowCount() == 1
    assert costliest.item(0, 1).text() == name
    assert costliest.item(0, 3).text() == "HIT"
