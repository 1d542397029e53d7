"""Figures and play quality kept in the bankroll as rounds settle, so that looking at a long
record costs what the answer needs, not the record's length (docs/decisions.md, "Figures
kept as rounds settle").

- Each game's `Figures` are kept in ``kept_figures``, updated in the transaction that settles
  a round (`keep_settled`): the round is added, and the round before it gets its time at the
  table up to this round's deal in place of the time up to its own settling.
- Each decision's verdict is kept in ``verdicts`` and each game's sums in ``kept_quality``,
  judged once by the advisor of `JUDGE_VERSION` (`judge`, `judge_some`), a few rounds a
  transaction: the casino's worker judges each round as it settles, and judges in the
  background, in small jobs, what a new advisor (every round again), a restore or an import
  left unjudged; `store stats` judges what is left before it answers, unless told not to wait.
  Until every round is judged the statistics show the quality of the rounds judged so far,
  with how far judging has gone (`judging_state`).

- Each settled round's place among its game's rounds and the game's running net after it are
  kept in ``kept_game_rounds``: a game's chart reads the rounds it draws, and no others.

Kept figures equal figures counted again from the rounds (`recount`): a test holds them to it
for every game; `store verify` checks each game's rounds and net, `verify --replay` all.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path

from casino_gui.store.database import (
    connect,
    parse_stamp,
    read_damaged_text,
    speaking,
    transaction,
)
from casino_gui.store.errors import StoreError
from casino_gui.store.history import HistoryEntry, entries, entry_of
from casino_gui.store.journal import ReplayError
from casino_gui.store.judging import Judging
from casino_gui.store.ledger import WAGERS
from casino_gui.store.lock import is_linked
from casino_gui.store.stats.figures import (
    Figures,
    RulesOf,
    figures_by_game,
    readable,
    time_played,
)
from casino_gui.store.stats.quality import (
    JUDGE_VERSION,
    JudgedDecision,
    Quality,
    QualityCache,
    verdicts,
)

BATCH = 200  # rounds judged a transaction: a kill loses at most these


def keep_what_was_settled(db: sqlite3.Connection) -> None:
    """Keep the figures of the rounds settled before the file had its kept tables (a
    migration)."""
    for game, figures in recount(db).items():
        _write(db, game, figures)


def recount(db: sqlite3.Connection) -> dict[str, Figures]:
    """Every game's figures counted again from every settled round."""
    return figures_by_game(entries(db))


def kept_figures(db: sqlite3.Connection) -> dict[str, Figures]:
    return {
        str(game): Figures.from_json(json.loads(text))
        for game, text in db.execute("SELECT game, figures FROM kept_figures ORDER BY game")
    }


def _write(db: sqlite3.Connection, game: str, figures: Figures) -> None:
    db.execute(
        "INSERT OR REPLACE INTO kept_figures (game, figures) VALUES (?, ?)",
        (game, json.dumps(figures.to_json())),
    )


def _figures_of(db: sqlite3.Connection, game: str) -> Figures:
    row = db.execute("SELECT figures FROM kept_figures WHERE game = ?", (game,)).fetchone()
    return Figures.from_json(json.loads(row[0])) if row is not None else Figures()


def keep_settled(db: sqlite3.Connection, round_id: int) -> None:
    """Add the round just settled to its game's figures, in the caller's transaction."""
    entry = entry_of(db, round_id)
    previous = db.execute(
        "SELECT game, opened_at, closed_at FROM rounds WHERE +state = 'settled' AND id < ?"
        " ORDER BY id DESC LIMIT 1",
        (round_id,),
    ).fetchone()
    if previous is not None:
        # The round before ran until this one's deal, not until its own settling.
        game, opened_text, closed_text = previous
        opened, closed = parse_stamp(opened_text), parse_stamp(closed_text)
        before = _figures_of(db, game)
        before.time_played += time_played(opened, closed, entry.opened_at) - time_played(
            opened, closed, None
        )
        _write(db, game, before)
    figures = _figures_of(db, entry.game)
    with readable(entry):
        figures.add(entry, RulesOf()(entry), time_played(entry.opened_at, entry.settled_at, None))
    _write(db, entry.game, figures)
    number, net = db.execute(
        "SELECT number, net FROM kept_game_rounds WHERE game = ? ORDER BY number DESC LIMIT 1",
        (entry.game,),
    ).fetchone() or (0, 0)
    db.execute(
        "INSERT INTO kept_game_rounds SELECT id, game, ?, ?, opened_at, closed_at FROM rounds"
        " WHERE id = ?",
        (number + 1, net + entry.net, round_id),
    )


# --- Play quality ------------------------------------------------------------------------


def last_settled(db: sqlite3.Connection) -> int:
    row = db.execute(
        "SELECT id FROM rounds WHERE +state = 'settled' ORDER BY id DESC LIMIT 1"
    ).fetchone()
    return int(row[0]) if row is not None else 0


def judged_through(db: sqlite3.Connection) -> int:
    """The round up to which every settled round's verdicts are kept by this advisor."""
    advisor, through = db.execute(
        "SELECT advisor, judged_through FROM kept_judging WHERE id = 1"
    ).fetchone()
    return int(through) if advisor == JUDGE_VERSION else 0


def unjudged(db: sqlite3.Connection) -> int:
    """The settled rounds whose verdicts are not kept (by this advisor)."""
    (count,) = db.execute(
        "SELECT count(*) FROM rounds WHERE +state = 'settled' AND id > ?", (judged_through(db),)
    ).fetchone()
    return int(count)


def quality_is_kept(db: sqlite3.Connection) -> bool:
    return judged_through(db) >= last_settled(db)


Progress = Callable[[int, int], None]  # (rounds judged, rounds to judge)


def judging_state(db: sqlite3.Connection) -> Judging:
    """How far judging has gone: the settled rounds as each game's kept figures count them,
    and those left off `kept_game_rounds` (a row per settled round, a few bytes each), past
    the last judged; a background job asks after each few rounds it judged, so this costs
    the rounds left, not the history's length."""
    (settled,) = db.execute(
        "SELECT coalesce(sum(figures ->> '$.rounds'), 0) FROM kept_figures"
    ).fetchone()
    (left,) = db.execute(
        "SELECT count(*) FROM kept_game_rounds WHERE round_id > ?", (judged_through(db),)
    ).fetchone()
    return Judging(int(settled) - int(left), int(settled))


def judge(path: Path, progress: Progress | None = None) -> bool:
    """Judge and keep the verdicts of every settled round not yet judged by this advisor;
    True when they are all kept. A file this process may not write (a read-only folder) is
    left as it is (False): its reader judges in memory."""
    found = judge_some(path, None, progress)
    return found is not None and found.complete


def judge_some(
    path: Path, most: int | None = None, progress: Progress | None = None
) -> Judging | None:
    """Judge and keep the verdicts of at most `most` settled rounds not yet judged by this
    advisor (all of them when None), the oldest first; how far judging has gone then, or
    None for a file this process may not write."""
    if not can_keep(path):
        return None
    try:
        db = read_damaged_text(connect(path))  # a round that does not read stops the judging
    except StoreError:
        return None
    try:
        with speaking(path):
            stuck = not _judge(db, path, most, progress)
            state = judging_state(db)
            return Judging(state.judged, state.rounds, stuck)
    finally:
        db.close()


def can_keep(path: Path) -> bool:
    """Whether this process may keep verdicts in the file: not a read-only folder, and not a
    file another folder's casino may write (a link)."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK) and not is_linked(path)


def _judge(db: sqlite3.Connection, path: Path, most: int | None, progress: Progress | None) -> bool:
    """False when a round cannot be judged (edited by hand)."""
    if _advisor(db) != JUDGE_VERSION:  # read first: most jobs find their own advisor's
        with transaction(db, path):
            if _advisor(db) != JUDGE_VERSION:  # another advisor's verdicts: all judged again
                db.execute("DELETE FROM verdicts")
                db.execute("DELETE FROM kept_quality")
                db.execute(
                    "UPDATE kept_judging SET advisor = ?, judged_through = 0", (JUDGE_VERSION,)
                )
    through, done = judged_through(db), 0
    total = unjudged(db) if progress is not None else 0
    while most is None or done < most:
        size = BATCH if most is None else min(BATCH, most - done)
        try:
            batch = [(entry, _verdicts(entry)) for entry in entries(db, after=through, most=size)]
        except ReplayError:
            # A round edited by hand: judged no further, so that the statistics count the
            # rest and name that round, as for a file that cannot be written.
            return False
        if not batch:
            return True
        with transaction(db, path):
            if judged_through(db) != through:  # another reader kept these meanwhile
                through = judged_through(db)
                continue
            _keep_verdicts(db, batch)
            through = batch[-1][0].round_id
            db.execute("UPDATE kept_judging SET judged_through = ?", (through,))
        done += len(batch)
        if progress is not None:
            progress(done, total)
    return True


def _advisor(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT advisor FROM kept_judging WHERE id = 1").fetchone()[0])


def _verdicts(entry: HistoryEntry) -> tuple[JudgedDecision, ...]:
    with readable(entry):
        return verdicts(entry)


def _keep_verdicts(
    db: sqlite3.Connection, batch: Iterable[tuple[HistoryEntry, tuple[JudgedDecision, ...]]]
) -> None:
    sums: dict[str, list[int]] = {}
    for entry, found in batch:
        game = sums.setdefault(entry.game, [0, 0, 0])
        for verdict in found:
            db.execute(
                "INSERT INTO verdicts (round_id, number, game, taken, best, bet, given_up,"
                " matched) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    verdict.round_id,
                    verdict.number,
                    verdict.game,
                    verdict.taken,
                    verdict.best,
                    verdict.bet,
                    verdict.given_up,
                    verdict.matched,
                ),
            )
            game[0] += 1
            game[1] += verdict.matched
            game[2] += verdict.given_up
    for game_id, (decisions, matched, given_up) in sums.items():
        db.execute(
            "INSERT INTO kept_quality (game, decisions, matched, given_up) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game) DO UPDATE SET decisions = decisions + excluded.decisions,"
            " matched = matched + excluded.matched, given_up = given_up + excluded.given_up",
            (game_id, decisions, matched, given_up),
        )


_VERDICT_COLUMNS = "round_id, game, number, taken, best, bet, given_up, matched"


def _verdict(row: tuple[object, ...]) -> JudgedDecision:
    round_id, game, number, taken, best, bet, given_up, matched = row
    return JudgedDecision(
        int(str(round_id)),
        str(game),
        int(str(number)),
        str(taken),
        str(best),
        int(str(bet)),
        int(str(given_up)),
        bool(matched),
    )


def kept_quality(db: sqlite3.Connection, game: str, wagered: int, keep: int) -> Quality:
    """One game's play quality over the rounds judged, from the kept verdicts; `wagered` is
    what those rounds staked."""
    row = db.execute(
        "SELECT decisions, matched, given_up FROM kept_quality WHERE game = ?", (game,)
    ).fetchone()
    decisions, matched, given_up = row if row is not None else (0, 0, 0)
    costliest = [
        _verdict(row)
        for row in db.execute(
            f"SELECT {_VERDICT_COLUMNS} FROM verdicts WHERE game = ? AND given_up > 0"
            " ORDER BY given_up DESC, round_id, number LIMIT ?",
            (game, keep),
        )
    ]
    return Quality(decisions, matched, given_up, wagered, costliest)


def unjudged_wagered(db: sqlite3.Connection) -> dict[str, int]:
    """Each game's cents staked in the settled rounds not yet judged, from the ledger."""
    kinds = ", ".join(f"'{kind.value}'" for kind in WAGERS)
    return {
        str(game): -int(amount)
        for game, amount in db.execute(
            f"SELECT rounds.game, sum(ledger.amount) FROM ledger JOIN rounds"
            f" ON rounds.id = ledger.round_id WHERE ledger.round_id > ?"
            f" AND rounds.state = 'settled' AND ledger.kind IN ({kinds}) GROUP BY rounds.game",
            (judged_through(db),),
        )
    }


class KeptVerdicts:
    """Verdicts by round: the kept ones where this advisor judged the round, else the
    `cache`'s (judged in memory once per run of the program)."""

    def __init__(self, db: sqlite3.Connection, cache: QualityCache) -> None:
        self._db = db
        self._cache = cache
        self._through = judged_through(db)
        self._kept: dict[int, tuple[JudgedDecision, ...]] = {}
        self._read_from: int | None = None

    def kept(self, entry: HistoryEntry) -> bool:
        """Whether this advisor's verdicts of the round are kept."""
        return entry.round_id <= self._through

    def verdicts(self, entry: HistoryEntry) -> tuple[JudgedDecision, ...]:
        if entry.round_id > self._through:
            return self._cache.verdicts(entry)
        if self._read_from is None or entry.round_id < self._read_from:
            self._read(entry.round_id)
        return self._kept.get(entry.round_id, ())

    def _read(self, first: int) -> None:
        """Every kept verdict from round `first` on: a selection reads them in one query."""
        rows = self._db.execute(
            f"SELECT {_VERDICT_COLUMNS} FROM verdicts WHERE round_id BETWEEN ? AND ?"
            " ORDER BY round_id, number",
            (first, self._through),
        )
        read: dict[int, list[JudgedDecision]] = {}
        for row in rows:
            verdict = _verdict(row)
            read.setdefault(verdict.round_id, []).append(verdict)
        self._kept = {round_id: tuple(found) for round_id, found in read.items()}
        self._read_from = first
