"""The counting drills' part of practice's record (schema 6), never the ledger: each answer
of the count-down, the true-count drill and the table's count check is a row of
``count_answers`` (the drill, the count system, what was asked, the right answer, the
player's, right or wrong, the time taken) and its sums in ``count_kept``, in one transaction,
so a kill loses at most the answer in flight and the figures cost the same after any number
of answers (docs/decisions.md, "Practice drills").
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from casino_gui.engine import CARDS_PER_DECK
from casino_gui.engine.practice import CountAnswer, CountDrill
from casino_gui.store.database import stamp, transaction


@dataclass
class CountFigures:
    """A counting drill's figures: answers right, skipped, and the time they took."""

    answers: int = 0
    right: int = 0
    skipped: int = 0  # the count check's Esc
    millis: int = 0  # time taken by the answers given (the skipped ones left out)
    cards: int = 0  # the cards the answers given were about (the count-down's: shown)

    @property
    def accuracy(self) -> float:
        """Right answers in % of all (skipped ones count as not right), to one decimal."""
        return round(100 * self.right / self.answers, 1) if self.answers else 0.0

    @property
    def seconds_each(self) -> float:
        """The mean time of an answer given, in seconds to one decimal."""
        given = self.answers - self.skipped
        return round(self.millis / given / 1000, 1) if given else 0.0

    @property
    def seconds_per_deck(self) -> float:
        """The count-down's pace: seconds per 52 cards, to one decimal."""
        return round(self.millis * CARDS_PER_DECK / self.cards / 1000, 1) if self.cards else 0.0

    def add(self, given: bool, right: bool, millis: int, cards: int) -> None:
        self.answers += 1
        self.right += right
        self.skipped += not given
        self.millis += millis if given else 0
        self.cards += cards if given else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "answers": self.answers,
            "right": self.right,
            "skipped": self.skipped,
            "accuracy_percent": self.accuracy,
            "seconds_each": self.seconds_each,
            **({"seconds_per_deck": self.seconds_per_deck} if self.cards else {}),
        }


def record_count(db: sqlite3.Connection, path: Path, answer: CountAnswer, at: datetime) -> None:
    """Keep one counting answer and its drill's sums, in one transaction."""
    question = answer.question
    given = answer.given is not None
    with transaction(db, path):
        db.execute(
            "INSERT INTO count_answers (at, drill, system, asked, cards, expected, given,"
            " matched, millis) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                stamp(at),
                question.drill.value,
                question.system,
                question.asked,
                question.cards,
                question.expected,
                answer.given,
                answer.right,
                answer.millis,
            ),
        )
        db.execute(
            "INSERT INTO count_kept (drill, answers, matched, skipped, millis, cards)"
            " VALUES (:drill, 1, :right, :skipped, :millis, :cards)"
            " ON CONFLICT (drill) DO UPDATE SET answers = answers + 1,"
            " matched = matched + :right, skipped = skipped + :skipped,"
            " millis = millis + :millis, cards = cards + :cards",
            {
                "drill": question.drill.value,
                "right": int(answer.right),
                "skipped": int(not given),
                "millis": answer.millis if given else 0,
                "cards": question.cards if given else 0,
            },
        )


def kept_counts(db: sqlite3.Connection) -> dict[str, CountFigures]:
    """Each counting drill's figures, from the kept sums."""
    rows = db.execute("SELECT drill, answers, matched, skipped, millis, cards FROM count_kept")
    return {str(drill): CountFigures(*(int(n) for n in numbers)) for drill, *numbers in rows}


def counted_again(db: sqlite3.Connection, since: str = "") -> dict[str, CountFigures]:
    """Each counting drill's figures counted again from its answers (at or after `since`)."""
    found: dict[str, CountFigures] = {}
    rows = db.execute(
        "SELECT drill, given IS NOT NULL, matched, millis, cards FROM count_answers"
        " WHERE at >= ? ORDER BY id",
        (since,),
    )
    for drill, given, matched, millis, cards in rows:
        found.setdefault(str(drill), CountFigures()).add(
            bool(given), bool(matched), int(millis), int(cards)
        )
    return found


def count_drill_label(drill: str) -> str:
    """'Count down a deck' for 'count_down'; a drill this version does not know, as kept."""
    try:
        return CountDrill(drill).title
    except ValueError:
        return drill


def count_figures_text(drill: str, figures: CountFigures) -> str:
    """'9 of 10 right (90.0%), 4.2 s each' (the count-down: seconds per deck; the count
    check: how many were skipped)."""
    pace = (
        f"{figures.seconds_per_deck} s a deck"
        if drill == CountDrill.COUNT_DOWN.value
        else f"{figures.seconds_each} s each"
    )
    skipped = f", {figures.skipped} skipped" if figures.skipped else ""
    return f"{figures.right} of {figures.answers} right ({figures.accuracy}%){skipped}, {pace}"
