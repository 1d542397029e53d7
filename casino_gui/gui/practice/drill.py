"""The three drills as the window runs them, Qt-free: the decision on the felt, the answer
graded and kept, and what comes next. The logic they ask (drawing cards, grading,
scheduling) is `casino_gui.engine.practice`'s; the record is the store's practice tables.

- *Play it out*: real rounds dealt by the engine from a seeded shoe, over practice chips (a
  practice bankroll of its own that the real one never sees); each decision is graded, then
  made, and the round goes on.
- *Flash cards*: one decision after another, drawn by seed, of the kinds chosen (or close
  calls only).
- *My mistakes*: the decisions missed at the real tables, due now, costliest first; each
  answer moves the mistake on its spaced schedule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Protocol

from casino_gui.engine import Action, Move, Phase, Round, Shoe
from casino_gui.engine.practice import (
    PRACTICE_BET,
    CountAnswer,
    DrillKind,
    FlashCard,
    Grade,
    Kind,
    Review,
    answered,
    draw,
    due_deck,
    grade,
)
from casino_gui.engine.rules import Rules
from casino_gui.store.practice import PracticeAnswer

PRACTICE_CHIPS = 100_000  # a practice bankroll starts with $1,000 of practice chips
_DECIDING = (Phase.INSURANCE, Phase.PLAYER_TURNS)


class Keeper(Protocol):
    """Where answers go and mistakes come from: the bankroll's practice record
    (`Bankroll.practice()`: `record_practice`,
    `mistakes`, `mistake_card`) and its file, which the statistics' judge reads."""

    path: Path

    def record_practice(self, answer: PracticeAnswer, review: Review | None = None) -> None: ...

    def mistakes(self, game: str | None = None) -> list[Review]: ...

    def mistake_card(self, review: Review) -> FlashCard | None: ...

    def record_count(self, answer: CountAnswer) -> None: ...


@dataclass
class DrillTally:
    """This drill's answers so far."""

    decisions: int = 0
    right: int = 0
    given_up: int = 0  # cents
    streak: int = 0

    def add(self, right: bool, cost: int) -> None:
        self.decisions += 1
        self.right += right
        self.given_up += cost
        self.streak = self.streak + 1 if right else 0


@dataclass
class Drill:
    """One drill at one table: the decision waiting (`table`), and the last answer's grade."""

    kind: DrillKind
    rules: Rules
    keeper: Keeper
    seed: int
    bet: int = PRACTICE_BET
    kinds: Collection[Kind] | None = None  # flash cards: the kinds asked (None: all)
    close_only: bool = False
    clock: Callable[[], datetime] = datetime.now
    table: Round | None = None
    last: Grade | None = None
    last_answer: PracticeAnswer | None = None
    tally: DrillTally = field(default_factory=DrillTally)
    chips: int = PRACTICE_CHIPS  # Play it out: the practice bankroll
    _cards: Iterator[FlashCard] | None = None
    _deck: list[Review] = field(default_factory=list)
    _review: Review | None = None
    _source: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self._source = random.Random(self.seed)
        if self.kind is DrillKind.FLASH:
            self._cards = draw(self.rules, self.seed, self.kinds, self.close_only, self.bet)
        if self.kind is DrillKind.MISTAKES:
            game = self.rules.game
            self._deck = due_deck(self.keeper.mistakes(game), self.clock().astimezone())

    # --- The decision ------------------------------------------------------------------

    @property
    def waiting(self) -> bool:
        """Whether a decision waits for an answer (a flash card takes one answer)."""
        if self.table is None or self.table.phase not in _DECIDING:
            return False
        return self.kind is DrillKind.PLAY or self.last is None

    @property
    def mistakes_left(self) -> int:
        return len(self._deck)

    def next(self) -> bool:
        """Put the next decision on the felt; False when there is none (no mistake due)."""
        self.last, self.last_answer = None, None
        if self.kind is DrillKind.PLAY:
            self._deal()
            return True
        if self.kind is DrillKind.FLASH:
            assert self._cards is not None
            self.table = next(self._cards).table()
            return True
        while self._deck:
            self._review = self._deck.pop(0)
            card = self.keeper.mistake_card(self._review)
            if card is not None:
                self.table = card.table()
                return True
        self.table, self._review = None, None
        return False

    def _deal(self) -> None:
        if self.chips < self.bet:
            self.chips = PRACTICE_CHIPS  # practice chips are refilled, never bought
        while True:
            table = Round(
                self.rules, Shoe.shuffled(self.rules, self._source.getrandbits(63)), self.chips
            )
            table.bet(1, self.bet)
            table.deal()
            self.table = table
            if self.waiting:
                return
            self.chips = table.bankroll  # a natural settled at once: deal again

    # --- The answer ----------------------------------------------------------------------

    def answer(self, action: Action) -> Grade:
        """Grade the answer, keep it, and (Play it out) make the move."""
        table = self.table
        assert table is not None and self.waiting
        graded = grade(table, action)
        self._keep(graded, PracticeAnswer.of(self.kind, self.rules.game, graded))
        if self.kind is DrillKind.PLAY:
            table.apply(Move(action))
            if table.phase is Phase.SETTLED:
                self.chips = table.bankroll
        return graded

    def time_out(self) -> Grade:
        """The time allowed ran out (Flash cards, My mistakes): counted wrong, with no move
        and no cost (docs/decisions.md, "Practice drills"); the grade shows the best move."""
        table = self.table
        assert table is not None and self.waiting and self.kind is not DrillKind.PLAY
        graded = grade(table, None)
        self._keep(graded, PracticeAnswer.of(self.kind, self.rules.game, graded))
        return graded

    def _keep(self, graded: Grade, answer: PracticeAnswer) -> None:
        review = None
        if self.kind is DrillKind.MISTAKES and self._review is not None:
            review = answered(self._review, answer.right, self.clock().astimezone())
        self.keeper.record_practice(answer, review)
        self.tally.add(answer.right, answer.cost)
        self.last = graded
        self.last_answer = answer
