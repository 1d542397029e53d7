"""Side bets on the dealer's hand alone: their value from the pay table in the rules object.

No Bust 21's Buster bet wins when the dealer busts, paid by the number of cards in his busted
hand (`Rules.buster_pays`, settled by the rulebook's `buster_odds`). The dealer always plays
his hand out there, so the bet does not depend on the player's play: its value is the dealer's
final hands weighed exactly, drawn without replacement from a full shoe (the players' cards,
unseen when the bet is made, are not taken out).
"""

from __future__ import annotations

from casino_gui.engine.rulebook import Facts, Rank, buster_odds
from casino_gui.engine.rules import Rules
from casino_gui.engine.strategy.composition import Composition
from casino_gui.engine.strategy.dealer import dealer_hand_chances


def buster_bust_chances(rules: Rules) -> dict[int, float]:
    """The chance that the dealer busts with each number of cards, from a full shoe."""
    chances: dict[int, float] = {}
    unseen = Composition.of_shoe(rules).by_value
    for hand, chance in dealer_hand_chances(rules, (), unseen):
        if hand.outcome[0] is Rank.BUST:
            chances[hand.cards] = chances.get(hand.cards, 0.0) + chance
    return dict(sorted(chances.items()))


def buster_house_edge(rules: Rules) -> float:
    """The house edge of the Buster bet, a fraction of the amount bet.

    >>> from casino_gui.engine.games import NO_BUST_21
    >>> round(100 * buster_house_edge(NO_BUST_21), 2)
    4.72
    """
    if not rules.buster_pays:
        raise ValueError(f"{rules.name} has no Buster bet")
    returned = 0.0
    for cards, chance in buster_bust_chances(rules).items():
        odds = buster_odds(rules, Facts(22, False, cards))
        assert odds is not None
        returned += chance * (1.0 + odds.num / odds.den)
    return 1.0 - returned
