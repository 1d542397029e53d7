"""Insurance as a bet of its own: its value for the cards not yet seen."""

from __future__ import annotations

from casino_gui.engine.rules import Rules
from casino_gui.engine.strategy.composition import Composition
from casino_gui.engine.strategy.payoff import ratio


def insurance_value(rules: Rules, unseen: Composition) -> float:
    """Standard insurance's net, in base bets, for a hand whose spot buys it (half the bet):
    it wins `insurance_pays` when the hole card, one of the unseen cards, is a ten-value card.

    >>> from casino_gui.engine.games import BLACKJACK
    >>> round(insurance_value(BLACKJACK, Composition.of_shoe(BLACKJACK)), 4)
    -0.0385
    """
    tens = unseen.by_value[9] / unseen.total
    return 0.5 * (tens * (ratio(rules.insurance_pays) + 1) - 1)


def late_insurance_value(rules: Rules, unseen: Composition) -> float:
    """Caribbean 21's late insurance: the net per unit insured. It wins when the dealer's
    next two cards are ten-value (any two unseen cards are as likely to be his as any other)."""
    tens, total = unseen.by_value[9], unseen.total
    both = tens * (tens - 1) / (total * (total - 1))
    return both * (ratio(rules.insurance_pays) + 1) - 1
