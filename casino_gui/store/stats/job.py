"""The statistics page's job for the window's worker process: the figures, play quality and
the chart's points of one selection, read from the bankroll file. Qt-free.

Play quality replays every decision through the advisor (about 10 ms each), so the window
never computes it itself: it sends `compute` to its worker process
(`casino_gui.gui.workers`). The worker keeps this module between jobs, and with it `CACHE`:
a round is judged once per run of the casino, however often the page is opened.
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from casino_gui.store.stats import QualityCache, Statistics, statistics
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


def compute(query: StatsQuery) -> StatsAnswer:
    """The figures (with play quality if asked) and the chart's points of `query`."""
    _, db = open_for_reading(Path(query.folder))
    with closing(db):
        found = statistics(db, query.game, query.since, quality=query.quality, cache=CACHE)
        if query.game is None:
            points = bankroll_points(db, query.since)
        else:
            points = net_points(db, query.game, query.since)
    return StatsAnswer(query, found, tuple(points))
