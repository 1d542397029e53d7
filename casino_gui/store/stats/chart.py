"""The bankroll over time, for the chart of the statistics page: the wallet after each round
and each refill (refills marked), or one game's running net. Qt-free data; the window draws it.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime

from casino_gui.store.database import stamp


def _moment(text: str) -> datetime:
    # The stored stamps ("...T20:15:00.000000Z") as `parse_stamp` reads them, forty times
    # faster than its strptime: a chart reads one a round.
    return datetime.fromisoformat(text)


@dataclass(frozen=True)
class Point:
    at: datetime
    value: int  # cents: the wallet, or the game's running net
    round_id: int | None  # None for a refill
    refill: int = 0  # cents a refill added (the point is then a refill's)


def bankroll_points(db: sqlite3.Connection, since: datetime | None = None) -> list[Point]:
    """The wallet after each closed round (settled or refunded) and after each refill, in
    the ledger's order, from `since` on. A round is placed at its closing, not at its last
    movement (a lost round's is its stake, at the deal): a round dealt before `since` and
    settled after it (resumed after a crash) is in, as it is in the figures."""
    rows = db.execute(
        """SELECT at, balance_after, round_id, kind, amount FROM (
            SELECT rounds.closed_at AS at, ledger.balance_after, ledger.round_id,
                ledger.kind, ledger.amount, ledger.id
            FROM rounds JOIN ledger ON ledger.id = (
                SELECT max(id) FROM ledger WHERE ledger.round_id = rounds.id
            )
            WHERE rounds.state <> 'open'
            UNION ALL
            SELECT at, balance_after, round_id, kind, amount, id FROM ledger
            WHERE kind = 'refill'
        ) WHERE at >= ? ORDER BY id""",
        (stamp(since) if since is not None else "",),
    ).fetchall()
    return [
        Point(_moment(at), balance, round_id, amount if kind == "refill" else 0)
        for at, balance, round_id, kind, amount in rows
    ]


def net_points(db: sqlite3.Connection, game: str, since: datetime | None = None) -> list[Point]:
    """One game's running net after each of its settled rounds, from `since` on: a wallet
    is shared by every game, so a game's own curve is what it won or lost."""
    rows = db.execute(
        """SELECT id, closed_at, bankroll_after - bankroll_before FROM rounds
        WHERE state = 'settled' AND game = ? AND closed_at >= ? ORDER BY id""",
        (game, stamp(since) if since is not None else ""),
    ).fetchall()
    points, running = [], 0
    for round_id, closed_at, net in rows:
        running += net
        points.append(Point(_moment(closed_at), running, round_id))
    return points
