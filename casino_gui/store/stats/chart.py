"""The bankroll over time, for the chart of the statistics page: the wallet after each round
and each refill (refills marked), or one game's running net, after an opening point (where the
selection started) so that even one round is a line. Qt-free data; the window draws it.

A selection of more than CHART_POINTS rounds is drawn through CHART_POINTS of them, evenly
spread, the last always in, and REFILL_MARKS of its refills at most: a chart is no wider than
a screen, and the points of a long record would cost its length (docs/decisions.md, "Figures kept as
rounds settle").
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime

from casino_gui.store.database import parse_stamp, stamp

CHART_POINTS = 500
REFILL_MARKS = 125  # refills marked at most on a long selection's chart, evenly spread


@dataclass(frozen=True)
class Point:
    at: datetime
    value: int  # cents: the wallet, or the game's running net
    round_id: int | None  # None for a refill and for the opening point
    refill: int = 0  # cents a refill added (the point is then a refill's)
    # The rounds of the selection up to this point (before it, for a refill): its place on
    # the rounds axis. Not compared: the same point of the same round, however it was drawn.
    number: int = field(default=0, compare=False)

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
    first, last = _closed_span(db, since)
    if last - first >= CHART_POINTS:
        return _thinned_bankroll(db, since, first, last)
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
    points, number = [Point(parse_stamp(opened_at), opening, None)], 0
    for at, balance, round_id, kind, amount, _ in rows:
        number += round_id is not None and kind != "refill"
        points.append(
            Point(parse_stamp(at), balance, round_id, amount if kind == "refill" else 0, number)
        )
    return points


def _closed_span(db: sqlite3.Connection, since: datetime | None) -> tuple[int, int]:
    """The ids of the first and the last round closed in the selection. Rounds close in the
    order of their ids (one is open at a time), so the selection is every id between."""
    (last,) = db.execute(
        "SELECT coalesce(max(id), 0) FROM rounds WHERE id < coalesce("
        "(SELECT id FROM rounds WHERE state = 'open'), 1 << 62)"
    ).fetchone()
    if since is None:
        return (1 if last else 0), last
    (first,) = db.execute(
        "SELECT coalesce(min(id), 0) FROM rounds WHERE closed_at >= ?", (stamp(since),)
    ).fetchone()
    return first, (last if first else 0)


# The chosen rounds' bankroll, and every n-th refill after the round closed before it.
# `+id`: numbered in the order of their ids, the refills are still read off their index; in
# the ledger's own order SQLite would scan every movement (4× the page's time on 100,000).
BANKROLL_POINTS = """SELECT id, 0, closed_at, bankroll_after, id, 0 FROM rounds
    WHERE id IN (SELECT value FROM json_each(?))
    UNION ALL
    SELECT coalesce((
        SELECT round_id FROM ledger AS before
        WHERE before.id < refill.id AND before.round_id IS NOT NULL
        ORDER BY before.id DESC LIMIT 1), 0), 1, at, balance_after, NULL, amount
    FROM (
        SELECT id, at, balance_after, amount, row_number() OVER (ORDER BY +id) AS number
        FROM ledger WHERE kind = 'refill' AND at >= ?
    ) AS refill WHERE number % ? = 0
    ORDER BY 1, 2"""


def _thinned_bankroll(
    db: sqlite3.Connection, since: datetime | None, first: int, last: int
) -> list[Point]:
    # A closed round's bankroll_after is the wallet after its last movement (no refill comes
    # within a round): one row a point, without the ledger. A refill follows the last round
    # closed before it.
    spread = last - first
    chosen = sorted({first + spread * n // (CHART_POINTS - 1) for n in range(CHART_POINTS)})
    after = stamp(since) if since is not None else ""
    (refills,) = db.execute(
        "SELECT count(*) FROM ledger WHERE kind = 'refill' AND at >= ?", (after,)
    ).fetchone()
    rows = db.execute(
        BANKROLL_POINTS, (json.dumps(chosen), after, -(-refills // REFILL_MARKS))
    ).fetchall()
    opening_row = (
        "SELECT at, balance_after - amount FROM ledger WHERE round_id = ? ORDER BY id LIMIT 1"
        if rows[0][1] == 0
        else "SELECT at, balance_after - amount FROM ledger WHERE kind = 'refill' AND at >= ?"
        " ORDER BY id LIMIT 1"
    )
    key = rows[0][0] if rows[0][1] == 0 else after
    opened_at, opening = db.execute(opening_row, (key,)).fetchone()
    points = [Point(parse_stamp(opened_at), opening, None)]
    for closed_before, _, at, balance, round_id, refill in rows:
        # The rounds closed up to it: every id from the first is a closed round.
        number = max(0, closed_before - first + 1)
        points.append(Point(parse_stamp(at), balance, round_id, refill, number))
    return points


def net_points(db: sqlite3.Connection, game: str, since: datetime | None = None) -> list[Point]:
    """One game's running net after each of its settled rounds, from `since` on: a wallet
    is shared by every game, so a game's own curve is what it won or lost. It opens at 0,
    at the first round's deal (none without a round). Read off the game's kept rounds
    (`kept_game_rounds`): their numbers and running nets."""
    if since is None:  # the last of the game's numbers, off the end of the index
        row = db.execute(
            "SELECT 1, number FROM kept_game_rounds WHERE game = ? ORDER BY number DESC LIMIT 1",
            (game,),
        ).fetchone()
    else:  # the session's rounds, found by their date
        row = db.execute(
            "SELECT min(number), max(number) FROM rounds JOIN kept_game_rounds"
            " ON round_id = rounds.id WHERE rounds.game = ? AND rounds.closed_at >= ?",
            (game, stamp(since)),
        ).fetchone()
    if row is None or row[0] is None:
        return []
    first, last = row
    spread = last - first
    numbers = (
        range(first - 1, last + 1)
        if spread < CHART_POINTS
        else [
            first - 1,
            *sorted({first + spread * n // (CHART_POINTS - 1) for n in range(CHART_POINTS)}),
        ]
    )
    rows = db.execute(
        """SELECT number, opened_at, closed_at, round_id, net FROM kept_game_rounds
        WHERE game = ? AND number IN (SELECT value FROM json_each(?)) ORDER BY number""",
        (game, json.dumps(list(numbers))),
    ).fetchall()
    before = rows.pop(0)[4] if rows[0][0] == first - 1 else 0  # the net before the selection
    points = [Point(parse_stamp(rows[0][1]), 0, None)]
    points += [
        Point(parse_stamp(closed_at), net - before, round_id, 0, number - first + 1)
        for number, _, closed_at, round_id, net in rows
    ]
    return points
