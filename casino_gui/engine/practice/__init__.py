"""Practice: the drills' logic, Qt-free and deterministic by seed, beside the advisor.

- `kinds.py`: the kinds of decision (hard, soft, pairs, surrender, insurance, late insurance,
  five-card hands, doubles after hits, forced hits), which a table's rules give and which a
  decision is.
- `cards.py`: flash cards, each a hand record stopped at a decision of a real round of the
  engine, drawn by seed; close calls only if asked.
- `grading.py`: an answer graded by the advisor (every legal move's value in cents of the bet,
  the cost of the chosen one, the chart cell), with `why.py`'s line where the game's rules
  make the play differ from Standard BlackJack.
- `schedule.py`: the "My mistakes" deck on a spaced schedule (Leitner boxes, a clock passed in).
- `counting.py`: the counting drills (count down a deck, the true count, the count check of
  a shoe table): seeded decks and questions with their exact answers.

Practice never touches money: its chips are not the bankroll's, and its record is its own
(`casino_gui.store.practice`).
"""

from __future__ import annotations

from casino_gui.engine.practice.cards import (
    CLOSE_CALL,
    PRACTICE_BET,
    FlashCard,
    NoSuchDecisionError,
    card_of,
    draw,
    is_close_call,
)
from casino_gui.engine.practice.counting import (
    CHECK_EVERY,
    CountAnswer,
    CountDown,
    CountDrill,
    CountQuestion,
    check_due,
    count_check_question,
    count_down,
    decks_text,
    draw_true_count,
    drilled_system,
    rule_of,
    true_count_system,
)
from casino_gui.engine.practice.grading import Grade, grade
from casino_gui.engine.practice.kinds import DrillKind, Kind, kinds_for, kinds_of
from casino_gui.engine.practice.schedule import Review, answered, due_deck

__all__ = [
    "CHECK_EVERY",
    "CLOSE_CALL",
    "PRACTICE_BET",
    "CountAnswer",
    "CountDown",
    "CountDrill",
    "CountQuestion",
    "DrillKind",
    "FlashCard",
    "Grade",
    "Kind",
    "NoSuchDecisionError",
    "Review",
    "answered",
    "card_of",
    "check_due",
    "count_check_question",
    "count_down",
    "decks_text",
    "draw",
    "draw_true_count",
    "drilled_system",
    "due_deck",
    "grade",
    "is_close_call",
    "kinds_for",
    "kinds_of",
    "rule_of",
    "true_count_system",
]
