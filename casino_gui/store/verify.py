"""Checking a bankroll without changing it: the balance against the ledger, and the rounds.

Reading needs no lock, so this runs beside a casino that is playing: SQLite's write-ahead log
shows it the file as of the last committed step.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from casino_gui.command_line import elide, shown
from casino_gui.engine import BlackjackError, dollars
from casino_gui.store import journal
from casino_gui.store.database import (
    FILE_NAME,
    check_header,
    check_integrity,
    connect_read_only,
    parse_stamp_or_none,
    read_damaged_text,
    speaking,
    wallet_existed,
)
from casino_gui.store.errors import StoreError
from casino_gui.store.examine import State, check_values
from casino_gui.store.journal import ROUND_COLUMNS, ReplayError, check_replay, journaled_round
from casino_gui.store.ledger import balance, ledger_sum, recorded_money
from casino_gui.store.opening import missing_bankroll
from casino_gui.store.schema import GAME_ROUNDS, SCHEMA_VERSION, check_ownership, check_schema


def open_for_reading(folder: Path, *, every_row: bool = True) -> tuple[Path, sqlite3.Connection]:
    """The bankroll of a data folder, opened read-only (in a read-only folder too); refuses
    a missing, bad or old file, in the words a start would use.

    `every_row` checks the kind of every value of the ledger and the journal first, which
    costs the record's length; the statistics and the export pass False: they check each
    round as they read it, and read the ledger only through SQL sums (docs/decisions.md,
    "Figures kept as rounds settle")."""
    path = folder / FILE_NAME
    if not path.exists() and wallet_existed(folder):
        raise missing_bankroll(folder, State.MISSING)  # what a start would say: restore it
    if not path.exists():
        raise StoreError(
            f"there is no bankroll in {shown(folder)} (no {FILE_NAME}): start the casino once "
            "with this --data-dir to create one"
        )
    check_header(path)
    db = read_damaged_text(connect_read_only(path))  # a round that does not read is named
    try:
        with speaking(path):
            version = check_ownership(db, path)
            check_schema(db, path, version)
            if version > 0 and every_row:
                check_values(db, path)
        if version == 0 and wallet_existed(folder):
            raise missing_bankroll(folder, State.EMPTY)  # a start refuses to create it
        if version == 0:
            raise StoreError(
                f"{shown(path)} holds no bankroll yet: start the casino once to create it"
            )
        if version < SCHEMA_VERSION:
            raise StoreError(
                f"{shown(path)} holds schema {version} (this version writes {SCHEMA_VERSION}):"
                " start the casino once to bring it up to date"
            )
    except BaseException:
        db.close()
        raise
    return path, db


@dataclass(frozen=True)
class OpenRound:
    round_id: int
    game: str
    opened_at: datetime | None  # None when the record's date cannot be read
    actions: int
    on_table: int  # what the round has taken and not paid back, in cents
    replayable: str | None  # None when it replays; otherwise why, and it will be refunded


@dataclass(frozen=True)
class Verification:
    path: Path
    balance: int
    ledger_sum: int
    movements: int
    settled_rounds: int
    open_round: OpenRound | None
    problems: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        return not self.problems

    def report(self) -> str:
        lines = [
            f"bankroll:   {self.path}",
            f"balance:    {dollars(self.balance)} ({self.balance} cents)",
            f"ledger sum: {dollars(self.ledger_sum)} ({self.ledger_sum} cents) "
            f"over {self.movements} movements",
            f"rounds:     {self.settled_rounds} settled",
        ]
        round_ = self.open_round
        if round_ is None:
            lines.append("open round: none")
        else:
            opened = (
                f"{round_.opened_at:%Y-%m-%d %H:%M:%S} UTC"
                if round_.opened_at is not None
                else "at an unreadable date"
            )
            lines.append(
                f"open round: {round_.round_id} ({round_.game}, opened {opened}, "
                f"{round_.actions} actions, {dollars(round_.on_table)} on the table)"
            )
            if round_.replayable is not None:
                lines.append(
                    f"            it cannot be replayed ({round_.replayable}); "
                    "the casino will refund it at its next start"
                )
        lines.extend(f"problem:    {problem}" for problem in self.problems)
        lines.append("agree:      yes" if self.agrees else "agree:      NO")
        return "\n".join(lines)


def verify(folder: Path, *, replay_history: bool = False) -> Verification:
    """Check the bankroll of `folder`; with `replay_history`, replay every settled round
    through the engine and compare it with its stored result too."""
    path, db = open_for_reading(folder)
    try:
        check_integrity(db, path)
        with speaking(path):
            return _verify(db, path, replay_history)
    finally:
        db.close()


def _verify(db: sqlite3.Connection, path: Path, replay_history: bool) -> Verification:
    problems: list[str] = []
    db.execute("BEGIN")  # one snapshot for every query below
    wallet = balance(db)
    total, movements = ledger_sum(db)
    if wallet != total:
        problems.append(f"the balance is {wallet} cents but the ledger sums to {total}")
    if wallet < 0:
        problems.append(f"the balance is negative ({wallet} cents)")
    drift = db.execute(
        """SELECT id, balance_after, running FROM (
            SELECT id, balance_after, sum(amount) OVER (ORDER BY id) AS running FROM ledger)
        WHERE balance_after <> running ORDER BY id LIMIT 1"""
    ).fetchone()
    if drift is not None:
        problems.append(
            f"ledger row {drift[0]} says the balance became {drift[1]} cents; "
            f"the rows up to it sum to {drift[2]}"
        )
    for round_id, moved, change in db.execute(
        """SELECT rounds.id, coalesce(sum(amount), 0), bankroll_after - bankroll_before
        FROM rounds LEFT JOIN ledger ON ledger.round_id = rounds.id
        WHERE state <> 'open' GROUP BY rounds.id
        HAVING coalesce(sum(amount), 0) <> bankroll_after - bankroll_before"""
    ):
        problems.append(
            f"round {round_id} moved {moved} cents in the ledger but changed the bankroll by "
            f"{change}"
        )
    (settled,) = db.execute("SELECT count(*) FROM rounds WHERE state = 'settled'").fetchone()
    problems.extend(_kept_sums(db))
    if replay_history:
        problems.extend(_replay_history(db))
        problems.extend(_kept_problems(db))
    summary = None
    round_id = journal.open_round_id(db)
    if round_id is not None:
        game, opened_at = db.execute(
            "SELECT game, opened_at FROM rounds WHERE id = ?", (round_id,)
        ).fetchone()
        (actions,) = db.execute(
            "SELECT count(*) FROM actions WHERE round_id = ?", (round_id,)
        ).fetchone()
        recorded = recorded_money(db, round_id)
        why = None
        try:
            table, _ = journal.replay(journal.read_round(db, round_id).record)
            check_replay(table, recorded)
        except ReplayError as error:
            why = str(error)
        summary = OpenRound(
            round_id,
            str(game),
            parse_stamp_or_none(opened_at),
            actions,
            -sum(recorded.values()),
            why,
        )
    db.execute("COMMIT")
    return Verification(path, wallet, total, movements, settled, summary, tuple(problems))


def _kept_sums(db: sqlite3.Connection) -> list[str]:
    """The rounds and the net kept for each game against the rounds' own, summed by SQL:
    every settled round counted once, in its game."""
    from casino_gui.store.stats import kept  # the statistics load with the check that uses them

    kept_figures = kept.kept_figures(db)
    summed = {
        game: (rounds, net)
        for game, rounds, net in db.execute(
            "SELECT game, count(*), sum(bankroll_after - bankroll_before) FROM rounds"
            " WHERE state = 'settled' GROUP BY game"
        )
    }
    found = {game: (figures.rounds, figures.net) for game, figures in kept_figures.items()}
    return [
        f"the figures kept for {elide(str(game), 40)} count {found.get(game, (0, 0))[0]} "
        f"rounds netting {found.get(game, (0, 0))[1]} cents; its rounds are "
        f"{summed.get(game, (0, 0))[0]} netting {summed.get(game, (0, 0))[1]}"
        for game in sorted(summed.keys() | found.keys(), key=str)
        if found.get(game, (0, 0)) != summed.get(game, (0, 0))
    ]


def _kept_problems(db: sqlite3.Connection) -> list[str]:
    """The figures and play quality kept as rounds settled against the same counted again
    from the rounds and the kept verdicts (with --replay: it reads every round)."""
    from casino_gui.store.stats import kept

    try:
        counted = kept.recount(db)
    except ReplayError as error:
        return [f"the kept figures cannot be counted again: {error}"]
    found = kept.kept_figures(db)
    problems = [
        f"the figures kept for {elide(str(game), 40)} are not those of its rounds counted again"
        for game in sorted(found.keys() | counted.keys(), key=str)
        if found.get(game) != counted.get(game)
    ]
    summed = {
        game: (decisions, matched, given_up)
        for game, decisions, matched, given_up in db.execute(
            "SELECT game, count(*), sum(matched), sum(given_up) FROM verdicts GROUP BY game"
        )
    }
    quality = {
        game: (decisions, matched, given_up)
        for game, decisions, matched, given_up in db.execute(
            "SELECT game, decisions, matched, given_up FROM kept_quality WHERE decisions > 0"
        )
    }
    differ = db.execute(
        f"""SELECT count(*) FROM (
            SELECT * FROM kept_game_rounds EXCEPT {GAME_ROUNDS}
            UNION ALL SELECT * FROM ({GAME_ROUNDS} EXCEPT SELECT * FROM kept_game_rounds))"""
    ).fetchone()[0]
    if differ:
        problems.append(f"{differ} rounds kept for the games' charts are not the rounds' own")
    problems += [
        f"the play quality kept for {elide(str(game), 40)} is not the sum of its verdicts"
        for game in sorted(summed.keys() | quality.keys(), key=str)
        if summed.get(game) != quality.get(game)
    ]
    from casino_gui.store import practice  # the drills' logic waits for its first use

    if practice.progress(db) != practice.recount(db):
        problems.append("practice's kept figures are not its answers counted again")
    return problems


def _replay_history(db: sqlite3.Connection) -> list[str]:
    problems = []
    rows = db.execute(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE state = 'settled' ORDER BY id")
    for row in rows.fetchall():
        try:
            settled = journaled_round(db, row)
        except ReplayError as error:  # costs only itself: every other round is replayed
            problems.append(str(error))
            continue
        try:
            replayed = settled.record.play().to_json()
        except (BlackjackError, ValueError, TypeError, ArithmeticError) as error:
            problems.append(f"round {settled.id} no longer replays: {error}")
            continue
        if replayed != settled.result:
            problems.append(f"round {settled.id} replays to a different result than it had")
    return problems
