"""The bankroll chart's points are placed at the rounds' closing, as the figures count them:
a round dealt before a session began and settled in it (resumed after a crash) is on the
session's chart, at the moment it settled."""

from __future__ import annotations

from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from casino_gui.engine import GAMES, Bet
from casino_gui.store import Bankroll
from casino_gui.store.stats import statistics
from casino_gui.store.stats.chart import Point, bankroll_points
from casino_gui.store.verify import open_for_reading
from tests.store.bankroll_files import Clock

DEALT = datetime(2026, 5, 2, 21, 0, tzinfo=UTC)
SESSION = DEALT + timedelta(seconds=10)  # the window opened again, the round resumed
SETTLED = DEALT + timedelta(seconds=20)


def test_a_lost_round_dealt_before_the_session_and_settled_in_it_is_on_its_chart(
    folder: Path,
) -> None:
    clock = Clock(DEALT, timedelta(0))
    with Bankroll.open(folder, clock=clock) as bankroll:
        # Player TS 7C (17) stands against the dealer's 9H TD (19): the $10 stake is lost,
        # and the round's last movement in the ledger is that stake, at the deal.
        bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="TS 9H 7C TD")
        clock.now = SETTLED
        bankroll.act("stand")
        assert not bankroll.round_open
    _, db = open_for_reading(folder)
    with closing(db):
        session = statistics(db, since=SESSION, quality=False)
        points = bankroll_points(db, since=SESSION)
        everything = bankroll_points(db)
        later = bankroll_points(db, since=SETTLED + timedelta(seconds=1))
    assert (session.overall.rounds, session.overall.net) == (1, -1_000)
    assert points == [Point(SETTLED, 99_000, 1)]
    assert everything == points
    assert later == []
