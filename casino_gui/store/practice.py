"""Practice's record: every answer of the drills and the schedule of the player's mistakes,
in tables of their own (schema 3), never in the ledger: practice chips are not money
(docs/architecture.md, "The store").

Each answer is one transaction: its row in ``practice_answers``, its sums and streaks in
``practice_kept`` (overall, its game's and each of its kinds'), and, for a mistake of the
real tables, its place on the schedule in ``practice_mistakes``. A kill mid-drill loses at
most the answer in flight. Looking at the figures reads the kept sums, whatever the number of
answers; `recount` counts them again from the answers (a test holds them equal).

The mistakes are the kept verdicts (`casino_gui.store.stats.kept`) that gave up money; each
one's decision is its round's record stopped before that answer, replayed by the engine.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any

from casino_gui.engine import Action
from casino_gui.engine.practice import (
    CountAnswer,
    DrillKind,
    FlashCard,
    Grade,
    Kind,
    Review,
    card_of,
)
from casino_gui.store.database import parse_stamp, speaking, stamp, transaction
from casino_gui.store.history import entry_of
from casino_gui.store.practice_counts import CountFigures, counted_again, kept_counts, record_count

# The drills of decisions, whose answers this record keeps (the counting drills' are
# `practice_counts.py`'s).
DRILLS = (DrillKind.PLAY, DrillKind.FLASH, DrillKind.MISTAKES)
# A `taken` column with no move: an answer out of time ("timeout" in files of earlier versions).
NO_MOVE = ("", "timeout")


@dataclass(frozen=True)
class PracticeAnswer:
    """One answer of a drill, graded; text only in the file (`record_answer`, `recount`)."""

    drill: DrillKind  # one of DRILLS
    game: str
    kinds: tuple[Kind, ...]
    taken: Action | None  # None: the time allowed ran out, no move was made
    best: Action
    bet: int  # cents
    cost: int  # cents given up
    right: bool

    @classmethod
    def of(cls, drill: DrillKind, game: str, grade: Grade) -> PracticeAnswer:
        return cls(
            drill,
            game,
            tuple(sorted(grade.kinds, key=lambda kind: kind.value)),
            grade.chosen,
            grade.best,
            grade.bet,
            grade.cost,
            grade.right,
        )

    @property
    def timed_out(self) -> bool:
        return self.taken is None


@dataclass
class PracticeFigures:
    """Practice's figures, overall or of a game or a kind."""

    decisions: int = 0
    right: int = 0
    cost: int = 0  # cents given up, in all
    streak: int = 0
    best_streak: int = 0

    @property
    def accuracy(self) -> float:
        """Right answers in %, to one decimal."""
        return round(100 * self.right / self.decisions, 1) if self.decisions else 0.0

    @property
    def lost_per_100(self) -> int:
        """Cents given up per 100 decisions."""
        return round(100 * self.cost / self.decisions) if self.decisions else 0

    def add(self, right: bool, cost: int) -> None:
        self.decisions += 1
        self.right += right
        self.cost += cost
        self.streak = self.streak + 1 if right else 0
        self.best_streak = max(self.best_streak, self.streak)

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "right": self.right,
            "accuracy_percent": self.accuracy,
            "given_up": self.cost,
            "lost_per_100_decisions": self.lost_per_100,
            "streak": self.streak,
            "best_streak": self.best_streak,
        }


@dataclass
class PracticeProgress:
    """Every figure of practice: overall, per game, per kind, and the mistakes' deck."""

    overall: PracticeFigures = field(default_factory=PracticeFigures)
    games: dict[str, PracticeFigures] = field(default_factory=dict)
    kinds: dict[str, PracticeFigures] = field(default_factory=dict)
    mistakes_drilled: int = 0  # mistakes of the real tables drilled at least once
    mistakes_retired: int = 0
    counting: dict[str, CountFigures] = field(default_factory=dict)  # by counting drill

    @property
    def drilled(self) -> bool:
        """Whether the player has answered any drill."""
        return bool(self.overall.decisions or self.counting)

    def to_json(self) -> dict[str, Any]:
        return {
            **self.overall.to_json(),
            "games": {game: f.to_json() for game, f in sorted(self.games.items())},
            "kinds": {kind: f.to_json() for kind, f in sorted(self.kinds.items())},
            "mistakes": {"drilled": self.mistakes_drilled, "retired": self.mistakes_retired},
            "counting": {drill: f.to_json() for drill, f in sorted(self.counting.items())},
        }

    def add(self, answer: PracticeAnswer) -> None:
        for figures in self._scopes(answer.game, (kind.value for kind in answer.kinds)):
            figures.add(answer.right, answer.cost)

    def _scopes(self, game: str, kinds: Iterable[str]) -> list[PracticeFigures]:
        return [
            self.overall,
            self.games.setdefault(game, PracticeFigures()),
            *(self.kinds.setdefault(kind, PracticeFigures()) for kind in kinds),
        ]


def record_answer(
    db: sqlite3.Connection,
    path: Path,
    answer: PracticeAnswer,
    at: datetime,
    review: Review | None = None,
) -> None:
    """Keep one answer (and the mistake's new place on the schedule), in one transaction."""
    with transaction(db, path):
        db.execute(
            "INSERT INTO practice_answers (at, drill, game, kinds, taken, best, bet, cost,"
            " matched) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                stamp(at),
                answer.drill.value,
                answer.game,
                " ".join(kind.value for kind in answer.kinds),
                NO_MOVE[0] if answer.taken is None else answer.taken.value,
                answer.best.value,
                answer.bet,
                answer.cost,
                answer.right,
            ),
        )
        kinds = [("kind", kind.value) for kind in answer.kinds]
        scopes = [("all", ""), ("game", answer.game), *kinds]
        for scope, name in scopes:
            _keep(db, scope, name, answer.right, answer.cost)
        if review is not None:
            db.execute(
                "INSERT OR REPLACE INTO practice_mistakes (round_id, number, due, right_days)"
                " VALUES (?, ?, ?, ?)",
                (
                    review.round_id,
                    review.number,
                    stamp(review.due or at),
                    json.dumps([day.isoformat() for day in review.right_days]),
                ),
            )


def _keep(db: sqlite3.Connection, scope: str, name: str, right: bool, cost: int) -> None:
    db.execute(
        "INSERT INTO practice_kept (scope, name, decisions, matched, cost, streak, best_streak)"
        " VALUES (:scope, :name, 1, :right, :cost, :right, :right)"
        " ON CONFLICT (scope, name) DO UPDATE SET decisions = decisions + 1,"
        " matched = matched + :right, cost = cost + :cost,"
        " streak = CASE WHEN :right THEN streak + 1 ELSE 0 END,"
        " best_streak = max(best_streak, CASE WHEN :right THEN streak + 1 ELSE 0 END)",
        {"scope": scope, "name": name, "right": int(right), "cost": cost},
    )


def progress(db: sqlite3.Connection) -> PracticeProgress:
    """Practice's figures, from the kept sums."""
    found = PracticeProgress()
    rows = db.execute(
        "SELECT scope, name, decisions, matched, cost, streak, best_streak FROM practice_kept"
    )
    for scope, name, *numbers in rows:
        figures = PracticeFigures(*(int(n) for n in numbers))
        if scope == "all":
            found.overall = figures
        else:
            (found.games if scope == "game" else found.kinds)[str(name)] = figures
    found.mistakes_drilled, found.mistakes_retired = _mistakes_counts(db)
    found.counting = kept_counts(db)
    return found


def recount(db: sqlite3.Connection, since: datetime | None = None) -> PracticeProgress:
    """Practice's figures counted again from every answer (given at or after `since`)."""
    found = PracticeProgress()
    rows = db.execute(
        "SELECT drill, game, kinds, taken, best, bet, cost, matched FROM practice_answers"
        " WHERE at >= ? ORDER BY id",
        (stamp(since) if since is not None else "",),
    )
    for drill, game, kinds, taken, best, bet, cost, matched in rows:
        found.add(
            PracticeAnswer(
                DrillKind(drill),
                game,
                tuple(Kind(kind) for kind in kinds.split()),
                None if taken in NO_MOVE else Action(taken),
                Action(best),
                bet,
                cost,
                bool(matched),
            )
        )
    found.mistakes_drilled, found.mistakes_retired = _mistakes_counts(db)
    found.counting = counted_again(db, stamp(since) if since is not None else "")
    return found


def _mistakes_counts(db: sqlite3.Connection) -> tuple[int, int]:
    drilled, retired = db.execute(
        "SELECT count(*), coalesce(sum(json_array_length(right_days) >= 3), 0)"
        " FROM practice_mistakes"
    ).fetchone()
    return int(drilled), int(retired)


# --- My mistakes ---------------------------------------------------------------------------


def reviews(db: sqlite3.Connection, game: str | None = None) -> list[Review]:
    """Every kept mistake of the real tables (of one game, or all) with its schedule."""
    query = (
        "SELECT v.round_id, v.number, v.game, v.given_up, m.due, m.right_days FROM verdicts v"
        " LEFT JOIN practice_mistakes m USING (round_id, number) WHERE v.given_up > 0"
    )
    arguments: tuple[str, ...] = ()
    if game is not None:
        query += " AND v.game = ?"
        arguments = (game,)
    return [
        Review(
            int(round_id),
            int(number),
            str(game_id),
            int(given_up),
            parse_stamp(due) if due is not None else None,
            tuple(date.fromisoformat(day) for day in json.loads(days)) if days else (),
        )
        for round_id, number, game_id, given_up, due, days in db.execute(query, arguments)
    ]


def mistake_card(db: sqlite3.Connection, review: Review) -> FlashCard | None:
    """The decision of a mistake: its round's record stopped before that answer (None when
    the round no longer replays to a choice there)."""
    record = entry_of(db, review.round_id).record
    return card_of(replace(record, actions=record.actions[: review.number - 1]))


class PracticeRecord:
    """Practice's record through the open bankroll's connection (`Bankroll.practice()`)."""

    def __init__(self, db: sqlite3.Connection, path: Path, clock: Callable[[], datetime]):
        self._db, self.path, self._clock = db, path, clock

    def record_practice(self, answer: PracticeAnswer, review: Review | None = None) -> None:
        """Keep a drill's answer (and a mistake's new place on its schedule)."""
        record_answer(self._db, self.path, answer, self._clock(), review)

    def record_count(self, answer: CountAnswer) -> None:
        """Keep a counting drill's answer (count down, true count, the table's count check)."""
        record_count(self._db, self.path, answer, self._clock())

    def progress(self) -> PracticeProgress:
        with speaking(self.path):
            return progress(self._db)

    def mistakes(self, game: str | None = None) -> list[Review]:
        """The kept mistakes of the real tables with their schedule (judged rounds only)."""
        with speaking(self.path):
            return reviews(self._db, game)

    def mistake_card(self, review: Review) -> FlashCard | None:
        with speaking(self.path):
            return mistake_card(self._db, review)
