"""The grade of an answer: the advisor's value of every legal move, and what the one chosen
cost.

The values are the advisor's (`casino_gui.engine.strategy.advise`), the same that judge the
real tables' decisions (the statistics' play quality): a move is right when it is the best or
worth exactly as much. Money is whole cents of the hand's bet; the cost in % of the bet is a
figure for people, rounded to two decimals.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino_gui.engine.errors import IllegalActionError
from casino_gui.engine.practice.kinds import Kind, kinds_of, pair_of
from casino_gui.engine.practice.why import why
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.strategy import advise, value_in_cents
from casino_gui.engine.strategy.chart import Cell, cell_of


@dataclass(frozen=True)
class Grade:
    """An answer, graded."""

    chosen: Action | None  # None: no move, the time allowed ran out
    best: Action
    values: dict[Action, int]  # every legal move's expected net, in cents of the bet
    bet: int  # the hand's bet, in cents
    cost: int  # cents of expected value the chosen move gives up (0 when right or timed out)
    cost_percent: float  # the same as a share of the bet, in %
    right: bool
    kinds: frozenset[Kind]
    cell: Cell | None  # the chart cell the decision belongs to (none for insurance)
    why: str | None  # where this game's rules make the play differ from Standard BlackJack


def grade(table: Round, chosen: Action | None) -> Grade:
    """Grade the move `chosen` at the decision the round waits for (the round is not moved);
    None is an answer out of time: wrong, with no move and no cost (docs/decisions.md,
    "Practice drills").

    >>> from casino_gui.engine.games import BLACKJACK
    >>> from casino_gui.engine.shoe import Shoe
    >>> table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "TS 9H 6C 7D"), bankroll=100_000)
    >>> _ = table.bet(1, 1_000)
    >>> _ = table.deal()
    >>> graded = grade(table, Action.STAND)
    >>> graded.right, graded.best.value, graded.cost_percent > 0, graded.cell
    (False, 'hit', True, Cell(section=<Section.HARD: 'Hard'>, row='16', column='9'))
    """
    advice = advise(table)
    if chosen is not None and chosen not in advice.values:
        legal = ", ".join(sorted(action.value for action in advice.values))
        raise IllegalActionError(f"{chosen.value} is not a move here (the moves are {legal})")
    shortfall = 0.0 if chosen is None else advice.shortfall(chosen)
    return Grade(
        chosen,
        advice.best,
        {action: advice.cents(action) for action in advice.values},
        advice.bet,
        value_in_cents(shortfall, advice.bet),
        round(100 * shortfall, 2),
        chosen is not None and shortfall <= 0.0,
        kinds_of(table),
        _cell(table),
        why(table, advice.best),
    )


def _cell(table: Round) -> Cell | None:
    hand = table.active_hand
    if table.phase is Phase.INSURANCE or hand is None:
        return None
    ranks = [card.rank for card in hand.cards]
    dealer = [card.rank for card in table.visible_dealer_cards()]
    return cell_of(table.rules, ranks, dealer, pair_of(table))
