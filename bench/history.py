"""`python -m bench.history`: the time to open Bankroll ▸ History on a big
bankroll, in the real dialog.

Generates a bankroll of N rounds with the store's generator (`bench.store`; about
a minute for 100,000), or uses `--data-dir` as it is when it already holds a bankroll, then
prints the medians over several openings of: the dialog built, shown and painted with its
first page; the filter's totals arriving from their thread; and scrolling on by ten pages.
A figure to watch, not a test. Runs offscreen unless QT_QPA_PLATFORM says otherwise.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path


def _time_openings(folder: Path, runs: int) -> tuple[list[float], list[float], list[float], int]:
    from PySide6.QtWidgets import QApplication

    from casino_gui.gui.dialogs.history import HistoryDialog
    from casino_gui.gui.theme import apply_theme
    from casino_gui.store import Bankroll

    application = QApplication.instance() or QApplication([])
    apply_theme()
    shown, counted, scrolled = [], [], []
    rows = 0
    with Bankroll.open(folder) as bankroll:
        for _ in range(runs):
            start = time.perf_counter()
            dialog = HistoryDialog(bankroll)
            dialog.resize(1000, 600)
            dialog.show()
            dialog.grab()  # painted: every visible row laid out and drawn
            shown.append(time.perf_counter() - start)
            while dialog.totals.text() == "Counting…":
                application.processEvents()
                time.sleep(0.001)
            counted.append(time.perf_counter() - start)
            start = time.perf_counter()
            for _page in range(10):  # each scroll to the bottom fetches one page more
                dialog.table.scrollToBottom()
                application.processEvents()
            dialog.grab()
            scrolled.append(time.perf_counter() - start)
            rows = dialog.rows.rowCount()
            dialog.close()
            dialog.deleteLater()
            application.processEvents()
    return shown, counted, scrolled, rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.history", description=__doc__)
    parser.add_argument("--rounds", type=int, default=100_000, help="rounds to generate (100000)")
    parser.add_argument("--runs", type=int, default=5, help="openings timed (5)")
    parser.add_argument(
        "--data-dir", type=Path, metavar="DIR", help="a bankroll to use (generated there if none)"
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.runs < 1:
        parser.error("--rounds and --runs must be at least 1")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from bench.store import generate_history
    from casino_gui.store.database import FILE_NAME

    with tempfile.TemporaryDirectory(prefix="casino-history-") as scratch:
        folder = args.data_dir or Path(scratch)
        if not (folder / FILE_NAME).exists():
            start = time.perf_counter()
            generate_history(folder, args.rounds)
            print(f"{args.rounds:,} rounds generated in {time.perf_counter() - start:.1f} s")
        shown, counted, scrolled, rows = _time_openings(folder, args.runs)
    median = statistics.median
    print(
        f"History dialog, medians of {args.runs} openings: shown and painted with its first "
        f"page in {median(shown) * 1000:.0f} ms; the totals in {median(counted) * 1000:.0f} ms; "
        f"ten pages more ({rows:,} rows) in {median(scrolled) * 1000:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
