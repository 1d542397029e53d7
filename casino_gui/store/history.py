"""The settled rounds, in the replay format (docs/replay-format.md), by game and date; JSON and CSV.

Each entry holds the hand record (the replay command's input) and the result (its output), so
any round of the history can be saved to a file and replayed to the same result.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any, TextIO

from casino_gui.command_line import elide
from casino_gui.engine import HandRecord
from casino_gui.store.database import stamp
from casino_gui.store.journal import ROUND_COLUMNS_AND_ACTIONS, ReplayError, journaled_round

SHOWN_DAMAGED = 5  # round ids a message names; more are counted

CSV_COLUMNS = (
    "round",
    "opened_at",
    "settled_at",
    "game",
    "seed",
    "shoe",
    "bets",
    "actions",
    "stake",
    "payout",
    "net",
    "bankroll_before",
    "bankroll_after",
    "record",
)


@dataclass(frozen=True)
class HistoryEntry:
    round_id: int
    opened_at: datetime
    settled_at: datetime
    record: HandRecord
    result: dict[str, Any]

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def stake(self) -> int:
        """Everything staked: main bets, doubles, splits, insurance and side bets."""
        return self._money[0]

    @property
    def payout(self) -> int:
        return self._money[1]

    @property
    def net(self) -> int:
        stake, payout = self._money
        return payout - stake

    @cached_property
    def _money(self) -> tuple[int, int]:
        """The stake and the payout, summed once (the export reads both, and the net)."""
        items = [*self.result["hands"], *self.result["insurance"], *self.result["buster"]]
        return sum(item["stake"] for item in items), sum(item["payout"] for item in items)

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round_id,
            "opened_at": stamp(self.opened_at),
            "settled_at": stamp(self.settled_at),
            "record": self.record.to_json(),
            "result": self.result,
        }


@dataclass(frozen=True)
class Damaged:
    """A round left out because its row cannot be read, and why."""

    round_id: int
    why: str


def left_out(damaged: Sequence[Damaged]) -> str:
    """The one line that names the rounds left out (a few of them, and why the first was)."""
    damaged = sorted(damaged, key=lambda round_: round_.round_id)
    ids = ", ".join(str(round_.round_id) for round_ in damaged[:SHOWN_DAMAGED])
    more = f" and {len(damaged) - SHOWN_DAMAGED:,} more" if len(damaged) > SHOWN_DAMAGED else ""
    rounds = "round" if len(damaged) == 1 else "rounds"
    return f"{len(damaged):,} damaged {rounds} left out ({ids}{more}): {elide(damaged[0].why, 100)}"


def _where(
    game: str | None, since: datetime | None, until: datetime | None
) -> tuple[str, list[Any]]:
    # `+state`: not the index on the state, which holds every settled round; the id, the
    # date or the game's index narrows the rows (docs/performance.md, "The store").
    where = "+state = 'settled'"
    arguments: list[Any] = []
    if game is not None:
        where += " AND game = ?"
        arguments.append(game)
    if since is not None:
        where += " AND closed_at >= ?"
        arguments.append(stamp(since))
    if until is not None:
        where += " AND closed_at < ?"
        arguments.append(stamp(until))
    return where, arguments


def entries(
    db: sqlite3.Connection,
    game: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    *,
    after: int = 0,
    most: int = -1,
    damaged: list[Damaged] | None = None,
) -> Iterator[HistoryEntry]:
    """Settled rounds, oldest first, one at a time (a long history is never all in memory);
    `since` and `until` bound the settling time (`since` included, `until` not), `after`
    the round ids; `most` rounds at most (-1: all). A round whose row cannot be read raises
    `ReplayError`; with a `damaged` list, it is noted there and left out instead."""
    where, arguments = _where(game, since, until)
    rows = db.execute(
        f"SELECT {ROUND_COLUMNS_AND_ACTIONS} FROM rounds WHERE {where} AND id > ?"
        " ORDER BY id LIMIT ?",
        [*arguments, after, most],
    )
    for row in rows:
        try:
            entry = _entry(db, row)
        except ReplayError as error:
            if damaged is None:
                raise
            damaged.append(Damaged(row[0], str(error)))
            continue
        yield entry


def entry_of(db: sqlite3.Connection, round_id: int) -> HistoryEntry:
    """One settled round; `ReplayError` if it is not one or its record cannot be read."""
    row = db.execute(
        f"SELECT {ROUND_COLUMNS_AND_ACTIONS} FROM rounds WHERE id = ?", (round_id,)
    ).fetchone()
    if row is None:
        raise ReplayError(f"there is no round {round_id}")
    return _entry(db, row)


def _entry(db: sqlite3.Connection, row: tuple[Any, ...]) -> HistoryEntry:
    journaled = journaled_round(db, row)
    result = journaled.result
    if journaled.closed_at is None or result is None or not _result_reads(result):
        raise ReplayError(f"round {journaled.id}'s record cannot be read (its result)")
    return HistoryEntry(
        journaled.id, journaled.opened_at, journaled.closed_at, journaled.record, result
    )


def history(
    db: sqlite3.Connection,
    game: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    *,
    damaged: list[Damaged] | None = None,
) -> list[HistoryEntry]:
    """Settled rounds, oldest first; `since` and `until` bound the settling time
    (`since` included, `until` not). A round whose row cannot be read raises `ReplayError`;
    with a `damaged` list, it is noted there and left out instead."""
    return list(entries(db, game, since, until, damaged=damaged))


def count(
    db: sqlite3.Connection,
    game: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> int:
    """How many rounds `entries` gives."""
    where, arguments = _where(game, since, until)
    return int(db.execute(f"SELECT count(*) FROM rounds WHERE {where}", arguments).fetchone()[0])


def _result_reads(result: dict[str, Any]) -> bool:
    """Whether a settled round's result has what the history reads of it."""
    try:
        items = [*result["hands"], *result["insurance"], *result["buster"]]
        money = [int(item["stake"]) + int(item["payout"]) for item in items]
        return len(money) == len(items) and all(
            isinstance(result["bankroll"][key], int) for key in ("before", "after")
        )
    except (KeyError, TypeError, ValueError):
        return False


def write_json(rounds: Iterable[HistoryEntry], out: TextIO) -> int:
    """A JSON list, one round a line, written as the rounds come; returns how many. One
    compact line a round lets the C encoder write it (an indented list goes through Python's:
    docs/performance.md, "The store at scale")."""
    written = 0
    for entry in rounds:
        out.write(",\n" if written else "[\n")
        out.write(json.dumps(entry.to_json()))
        written += 1
    out.write("\n]\n" if written else "[]\n")
    return written


def to_json_text(rounds: Iterable[HistoryEntry]) -> str:
    out = io.StringIO()
    write_json(rounds, out)
    return out.getvalue()


def write_csv(rounds: Iterable[HistoryEntry], out: TextIO) -> int:
    """One row per round, amounts in cents, written as the rounds come; returns how many.
    The `record` column holds the whole hand record as JSON, so a spreadsheet loses nothing
    a replay needs."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    written = 0
    for entry in rounds:
        record = entry.record.to_json()
        writer.writerow(
            (
                entry.round_id,
                stamp(entry.opened_at),
                stamp(entry.settled_at),
                entry.game,
                record.get("seed", ""),
                " ".join(record.get("shoe", [])),
                json.dumps(record["bets"]),
                " ".join(record["actions"]),
                entry.stake,
                entry.payout,
                entry.net,
                entry.result["bankroll"]["before"],
                entry.result["bankroll"]["after"],
                json.dumps(record),
            )
        )
        written += 1
    return written


def to_csv_text(rounds: Iterable[HistoryEntry]) -> str:
    out = io.StringIO()
    write_csv(rounds, out)
    return out.getvalue()
