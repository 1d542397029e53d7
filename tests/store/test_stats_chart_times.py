"""The bankroll chart's points are placed at the rounds' closing, as the figures count them:
a round dealt before a session began and settled in it (resumed after a crash) is on the
session's chart, at the moment it settled. And the chart opens where the player started:
before the selection's first round or refill, the wallet as it was (a game's running net: 0),
so that one round is a line from the opening balance, not a lone dot. Exact cents."""

from __future__ import annotations

from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from casino_gui.engine import GAMES, Action, Bet, Move
from casino_gui.store import Bankroll
from casino_gui.store.stats import statistics
from casino_gui.store.stats.chart import Point, bankroll_points, net_points
from casino_gui.store.verify import open_for_reading
from tests.store.bankroll_files import Clock

DEALT = datetime(2026, 5, 2, 21, 0, tzinfo=UTC)
SESSION = DEALT + timedelta(seconds=10)  # the window opened again, the round resumed
SETTLED = DEALT + timedelta(seconds=20)


def stand_once(folder: Path, stake: int, shoe: str) -> None:
    """One round of blackjack on a fresh $1,000 wallet, dealt at DEALT, the player standing
    at SETTLED."""
    clock = Clock(DEALT, timedelta(0))
    with Bankroll.open(folder, clock=clock) as bankroll:
        bankroll.deal(GAMES["blackjack"], [Bet(1, stake)], shoe=shoe)
        clock.now = SETTLED
        bankroll.act(Move(Action.STAND))
        assert not bankroll.round_open


def test_a_lost_round_dealt_before_the_session_and_settled_in_it_is_on_its_chart(
    folder: Path,
) -> None:
    # Player TS 7C (17) stands against the dealer's 9H TD (19): the $10 stake is lost,
    # and the round's last movement in the ledger is that stake, at the deal.
    stand_once(folder, 1_000, "TS 9H 7C TD")
    _, db = open_for_reading(folder)
    with closing(db):
        session = statistics(db, since=SESSION, quality=False)
        points = bankroll_points(db, since=SESSION)
        everything = bankroll_points(db)
        later = bankroll_points(db, since=SETTLED + timedelta(seconds=1))
    assert (session.overall.rounds, session.overall.net) == (1, -1_000)
    # The line opens at the wallet before the round's stake, at its deal (before the session).
    assert points == [Point(DEALT, 100_000, None), Point(SETTLED, 99_000, 1)]
    assert everything == points
    assert later == []


def test_one_round_is_two_points_the_first_at_the_balance_before_it(folder: Path) -> None:
    # Player TS 9C (19) stands against the dealer's 9H 7D, who draws the 8S to 24: +$25.
    stand_once(folder, 2_500, "TS 9H 9C 7D 8S")
    _, db = open_for_reading(folder)
    with closing(db):
        wallet = bankroll_points(db)
        net = net_points(db, "blackjack")
        other_game = net_points(db, "super_21")
    assert wallet == [Point(DEALT, 100_000, None), Point(SETTLED, 102_500, 1)]
    assert wallet[0].opening and not wallet[1].opening
    assert net == [Point(DEALT, 0, None), Point(SETTLED, 2_500, 1)]
    assert other_game == []  # no round of it: no opening point either


def test_a_selection_that_starts_with_a_refill_opens_before_it_and_marks_it(
    folder: Path,
) -> None:
    clock = Clock(DEALT, timedelta(0))
    refilled = DEALT + timedelta(seconds=60)
    second_deal = DEALT + timedelta(seconds=120)
    with Bankroll.open(folder, clock=clock) as bankroll:
        # Player TS 7C (17) stands against the dealer's 9H TD (19): the $40 stake is lost.
        bankroll.deal(GAMES["blackjack"], [Bet(1, 4_000)], shoe="TS 9H 7C TD")
        bankroll.act(Move(Action.STAND))
        clock.now = refilled
        assert bankroll.refill() == 4_000
        # Player AS KD is a blackjack against the dealer's 9H 7C: +$15 on $10.
        clock.now = second_deal
        bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="AS 9H KD 7C")
        assert not bankroll.round_open
    _, db = open_for_reading(folder)
    with closing(db):
        from_refill = bankroll_points(db, since=refilled)
        everything = bankroll_points(db)
    assert from_refill == [
        Point(refilled, 96_000, None),  # the wallet the refill found
        Point(refilled, 100_000, None, refill=4_000),
        Point(second_deal, 101_500, 2),
    ]
    assert [p.opening for p in from_refill] == [True, False, False]
    assert [(p.at, p.value, p.round_id, p.refill) for p in everything] == [
        (DEALT, 100_000, None, 0),
        (DEALT, 96_000, 1, 0),
        (refilled, 100_000, None, 4_000),
        (second_deal, 101_500, 2, 0),
    ]
