"""The statistics page's jobs for the window's worker process: the figures, play quality and
the chart's points of one selection, read from the bankroll file; and the judging of play a
few rounds at a time (`casino_gui.store.judging.judge_some`). Qt-free.

Play quality replays every decision through the advisor (a few milliseconds each), so the
window never computes it itself: its worker process judges each round as it settles, and
what is left to judge (a new advisor, a restore) a few rounds a job (`casino_gui.store.judging.judge_some`), keeping
the verdicts in the bankroll (`kept.judge_some`). `compute` reads them: the quality of the
rounds judged so far, with how far judging has gone. Where the file cannot be written,
`CACHE` (kept with this module between jobs) judges each round once per run of the casino.
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from casino_gui.store.judging import Judging
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
    # True: play quality of every round, the rounds not judged yet judged first (a round
    # that cannot be judged, edited by hand, stops the judging: the rest are judged in memory)
    wait: bool = False


@dataclass(frozen=True)
class StatsAnswer:
    query: StatsQuery
    statistics: Statistics
    # The chart: the wallet after each round and refill for all games; a game's running net.
    points: tuple[Point, ...]
    # All time, while rounds wait to be judged: how far judging has gone (with play quality,
    # that of the rounds judged so far). None when every round is judged, and for a session
    # (its own rounds are judged in the job).
    judging: Judging | None = None

    def judging_text(self) -> str:
        """What the page says while play quality is worked out."""
        if self.judging is None:
            return "Judging each of your decisions against the best play…"
        return f"Play quality: {self.judging.text()} against the best play…"


def compute(query: StatsQuery) -> StatsAnswer:
    """The figures (with play quality if asked) and the chart's points of `query`."""
    path, db = open_for_reading(Path(query.folder), every_row=False)
    if query.quality and query.wait:  # each round judged once, and kept: only new rounds wait
        kept.judge(path)
    # A file this process cannot write is judged here, in memory: nothing else judges it. So
    # is a session's round not judged yet: a session is short, and its report is shown once.
    wait = query.wait or query.since is not None or not kept.can_keep(path)
    with closing(db):
        found = statistics(
            db, query.game, query.since, quality=query.quality, cache=CACHE, wait=wait
        )
        if query.game is None:
            points = bankroll_points(db, query.since)
        else:
            points = net_points(db, query.game, query.since)
        if query.quality:
            judging = found.judging
        elif query.since is None and not kept.quality_is_kept(db):
            judging = kept.judging_state(db)
        else:
            judging = None
    return StatsAnswer(query, found, tuple(points), judging)
