"""The round journal: a round's hand record as it is played, and its money step by step.

A round is written in steps, each one transaction: the deal (the record, the stakes, anything
the deal paid), then each of the player's answers (the action, any stake it took, anything it
paid) and, in the step that ends the round, its result, the closing and the figures kept
for the statistics. Whatever instant the
program dies at, the file holds the round as of its last step, and replaying the seed and the
journaled actions through the engine rebuilds exactly that round.
"""

from __future__ import annotations

import json
import json.scanner
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any, cast

from casino_gui.engine import (
    Bet,
    Card,
    CardError,
    Event,
    HandRecord,
    Phase,
    RecordError,
    Round,
    RoundResult,
    Rules,
    Shoe,
    bets_from_json,
    bets_to_json,
    move_text,
    overrides_of,
)
from casino_gui.store.database import DamagedText, parse_stamp
from casino_gui.store.errors import StoreError
from casino_gui.store.ledger import PAYOUTS, WAGERS, LedgerKind, Movement, post, round_money


class ReplayError(StoreError):
    """A journaled round that the engine can no longer replay to the money on record."""


@dataclass(frozen=True)
class JournaledRound:
    """One row of the journal: the round's hand record, its dates and its state."""

    id: int
    record: HandRecord
    opened_at: datetime
    state: str
    closed_at: datetime | None
    result: dict[str, Any] | None


ROUND_COLUMNS = (
    "id, game, rules, seed, shoe, bets, bankroll_before, opened_at, state, closed_at, result, first"
)
# The same and the round's answers, in order, as one JSON list: a long history is read in one
# query rather than one query a round (docs/performance.md, "The store").
ROUND_COLUMNS_AND_ACTIONS = (
    ROUND_COLUMNS + ", (SELECT json_group_array(action) FROM (SELECT action FROM actions"
    " WHERE actions.round_id = rounds.id ORDER BY number))"
)


def journaled_round(db: sqlite3.Connection, row: tuple[Any, ...]) -> JournaledRound:
    """A row selected with ROUND_COLUMNS (or ROUND_COLUMNS_AND_ACTIONS), with its actions,
    as a hand record.

    Every column is checked for its type: a file edited by hand (or by another program) gives
    a `ReplayError` naming the round, never a crash further on.
    """
    round_id, game, rules, seed, shoe, bets, before, opened_at, state, closed_at, result = row[:11]
    first = row[11]
    if len(row) > 12:
        listed = row[12]
    else:
        listed = tuple(
            action
            for (action,) in db.execute(
                "SELECT action FROM actions WHERE round_id = ? ORDER BY number", (round_id,)
            )
        )
    try:
        record = HandRecord(
            game=_typed(game, str, "game"),
            bankroll=_typed(before, int, "bankroll_before"),
            bets=_bets(_typed(bets, str, "bets")),
            actions=_answers(listed) if isinstance(listed, tuple) else _actions(listed),
            shoe=tuple(Card.parse(card) for card in _typed(shoe, str, "shoe").split())
            if shoe is not None
            else None,
            seed=int(_typed(seed, str, "seed")) if seed is not None else None,
            overrides=_typed(_json(rules, "rules"), dict, "rules"),
            first=_typed(first, int, "first") if first is not None else None,
        )
        return JournaledRound(
            round_id,
            record,
            parse_stamp(_typed(opened_at, str, "opened_at")),
            _typed(state, str, "state"),
            parse_stamp(_typed(closed_at, str, "closed_at")) if closed_at else None,
            _typed(_json(result, "result"), dict, "result") if result else None,
        )
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
        raise ReplayError(f"round {round_id}'s record cannot be read ({error})") from None


# A history holds few different bets and few different lists of answers: each text is read
# once, and its reading shared (both frozen), 15% of an export's time (docs/decisions.md,
# "The export's pace"). A text that does not read raises each time: errors are not kept.
@lru_cache(maxsize=4_096)
def _bets(text: str) -> tuple[Bet, ...]:
    return bets_from_json(_json(text, "bets"))


def _actions(text: object) -> tuple[str, ...]:
    """The answers of ROUND_COLUMNS_AND_ACTIONS, a JSON list."""
    return _action_list(_typed(text, str, "actions"))


@lru_cache(maxsize=4_096)
def _action_list(text: str) -> tuple[str, ...]:
    return _answers(tuple(_json(text, "actions")))


def _answers(actions: tuple[Any, ...]) -> tuple[str, ...]:
    for action in actions:
        _typed(action, str, "action")
    return actions


def _typed(value: Any, kind: type, column: str) -> Any:
    if isinstance(value, DamagedText):  # read_damaged_text's: a flipped byte, say
        raise ValueError(f"its {column} is damaged: it is not valid UTF-8 text")
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TypeError(f"its {column} is not {'text' if kind is str else kind.__name__}")
    return value


# json's C scanner, which `json.loads` calls after its own checks in Python: a history's
# export reads four JSON texts a round, and those checks cost half the reading of each
# (docs/decisions.md, "The export's pace").
_SCAN = json.scanner.make_scanner(cast(Any, json.JSONDecoder()))


def _json(text: Any, column: str) -> Any:
    """`json.loads` of a column's text: the same value, or the same error."""
    _typed(text, str, column)
    try:
        try:
            value, end = _SCAN(text, 0)
        except StopIteration:  # not JSON where it starts (or a space first): loads says which
            return json.loads(text)
        return value if end == len(text) else json.loads(text)
    except RecursionError:
        raise ValueError(f"its {column} is nested too deep") from None


def open_round_id(db: sqlite3.Connection) -> int | None:
    """The id of the round left open (there is at most one), or None."""
    row = db.execute("SELECT id FROM rounds WHERE state = 'open'").fetchone()
    return int(row[0]) if row is not None else None


def read_round(db: sqlite3.Connection, round_id: int) -> JournaledRound:
    """A round of the journal; `ReplayError` if its record cannot be read."""
    row = db.execute(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE id = ?", (round_id,)).fetchone()
    return journaled_round(db, row)


def open_round(db: sqlite3.Connection) -> JournaledRound | None:
    """The round left open, or None; `ReplayError` if its record cannot be read."""
    round_id = open_round_id(db)
    return read_round(db, round_id) if round_id is not None else None


def replay(record: HandRecord) -> tuple[Round, list[Event]]:
    """The round rebuilt by the engine from its seed (or shoe), bets and actions.

    Unlike `HandRecord.play`, the round may stop anywhere: an open round is one that waits
    for the player. Raises `ReplayError` saying what failed and where (`HandRecord.replay`).
    """
    try:
        return record.replay()
    except RecordError as error:
        raise ReplayError(str(error)) from None


def check_replay(table: Round, recorded: dict[Movement, int]) -> None:
    """A replayed round must take exactly the stakes on record, and have paid at least what
    the ledger credited (the step that settles may not have been written)."""
    try:
        money = round_money(table)
    except StoreError as error:
        raise ReplayError(str(error)) from None
    for key in money.keys() | recorded.keys():
        kind, spot = key
        now, then = money.get(key, 0), recorded.get(key, 0)
        if (kind in WAGERS and now != then) or (kind not in WAGERS and now < then):
            raise ReplayError(
                f"the engine now moves {abs(now)} cents of {kind} on spot {spot} "
                f"where the journal holds {abs(then)}"
            )


def _last_at_table(
    db: sqlite3.Connection, rules: Rules, columns: str, where: str
) -> tuple[Any, ...] | None:
    """`columns` of the newest round at the table of `rules` (its game and its rules) that
    meets `where`; None when there is none (a table that cannot be written down has none)."""
    try:
        overrides = json.dumps(overrides_of(rules), sort_keys=True)
    except RecordError:
        return None
    row = db.execute(
        f"SELECT {columns} FROM rounds WHERE game = ? AND rules = ? AND {where}"
        " ORDER BY id DESC LIMIT 1",
        (rules.game, overrides),
    ).fetchone()
    return None if row is None else tuple(row)


def last_bets(db: sqlite3.Connection, rules: Rules) -> tuple[Bet, ...] | None:
    """The bets of the last round closed at the table of `rules` (its game and its rules), in
    this session or an earlier one: what REBET repeats after a start (docs/decisions.md,
    "Betting conveniences"); None before the first."""
    row = _last_at_table(db, rules, "bets", "state <> 'open'")
    if row is None:
        return None
    try:
        return bets_from_json(json.loads(row[0]))
    except ValueError:  # RecordError is one: a record edited out of shape repeats nothing
        return None


def last_settled(db: sqlite3.Connection, rules: Rules) -> Round | None:
    """The last round settled at the table of `rules` (its game and its rules), in this session
    or an earlier one, replayed from its record; None before the first, or when it does not
    replay."""
    return _last_replayed(db, rules, "state = 'settled'")


def _last_replayed(db: sqlite3.Connection, rules: Rules, where: str) -> Round | None:
    """The newest round at the table of `rules` that meets `where`, replayed from its record;
    None when there is none or it does not replay."""
    row = _last_at_table(db, rules, "id", where)
    if row is None:
        return None
    try:
        table, _ = replay(read_round(db, int(row[0])).record)
    except ReplayError:
        return None
    return table


def next_shoe(db: sqlite3.Connection, rules: Rules, seed: int | None) -> Shoe:
    """The shoe the next round at the table of `rules` is dealt from: a new shuffle of `seed`
    (a fresh one when None), or a shoe game's shoe as its last round left it."""
    return Shoe.next_for(rules, shoe_after(db, rules) if rules.penetration else None, seed)


def shoe_left(db: sqlite3.Connection, rules: Rules) -> Shoe | None:
    """A shoe game's shoe as the last round at the table of `rules` left it: its seed opened
    after the cards dealt, so that `dealt`, `remaining`, `cut_out` and `seen_before` are the
    tray, the cards left and the cards a counter has seen (docs/decisions.md, "The shoe at
    the table"). None at a table shuffled every round, before its first round, or when the
    round does not replay or has dealt the whole shoe (the next round then shuffles)."""
    last = shoe_after(db, rules) if rules.penetration else None
    if last is None:
        return None
    try:
        return Shoe.shuffled(rules, *last)
    except CardError:
        return None


def shoe_after(db: sqlite3.Connection, rules: Rules) -> tuple[int, int] | None:
    """The shoe the last round at the table of `rules` (its game and rules) ended with, as
    (seed, cards dealt): a shoe game's next round goes on from it, in this session or after a
    start (docs/decisions.md, "Shoe games"). The journal keeps the round's seed, first card and
    answers; replaying them counts its cards. None when there is no such round or it does not
    replay (the next round then shuffles)."""
    table = _last_replayed(db, rules, "seed IS NOT NULL")
    if table is None:
        return None
    seed = table.shoe.seed
    return None if seed is None else (seed, table.shoe.dealt)


def insert_round(
    db: sqlite3.Connection, table: Round, bets: tuple[Bet, ...], shoe: str | None, at: str
) -> int:
    seed = table.shoe.seed
    # A shoe game's round begins inside its shuffle (docs/decisions.md, "Shoe games").
    first = table.shoe.first if shoe is None and table.shoe.cut is not None else None
    try:
        overrides = overrides_of(table.rules)
    except RecordError as error:
        raise StoreError(str(error)) from None
    cursor = db.execute(
        "INSERT INTO rounds (game, rules, seed, shoe, bets, bankroll_before, opened_at, state,"
        " first) VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?)",
        (
            table.rules.game,
            json.dumps(overrides, sort_keys=True),
            str(seed) if shoe is None and seed is not None else None,
            shoe,
            json.dumps(bets_to_json(bets)),
            table.bankroll_before,
            at,
            first,
        ),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def write_step(
    db: sqlite3.Connection,
    round_id: int,
    table: Round,
    *,
    recorded: dict[Movement, int],
    journaled: int,
    at: str,
) -> dict[Movement, int]:
    """Journal the actions after the first `journaled`, move the money the engine moved
    since `recorded`, and close the round if it is settled. Returns the round's money now."""
    money = round_money(table)
    changes = {key: money.get(key, 0) - recorded.get(key, 0) for key in money.keys() | recorded}
    for (kind, spot), change in changes.items():
        if (kind in WAGERS and change > 0) or (kind in PAYOUTS and change < 0):
            raise StoreError(
                f"round {round_id}: the engine's {kind} on spot {spot} went from "
                f"{recorded.get((kind, spot), 0)} to {money.get((kind, spot), 0)} cents"
            )
    for number, move in enumerate(table.moves[journaled:], start=journaled + 1):
        db.execute(
            "INSERT INTO actions (round_id, number, action, at) VALUES (?, ?, ?, ?)",
            (round_id, number, move_text(move), at),
        )
    cause = len(table.moves) if len(table.moves) > journaled else None
    # Stakes before payouts, in the order of the ledger's kinds, spot by spot.
    order = list(LedgerKind)
    for (kind, spot), change in sorted(
        changes.items(), key=lambda item: (item[1] > 0, order.index(item[0][0]), item[0][1])
    ):
        if change:
            post(db, kind, change, at, round_id=round_id, spot=spot, action_number=cause)
    if table.phase is Phase.SETTLED:
        db.execute(
            "UPDATE rounds SET state = 'settled', closed_at = ?, bankroll_after = ?, result = ?"
            " WHERE id = ?",
            (at, table.bankroll, json.dumps(RoundResult.of(table).to_json()), round_id),
        )
        # Imported here: the statistics read the journal this module writes.
        from casino_gui.store.stats.kept import keep_settled

        keep_settled(db, round_id)  # in the same transaction as the settlement
    return money


def refund_round(db: sqlite3.Connection, round_id: int, reason: str, at: str) -> int:
    """Cancel the round: one movement puts the wallet back where it was before the deal, so
    every stake comes back and anything already paid (a blackjack paid at once) is undone.
    Returns that movement's amount (negative only when the round had paid out more than it
    had taken)."""
    (moved,) = db.execute(
        "SELECT coalesce(sum(amount), 0) FROM ledger WHERE round_id = ?", (round_id,)
    ).fetchone()
    refund = -int(moved)
    if refund:
        post(db, LedgerKind.REFUND, refund, at, round_id=round_id)
    db.execute(
        "UPDATE rounds SET state = 'refunded', closed_at = ?, bankroll_after = bankroll_before,"
        " result = ? WHERE id = ?",
        (at, json.dumps({"refunded": refund, "reason": reason}), round_id),
    )
    return refund
