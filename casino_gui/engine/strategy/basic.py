"""The basic strategy: the play whose house edge edge.py computes, for the engine to play.

Each decision is taken in the situation of the spot's first deal (its first two cards and the
dealer's visible cards, the shoe less those cards): the first move is the best for that deal,
and every later move (after a hit, a double or a split) the best for the hand's state in that
same situation. It looks at no other card, so `analyse` values exactly this play (under the
approximations the package's docstring lists); the hint (advice.py) looks at every card seen
and may differ from it in close cases.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from casino_gui.engine.cards import Card
from casino_gui.engine.errors import IllegalActionError
from casino_gui.engine.hand import Hand
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rules import Insurance, Rules
from casino_gui.engine.strategy.deals import Deal, deal_of, kind_of
from casino_gui.engine.strategy.edge import (
    Analysis,
    analyse,
    first_insurance,
    situation_after,
)
from casino_gui.engine.strategy.hand_state import aces_count_after, cards_that_count, state_of
from casino_gui.engine.strategy.situation import Situation

# A decision as the strategy tells decisions apart (`BasicStrategy.decision`).
Decision = tuple[Any, ...]

# Between moves of equal value, the one a player would take without thinking twice.
_PREFERENCE = (
    Action.STAND,
    Action.HIT,
    Action.DOUBLE,
    Action.SPLIT,
    Action.SURRENDER,
    Action.NO_INSURANCE,
    Action.INSURE,
)


def first_cards(table: Round, spot: int) -> tuple[Card, Card]:
    """The two cards a spot was first dealt, through any splits: the spot's first hand kept
    the first card, and the hand its first split made took the second."""
    hands = sorted((h for h in table.hands if h.spot == spot), key=lambda h: h.id)
    if len(hands) == 1:
        first, second = hands[0].cards[:2]
        return first, second
    return hands[0].cards[0], hands[1].cards[0]


class BasicStrategy:
    """Chooses the engine's next action under the basic strategy of a table's rules.

    >>> from casino_gui.engine.games import BLACKJACK
    >>> from casino_gui.engine.shoe import Shoe
    >>> table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "8S 6H 8C 7D 3H"), bankroll=10_000)
    >>> _ = table.bet(1, 1_000)
    >>> _ = table.deal()
    >>> BasicStrategy(BLACKJACK).choose(table)
    <Action.SPLIT: 'split'>
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._situations: dict[Deal, Situation] = {}
        self._analysis: Analysis | None = None
        self._deals: dict[tuple[Card, ...], Deal] = {}
        self._limits = (cards_that_count(rules), aces_count_after(rules))
        self._choices: dict[Decision, Action] = {}

    def situation(self, deal: Deal) -> Situation:
        """The situation of a first deal, worked out once and kept by this strategy."""
        known = self._situations.get(deal)
        if known is None:
            known = situation_after(self.rules, deal)
            self._situations[deal] = known
        return known

    def analysis(self, progress: Callable[[int, int], None] | None = None) -> Analysis:
        """The game analysed in this strategy's own situations, which it keeps: every later
        decision is then a look-up (the simulation plays this way). `progress` as `analyse`."""
        if self._analysis is None:
            self._analysis = analyse(self.rules, self.situation, progress)
        return self._analysis

    def deal(self, table: Round, spot: int) -> Deal:
        first, second = first_cards(table, spot)
        dealer = tuple(table.visible_dealer_cards())
        key = (first, second, *dealer)
        known = self._deals.get(key)
        if known is None:
            known = deal_of(self.rules, [first, second], dealer)
            self._deals[key] = known
        return known

    def decision(self, table: Round) -> Decision:
        """What the strategy's choice depends on now: the first deal, the hand's state, its
        pair, the hands of its spot still waiting for a second card, and whether late
        insurance may be bought (for the insurance question: the deal alone)."""
        rules = self.rules
        if table.phase is Phase.INSURANCE and table.insurance_spot is not None:
            return (self.deal(table, table.insurance_spot),)
        hand = table.active_hand
        if hand is None:
            raise IllegalActionError("no decision is waiting: the round is not in play")
        deal = self.deal(table, hand.spot)
        state = state_of(
            rules,
            hand.cards,
            hand.stake / hand.bet,
            hand.doubles,
            hand.from_split,
            hand.split_aces,
            self._limits,
        )
        insurable = rules.insurance is Insurance.LATE and table.can_insure()
        spot_hands = [h for h in table.hands if h.spot == hand.spot]
        if len(spot_hands) == 1:
            return (deal, state, (hand.cards[0].rank, hand.cards[1].rank), (), 1, insurable)
        later = spot_hands[spot_hands.index(hand) + 1 :]
        waiting = tuple(
            (kind_of(rules, h.cards[0].rank), h.split_aces) for h in later if len(h.cards) == 1
        )
        pair = (hand.cards[0].rank, hand.cards[1].rank) if len(hand.cards) == 2 else None
        return (deal, state, pair, waiting, len(spot_hands), insurable)

    def values_of(self, decision: Decision) -> dict[Action, float]:
        """The value of each action the rules allow in a decision (`decision`)."""
        rules = self.rules
        deal = decision[0]
        situation = self.situation(deal)
        if len(decision) == 1:
            insured = first_insurance(rules, deal, situation)
            return {Action.NO_INSURANCE: 0.0, Action.INSURE: insured}
        _, state, pair, waiting, hands, insurable = decision
        if hands == 1:
            assert pair is not None
            values = situation.moves(state, pair)
        else:
            values = situation.moves(state, pair, waiting, hands)
        if insurable:
            values[Action.INSURE] = max(values.values()) + first_insurance(rules, deal, situation)
        return values

    def values(self, table: Round) -> dict[Action, float]:
        """The value, in this strategy's situation, of each action the rules allow now.

        The moves allowed are the rulebook's, as for the engine's `legal_actions()`."""
        return self.values_of(self.decision(table))

    def choose(self, table: Round) -> Action:
        """The action to take now (late insurance, when worth it, is `insure_amount`).

        Looked up: each decision's best action is worked out from the situation once, the
        first time it comes, and kept in this strategy's table of choices."""
        decision = self.decision(table)
        action = self._choices.get(decision)
        if action is None:
            values = self.values_of(decision)
            if not values:
                raise IllegalActionError("the strategy knows no legal action here")
            action = max(
                _PREFERENCE, key=lambda a: (values.get(a, float("-inf")), -_PREFERENCE.index(a))
            )
            self._choices[decision] = action
        return action

    def insure_amount(self, table: Round, hand: Hand) -> int:
        """Late insurance to buy with `Action.INSURE`: the most the spot may still buy."""
        amounts = table.insurance_amounts()
        return 0 if amounts is None else amounts[1]
