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

from casino_gui.engine import BlackjackError, Rules
from casino_gui.store.database import stamp
from casino_gui.store.history import Damaged, HistoryEntry, history
from casino_gui.store.stats.chart import Point, bankroll_points, net_points
from casino_gui.store.stats.figures import BREAK, Fared, Figures, SideBets, seconds_played
from casino_gui.store.stats.quality import Quality, QualityCache, Verdict, verdicts

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


def statistics(
    db: sqlite3.Connection,
    game: str | None = None,
    since: datetime | None = None,
    *,
    quality: bool = True,
    cache: QualityCache | None = None,
) -> Statistics:
    """The figures of the rounds settled at or after `since` (all time when None), of one
    game or all. Refills are the wallet's, whatever the game. A round whose record cannot be
    read or no longer replays is left out and noted in `damaged`: it costs only itself."""
    found = Statistics(since, game, quality=Quality() if quality else None)
    # Every game's rounds: a round's time at the table runs until the next round opens,
    # whatever its game, so one game's hands per hour are the same alone or among all.
    entries = history(db, None, since, damaged=found.damaged)
    cache = cache or QualityCache()
    known_rules: dict[tuple[str, str], Rules] = {}
    for index, entry in enumerate(entries):
        if game is not None and entry.game != game:
            continue
        following = entries[index + 1].opened_at if index + 1 < len(entries) else None
        try:
            _count(found, entry, _rules(entry, known_rules), following, cache)
        except (BlackjackError, KeyError, ValueError, TypeError, ArithmeticError) as error:
            # A file edited by hand (or by another program): say which round, never crash.
            why = f"round {entry.round_id}'s record cannot be read ({error})"
            found.damaged.append(Damaged(entry.round_id, why))
    after = stamp(since) if since is not None else ""
    refunded_query = "SELECT count(*) FROM rounds WHERE state = 'refunded' AND closed_at >= ?"
    arguments: list[str] = [after]
    if game is not None:
        refunded_query += " AND game = ?"
        arguments.append(game)
    (found.refunded,) = db.execute(refunded_query, arguments).fetchone()
    found.refills, found.refilled = db.execute(
        "SELECT count(*), coalesce(sum(amount), 0) FROM ledger WHERE kind = 'refill' AND at >= ?",
        (after,),
    ).fetchone()
    return found


def _count(
    found: Statistics,
    entry: HistoryEntry,
    rules: Rules,
    following: datetime | None,
    cache: QualityCache,
) -> None:
    """Add one round; a round that fails anywhere adds nothing (each step that can fail is
    tried before any figure changes)."""
    seconds = seconds_played(entry, following)
    judged = cache.verdicts(entry) if found.quality is not None else None
    Figures().add(entry, rules, seconds)  # a trial: an unreadable result fails here
    for figures in (found.overall, found.games.setdefault(entry.game, Figures())):
        figures.add(entry, rules, seconds)
    if found.quality is not None and judged is not None:
        found.quality.add(judged, entry.stake, COSTLIEST)
        found.game_quality.setdefault(entry.game, Quality()).add(judged, entry.stake, COSTLIEST)


def _rules(entry: HistoryEntry, known: dict[tuple[str, str], Rules]) -> Rules:
    """The round's rules, built once per game and overrides."""
    key = (entry.game, json.dumps(entry.record.overrides, sort_keys=True))
    rules = known.get(key)
    if rules is None:
        rules = known[key] = entry.record.rules
    return rules


__all__ = [
    "BREAK",
    "COSTLIEST",
    "Fared",
    "Figures",
    "Point",
    "Quality",
    "QualityCache",
    "SideBets",
    "Statistics",
    "Verdict",
    "bankroll_points",
    "net_points",
    "statistics",
    "verdicts",
]
