"""The statistics page's job for the window's worker process: the figures, play quality and
the chart's points of one selection, read from the bankroll file. Qt-free.

Play quality replays every decision through the advisor (a few milliseconds each), so the
window never computes it itself: it sends `compute` to its worker process
(`casino_gui.gui.workers`), which judges the rounds settled since the last look and keeps
their verdicts in the bankroll (`kept.judge`). Where the file cannot be written, `CACHE`
(kept with this module between jobs) judges each round once per run of the casino.
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from casino_gui.store.stats import QualityCache, Statistics, kept, statistics
from casino_gui.store.stats.chart import Point, bankroll_points, net_points
from casino_gui.store.verify import open_for_reading

CACHE = QualityCache()  # in the worker process: lives as long as it does


@dataclass(frozen=True)
class StatsQuery:
    """What the page shows: one game or all (None), since a moment or all time (None)."""

    folder: str  # the data folder (a str: the query crosses to the worker by pickle)
    game: str | None = None
    since: datetime | None = None
    quality: bool = True  # False: the figures and the chart alone, without the advisor


@dataclass(frozen=True)
class StatsAnswer:
    query: StatsQuery
    statistics: Statistics
    # The chart: the wallet after each round and refill for all games; a game's running net.
    points: tuple[Point, ...]
    unjudged: int = 0  # settled rounds whose play is not judged yet (judged once, then kept)

    def judging(self) -> str:
        """What the page says while play quality is worked out."""
        if self.unjudged <= 1:
            return "Judging each of your decisions against the best play…"
        return (
            f"Judging your decisions in {self.unjudged:,} rounds against the best play "
            "(once: the verdicts are kept)…"
        )


def compute(query: StatsQuery) -> StatsAnswer:
    """The figures (with play quality if asked) and the chart's points of `query`."""
    path, db = open_for_reading(Path(query.folder), every_row=False)
    if query.quality:  # each round judged once, and kept: only new rounds wait
        kept.judge(path)
    with closing(db):
        found = statistics(db, query.game, query.since, quality=query.quality, cache=CACHE)
        if query.game is None:
            points = bankroll_points(db, query.since)
        else:
            points = net_points(db, query.game, query.since)
        unjudged = 0 if query.quality else kept.unjudged(db)
    return StatsAnswer(query, found, tuple(points), unjudged)
