"""The bankroll over time, for the chart of the statistics page: the wallet after each round
and each refill (refills marked), or one game's running net, after an opening point (where the
selection started) so that even one round is a line. Qt-free data; the window draws it.
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
    round_id: int | None  # None for a refill and for the opening point
    refill: int = 0  # cents a refill added (the point is then a refill's)

    @property
    def opening(self) -> bool:
        """The selection's opening point: the balance (or net, 0) before its first round or
        refill, at that round's deal or that refill; round 0 on the rounds axis."""
        return self.round_id is None and not self.refill


def bankroll_points(db: sqlite3.Connection, since: datetime | None = None) -> list[Point]:
    """The wallet after each closed round (settled or refunded) and after each refill, in
    the ledger's order, from `since` on. A round is placed at its closing, not at its last
    movement (a lost round's is its stake, at the deal): a round dealt before `since` and
    settled after it (resumed after a crash) is in, as it is in the figures.

    The first point is the opening one: the wallet before the first ledger movement of the
    selection's first round (its stake, at the deal: before `since` for a resumed round) or
    its first refill. None without a round or refill."""
    rows = db.execute(
        """SELECT at, balance_after, round_id, kind, amount, first_id FROM (
            SELECT rounds.closed_at AS at, ledger.balance_after, ledger.round_id,
                ledger.kind, ledger.amount, ledger.id,
                (SELECT min(id) FROM ledger WHERE ledger.round_id = rounds.id) AS first_id
            FROM rounds JOIN ledger ON ledger.id = (
                SELECT max(id) FROM ledger WHERE ledger.round_id = rounds.id
            )
            WHERE rounds.state <> 'open'
            UNION ALL
            SELECT at, balance_after, round_id, kind, amount, id, id FROM ledger
            WHERE kind = 'refill'
        ) WHERE at >= ? ORDER BY id""",
        (stamp(since) if since is not None else "",),
    ).fetchall()
    if not rows:
        return []
    opened_at, opening = db.execute(
        "SELECT at, balance_after - amount FROM ledger WHERE id = ?", (rows[0][5],)
    ).fetchone()
    return [Point(_moment(opened_at), opening, None)] + [
        Point(_moment(at), balance, round_id, amount if kind == "refill" else 0)
        for at, balance, round_id, kind, amount, _ in rows
    ]


def net_points(db: sqlite3.Connection, game: str, since: datetime | None = None) -> list[Point]:
    """One game's running net after each of its settled rounds, from `since` on: a wallet
    is shared by every game, so a game's own curve is what it won or lost. It opens at 0,
    at the first round's deal (none without a round)."""
    rows = db.execute(
        """SELECT id, opened_at, closed_at, bankroll_after - bankroll_before FROM rounds
        WHERE state = 'settled' AND game = ? AND closed_at >= ? ORDER BY id""",
        (game, stamp(since) if since is not None else ""),
    ).fetchall()
    if not rows:
        return []
    points, running = [Point(_moment(rows[0][1]), 0, None)], 0
    for round_id, _, closed_at, net in rows:
        running += net
        points.append(Point(_moment(closed_at), running, round_id))
    return points
