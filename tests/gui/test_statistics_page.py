"""Game ▸ Statistics on a real bankroll: the scripted session of tests/store/test_stats.py
(stacked shoes, counted by hand to the cent) shown on the page, worked out in the worker
process, and its bankroll chart: the opening balance, then one point per round at the exact
balance, the refill marked."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCharts import QValueAxis
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bench.store import generate_history
from casino_gui.engine import dollars
from casino_gui.engine.round import Action
from casino_gui.engine.strategy import value_in_cents
from casino_gui.gui.replay.viewer import ReplayViewer
from casino_gui.gui.stats.bankroll_chart import Axis, BankrollChart
from casino_gui.gui.stats.page import StatisticsDialog
from casino_gui.store.stats import Point, kept
from casino_gui.store.stats.job import StatsQuery, compute
from casino_gui.store.verify import open_for_reading
from tests.gui.conftest import Table
from tests.store.test_stats import REFILL_AT, START, advice_at, play_session

Open = Callable[..., Table]
WAIT_MS = 60_000  # a cold worker process imports the advisor first


def open_statistics(table: Table) -> StatisticsDialog:
    """Ctrl+I, as the player presses it, and the page once its figures are shown."""
    table.qtbot.keyClick(table.window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    dialog = table.window.findChild(StatisticsDialog)
    assert dialog is not None and dialog.isVisible()
    table.qtbot.waitUntil(lambda: dialog.answer is not None, timeout=WAIT_MS)
    return dialog


def choose(table: Table, dialog: StatisticsDialog, box_name: str, text: str) -> None:
    """Pick `text` in one of the page's choices with the keyboard, and wait for its figures."""
    box = getattr(dialog, box_name)
    box.setFocus()
    while box.currentText() != text:
        key = Qt.Key.Key_Down if box.findText(text) > box.currentIndex() else Qt.Key.Key_Up
        table.qtbot.keyClick(box, key)
    table.qtbot.waitUntil(lambda: not dialog.loader.busy(), timeout=WAIT_MS)


@pytest.fixture
def session_table(open_table: Open, tmp_path: Path) -> Table:
    folder = tmp_path / "data"
    play_session(folder)
    return open_table("blackjack", folder=folder)


def test_the_page_shows_the_hand_counted_figures(session_table: Table) -> None:
    dialog = open_statistics(session_table)
    assert dialog.figures.shown() == {
        "rounds": "7",
        "hands": "8",
        "wins": "5 (62.5%)",
        "losses": "2 (25.0%)",
        "pushes": "0 (0.0%)",
        "surrenders": "1 (12.5%)",
        "naturals": "1",
        "net": "+$85.00",
        "wagered": "$130.00",
        "biggest_win": "+$50.00 (round 4)",
        "biggest_loss": "\N{MINUS SIGN}$10.00 (round 1)",
        "average_bet": "$12.14",
        "hands_per_hour": "45.7",
        "time": "10 min 30 s",
        "doubles": "1: 1 won, 0 lost, 0 pushed, +$50.00",
        "splits": "1",
        "split_hands": "2: 2 won, 0 lost, 0 pushed, +$20.00",
        "insurance": "1 made for $5.00, 1 paid, +$10.00",
        "buster": "1 made for $5.00, 1 paid, +$5.00",
        "refills": "1 ($10.00)",
        "refunded": "0",
        **quality_shown(),
    }


def given_up() -> int:
    """The cents the session's two mistakes gave up, as the advisor values them: hitting 17
    against a 9 (round 1), insuring a 19 (round 6)."""
    insure = advice_at("blackjack", "TS AH 9C KD", 1_000, [])
    return advice_cost_of_the_hit() + value_in_cents(
        insure[Action.NO_INSURANCE] - insure[Action.INSURE], 1_000
    )


def quality_shown() -> dict[str, str]:
    cost = given_up()
    return {
        "matched": "6 of 8 (75.0%)",
        "given_up": f"{dollars(cost)} ({round(100 * cost / 13_000, 2)}% of the amount bet)",
    }


def test_each_game_has_its_line_with_its_play_quality(session_table: Table) -> None:
    table = open_statistics(session_table).figures.by_game
    rows = [
        tuple(table.item(row, column).text() for column in range(table.columnCount()))
        for row in range(table.rowCount())
    ]
    # Blackjack's six decisions: hit, split, stand, stand, double, insure; two were not best.
    # No Bust 21: $10 won on the hand, $5 on the Buster bet.
    assert rows == [
        ("No Bust 21st Century Blackjack", "1", "1", "+$15.00", "100.0%", "$0.00"),
        ("Standard BlackJack", "5", "6", "+$75.00", "66.7%", dollars(given_up())),
        ("Super 21", "1", "1", "\N{MINUS SIGN}$5.00", "100.0%", "$0.00"),
    ]


def test_the_figures_are_worked_out_in_the_worker_process(session_table: Table) -> None:
    dialog = open_statistics(session_table)
    assert session_table.window.worker.pid not in (None, os.getpid())
    assert dialog.loader.figures is not None  # the figures came first, without the advisor
    assert dialog.loader.figures.statistics.quality is None
    assert dialog.loader.figures.statistics.overall == dialog.statistics_shown().overall


def test_the_window_starts_without_qtcharts_or_the_statistics() -> None:
    """Startup matters (docs/decisions.md, "Startup and memory"): the page, QtCharts and the store's
    statistics are
    imported when the page is first opened."""
    code = (
        "import sys, casino_gui.gui.window; "
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6.QtCharts', "
        "'casino_gui.gui.stats', 'casino_gui.store.stats'))))"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert shown.stdout.strip() == "[]"


def test_the_costliest_decisions_are_listed_with_their_rounds(session_table: Table) -> None:
    dialog = open_statistics(session_table)
    table = dialog.figures.costliest
    rows = [
        tuple(table.item(row, column).text() for column in range(7))
        for row in range(table.rowCount())
    ]
    assert sorted((row[0], row[2], row[3], row[4]) for row in rows) == [
        ("1", "no. 1", "HIT", "STAND"),
        ("6", "no. 1", "INSURE", "NO INSURANCE"),
    ]
    assert all(row[1] == "Standard BlackJack" and row[5] == "$10.00" for row in rows)


def test_one_game_and_this_session_are_chosen_on_the_page(session_table: Table) -> None:
    dialog = open_statistics(session_table)
    choose(session_table, dialog, "game_choice", "Super 21")
    assert dialog.answer is not None and dialog.answer.query.game == "super_21"
    assert dialog.figures.value("surrenders") == "1 (100.0%)"
    assert dialog.figures.value("net") == "\N{MINUS SIGN}$5.00"
    assert dialog.figures.value("matched") == "1 of 1 (100.0%)"
    # The session began when the window opened, after the scripted rounds: none in it.
    choose(session_table, dialog, "period_choice", "This session")
    assert dialog.figures.value("rounds") == "0"
    assert "No round played this session" in dialog.working.text.text()


def test_the_chart_has_one_point_per_round_at_its_balance_and_marks_the_refill(
    session_table: Table,
) -> None:
    dialog = open_statistics(session_table)
    chart = dialog.chart
    balances = [(p.x(), p.y()) for p in chart.balance.points()]
    assert balances == [
        (0.0, 1000.0),  # the opening balance: the line starts where the player started
        (1.0, 990.0),
        (2.0, 1015.0),
        (3.0, 1035.0),
        (4.0, 1085.0),
        (5.0, 1080.0),
        (6.0, 1080.0),
        (7.0, 1095.0),
    ]
    # The refill of $10.00 came after round 1, bringing the wallet back to $1,000: marked
    # between rounds 1 and 2, not over round 1's point.
    assert [(p.x(), p.y()) for p in chart.refills.points()] == [(1.5, 1000.0)]
    assert chart.refills in chart.chart().series()
    choose(session_table, dialog, "axis_choice", "Over time")
    assert dialog.chart.axis is Axis.TIME
    refill_ms = (START + timedelta(seconds=REFILL_AT)).timestamp() * 1000
    assert [p.x() for p in dialog.chart.refills.points()] == [refill_ms]
    assert [p.y() for p in dialog.chart.balance.points()] == [y for _, y in balances]
    assert dialog.chart.balance.points()[0].x() == START.timestamp() * 1000  # round 1's deal
    # One game: its running net from 0, no wallet refills.
    choose(session_table, dialog, "game_choice", "Standard BlackJack")
    assert [p.y() for p in dialog.chart.balance.points()] == [0.0, -10.0, 5.0, 25.0, 75.0, 75.0]
    assert dialog.chart.refills.count() == 0


def test_a_round_played_now_is_in_this_session(open_table: Open) -> None:
    table = open_table("blackjack")
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9H 9C 7D 8S")  # 19 against 9 and 7
    table.press(Action.STAND)  # the dealer draws the 8S to 24 and busts: +$10.00
    dialog = open_statistics(table)
    choose(table, dialog, "period_choice", "This session")
    assert dialog.figures.value("rounds") == "1"
    assert dialog.figures.value("net") == "+$10.00"
    # One round: a line from the opening balance, not a lone dot on the right edge.
    assert [(p.x(), p.y()) for p in dialog.chart.balance.points()] == [
        (0.0, 1000.0),
        (1.0, 1010.0),
    ]
    dialog.reject()
    QApplication.processEvents()


def test_a_costliest_decision_opens_in_the_replay_viewer_at_that_decision(
    session_table: Table,
) -> None:
    dialog = open_statistics(session_table)
    rows = dialog.figures.costliest
    row = next(r for r in range(rows.rowCount()) if rows.item(r, 0).text() == "1")
    button = dialog.figures.replay_buttons[row]
    dialog.figures_area.ensureWidgetVisible(button)  # scrolled to, as the player would
    assert button.isVisible()
    session_table.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    viewer = dialog.findChild(ReplayViewer)
    assert viewer is not None and viewer.isVisible() and viewer.round_id == 1
    # Round 1's one decision: hitting 17 against a 9, what the statistics list it for.
    step = viewer.steps[viewer.index]
    assert step.decision == 1
    cost = advice_cost_of_the_hit()
    assert viewer.verdict.text() == f"HIT: gives up {dollars(cost)} (best: STAND)"
    assert rows.item(row, 6).text() == dollars(cost)
    viewer.close()


def advice_cost_of_the_hit() -> int:
    hit = advice_at("blackjack", "TS 9H 7C TD 5S", 1_000, [])
    return value_in_cents(hit[Action.STAND] - hit[Action.HIT], 1_000)


@pytest.mark.parametrize(
    ("seconds", "shown"), [(3.0, "\N{EM DASH}"), (59.9, "\N{EM DASH}"), (3600.0, "2.0")]
)
def test_hands_per_hour_waits_for_a_minute_of_play(seconds: float, shown: str) -> None:
    """One hand in 3 seconds is not 1,200 hands an hour: the rate shows after a minute."""
    from casino_gui.gui.stats.figures_panel import rate_text
    from casino_gui.store.stats import Figures

    figures = Figures(hands_played=2, time_played=timedelta(seconds=seconds))
    assert rate_text(figures) == shown


def test_a_refill_after_the_last_round_is_marked_inside_the_rounds_axis(qapp: QApplication) -> None:
    # Round 1 lost $10 of $1,000; the refill that follows is the selection's last point.
    at = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    chart = BankrollChart()
    chart.show_points(
        [Point(at, 100_000, None), Point(at, 99_000, 1), Point(at, 100_000, None, 1_000)]
    )
    assert [(p.x(), p.y()) for p in chart.balance.points()] == [(0.0, 1000.0), (1.0, 990.0)]
    assert [(p.x(), p.y()) for p in chart.refills.points()] == [(1.5, 1000.0)]
    x_axis = chart.chart().axes(Qt.Orientation.Horizontal)[0]
    assert isinstance(x_axis, QValueAxis) and x_axis.max() >= 1.5


def test_play_judged_once_is_kept_for_the_next_look(open_table: Open, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    generate_history(folder, 14, judged=False)
    table = open_table("blackjack", folder=folder)
    dialog = open_statistics(table)
    _, db = open_for_reading(folder)
    with closing(db):
        assert kept.quality_is_kept(db)  # the worker kept what it judged
        (verdicts,) = db.execute("SELECT count(*) FROM verdicts").fetchone()
    assert dialog.answer is not None and dialog.answer.statistics.quality is not None
    assert verdicts == dialog.answer.statistics.quality.decisions > 0
    # The next look has nothing left to judge.
    assert compute(StatsQuery(str(folder), quality=False)).judging is None
