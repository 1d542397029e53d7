"""The counting drills in the practice window (docs/decisions.md, "Practice drills"):

- *Count down a deck*: Space (or a click on the felt) shows the next card, or the next two
  in pairs; after the last the player types the running count and presses Enter.
- *True count*: a running count and the cards left (as decks, and as the discard tray's
  depth; "Tray only" hides the number); the player types the true count, floored.

Each answer is graded at once, with the conversion written out, and kept in practice's record
with the time it took; Space then deals the next deck or question. The questions and their
answers are `casino_gui.engine.practice.counting`'s; this panel only shows and asks.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QRegularExpression, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import CARDS_PER_DECK, CountSystem
from casino_gui.engine.counting import count_text
from casino_gui.engine.practice import (
    CountAnswer,
    CountDown,
    CountDrill,
    CountQuestion,
    count_down,
    decks_text,
    draw_true_count,
    rule_of,
    true_count_system,
)
from casino_gui.gui.practice.count_felt import CountFelt
from casino_gui.gui.practice.feedback_panel import RIGHT
from casino_gui.gui.theme import ERROR, sans

# A whole deck counts down to 0 in a balanced count (KO: +4): a check, but its answer is
# known before the first card. The drill holds back four cards unless the player asks for 52.
HELD_BACK = 4
COUNT_PATTERN = QRegularExpression("[+\\-\N{MINUS SIGN}]?[0-9]{0,3}")


class CountKeeper(Protocol):
    """Where counting answers go: the bankroll's practice record (`Bankroll.practice()`)."""

    def record_count(self, answer: CountAnswer) -> None: ...


def parse_count(text: str) -> int | None:
    """'+3', '-2', '−2' (the minus sign) or '3' as a number; None when it is not one."""
    text = text.strip().replace("\N{MINUS SIGN}", "-")
    try:
        return int(text)
    except ValueError:
        return None


def count_entry() -> QLineEdit:
    """The field a count is typed in: a sign and up to three digits."""
    entry = QLineEdit()
    entry.setPlaceholderText("+3, -2, 0")
    entry.setValidator(QRegularExpressionValidator(COUNT_PATTERN, entry))
    entry.setFont(sans(18, bold=True))
    return entry


def verdict_of(answer: CountAnswer) -> str:
    """'Right: the running count is +3.', 'Wrong, you said +1: +9 over 2.5 decks left = ...'."""
    question = answer.question
    said = "Right" if answer.right else f"Wrong, you said {count_text(answer.given or 0)}"
    if question.drill is CountDrill.TRUE_COUNT:
        return f"{said}: {rule_of(question)}."
    return f"{said}: the running count is {count_text(question.expected)}."


class CountDrillPanel(QWidget):
    """One counting drill at a time; `answered` once an answer is kept."""

    answered = Signal()

    def __init__(
        self,
        keeper: CountKeeper,
        system: CountSystem,
        seed: int,
        clock: Callable[[], float] = time.monotonic,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.keeper, self.system, self.seed, self.clock = keeper, system, seed, clock
        self.kind = CountDrill.COUNT_DOWN
        self.source = random.Random(seed)
        self.deck: CountDown | None = None
        self.step = -1  # the count-down's step shown; -1 before its first card
        self.question: CountQuestion | None = None
        self.last: CountAnswer | None = None
        self.started = 0.0
        self.right = self.answers = 0
        self.felt = CountFelt()
        self.felt.clicked.connect(self.advance)
        self.prompt = QLabel()
        self.prompt.setFont(sans(18, bold=True))
        self.prompt.setWordWrap(True)
        self.entry = count_entry()
        self.entry.setMaximumWidth(120)
        self.entry.returnPressed.connect(self.submit)
        self.verdict = QLabel()
        self.verdict.setFont(sans(16, bold=True))
        self.verdict.setWordWrap(True)
        self.tally = QLabel()
        self.cards = QSpinBox()
        self.cards.setRange(2, CARDS_PER_DECK)
        self.cards.setValue(CARDS_PER_DECK - HELD_BACK)
        self.cards.setSuffix(" cards")
        self.pairs = QCheckBox("Pairs")
        self.pairs.setToolTip("Two cards at a time: count them as one")
        self.decks = QSpinBox()
        self.decks.setRange(1, 8)
        self.decks.setValue(6)
        self.decks.setSuffix(" decks")
        self.tray_only = QCheckBox("Tray only")
        self.tray_only.setToolTip("Read the cards left off the tray's depth")
        choices = QHBoxLayout()
        choices.addWidget(QLabel(f"Count: {system.name}"))
        for widget in (self.cards, self.pairs, self.decks, self.tray_only):
            choices.addWidget(widget)
        choices.addStretch(1)
        asking = QHBoxLayout()
        asking.addWidget(self.prompt, 1)
        asking.addWidget(self.entry)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(choices)
        layout.addWidget(self.felt, 1)
        layout.addLayout(asking)
        layout.addWidget(self.verdict)
        layout.addWidget(self.tally)
        for spin in (self.cards, self.decks):
            spin.valueChanged.connect(lambda _value: self.start(self.kind))
        for check in (self.pairs, self.tray_only):
            check.toggled.connect(lambda _on: self.start(self.kind))

    # --- The drill -------------------------------------------------------------------------

    def start(self, kind: CountDrill) -> None:
        """A new drill of `kind`, from the seed again."""
        self.kind = kind
        self.source = random.Random(self.seed)
        self.right = self.answers = 0
        counting_down = kind is CountDrill.COUNT_DOWN
        for widget in (self.cards, self.pairs):
            widget.setVisible(counting_down)
        for widget in (self.decks, self.tray_only):
            widget.setVisible(not counting_down)
        self._next()

    @property
    def waiting(self) -> bool:
        """Whether the entry waits for the player's count."""
        return self.entry.isEnabled()

    def advance(self) -> None:
        """Space or a click: the count-down's next card; after an answer, the next deck or
        question."""
        if self.last is not None or self.question is None:
            self._next()
            return
        deck = self.deck
        if self.kind is not CountDrill.COUNT_DOWN or deck is None or self.waiting:
            return
        if self.step < 0:
            self.started = self.clock()
        self.step += 1
        if self.step < deck.steps:
            self.felt.show_cards(deck.shown(self.step))
            left = len(deck.cards) - (self.step + 1) * deck.per_step
            self.prompt.setText(f"{max(left, 0)} cards to come" if left > 0 else "")
        if self.step >= deck.steps - 1:
            self._ask("The last card: what is the running count?")

    def submit(self) -> None:
        """Enter: grade the count typed, keep it, and say so."""
        given = parse_count(self.entry.text())
        question = self.question
        if given is None or question is None or not self.waiting:
            return
        answer = CountAnswer(question, given, max(0, round((self.clock() - self.started) * 1000)))
        self.keeper.record_count(answer)
        self.last = answer
        self.answers += 1
        self.right += answer.right
        self.entry.setEnabled(False)
        self.felt.setFocus()
        self.verdict.setStyleSheet(f"color: {RIGHT if answer.right else ERROR};")
        self.verdict.setText(verdict_of(answer))
        seconds = answer.millis / 1000
        self.tally.setText(
            f"This drill: {self.right} of {self.answers} right \N{MIDDLE DOT} "
            f"{seconds:.1f} s for the last \N{MIDDLE DOT} Space for the next"
        )
        self.answered.emit()

    def _next(self) -> None:
        self.last = None
        self.entry.clear()
        self.entry.setEnabled(False)
        self.verdict.clear()
        self.step = -1
        if self.kind is CountDrill.COUNT_DOWN:
            self.deck = count_down(
                self.system, self.source.getrandbits(63), self.cards.value(), self.pairs.isChecked()
            )
            self.question = self.deck.question
            self.felt.show_cards(())
            how = "two at a time" if self.pairs.isChecked() else "one at a time"
            counted = len(self.deck.cards)
            # Why not 52: the answer of a whole deck is known before its first card.
            why = (
                f" The other {CARDS_PER_DECK - counted} are held back: a whole deck's count is known "
                "before its first card."
                if counted == CARDS_PER_DECK - HELD_BACK
                else ""
            )
            self.prompt.setText(f"{counted} cards, {how}: Space (or a click) for each.{why}")
            self.tally.setText("The time runs from the first card to your answer.")
            self.felt.setFocus()
            return
        system = true_count_system(self.system)
        shoe = self.decks.value() * CARDS_PER_DECK
        question = self.question = draw_true_count(system, self.source, self.decks.value())
        self.felt.show_tray(shoe - question.cards_left, shoe)
        left = (
            "the decks left read off the tray"
            if self.tray_only.isChecked()
            else f"{decks_text(question.cards_left)} left"
        )
        self.started = self.clock()
        self._ask(
            f"Running count {count_text(question.running)} ({system.name}), {left}: "
            "the true count, floored?"
        )

    def _ask(self, prompt: str) -> None:
        self.prompt.setText(prompt)
        self.entry.setEnabled(True)
        self.entry.setFocus()
