"""The house edge of a game, computed from its rules: every first deal, played best.

For each deal (deals.py) the player faces the situation of the shoe less the deal's cards;
the deal is worth the dealer's natural (where he checks for one before play) or else the best
first move, plus insurance where it is worth buying (it never is from a full shoe). The house
edge is minus the average, per unit of the original bet.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from casino_gui.engine.round import Action
from casino_gui.engine.rules import Insurance, Rules
from casino_gui.engine.strategy.dealer import NATURAL
from casino_gui.engine.strategy.deals import Deal, deals, unseen_after
from casino_gui.engine.strategy.insurance import insurance_value, late_insurance_value
from casino_gui.engine.strategy.payoff import UNKNOWN_DIAMONDS, against_dealer
from casino_gui.engine.strategy.situation import Situation


def situation_after(rules: Rules, deal: Deal) -> Situation:
    """The situation after a first deal: the shoe less the deal's cards."""
    return Situation(rules, unseen_after(rules, deal), deal.dealer)


@dataclass(frozen=True, slots=True)
class DealValue:
    """One first deal, what each first move is worth, and what the deal is worth."""

    deal: Deal
    chance: float
    dealer_natural: float  # the chance the dealer shows a natural before the players act
    moves: dict[Action, float]  # first moves, once the dealer has no natural; {} if none
    insurance: float  # the value of insurance where the strategy buys it, else 0
    value: float  # the deal's value, in original bets


def deal_value(
    rules: Rules, deal: Deal, chance: float = 1.0, situation: Situation | None = None
) -> DealValue:
    """The deal's value, in the deal's situation (made afresh unless given)."""
    if situation is None:
        situation = situation_after(rules, deal)
    state = deal.state(rules)
    checked_natural = situation.dealer_natural if situation.checked else 0.0
    moves: dict[Action, float] = {}
    if checked_natural >= 1.0:
        play = 0.0
    else:
        done = situation.settled(state)
        if done is not None:
            play = done
        else:
            moves = situation.moves(state, deal.hand)
            play = max(moves.values())
    # On a checked dealer natural the round ends at once: the original bet against it.
    on_natural = against_dealer(rules, state, NATURAL, situation.dealer_up, UNKNOWN_DIAMONDS)
    value = checked_natural * on_natural + (1.0 - checked_natural) * play
    insurance = max(0.0, first_insurance(rules, deal, situation))
    return DealValue(deal, chance, checked_natural, moves, insurance, value + insurance)


def first_insurance(rules: Rules, deal: Deal, situation: Situation) -> float:
    """The value of buying insurance at once (the most allowed), where it is offered."""
    if not deal.dealer or deal.dealer[0] != "A":
        return 0.0
    if rules.insurance is Insurance.STANDARD:
        return insurance_value(rules, situation.unseen)
    if rules.insurance is Insurance.LATE:
        return 0.5 * late_insurance_value(rules, situation.unseen)
    return 0.0


@dataclass(frozen=True, slots=True)
class Analysis:
    """A game analysed deal by deal."""

    rules: Rules
    deals: tuple[DealValue, ...]
    seconds: float

    @property
    def player_return(self) -> float:
        """The player's expected net per original bet."""
        return sum(d.chance * d.value for d in self.deals)

    @property
    def house_edge(self) -> float:
        """The house's expected win per original bet (0.0064 is 0.64%)."""
        return -self.player_return


SituationOf = Callable[[Deal], Situation]

# The analyses made so far, newest last: small (a value per deal), unlike the situations.
# The GUI computes edges on a background thread while the window asks for charts.
_ANALYSES: OrderedDict[Rules, Analysis] = OrderedDict()
_KEPT = 64
_LOCK = threading.Lock()


def analyse(
    rules: Rules,
    situation_of: SituationOf | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Every first deal of the game, valued; kept, so the chart and the edge cost it once.

    The situations it works in are dropped afterwards, unless `situation_of` provides them
    (a `BasicStrategy` keeps its own, to play the game), and then the analysis is made anew.
    `progress(done, total)` hears of each first deal valued (the command line's progress bar).
    """
    if situation_of is None:
        with _LOCK:
            known = _ANALYSES.get(rules)
            if known is not None:
                _ANALYSES.move_to_end(rules)
                return known
    start = time.perf_counter()
    first_deals = list(deals(rules))
    valued = []
    for deal, chance in first_deals:
        valued.append(deal_value(rules, deal, chance, situation_of(deal) if situation_of else None))
        if progress is not None:
            progress(len(valued), len(first_deals))
    values = tuple(valued)
    analysis = Analysis(rules, values, time.perf_counter() - start)
    with _LOCK:
        _ANALYSES[rules] = analysis
        while len(_ANALYSES) > _KEPT:
            _ANALYSES.popitem(last=False)
    return analysis


def cached_analysis(rules: Rules) -> Analysis | None:
    """The analysis of these rules if one was made and kept, else None (nothing computed)."""
    with _LOCK:
        return _ANALYSES.get(rules)


def forget_analyses() -> None:
    with _LOCK:
        _ANALYSES.clear()


def house_edge(rules: Rules) -> float:
    """The house edge of a table, as a fraction of the original bet.

    >>> from casino_gui.engine.games import BLACKJACK
    >>> 0.005 < house_edge(BLACKJACK.replace(decks=6, split_max_hands=4)) < 0.007
    True
    """
    return analyse(rules).house_edge
