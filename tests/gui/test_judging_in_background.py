"""Play judged in the background (docs/architecture.md, "The store"): each round as it settles,
in the window's worker, without a look at the statistics; and a history never judged (a new
advisor, a restore, an import) in small jobs, while the page shows every other figure at once
and play quality so far with a bar of how far judging has gone. A judging killed half-way goes
on without counting a round twice."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from PySide6.QtCore import Qt

from bench.store import generate_history
from casino_gui.engine.round import Action
from casino_gui.gui.stats.page import StatisticsDialog
from casino_gui.store.database import FILE_NAME, connect
from casino_gui.store.stats import counted_statistics, kept, statistics
from casino_gui.store.stats.report import to_json
from tests.gui.conftest import Table

Open = Callable[..., Table]
WAIT_MS = 180_000  # a cold worker process imports the advisor first; the machine is shared
ROUNDS = 30  # never judged: six of the worker's judging jobs


def judged_through(folder: Path) -> tuple[int, int]:
    """(the round up to which play is judged and kept, the last round settled)"""
    with closing(connect(folder / FILE_NAME, read_only=True)) as db:
        return kept.judged_through(db), kept.last_settled(db)


def kept_and_counted(folder: Path) -> tuple[object, object]:
    """The statistics as kept (play quality from the kept verdicts), and as every round
    judged again from nothing."""
    with closing(connect(folder / FILE_NAME, read_only=True)) as db:
        assert kept.quality_is_kept(db)
        return to_json(statistics(db)), to_json(counted_statistics(db))


def test_rounds_settled_in_play_are_judged_without_a_look(open_table: Open) -> None:
    table = open_table("blackjack")
    folder = table.window.bankroll.folder
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9H 9C 7D 8S")  # 19 against 9 and 7
    table.press(Action.STAND)  # the dealer draws the 8S to 24 and busts
    table.press(Action.DEAL, shoe="TS 6H 7C TD 9S")  # 17 against a 6 (and a 10 in the hole)
    table.press(Action.STAND)  # the dealer draws the 9S to 25
    table.qtbot.waitUntil(lambda: judged_through(folder) == (2, 2), timeout=WAIT_MS)
    assert table.window.findChild(StatisticsDialog) is None  # nobody looked
    with closing(connect(folder / FILE_NAME, read_only=True)) as db:
        kept_verdicts = db.execute(
            "SELECT round_id, number, taken, best, given_up > 0 FROM verdicts ORDER BY round_id"
        ).fetchall()
        decisions = db.execute("SELECT sum(decisions) FROM kept_quality").fetchone()
    assert kept_verdicts == [(1, 1, "stand", "stand", 0), (2, 1, "stand", "stand", 0)]
    assert decisions == (2,)
    kept_figures, counted = kept_and_counted(folder)
    assert kept_figures == counted


def test_the_page_shows_every_figure_at_once_and_judging_as_it_goes(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    generate_history(folder, ROUNDS, judged=False)  # as a new advisor or a restore leaves it
    table = open_table("blackjack", folder=folder)
    table.qtbot.keyClick(table.window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    dialog = table.window.findChild(StatisticsDialog)
    assert dialog is not None
    seen: list[tuple[bool, int, int, str, str]] = []

    def look(*_: object) -> None:
        working = dialog.working
        seen.append(
            (
                working.bar.isVisible(),
                working.bar.value(),
                working.bar.maximum(),
                working.text.text(),
                dialog.figures.value("rounds"),
            )
        )

    dialog.judging.progress.connect(look)  # after the page's own slot: what it shows then
    table.qtbot.waitUntil(lambda: dialog.loader.partial is not None, timeout=WAIT_MS)
    # Every other figure at once, and play quality so far with the bar.
    partial = dialog.loader.partial
    assert partial is not None and partial.judging is not None
    assert partial.judging.rounds == ROUNDS and partial.judging.judged < ROUNDS
    assert dialog.tabs.isEnabled() and dialog.figures.value("rounds") == f"{ROUNDS}"
    assert dialog.working.bar.isVisible() and dialog.working.bar.maximum() == ROUNDS
    assert dialog.working.text.text() == (
        f"Play quality: judging {partial.judging.judged:,} of {ROUNDS} rounds against the "
        "best play…"
    )
    table.qtbot.waitUntil(lambda: dialog.answer is not None, timeout=WAIT_MS)
    # The bar moved as the background judged, the page's figures shown all along.
    moving = [entry for entry in seen if entry[1] < ROUNDS]
    assert len(moving) >= 2 and all(entry[0] and entry[4] == f"{ROUNDS}" for entry in moving)
    assert [entry[1] for entry in moving] == sorted({entry[1] for entry in moving})
    assert (
        moving[0][3]
        == f"Play quality: judging {moving[0][1]} of {ROUNDS} rounds against the best play…"
    )
    assert not dialog.working.bar.isVisible()
    answer = dialog.answer
    assert answer is not None and answer.judging is None
    kept_figures, counted = kept_and_counted(folder)
    assert to_json(answer.statistics) == kept_figures == counted


def test_a_judging_killed_half_way_goes_on_without_counting_twice(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    generate_history(folder, ROUNDS, judged=False)
    table = open_table("blackjack", folder=folder)
    window = table.window
    window.judging.start()  # as after a round settles
    table.qtbot.waitUntil(lambda: judged_through(folder)[0] > 0, timeout=WAIT_MS)
    pid = window.worker.pid
    assert pid is not None and judged_through(folder)[0] < ROUNDS
    os.kill(pid, signal.SIGKILL)  # in the middle of a job, or between two
    table.qtbot.waitUntil(lambda: judged_through(folder) == (ROUNDS, ROUNDS), timeout=WAIT_MS)
    assert window.worker.pid != pid  # a new worker went on
    with closing(connect(folder / FILE_NAME, read_only=True)) as db:
        (verdicts,) = db.execute("SELECT count(*) FROM verdicts").fetchone()
        (decisions,) = db.execute("SELECT sum(decisions) FROM kept_quality").fetchone()
    kept_figures, counted = kept_and_counted(folder)
    assert kept_figures == counted  # the kept sums equal a full judging again
    assert decisions == verdicts
