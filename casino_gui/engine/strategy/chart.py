"""The basic-strategy chart of a table: the best first move for each hand against each dealer.

A cell gathers every first deal of its row (a hard total, a soft total or a pair) and column
(the dealer's up card; his two-card total in Face Up 21; one column where his cards are face
down) and weighs the value of each move over them by their chances, the dealer's natural left
out. So the chart is total-dependent, like the printed charts, while its values come from the
shoe less each deal's own cards (edge.py). Codes:

    H hit · S stand · D double, else hit · Ds double, else stand · P split
    Rh, Rs, Rp: surrender, else hit, stand or split
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from casino_gui.engine.cards import rank_value
from casino_gui.engine.round import Action
from casino_gui.engine.rulebook import Facts, best_total
from casino_gui.engine.rules import DealerCards, Rules
from casino_gui.engine.strategy.deals import Deal, deals
from casino_gui.engine.strategy.edge import DealValue, analyse, cached_analysis, deal_value


class ChartCode(StrEnum):
    """A cell's code as printed charts write it: the move, then the one made where it is not
    allowed. Its words and its moves are `CODES`'."""

    HIT = "H"
    STAND = "S"
    DOUBLE_HIT = "D"
    DOUBLE_STAND = "Ds"
    SPLIT = "P"
    SURRENDER_HIT = "Rh"
    SURRENDER_STAND = "Rs"
    SURRENDER_SPLIT = "Rp"

    @property
    def words(self) -> str:
        """'double, else hit': the legend's words."""
        return CODES[self][0]

    @property
    def moves(self) -> tuple[Action, ...]:
        """The moves in order of choice: the first the player may make is the chart's."""
        return CODES[self][1]


# Each code's words and moves, in the legend's order: the one table of the codes.
CODES: dict[ChartCode, tuple[str, tuple[Action, ...]]] = {
    ChartCode.HIT: ("hit", (Action.HIT,)),
    ChartCode.STAND: ("stand", (Action.STAND,)),
    ChartCode.DOUBLE_HIT: ("double, else hit", (Action.DOUBLE, Action.HIT)),
    ChartCode.DOUBLE_STAND: ("double, else stand", (Action.DOUBLE, Action.STAND)),
    ChartCode.SPLIT: ("split", (Action.SPLIT,)),
    ChartCode.SURRENDER_HIT: ("surrender, else hit", (Action.SURRENDER, Action.HIT)),
    ChartCode.SURRENDER_STAND: ("surrender, else stand", (Action.SURRENDER, Action.STAND)),
    ChartCode.SURRENDER_SPLIT: ("surrender, else split", (Action.SURRENDER, Action.SPLIT)),
}


class Section(StrEnum):
    """A section of the chart, by its title; `INSURANCE` is the insurance question's place in
    the index plays (`indices.py`), which the chart has no section for."""

    HARD = "Hard"
    SOFT = "Soft"
    PAIRS = "Pairs"
    INSURANCE = "Insurance"


_CARD = {1: "A", 10: "T"}


def card_name(value: int) -> str:
    return _CARD.get(value, str(value))


@dataclass(frozen=True, slots=True)
class Row:
    label: str  # "16", "A,7", "8,8"
    cells: tuple[ChartCode | None, ...]  # one code per column (None where no deal is played)


@dataclass(frozen=True, slots=True)
class ChartSection:
    title: Section
    rows: tuple[Row, ...]


@dataclass(frozen=True, slots=True)
class Chart:
    rules: Rules
    dealer: str  # what the columns are, after "the": "dealer's up card", "dealer's two cards"
    columns: tuple[str, ...]
    sections: tuple[ChartSection, ...]

    def code(self, section: Section, row: str, column: str) -> ChartCode | None:
        """The code of one cell, e.g. `chart.code(Section.HARD, "16", "T")`."""
        found = next(s for s in self.sections if s.title is section)
        cells = next(r for r in found.rows if r.label == row).cells
        return cells[self.columns.index(column)]


def code_of(values: dict[Action, float]) -> ChartCode:
    """The chart code of a cell from the values of its moves: the code whose moves are the
    best one, then the best of the moves it falls back to."""
    ranked = sorted(values, key=lambda action: values[action], reverse=True)
    best = ranked[0]
    if best not in (Action.DOUBLE, Action.SURRENDER):
        return next(code for code in ChartCode if code.moves == (best,))
    falls_back = (Action.HIT, Action.STAND) if best is Action.DOUBLE else _PLAYS
    fallback = next(action for action in ranked[1:] if action in falls_back)
    return next(code for code in ChartCode if code.moves == (best, fallback))


_PLAYS = (Action.HIT, Action.STAND, Action.SPLIT)


def column_of(rules: Rules, dealer: Sequence[str]) -> str:
    """The chart's column for the dealer's visible cards (their ranks)."""
    visible = _visible(rules)
    values = [rank_value(rank) for rank in dealer[:visible]]
    if visible == 0:
        return "any"
    if visible == 1:
        return card_name(values[0])
    _, soft = best_total(rules, Facts(sum(values), 1 in values, len(values)))
    if soft:
        other = sum(values) - 1
        return "A," + card_name(other)
    return str(sum(values))


def _columns(visible: int) -> tuple[str, ...]:
    ups = tuple(card_name(v) for v in (*range(2, 11), 1))
    if visible == 0:
        return ("any",)
    if visible == 1:
        return ups
    return tuple(str(t) for t in range(4, 21)) + tuple(f"A,{card_name(v)}" for v in range(1, 10))


def _visible(rules: Rules) -> int:
    """How many of the dealer's cards the player sees when he decides."""
    return {DealerCards.BOTH_DOWN: 0, DealerCards.BOTH_UP: 2}.get(rules.dealer_cards, 1)


def chart_shape(rules: Rules) -> tuple[tuple[str, ...], tuple[Section, ...]]:
    """The columns and the sections' titles of the game's chart, known before it is worked out
    (a window opens at its size).

    >>> from casino_gui.engine.games import rules_for
    >>> columns, sections = chart_shape(rules_for("caribbean_21"))
    >>> len(columns), [str(section) for section in sections]
    (10, ['Hard', 'Pairs'])
    """
    if rules.aces_eleven:
        return _columns(_visible(rules)), (Section.HARD, Section.SOFT, Section.PAIRS)
    sections = (Section.HARD, Section.PAIRS)
    return _columns(_visible(rules)), sections


def chart(rules: Rules) -> Chart:
    """The game's basic-strategy chart, from its analysis (computed once per rules)."""
    analysis = analyse(rules)
    visible = _visible(rules)
    columns = chart_shape(rules)[0]
    cells: dict[tuple[Section, str], dict[str, list[tuple[float, DealValue]]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for value in analysis.deals:
        if not value.moves:
            continue  # a natural, or a hand the engine plays alone
        section, row, column = _place(rules, value.deal)
        cells[(section, row)][column].append((_weight(value), value))
    hard_rows = sorted({row for section, row in cells if section is Section.HARD}, key=int)
    from_pairs = set()
    if "20" not in hard_rows and (Section.PAIRS, "T,T") in cells:
        # Only T,T makes a two-card hard 20: read it as a hard 20 that does not split.
        hard_rows.append("20")
        cells[(Section.HARD, "20")] = cells[(Section.PAIRS, "T,T")]
        from_pairs.add("20")
    soft_rows = [f"A,{card_name(v)}" for v in range(2, 10)]
    pair_rows = [f"{card_name(v)},{card_name(v)}" for v in (1, *range(2, 11))]
    built = []
    labelled = {Section.HARD: hard_rows, Section.SOFT: soft_rows, Section.PAIRS: pair_rows}
    for title in chart_shape(rules)[1]:
        labels = labelled[title]
        rows = []
        for label in labels:
            if (title, label) not in cells:
                continue
            by_column = cells[(title, label)]
            split = label not in from_pairs or title is not Section.HARD
            rows.append(Row(label, tuple(_cell(by_column.get(c, []), split) for c in columns)))
        if rows:
            built.append(ChartSection(title, tuple(rows)))
    names = {0: "dealer's hand, face down", 1: "dealer's up card", 2: "dealer's two cards"}
    return Chart(rules, names[visible], columns, tuple(built))


def _place(rules: Rules, deal: Deal) -> tuple[Section, str, str]:
    """The section, row and column a first deal is counted in."""
    first, second = (rank_value(r) for r in deal.hand)
    column = column_of(rules, deal.dealer)
    if deal.hand[0] == deal.hand[1]:
        return Section.PAIRS, f"{card_name(first)},{card_name(second)}", column
    if rules.aces_eleven and 1 in (first, second):
        return Section.SOFT, f"A,{card_name(first + second - 1)}", column
    return Section.HARD, str(first + second), column


def _weight(value: DealValue) -> float:
    """A deal's share of its cell: its chance, once the dealer has shown no natural."""
    return value.chance * (1.0 - value.dealer_natural)


def chart_code(rules: Rules, cell: Cell) -> ChartCode | None:
    """The code of one cell of `chart(rules)`, worked out from that cell's deals alone (a
    few situations, not the game's hundreds: a hint asks for it; docs/decisions.md,
    "Counting"); None where the chart has no such cell. Equal to the chart's for every cell
    (tests/strategy/test_shoe_hints.py).

    >>> from casino_gui.engine.games import BLACKJACK
    >>> chart_code(BLACKJACK, Cell(Section.HARD, "16", "T"))
    <ChartCode.HIT: 'H'>
    >>> chart_code(BLACKJACK, Cell(Section.PAIRS, "8,8", "T"))
    <ChartCode.SPLIT: 'P'>
    """
    place = (cell.section, cell.row, cell.column)
    found = _values_in(rules, place)
    if not found and place[:2] == (Section.HARD, "20"):
        # As the chart reads it: T,T as a hard 20 that does not split.
        found = _values_in(rules, (Section.PAIRS, "T,T", cell.column))
        return _cell([(_weight(v), v) for v in found], split=False)
    return _cell([(_weight(v), v) for v in found], split=True)


def _values_in(rules: Rules, place: tuple[Section, str, str]) -> list[DealValue]:
    """The values of the first deals counted in a cell that the player plays, as the game's
    analysis has them where it is kept, else worked out."""
    known = cached_analysis(rules)
    if known is not None:
        return [v for v in known.deals if v.moves and _place(rules, v.deal) == place]
    found = []
    for deal, chance in deals(rules):
        if _place(rules, deal) == place:
            value = deal_value(rules, deal, chance)
            if value.moves:
                found.append(value)
    return found


def _cell(deals: list[tuple[float, DealValue]], split: bool) -> ChartCode | None:
    if not deals:
        return None
    common = set.intersection(*(set(v.moves) for _, v in deals))
    actions = [a for a in common if split or a is not Action.SPLIT]
    weight = sum(w for w, _ in deals)
    if not actions or weight <= 0:
        return None
    values = {a: sum(w * v.moves[a] for w, v in deals) / weight for a in actions}
    return code_of(values)


@dataclass(frozen=True, slots=True)
class Cell:
    """Where a decision sits in the game's chart: `chart.code(section, row, column)`."""

    section: Section
    row: str  # "16", "A,7", "8,8"
    column: str  # "T", "A", "17" (Face Up 21), "any" (Pontoon)


def cell_of(rules: Rules, hand: Sequence[str], dealer: Sequence[str], pair: bool) -> Cell | None:
    """The chart cell of a hand (its cards' ranks) against the dealer's visible cards; `pair`
    when the hand may split. A hand of more cards sits in the row of its total; a total the
    chart has no row for (a hard 4, a soft 21) has no cell.

    >>> from casino_gui.engine.games import BLACKJACK
    >>> cell_of(BLACKJACK, ("T", "6"), ("9",), False)
    Cell(section=<Section.HARD: 'Hard'>, row='16', column='9')
    >>> cell_of(BLACKJACK, ("A", "2", "4"), ("T",), False)
    Cell(section=<Section.SOFT: 'Soft'>, row='A,6', column='T')
    >>> cell_of(BLACKJACK, ("K", "Q"), ("A",), True)
    Cell(section=<Section.PAIRS: 'Pairs'>, row='T,T', column='A')
    """
    values = [rank_value(rank) for rank in hand]
    column = column_of(rules, dealer)
    if pair and len(values) == 2 and values[0] == values[1]:
        name = card_name(values[0])
        return Cell(Section.PAIRS, f"{name},{name}", column)
    total, soft = best_total(rules, Facts(sum(values), 1 in values, len(values)))
    if soft and 13 <= total <= 20:
        return Cell(Section.SOFT, f"A,{card_name(total - 11)}", column)
    if not soft and 5 <= total <= 20:
        return Cell(Section.HARD, str(total), column)
    return None
