"""The history dialog over a generated bankroll of 100,000 rounds: the first page at once,
more as the list scrolls, and filters whose totals equal the sums SQL gives directly."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import QDate
from pytestqt.qtbot import QtBot

from bench.store import GENERATED_EVERY, GENERATED_FROM, generate_history
from casino_gui.engine import dollars
from casino_gui.gui.dialogs.history import HistoryDialog
from casino_gui.gui.dialogs.history_rows import PAGE
from casino_gui.gui.table.wording import signed
from casino_gui.store import Bankroll
from casino_gui.store.database import FILE_NAME, connect_read_only, stamp
from casino_gui.store.history_query import ResultFilter

ROUNDS = 100_000
# Every stake of a settled round, read from its stored result (not from the ledger, which
# the dialog's amount bet reads): hands (doubles and splits included), insurance, Buster.
STAKES = (
    """(SELECT coalesce(sum(json_extract(value, '$.stake')), 0) FROM json_each(result, '$.{}'))"""
)
BET = " + ".join(STAKES.format(part) for part in ("hands", "insurance", "buster"))
# An even round is mixed when money moved: some bet did not come back as staked.
SWINGS = """(SELECT coalesce(sum(abs(json_extract(value, '$.payout') -
    json_extract(value, '$.stake'))), 0) FROM json_each(result, '$.{}'))"""
MIXED = (
    "bankroll_after = bankroll_before AND "
    + " + ".join(SWINGS.format(part) for part in ("hands", "insurance", "buster"))
    + " > 0"
)


@pytest.fixture(scope="module")
def bankroll(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Bankroll]:
    folder = tmp_path_factory.mktemp("hundred-thousand")
    generate_history(folder, ROUNDS, judged=False)  # 700 rounds played, copied by SQL: seconds
    with Bankroll.open(folder) as opened:
        yield opened


def direct(bankroll: Bankroll, where: str, *arguments: object) -> tuple[int, int, int]:
    """(rounds, net, amount bet) of the settled rounds WHERE ..., summed by SQL."""
    with closing(connect_read_only(bankroll.folder / FILE_NAME)) as db:
        row = db.execute(
            f"SELECT count(*), coalesce(sum(bankroll_after - bankroll_before), 0), "
            f"coalesce(sum({BET}), 0) FROM rounds WHERE state = 'settled' AND {where}",
            arguments,
        ).fetchone()
    return int(row[0]), int(row[1]), int(row[2])


def opened(qtbot: QtBot, bankroll: Bankroll) -> HistoryDialog:
    start = time.perf_counter()
    dialog = HistoryDialog(bankroll)
    qtbot.addWidget(dialog)
    dialog.resize(1000, 600)
    with qtbot.waitExposed(dialog):
        dialog.show()
    print(f"history of {ROUNDS:,} rounds shown in {time.perf_counter() - start:.3f} s")
    return dialog


def counted(qtbot: QtBot, dialog: HistoryDialog) -> str:
    qtbot.waitUntil(lambda: dialog.totals.text() != "Counting…", timeout=20_000)
    return dialog.totals.text()


def expected_totals(
    rounds: int, net: int, bet: int, wins: int, losses: int, pushes: int, mixed: int = 0
) -> str:
    return (
        f"{rounds:,} round{'s' if rounds != 1 else ''} · bet {dollars(bet)} · net {signed(net)} "
        f"· {wins:,} won, {losses:,} lost, {pushes:,} pushed"
        + (f", {mixed:,} mixed" if mixed else "")
    )


def test_the_first_page_comes_at_once_and_scrolling_fetches_more(
    qtbot: QtBot, bankroll: Bankroll
) -> None:
    dialog = opened(qtbot, bankroll)
    rows = dialog.rows
    assert rows.rowCount() == PAGE
    assert [rows.line(n).round_id for n in (0, PAGE - 1)] == [ROUNDS, ROUNDS - PAGE + 1]
    assert rows.canFetchMore()
    dialog.table.scrollToBottom()  # the view asks the model for more, as a wheel would
    qtbot.waitUntil(lambda: rows.rowCount() == 2 * PAGE)
    ids = [rows.line(n).round_id for n in range(rows.rowCount())]
    assert ids == list(range(ROUNDS, ROUNDS - 2 * PAGE, -1))
    rounds, net, bet = direct(bankroll, "1")
    wins = direct(bankroll, "bankroll_after > bankroll_before")[0]
    losses = direct(bankroll, "bankroll_after < bankroll_before")[0]
    mixed = direct(bankroll, MIXED)[0]
    assert mixed > 0
    assert counted(qtbot, dialog) == expected_totals(
        rounds, net, bet, wins, losses, rounds - wins - losses - mixed, mixed
    )
    assert rounds == ROUNDS


def test_a_game_and_result_filter_has_the_totals_sql_gives(
    qtbot: QtBot, bankroll: Bankroll
) -> None:
    dialog = opened(qtbot, bankroll)
    dialog.game.setCurrentIndex(dialog.game.findData("blackjack"))
    dialog.outcome.setCurrentIndex(dialog.outcome.findData(ResultFilter.WIN.value))
    rows = dialog.rows
    assert rows.rowCount() == PAGE
    assert all(rows.line(n).game == "blackjack" and rows.line(n).net > 0 for n in range(PAGE))
    rounds, net, bet = direct(bankroll, "game = 'blackjack' AND bankroll_after > bankroll_before")
    assert counted(qtbot, dialog) == expected_totals(rounds, net, bet, rounds, 0, 0)
    assert 3_000 < rounds < 6_000


def test_a_date_filter_has_the_totals_sql_gives(qtbot: QtBot, bankroll: Bankroll) -> None:
    dialog = opened(qtbot, bankroll)
    # Round n settles GENERATED_FROM + n x 40 s: 2,160 rounds a day, from 2026-01-01 (UTC).
    day = QDate(2026, 1, 10)
    dialog.dated.setChecked(True)
    dialog.since.setDate(day)
    dialog.until.setDate(day)
    since = datetime(2026, 1, 10).astimezone().astimezone(UTC)
    until = datetime(2026, 1, 11).astimezone().astimezone(UTC)
    between = "closed_at >= ? AND closed_at < ?"
    arguments = (stamp(since), stamp(until))
    rounds, net, bet = direct(bankroll, between, *arguments)
    wins = direct(bankroll, f"{between} AND bankroll_after > bankroll_before", *arguments)[0]
    losses = direct(bankroll, f"{between} AND bankroll_after < bankroll_before", *arguments)[0]
    mixed = direct(bankroll, f"{between} AND {MIXED}", *arguments)[0]
    assert rounds == 86_400 // (GENERATED_EVERY.seconds) == 2_160
    assert counted(qtbot, dialog) == expected_totals(
        rounds, net, bet, wins, losses, rounds - wins - losses - mixed, mixed
    )
    newest = dialog.rows.line(0)
    assert since <= newest.closed_at < until
    assert newest.closed_at > GENERATED_FROM
    while dialog.rows.canFetchMore():
        dialog.rows.fetchMore()
    assert dialog.rows.rowCount() == rounds
