"""What HINT adds at a shoe game: the chart's move beside the best one, and the count.

The best move is the advisor's for the cards left in the shoe (`advise`); the chart's is the
move of the basic-strategy chart the window shows (`chart_code`) for this hand against this
dealer card, at this table's rules. They differ (a deviation) when the cards left make
another move worth more. The count is Hi-Lo's: the running count of every card seen since
the shuffle (the earlier rounds' cards and this round's visible ones) and its floored true
count for the cards not yet dealt; where a published index play covers the cell (indices.py)
the hint says it, its count computed for the table's rules (indices.py), and what it plays at
that count (docs/decisions.md, "Counting").
"""

from __future__ import annotations

from dataclasses import dataclass

from casino_gui.engine.counting import HI_LO, cards_seen, floored_true_count
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.strategy.advice import Advice
from casino_gui.engine.strategy.chart import Cell, ChartCode, Section, cell_of, chart_code
from casino_gui.engine.strategy.indices import IndexPlay, computed_for, index_play


@dataclass(frozen=True, slots=True)
class ShoeHint:
    """The hint's lines beyond the values, at a shoe game's decision."""

    best: Action  # the best move for the cards left
    chart: Action | None  # the chart's move for this hand here (None: the chart has no cell)
    running: int  # the Hi-Lo running count
    true: int  # the Hi-Lo true count, floored
    index: IndexPlay | None  # the cell's index play, its count the table's own, if any
    computed_for: str = ""  # the rules its count is for, as the hint says them

    @property
    def deviation(self) -> bool:
        """The cards left make another move than the chart's the best."""
        return self.chart is not None and self.best is not self.chart

    @property
    def index_says(self) -> Action | None:
        """What the index play makes at this true count (None: no index here)."""
        return None if self.index is None else self.index.plays(self.true)

    @property
    def index_agrees(self) -> bool:
        """The index's play at this count is the best move for the cards left: the hint says
        it; where they differ (the cards left are not the average of their count) the hint
        names the best move instead, never a line against it."""
        return self.index_says is self.best


def chart_move(code: ChartCode | None, legal: frozenset[Action]) -> Action | None:
    """The move a chart code makes when these moves are legal (None: none of them is, or no
    code).

    >>> chart_move(ChartCode.DOUBLE_HIT, frozenset({Action.HIT, Action.STAND})).value
    'hit'
    >>> legal = frozenset({Action.HIT, Action.STAND, Action.SURRENDER})
    >>> chart_move(ChartCode.SURRENDER_STAND, legal).value
    'surrender'
    """
    moves = () if code is None else code.moves
    return next((move for move in moves if move in legal), None)


def shoe_hint(table: Round, advice: Advice) -> ShoeHint | None:
    """The shoe lines of the hint whose values are `advice` (None: not a shoe game).

    >>> from casino_gui.engine.games import BLACKJACK
    >>> from casino_gui.engine.shoe import Shoe
    >>> from casino_gui.engine.strategy import advise
    >>> rules = BLACKJACK.replace(penetration=0.75)
    >>> table = Round(rules, Shoe.stacked(rules, "TS TD 6C 7H"), bankroll=10_000)
    >>> _ = table.bet(1, 1_000)
    >>> _ = table.deal()
    >>> said = shoe_hint(table, advise(table))
    >>> said.best.value, said.chart.value, said.deviation, said.index.words
    ('hit', 'hit', False, '16 v T: stand at +1 or more')
    """
    rules = table.rules
    if rules.penetration is None:
        return None
    legal = frozenset(advice.values)
    running = HI_LO.running(cards_seen(table), rules.decks)
    true = floored_true_count(running, table.shoe.remaining)
    cell = _cell(table, legal)
    if cell is None:
        return ShoeHint(advice.best, None, running, true, None)
    # The chart never insures: from a full shoe insurance never pays.
    chart: Action | None = Action.NO_INSURANCE
    if cell.section != "Insurance":
        chart = chart_move(chart_code(rules, cell), legal)
    found = index_play(rules, cell.section, cell.row, cell.column, legal)
    return ShoeHint(advice.best, chart, running, true, found, computed_for(rules))


def _cell(table: Round, legal: frozenset[Action]) -> Cell | None:
    """The chart cell of the decision; the insurance question's own "cell" by the up card."""
    dealer = [card.rank for card in table.visible_dealer_cards()]
    if table.phase is Phase.INSURANCE:
        return Cell(Section.INSURANCE, "insurance", dealer[0]) if dealer else None
    hand = table.active_hand
    if hand is None:
        return None
    ranks = [card.rank for card in hand.cards]
    pair = Action.SPLIT in legal and len(ranks) == 2
    return cell_of(table.rules, ranks, dealer, pair)
