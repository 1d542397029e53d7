"""The settled rounds, in the replay format of ARCHITECTURE.md, by game and date; JSON and CSV.

Each entry holds the hand record (the replay command's input) and the result (its output), so
any round of the history can be saved to a file and replayed to the same result.

A round whose row cannot be read (a file edited by hand or by another program) costs only
itself: given a list to note it in, `history` leaves it out and goes on, and the commands name
it in one line (`left_out`).
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from casino_gui.command_line import elide
from casino_gui.engine import HandRecord
from casino_gui.store.database import stamp
from casino_gui.store.journal import ROUND_COLUMNS, ReplayError, journaled_round

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
        return sum(item["stake"] for item in self._items())

    @property
    def payout(self) -> int:
        return sum(item["payout"] for item in self._items())

    @property
    def net(self) -> int:
        return self.payout - self.stake

    def _items(self) -> list[dict[str, Any]]:
        return [*self.result["hands"], *self.result["insurance"], *self.result["buster"]]

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
    query = f"SELECT {ROUND_COLUMNS} FROM rounds WHERE state = 'settled'"
    arguments: list[Any] = []
    if game is not None:
        query += " AND game = ?"
        arguments.append(game)
    if since is not None:
        query += " AND closed_at >= ?"
        arguments.append(stamp(since))
    if until is not None:
        query += " AND closed_at < ?"
        arguments.append(stamp(until))
    entries = []
    for row in db.execute(query + " ORDER BY id", arguments).fetchall():
        try:
            journaled = journaled_round(db, row)
            result = journaled.result
            if journaled.closed_at is None or result is None or not _result_reads(result):
                raise ReplayError(f"round {journaled.id}'s record cannot be read (its result)")
        except ReplayError as error:
            if damaged is None:
                raise
            damaged.append(Damaged(row[0], str(error)))
            continue
        entries.append(
            HistoryEntry(
                journaled.id,
                journaled.opened_at,
                journaled.closed_at,
                journaled.record,
                result,
            )
        )
    return entries


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


def to_json_text(entries: Iterable[HistoryEntry]) -> str:
    return json.dumps([entry.to_json() for entry in entries], indent=2) + "\n"


def to_csv_text(entries: Iterable[HistoryEntry]) -> str:
    """One row per round, amounts in cents; the `record` column holds the whole hand record
    as JSON, so a spreadsheet loses nothing a replay needs."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for entry in entries:
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
    return out.getvalue()
