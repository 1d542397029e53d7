"""`python -m bench.stalls`: the longest event-loop stall while charts compute.

Opens Help ▸ Strategy chart of every game cold (a new worker process, nothing memoised) and
measures, with a timer that should fire every few milliseconds, the longest time the event
loop went without turning until the chart was on screen. `--inline` also times the chart
computed in this process, which is how long the window froze before the worker process.

Runs offscreen unless QT_QPA_PLATFORM says otherwise (Qt reads it when the application
starts). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

TICK_MS = 5


class _StallMeter:
    """A timer due every TICK_MS: the longest it waited beyond that is the longest stall."""

    def __init__(self, clock: QElapsedTimer, ticker: QTimer) -> None:
        self.clock, self.ticker = clock, ticker
        self.longest = self.last = 0.0
        ticker.setInterval(TICK_MS)
        ticker.timeout.connect(self.tick)
        clock.start()
        ticker.start()

    def tick(self) -> None:
        now = self.clock.nsecsElapsed() / 1e6
        self.longest = max(self.longest, now - self.last - TICK_MS)
        self.last = now

    def stop(self) -> tuple[float, float]:
        """The longest stall (ms) and the time since the start (s)."""
        self.tick()
        self.ticker.stop()
        return self.longest, self.clock.nsecsElapsed() / 1e9


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.stalls",
        description="The longest event-loop stall while each game's strategy chart opens cold.",
    )
    parser.add_argument("--inline", action="store_true", help="also time the chart in-process")
    parser.add_argument("games", nargs="*", help="game ids (default: all seven)")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from casino_gui.engine import GAMES
    from casino_gui.engine.strategy import chart, forget_computed
    from casino_gui.gui.dialogs.strategy_chart import StrategyChartDialog
    from casino_gui.gui.workers import WorkerProcess

    games = args.games or list(GAMES)
    unknown = [game for game in games if game not in GAMES]
    if unknown:
        print(f"unknown game {unknown[0]!r} (games are {', '.join(GAMES)})", file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication([sys.argv[0]])
    worst = 0.0
    print(f"{'game':<16}{'chart on screen':>17}{'longest stall':>15}{'inline':>10}")
    for game in games:
        rules = GAMES[game]
        worker = WorkerProcess()
        meter = _StallMeter(QElapsedTimer(), QTimer())
        dialog = StrategyChartDialog(rules, worker)
        dialog.show()
        loop = QEventLoop()
        dialog.chart_ready.connect(loop.quit)
        dialog.chart_failed.connect(loop.quit)
        loop.exec()
        app.processEvents()
        longest, shown = meter.stop()
        dialog.close()
        dialog.deleteLater()
        worker.shutdown()
        inline = ""
        if args.inline:
            forget_computed()
            start = time.perf_counter()
            chart(rules)
            inline = f"{time.perf_counter() - start:8.2f} s"
        worst = max(worst, longest)
        print(f"{game:<16}{shown:15.2f} s{longest:12.0f} ms{inline:>10}")
    print(f"longest event-loop stall: {worst:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
