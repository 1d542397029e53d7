"""Counting drills, Qt-free and exact by seed: count down a deck, convert a running count
to a true count, and the count check of a shoe table (docs/decisions.md, "Practice drills"
and "Counting").

- *Count down*: one deck (or a chosen number of its cards) shuffled by seed and shown one
  card (or two) at a time; the answer is the running count of every card shown.
- *True count*: a running count and the cards left in a shoe; the answer is the true count,
  floored, as a bet or an index play reads it.
- *Count check*: at a shoe table, between rounds, "What is the running count?" of every card
  dealt since the shuffle but the burn card.

A question says what was asked and the right answer; an answer adds the player's (None:
skipped) and the time taken, which the practice record keeps.

>>> drill = count_down(HI_LO, seed=7, cards=6)
>>> " ".join(str(card) for card in drill.cards), drill.question.expected
('5H AC 6D JS 2C QS', 0)
>>> question = true_count_question(HI_LO, 9, 130)
>>> question.expected, rule_of(question)
(3, '+9 over 2.5 decks left = +3.6, floored +3')
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from casino_gui.engine.cards import Card, full_deck
from casino_gui.engine.counting import (
    CARDS_PER_DECK,
    HI_LO,
    CountSystem,
    cards_seen,
    count_text,
    decimal_text,
    floored_true_count,
    system_named,
    true_count,
)
from casino_gui.engine.round import Round
from casino_gui.engine.rules.bounds import PENETRATION
from casino_gui.engine.shoe import shoe_cards


class CountDrill(Enum):
    """The counting drills, by the name the practice record keeps."""

    COUNT_DOWN = "count_down"
    TRUE_COUNT = "true_count"
    COUNT_CHECK = "count_check"

    @property
    def title(self) -> str:
        return {
            "count_down": "Count down a deck",
            "true_count": "True count",
            "count_check": "Count check at the table",
        }[self.value]


@dataclass(frozen=True)
class CountQuestion:
    """What a counting drill asked: `asked` in words (kept in the record), the cards it is
    about (shown, seen since the shuffle, or left in the shoe) and the right answer."""

    drill: CountDrill
    system: str  # the count system's key
    asked: str
    cards: int
    expected: int
    running: int = 0  # the true-count drill's running count
    cards_left: int = 0  # and the cards left in its shoe


@dataclass(frozen=True)
class CountAnswer:
    """A counting question answered: the player's number (None: skipped) and the time taken."""

    question: CountQuestion
    given: int | None
    millis: int

    @property
    def right(self) -> bool:
        return self.given == self.question.expected


def drilled_system(key: str | None) -> CountSystem:
    """The system a drill counts with: the settings' `count_system`, Hi-Lo when it is off."""
    return HI_LO if key is None else system_named(key)


# --- Count down a deck ------------------------------------------------------------------------


@dataclass(frozen=True)
class CountDown:
    """A deck (or part of one) to count down, `per_step` cards shown at a time."""

    system: CountSystem
    cards: tuple[Card, ...]
    per_step: int = 1  # 2: the faster pairs mode

    @property
    def steps(self) -> int:
        return math.ceil(len(self.cards) / self.per_step)

    def shown(self, step: int) -> tuple[Card, ...]:
        """The cards of step `step` (from 0)."""
        return self.cards[step * self.per_step : (step + 1) * self.per_step]

    @property
    def question(self) -> CountQuestion:
        pairs = " in pairs" if self.per_step > 1 else ""
        return CountQuestion(
            CountDrill.COUNT_DOWN,
            self.system.key,
            f"{len(self.cards)} cards{pairs}",
            len(self.cards),
            # A deck counted from its own start: KO's start is 0 for one deck.
            self.system.running(self.cards, 1),
        )


def count_down(
    system: CountSystem, seed: int, cards: int = CARDS_PER_DECK, pairs: bool = False
) -> CountDown:
    """One deck shuffled by `seed`, its first `cards` cards to count."""
    if not 1 <= cards <= CARDS_PER_DECK:
        raise ValueError(f"a count-down shows 1 to {CARDS_PER_DECK} cards, not {cards}")
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    return CountDown(system, tuple(deck[:cards]), 2 if pairs else 1)


# --- True count -------------------------------------------------------------------------------


def true_count_system(system: CountSystem) -> CountSystem:
    """The system the true-count drill converts for: the player's when balanced; an
    unbalanced one (KO) is read as a running count, so Hi-Lo's conversion is drilled."""
    return system if system.balanced else HI_LO


def true_count_question(system: CountSystem, running: int, cards_left: int) -> CountQuestion:
    """Convert `running` with `cards_left` cards left to the floored true count."""
    return CountQuestion(
        CountDrill.TRUE_COUNT,
        system.key,
        f"{count_text(running)} with {decks_text(cards_left)} left",
        cards_left,
        floored_true_count(running, cards_left),
        running,
        cards_left,
    )


def draw_true_count(system: CountSystem, source: random.Random, decks: int) -> CountQuestion:
    """A true-count question of a shoe of `decks` decks: the cards left in half decks (a
    quarter deck in a shoe of one or two, as a counter reads the tray), no fewer than the
    deepest cut card leaves, and a running count that such a shoe may show, never 0."""
    step = CARDS_PER_DECK // (4 if decks <= 2 else 2)
    shoe = decks * CARDS_PER_DECK
    fewest = math.ceil(shoe * (1 - PENETRATION[1]) / step)  # the deepest cut card's
    cards_left = step * source.randint(fewest, shoe // step - 1)
    level = max(abs(tag) for tag in system.tags)
    limit = level * max(4, 2 * decks)
    running = source.choice([n for n in range(-limit, limit + 1) if n])
    return true_count_question(system, running, cards_left)


def decks_text(cards: int) -> str:
    """Cards as decks: '2.5 decks', '1 deck', '0.75 decks'."""
    decks = Fraction(cards, CARDS_PER_DECK)
    return f"{decimal_text(decks)} deck{'' if decks == 1 else 's'}"


def rule_of(question: CountQuestion) -> str:
    """The conversion written out: '+9 over 2.5 decks left = +3.6, floored +3'."""
    exact = Fraction(question.running) / Fraction(
        max(Fraction(question.cards_left, CARDS_PER_DECK), Fraction(1, 4))
    )
    assert (
        math.floor(exact)
        == question.expected
        == math.floor(true_count(question.running, question.cards_left))
    )
    return (
        f"{count_text(question.running)} over {decks_text(question.cards_left)} left = "
        f"{count_text(exact)}, floored {count_text(question.expected)}"
    )


# --- The count check at a shoe table -------------------------------------------------------------


def seen_since_shuffle(table: Round) -> tuple[Card, ...] | None:
    """Every card dealt since the shoe's shuffle, up to the end of this settled round, the
    burn card left out: what a counter at this shoe table has seen. None when the round was
    not dealt from a shoe that lasts (a shuffle before every round, a stacked shoe) or went
    on from its discards shuffled back in."""
    shoe = table.shoe
    if shoe.cut is None or shoe.seed is None or shoe.dealt >= len(shoe_cards(table.rules)):
        return None
    return cards_seen(table)


def count_check_question(system: CountSystem, table: Round) -> CountQuestion | None:
    """'What is the running count?' after this settled round, or None at a table without a
    lasting shoe."""
    seen = seen_since_shuffle(table)
    if seen is None:
        return None
    return CountQuestion(
        CountDrill.COUNT_CHECK,
        system.key,
        f"the running count after {len(seen)} cards",
        len(seen),
        system.running(seen, table.rules.decks),
    )


CHECK_EVERY = 8  # a count check comes one round in eight, on average, and at every shuffle


def check_due(table: Round, source: random.Random, every: int = CHECK_EVERY) -> bool:
    """Whether to ask the count after this settled round: always once its cut card is out
    (the shoe is shuffled before the next round, and its tray emptied), else by chance."""
    return table.shoe.cut_out or source.randrange(every) == 0
