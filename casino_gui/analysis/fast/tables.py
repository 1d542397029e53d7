"""What the compiled rounds read: the table's rules and the chart's play, as arrays.

Nothing here is a rule of its own. Every legality the fast rounds need (may a hand double,
split, surrender; does the dealer draw) is the rulebook's answer (casino_gui.engine.rulebook),
asked here once for every hand the rounds can hold and kept in an array; the play is the
basic-strategy chart (`casino_gui.engine.strategy.chart`), each cell's code kept as a number.
The engine's own rounds played by the same chart (`ChartPlay`) settle every round to the same
cents (tests/analysis/test_fast_rounds.py; docs/decisions.md, "Simulations at compiled speed").
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from casino_gui.engine import rules_for, shoe_cards
from casino_gui.engine.counting import CountSystem, bet_units
from casino_gui.engine.rulebook import (
    Facts,
    best_total,
    dealer_draws,
    is_bust,
    may_double,
    may_split,
    may_surrender,
)
from casino_gui.engine.rules import Rules
from casino_gui.engine.strategy import ChartCode, Section, chart

Table = npt.NDArray[np.int64]

# The chart's codes as numbers (their order in `ChartCode`), and the moves they resolve to.
CODES = tuple(ChartCode)
NO_CELL = -1
HIT, STAND, DOUBLE, SPLIT, SURRENDER = range(5)

# The rules the compiled rounds read from `Rules` (the custom table's options of Standard
# BlackJack, docs/decisions.md, "Custom table"); every other rule must be Standard
# BlackJack's own for the fast path to take the table (`fits`).
READ_RULES = frozenset(
    {
        "name",
        "decks",
        "penetration",
        "dealer_hits_soft_17",
        "natural_pays",
        "doubles_per_hand",
        "double_min_cards",
        "double_max_cards",
        "double_after_split",
        "double_for_less",  # never used: the simulated bankroll is never short
        "split_max_hands",
        "resplit_aces",
        "surrender",
        "surrender_first_two_cards_only",
        "surrender_after_split",
        "surrender_min_total",
        "circles",  # one spot is played
        "min_bet",
        "max_bet",
    }
)

MOST_CARDS = 22  # no hand holds more (twenty-one aces and a card)
TOTALS = 32  # hard totals 0..31 (a hand of 21 or less takes one card more at the most: 31)
# The floored true counts kept apart (any count beyond is kept at the end: never reached with
# the systems' tags, which cannot exceed ±2 a card over the last quarter deck).
TRUE_COUNT_LOW, TRUE_COUNT_HIGH = -256, 256


def misfit(rules: Rules) -> str | None:
    """Why the compiled rounds cannot play this table (None: they can): another game, or a
    rule they do not read that differs from Standard BlackJack's."""
    standard = rules_for("blackjack")
    if rules.game != standard.game:
        return f"the fast path plays Standard BlackJack and its custom tables, not {rules.name}"
    for field in dataclasses.fields(Rules):
        name = field.name
        if name in READ_RULES or name == "game":
            continue
        if getattr(rules, name) != getattr(standard, name):
            return (
                f"the fast path plays Standard BlackJack's rules and their custom-table "
                f"options; this table's rule {name!r} is not one of them"
            )
    return None


@dataclass(frozen=True, slots=True)
class PlayTables:
    """The chart and the rulebook's answers, as the compiled rounds index them.

    `hard[total, up]`, `soft[total, up]`, `pair[value, up]`: the chart's code (`CODES`
    index) of a hand against the dealer's up card (values 1..10, 1 the ace), NO_CELL where
    the chart has no row. `doubles[from_split, cards, hard, ace]` and `surrenders[...]` the
    rulebook's `may_double` and `may_surrender` for a hand not yet doubled; `splits[value,
    hands, split_aces]` its `may_split` for a pair of that value with that many hands at the
    spot; `draws[hard, ace, cards]` its `dealer_draws`. `rules_row`: the numbers the rounds
    need (`RULE_*` below)."""

    hard: Table
    soft: Table
    pair: Table
    doubles: Table
    surrenders: Table
    splits: Table
    draws: Table
    rules_row: Table
    shoe: Table
    totals: Table  # [hard, ace]: the rulebook's best total (`best_total`)
    busts: (
        Table  # [hard, ace]: its `is_bust`  # the card values of the shoe, in `shoe_cards`' order
    )


# rules_row's places.
RULE_DECKS, RULE_CUT, RULE_BURN, RULE_NATURAL_NUM, RULE_NATURAL_DEN = range(5)


def _cells(rules: Rules) -> tuple[Table, Table, Table]:
    hard = np.full((TOTALS, 11), NO_CELL, np.int64)
    soft = np.full((TOTALS, 11), NO_CELL, np.int64)
    pair = np.full((11, 11), NO_CELL, np.int64)
    made = chart(rules)
    ups = {name: (1 if name == "A" else 10 if name == "T" else int(name)) for name in made.columns}
    for section in made.sections:
        for row in section.rows:
            for column, code in zip(made.columns, row.cells, strict=True):
                if code is None:
                    continue
                up = ups[column]
                number = CODES.index(code)
                if section.title is Section.HARD:
                    hard[int(row.label), up] = number
                elif section.title is Section.SOFT:
                    soft[10 + 1 + _value(row.label.split(",")[1]), up] = number
                else:
                    pair[_value(row.label.split(",")[0]), up] = number
    # A hard 4 is a pair of 2s that may split no more: it plays as the lowest hard row.
    lowest = min(t for t in range(TOTALS) if hard[t, 2] != NO_CELL)
    hard[:lowest] = hard[lowest]
    return hard, soft, pair


def _value(name: str) -> int:
    return 1 if name == "A" else 10 if name == "T" else int(name)


def play_tables(rules: Rules) -> PlayTables:
    """The arrays of a table's rules and chart (a second or so: the chart's analysis)."""
    refusal = misfit(rules)
    if refusal is not None:
        raise ValueError(refusal)
    hard, soft, pair = _cells(rules)
    doubles = np.zeros((2, MOST_CARDS, TOTALS, 2), np.int64)
    surrenders = np.zeros((2, MOST_CARDS, TOTALS, 2), np.int64)
    for from_split in (0, 1):
        for cards in range(2, MOST_CARDS):
            for total in range(cards, TOTALS):
                for ace in (0, 1):
                    facts = Facts(total, bool(ace), cards, 0, bool(from_split), False)
                    doubles[from_split, cards, total, ace] = may_double(rules, facts)
                    surrenders[from_split, cards, total, ace] = may_surrender(rules, facts)
    splits = np.zeros((11, 5, 2), np.int64)
    by_value = {card.value: card.rank for card in shoe_cards(rules)}
    for value, rank in by_value.items():
        for hands in range(1, 5):
            for aces in (0, 1):
                if aces and value != 1:
                    continue
                facts = Facts(2 * value, value == 1, 2, 0, hands > 1, bool(aces))
                splits[value, hands, aces] = may_split(rules, facts, (rank, rank), hands)
    draws = np.zeros((TOTALS, 2, MOST_CARDS), np.int64)
    for total in range(TOTALS):
        for ace in (0, 1):
            for cards in range(MOST_CARDS):
                draws[total, ace, cards] = dealer_draws(rules, Facts(total, bool(ace), cards))
    size = 52 * rules.decks
    cut = 0 if rules.penetration is None else int(size * rules.penetration)
    row = np.zeros(5, np.int64)
    row[RULE_DECKS] = rules.decks
    row[RULE_CUT] = cut
    row[RULE_BURN] = 0 if rules.penetration is None else 1
    row[RULE_NATURAL_NUM] = rules.natural_pays.num
    row[RULE_NATURAL_DEN] = rules.natural_pays.den
    shoe = np.array([card.value for card in shoe_cards(rules)], np.int64)
    totals = np.zeros((TOTALS, 2), np.int64)
    busts = np.zeros((TOTALS, 2), np.int64)
    for total in range(TOTALS):
        for ace in (0, 1):
            facts = Facts(total, bool(ace), 2)
            totals[total, ace] = best_total(rules, facts)[0]
            busts[total, ace] = is_bust(rules, facts)
    return PlayTables(
        hard, soft, pair, doubles, surrenders, splits, draws, row, shoe, totals, busts
    )


def tags_of(system: CountSystem | None) -> Table:
    """A count system's tag of each card value (index 1..10); zeros without a count."""
    tags = np.zeros(11, np.int64)
    if system is not None:
        tags[1:] = system.tags
    return tags


def ramp_of(top: int) -> Table:
    """The bet in units at each floored true count (index: the count less TRUE_COUNT_LOW),
    `bet_units`'s for a spread of 1:`top`."""
    return np.array(
        [bet_units(true, top) for true in range(TRUE_COUNT_LOW, TRUE_COUNT_HIGH + 1)], np.int64
    )
