"""The player's record: statistics per game and overall, and play quality, for a session
(the rounds settled since a moment) or all time. Qt-free; read through a read-only
connection to the bankroll file (`casino_gui.store.verify.open_for_reading`), which works
beside the open `Bankroll` of the running casino.

`python -m casino_gui.store stats` prints them; `report` holds the text and JSON forms,
`chart` the bankroll's curve.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime

from casino_gui.engine import BlackjackError, from_overrides, rules_for
from casino_gui.store import practice
from casino_gui.store.database import stamp
from casino_gui.store.history import Damaged, entries
from casino_gui.store.journal import ReplayError
from casino_gui.store.judging import Judging
from casino_gui.store.practice import PracticeProgress
from casino_gui.store.stats import kept
from casino_gui.store.stats.chart import Point, bankroll_points, net_points
from casino_gui.store.stats.figures import (
    BREAK,
    Fared,
    Figures,
    RulesOf,
    SideBets,
    each_round,
    readable,
)
from casino_gui.store.stats.quality import JudgedDecision, Quality, QualityCache, verdicts

COSTLIEST = 10  # decisions listed per game and overall


@dataclass
class Statistics:
    since: datetime | None
    game: str | None
    overall: Figures = field(default_factory=Figures)
    games: dict[str, Figures] = field(default_factory=dict)
    quality: Quality | None = None  # None when not asked for
    game_quality: dict[str, Quality] = field(default_factory=dict)
    refunded: int = 0  # rounds cancelled and refunded (not in the figures)
    refills: int = 0
    refilled: int = 0  # cents
    damaged: list[Damaged] = field(default_factory=list)  # rounds left out: unreadable rows
    practice: PracticeProgress = field(
        default_factory=PracticeProgress
    )  # the drills' answers, not money
    # Play quality of the rounds judged so far, while the rest wait to be judged (None: of
    # every round). Only when asked not to `wait`: all time, or of a session.
    judging: Judging | None = None
    # The costliest decisions' rounds played at a table of the player's own (a custom table):
    # its name, as its window titled it, by round id. The figures are kept by game; a round
    # of a game's own table is named by its game.
    tables: dict[int, str] = field(default_factory=dict)


def statistics(
    db: sqlite3.Connection,
    game: str | None = None,
    since: datetime | None = None,
    *,
    quality: bool = True,
    cache: QualityCache | None = None,
    wait: bool = True,
) -> Statistics:
    """The figures of the rounds settled at or after `since` (all time when None), of one
    game or all. Refills are the wallet's, whatever the game. `ReplayError` names a round
    whose record no longer replays.

    All time, the figures are the kept ones, and so is play quality once every round is
    judged (`kept.judge`): the answer costs the same on a thousand rounds or a million.
    Before that, play quality is judged here in memory, or, when not asked to `wait`, is
    that of the rounds judged so far, with how far judging has gone (`judging`). A session
    counts its own rounds, with their kept verdicts (and the others judged here, or, when
    not asked to `wait`, left out of play quality and counted in `judging`)."""
    found = Statistics(since, game, quality=Quality() if quality else None)
    if since is None:
        _kept(db, found, cache or QualityCache(), wait)
    else:
        _count_rounds(db, found, cache or QualityCache(), wait=wait)
    found.practice = practice.progress(db) if since is None else practice.recount(db, since)
    after = stamp(since) if since is not None else ""
    if game is None:
        (found.refunded,) = db.execute(REFUNDED, (after,)).fetchone()
    else:
        (found.refunded,) = db.execute(REFUNDED_OF_GAME, (after, game)).fetchone()
    found.refills, found.refilled = db.execute(
        "SELECT count(*), coalesce(sum(amount), 0) FROM ledger WHERE kind = 'refill' AND at >= ?",
        (after,),
    ).fetchone()
    _name_tables(db, found)
    return found


def table_names(db: sqlite3.Connection, round_ids: set[int]) -> dict[int, str]:
    """The name of each of these rounds' table where its rules name it otherwise than its
    game's own table (a custom table), from the rules the round was played by."""
    if not round_ids:
        return {}
    marks = ", ".join("?" * len(round_ids))
    rows = db.execute(f"SELECT id, game, rules FROM rounds WHERE id IN ({marks})", [*round_ids])
    names = {}
    for round_id, game, text in rows:
        try:
            preset = rules_for(str(game))
            name = from_overrides(preset, json.loads(str(text))).name
        except (BlackjackError, KeyError, ValueError, TypeError, AttributeError):
            continue  # a record edited by hand: the round is named by its game
        if name != preset.name:
            names[int(round_id)] = name
    return names


# The refunded rounds since a moment, off their own index (which holds the game too):
# `+game`, or SQLite takes the game's index of every round instead (60 ms on 100,000).
REFUNDED = "SELECT count(*) FROM rounds WHERE state = 'refunded' AND closed_at >= ?"
REFUNDED_OF_GAME = f"{REFUNDED} AND +game = ?"


def counted_statistics(
    db: sqlite3.Connection,
    game: str | None = None,
    since: datetime | None = None,
    *,
    quality: bool = True,
    cache: QualityCache | None = None,
) -> Statistics:
    """`statistics` counted from every round, nothing kept read: what the kept figures must
    equal (the tests, `store verify`)."""
    found = Statistics(since, game, quality=Quality() if quality else None)
    _count_rounds(db, found, cache or QualityCache(), use_kept=False)
    kept = statistics(db, game, since, quality=False)
    found.refunded, found.refills, found.refilled = kept.refunded, kept.refills, kept.refilled
    _name_tables(db, found)
    return found


def _name_tables(db: sqlite3.Connection, found: Statistics) -> None:
    """Name the tables of the rounds whose decisions are listed (`Statistics.tables`)."""
    if found.quality is None:
        return
    listed = [*found.quality.costliest]
    for quality in found.game_quality.values():
        listed += quality.costliest
    found.tables = table_names(db, {verdict.round_id for verdict in listed})


def _kept(db: sqlite3.Connection, found: Statistics, cache: QualityCache, wait: bool) -> None:
    games = kept.kept_figures(db)
    if found.game is not None:
        games = {found.game: games[found.game]} if found.game in games else {}
    found.games = games
    for figures in games.values():
        found.overall.merge(figures)
    if found.quality is None:
        return
    unjudged: dict[str, int] = {}
    if not kept.quality_is_kept(db):
        if wait:  # judged here, in memory (a file that cannot be written, say)
            _count_quality(db, found, cache)
            return
        found.judging = kept.judging_state(db)  # the rounds judged so far
        unjudged = kept.unjudged_wagered(db)
    found.game_quality = {
        game: kept.kept_quality(db, game, figures.wagered - unjudged.get(game, 0), COSTLIEST)
        for game, figures in games.items()
    }
    overall = found.quality
    for quality in found.game_quality.values():
        overall.decisions += quality.decisions
        overall.matched += quality.matched
        overall.given_up += quality.given_up
        overall.wagered += quality.wagered
        overall.costliest += quality.costliest
    overall.costliest = sorted(overall.costliest, key=_costliest_first)[:COSTLIEST]


def _costliest_first(verdict: JudgedDecision) -> tuple[int, int, int]:
    return (-verdict.given_up, verdict.round_id, verdict.number)


def _count_quality(db: sqlite3.Connection, found: Statistics, cache: QualityCache) -> None:
    counted = Statistics(found.since, found.game, quality=Quality())
    _count_rounds(db, counted, cache)
    found.quality, found.game_quality = counted.quality, counted.game_quality
    found.damaged += counted.damaged  # judged without them: named


def _count_rounds(
    db: sqlite3.Connection,
    found: Statistics,
    cache: QualityCache,
    *,
    use_kept: bool = True,
    wait: bool = True,
) -> None:
    # Every game's rounds: a round's time at the table runs until the next round opens,
    # whatever its game, so one game's hands per hour are the same alone or among all.
    judged = kept.KeptVerdicts(db, cache) if use_kept else cache
    rules_of = RulesOf()
    counted = left = 0  # rounds counted; of them, not judged yet and not waited for
    rounds = entries(db, None, found.since, damaged=found.damaged)
    for entry, played in each_round(rounds):
        if found.game is not None and entry.game != found.game:
            continue
        # Each step that can fail is tried before any figure changes: a round whose record
        # cannot be read (edited by hand) is left out and named, and costs only itself.
        try:
            with readable(entry):
                rules = rules_of(entry)
                not_yet = (
                    not wait and isinstance(judged, kept.KeptVerdicts) and not judged.kept(entry)
                )
                asked = found.quality is not None and not not_yet
                verdicts_of = judged.verdicts(entry) if asked else None
                Figures().add(entry, rules, played)  # a trial: an unreadable result fails here
        except (ReplayError, BlackjackError, ArithmeticError) as error:
            found.damaged.append(Damaged(entry.round_id, str(error)))
            continue
        for figures in (found.overall, found.games.setdefault(entry.game, Figures())):
            figures.add(entry, rules, played)
        counted += 1
        if found.quality is None:
            continue
        if verdicts_of is None:
            left += 1
        else:
            found.quality.add(verdicts_of, entry.stake, COSTLIEST)
            game_quality = found.game_quality.setdefault(entry.game, Quality())
            game_quality.add(verdicts_of, entry.stake, COSTLIEST)
    if left:
        found.judging = Judging(counted - left, counted)


__all__ = [
    "BREAK",
    "COSTLIEST",
    "Fared",
    "Figures",
    "JudgedDecision",
    "Point",
    "Quality",
    "QualityCache",
    "SideBets",
    "Statistics",
    "bankroll_points",
    "counted_statistics",
    "net_points",
    "statistics",
    "verdicts",
]
