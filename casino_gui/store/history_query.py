"""Paged, filtered history for the history dialog: a page of rounds, newest first, and the
totals of the filter, read straight off the rounds table (no replay), so a bankroll of
100,000 rounds opens its first page in milliseconds (`python -m bench.store
--history`).

Entries are readable: cards as symbols (A♠ 10♥), the dealer's hand, each hand's result and
net, side bets, and refunded rounds marked as such. Qt-free: the window only lays them out.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from casino_gui.store.database import DamagedText, parse_stamp, parse_stamp_or_none, stamp
from casino_gui.store.history import Damaged, HistoryEntry, history

_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_symbol(code: str) -> str:
    """A stored card code as a player reads it.

    >>> card_symbol("AS"), card_symbol("TH"), card_symbol("qd")
    ('A♠', '10♥', 'Q♦')
    """
    code = code.strip().upper()
    rank, suit = code[:-1], code[-1:]
    return ("10" if rank == "T" else rank) + _SUIT_SYMBOLS.get(suit, suit)


def cards_text(codes: list[str] | tuple[str, ...]) -> str:
    """The cards of a hand, in order, as a player reads them.

    >>> cards_text(["AS", "TH"])
    'A♠ 10♥'
    """
    return " ".join(card_symbol(code) for code in codes)


class ResultFilter(StrEnum):
    """A round as the history filters it: by its net, or refunded."""

    WIN = "win"
    LOSS = "loss"
    PUSH = "push"  # every bet came back as it was staked
    MIXED = "mixed"  # even, but not a push: +$10 on one hand, −$10 on another
    REFUNDED = "refunded"


# A bet of the round's result that did not come back as it was staked.
_MOVED = " OR ".join(
    f"EXISTS (SELECT 1 FROM json_each(result, '$.{bets}') "
    "WHERE json_extract(value, '$.payout') <> json_extract(value, '$.stake'))"
    for bets in ("hands", "insurance", "buster")
)
_EVEN = "state = 'settled' AND bankroll_after = bankroll_before"
_RESULT_SQL = {
    ResultFilter.WIN: "state = 'settled' AND bankroll_after > bankroll_before",
    ResultFilter.LOSS: "state = 'settled' AND bankroll_after < bankroll_before",
    ResultFilter.PUSH: f"{_EVEN} AND NOT ({_MOVED})",
    ResultFilter.MIXED: f"{_EVEN} AND ({_MOVED})",
    ResultFilter.REFUNDED: "state = 'refunded'",
}


@dataclass(frozen=True)
class HistoryFilter:
    """Which closed rounds to show: a game, a closing time in [since, until), a result."""

    game: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    result: ResultFilter | None = None

    def where(self) -> tuple[str, list[Any]]:
        clauses, arguments = ["state <> 'open'"], []
        if self.game is not None:
            clauses.append("game = ?")
            arguments.append(self.game)
        if self.since is not None:
            clauses.append("closed_at >= ?")
            arguments.append(stamp(self.since))
        if self.until is not None:
            clauses.append("closed_at < ?")
            arguments.append(stamp(self.until))
        if self.result is not None:
            clauses.append(_RESULT_SQL[self.result])
        return " AND ".join(f"({clause})" for clause in clauses), arguments


@dataclass(frozen=True)
class HandLine:
    spot: int
    cards: str  # "A♠ 10♥"
    total: int
    stake: int
    outcome: str  # the engine's: win, lose, push, surrender
    net: int


@dataclass(frozen=True)
class SideBetLine:
    name: str  # "insurance" or "buster"
    spot: int
    stake: int
    net: int


@dataclass(frozen=True)
class RoundLine:
    """One closed round as the history shows it. A refunded round has no cards: the engine
    never finished it; `reason` says why it was cancelled. A round whose row cannot be read
    (spoiled by hand) costs only itself: it is listed with its `damage`, no cards, and its
    dates when they still read (None when not)."""

    round_id: int
    game: str
    opened_at: datetime | None
    closed_at: datetime | None
    refunded: bool
    net: int
    dealer: str = ""
    dealer_total: int = 0
    player_hands: tuple[HandLine, ...] = ()
    side_bets: tuple[SideBetLine, ...] = ()
    reason: str = ""
    damage: str = ""

    @property
    def summary(self) -> str:
        """The round on one line, for a list or a log."""
        if self.damage:
            return f"#{self.round_id} {self.game}: {self.damage}"
        if self.refunded:
            return f"#{self.round_id} {self.game}: refunded ({self.reason})"
        hands = "; ".join(
            f"{hand.cards} ({hand.total}) {hand.outcome} {hand.net:+}" for hand in self.player_hands
        )
        sides = "".join(f"; {bet.name} {bet.net:+}" for bet in self.side_bets)
        return (
            f"#{self.round_id} {self.game}: dealer {self.dealer} ({self.dealer_total}); "
            f"{hands}{sides}; net {self.net:+}"
        )


@dataclass(frozen=True)
class Totals:
    """The figures of every round the filter selects (amounts in cents)."""

    rounds: int
    settled: int
    refunded: int
    wins: int
    losses: int
    pushes: int
    net: int
    mixed: int  # even rounds that were not pushes: one hand won what another lost


@dataclass(frozen=True)
class Page:
    number: int  # from 0
    size: int
    lines: tuple[RoundLine, ...]
    totals: Totals

    @property
    def pages(self) -> int:
        return max(1, -(-self.totals.rounds // self.size))


_LINE_COLUMNS = "id, game, state, opened_at, closed_at, bankroll_before, bankroll_after, result"


def totals(db: sqlite3.Connection, selection: HistoryFilter) -> Totals:
    where, arguments = selection.where()
    row = db.execute(
        f"""SELECT count(*),
            count(*) FILTER (WHERE state = 'settled'),
            count(*) FILTER (WHERE state = 'refunded'),
            count(*) FILTER (WHERE {_RESULT_SQL[ResultFilter.WIN]}),
            count(*) FILTER (WHERE {_RESULT_SQL[ResultFilter.LOSS]}),
            count(*) FILTER (WHERE {_RESULT_SQL[ResultFilter.PUSH]}),
            coalesce(sum(bankroll_after - bankroll_before) FILTER (WHERE state = 'settled'), 0),
            count(*) FILTER (WHERE {_RESULT_SQL[ResultFilter.MIXED]})
        FROM rounds WHERE {where}""",
        arguments,
    ).fetchone()
    return Totals(*(int(value) for value in row))


def page(
    db: sqlite3.Connection,
    selection: HistoryFilter,
    number: int = 0,
    size: int = 50,
    *,
    counted: Totals | None = None,
) -> Page:
    """Page `number` (from 0) of `size` rounds, newest first, with the filter's totals.

    The rows come off the primary key in a fraction of a millisecond; the totals scan every
    round the filter selects (about 0.1 s for 100,000): pass the `counted` totals of an
    earlier page of the same filter to skip them, and use `following` to scroll, which
    seeks by round id where OFFSET would step over every earlier row."""
    if size < 1 or number < 0:
        raise ValueError(f"a page is a number from 0 and a size from 1 (got {number}, {size})")
    where, arguments = selection.where()
    rows = db.execute(
        f"SELECT {_LINE_COLUMNS} FROM rounds WHERE {where} ORDER BY id DESC LIMIT ? OFFSET ?",
        [*arguments, size, number * size],
    ).fetchall()
    found = counted if counted is not None else totals(db, selection)
    return Page(number, size, tuple(_line(row) for row in rows), found)


def following(db: sqlite3.Connection, selection: HistoryFilter, previous: Page) -> Page:
    """The page after `previous` (of the same filter): the rounds older than its last,
    with its totals."""
    if not previous.lines:
        return Page(previous.number + 1, previous.size, (), previous.totals)
    lines = older_lines(db, selection, previous.lines[-1].round_id, previous.size)
    return Page(previous.number + 1, previous.size, lines, previous.totals)


def older_lines(
    db: sqlite3.Connection, selection: HistoryFilter, before: int | None, size: int
) -> tuple[RoundLine, ...]:
    """Up to `size` rounds of the filter older than round `before` (the newest when None),
    newest first, without the totals: a list that fetches more as it scrolls seeks by
    round id, in a fraction of a millisecond at any depth."""
    where, arguments = selection.where()
    if before is not None:
        where += " AND id < ?"
        arguments.append(before)
    rows = db.execute(
        f"SELECT {_LINE_COLUMNS} FROM rounds WHERE {where} ORDER BY id DESC LIMIT ?",
        [*arguments, size],
    ).fetchall()
    return tuple(_line(row) for row in rows)


# The money the player put on the table: stakes, doubles, splits, insurance and side bets.
_BETS = "('stake', 'side_bet', 'double', 'split', 'insurance')"


def amount_bet(db: sqlite3.Connection, selection: HistoryFilter) -> int:
    """Cents bet in the settled rounds of the filter, read off the ledger (the money as it
    moved; equal to the sum of `HistoryEntry.stake`). A refunded round's stakes came back:
    they count as none."""
    where, arguments = selection.where()
    (total,) = db.execute(
        f"""SELECT -coalesce(sum(amount), 0) FROM ledger WHERE kind IN {_BETS}
        AND round_id IN (SELECT id FROM rounds WHERE {where} AND state = 'settled')""",
        arguments,
    ).fetchone()
    return int(total)


def entries(
    db: sqlite3.Connection, selection: HistoryFilter, damaged: list[Damaged] | None = None
) -> list[HistoryEntry]:
    """The settled rounds of the filter, oldest first, as the export writes them
    (`to_json_text`, `to_csv_text`: hand records that replay to their results). Refunded
    rounds have no result to replay: a filter of refunded rounds exports none. With a
    `damaged` list, a round whose row cannot be read is noted there and left out."""
    found = history(db, selection.game, selection.since, selection.until, damaged=damaged)
    if selection.result is None:
        return found
    if selection.result is ResultFilter.REFUNDED:
        return []
    sign = {ResultFilter.WIN: 1, ResultFilter.LOSS: -1, ResultFilter.PUSH: 0}[selection.result]
    return [entry for entry in found if (entry.net > 0) - (entry.net < 0) == sign]


def _line(row: tuple[Any, ...]) -> RoundLine:
    round_id, game, state, opened_at, closed_at, before, after, result_text = row
    try:
        for column, value in zip(_LINE_COLUMNS.split(", "), row, strict=True):
            if isinstance(value, DamagedText):  # read_damaged_text's: a flipped byte
                raise ValueError(f"its {column} is not valid UTF-8 text")
        result = json.loads(result_text)
        opened, closed = parse_stamp(opened_at), parse_stamp(closed_at)
        if state == "refunded":
            return RoundLine(
                round_id, game, opened, closed, True, 0, reason=str(result.get("reason", ""))
            )
        return RoundLine(
            round_id,
            game,
            opened,
            closed,
            False,
            int(after) - int(before),
            dealer=cards_text(result["dealer"]["cards"]),
            dealer_total=int(result["dealer"]["total"]),
            player_hands=tuple(
                HandLine(
                    int(hand["spot"]),
                    cards_text(hand["cards"]),
                    int(hand["total"]),
                    int(hand["stake"]),
                    str(hand["outcome"]),
                    int(hand["payout"]) - int(hand["stake"]),
                )
                for hand in result["hands"]
            ),
            side_bets=tuple(
                SideBetLine(
                    name,
                    int(bet["spot"]),
                    int(bet["stake"]),
                    int(bet["payout"]) - int(bet["stake"]),
                )
                for name in ("insurance", "buster")
                for bet in result[name]
            ),
        )
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        return RoundLine(
            round_id,
            str(game),
            parse_stamp_or_none(opened_at),
            parse_stamp_or_none(closed_at),
            state == "refunded",
            0,
            damage=f"its record cannot be read ({error})",
        )
