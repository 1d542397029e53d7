"""Caribbean 21's late insurance as the option it is: the spot may insure at any decision of
its turn while the dealer shows an ace, up to half its stake (docs/counting.md, "What the
hint's values take into account").

Insuring now is worth the room times the insurance's value for the cards left
(`late_insurance_value`), whatever the hand does next: the dealer's next two cards are a random
pair of the cards the hand leaves, however it stops. But a hand that hits or doubles may insure
later, knowing its new cards, and a double makes more room: so a move's value holds the
option's too. `InsuranceOption` values each hand state with the room left, by the recursion of
situation.py (the same situations, the same cards left): at each decision the player may first
insure the whole room (the value is linear in the amount, so the whole room or none is best),
then makes his move. Once the hand stands, surrenders or is settled by the engine, the option
is gone (the spot's turn ends with its last hand; the option of a later split hand is left
out, as is a bankroll too small to cover the room).
"""

from __future__ import annotations

from casino_gui.engine.round import Action
from casino_gui.engine.rules import Insurance, Rules
from casino_gui.engine.strategy.hand_state import HandState, doubled
from casino_gui.engine.strategy.insurance import late_insurance_value
from casino_gui.engine.strategy.situation import Situation


def insurance_option_applies(rules: Rules, dealer: tuple[str, ...]) -> bool:
    """Whether the hand's moves hold a late insurance option: the dealer shows an ace."""
    return rules.insurance is Insurance.LATE and dealer[:1] == ("A",)


class InsuranceOption:
    """The values of a hand's moves with the option of insuring `room` base bets more at any
    later decision of the hand (and half of any amount a double adds)."""

    def __init__(self, situation: Situation) -> None:
        self.root = situation
        self._values: dict[tuple[Situation, HandState, float], float] = {}
        self._insured: dict[Situation, float] = {}

    def insured(self, situation: Situation) -> float:
        """The net of a base bet of late insurance bought now, for these cards left."""
        known = self._insured.get(situation)
        if known is None:
            known = self._insured[situation] = late_insurance_value(
                situation.rules, situation.unseen
            )
        return known

    def moves(
        self, state: HandState, room: float, double_amount: float | None
    ) -> dict[Action, float]:
        """Each move of the hand at the root, with `room` base bets left to insure."""
        root = self.root
        return {
            action: self.move(root, state, action, room, double_amount)
            for action in root.actions(state)
        }

    def value(self, situation: Situation, state: HandState, room: float) -> float:
        """The hand at a decision, played best, insuring when that is best."""
        key = (situation, state, room)
        known = self._values.get(key)
        if known is not None:
            return known
        actions = situation.actions(state)
        if not actions:
            best = situation.stand(state)
        else:
            best = max(self.move(situation, state, action, room) for action in actions)
            if room > 0:
                # Insure the whole room now, then play on with none left.
                then = max(self.move(situation, state, action, 0.0) for action in actions)
                best = max(best, room * self.insured(situation) + then)
        self._values[key] = best
        return best

    def move(
        self,
        situation: Situation,
        state: HandState,
        action: Action,
        room: float,
        double_amount: float | None = None,
    ) -> float:
        """The move's value, the option of insuring later held in a hit's and a double's."""
        if action is Action.HIT:
            return self._draw(situation, state, room)
        if action is Action.DOUBLE:
            amount = state.stake if double_amount is None else double_amount
            return self._draw(situation, doubled(state, amount), room + amount / 2)
        return situation.action_value(state, action)  # stand, surrender: the option is gone

    def _draw(self, situation: Situation, state: HandState, room: float) -> float:
        """The hand takes a card, then plays on with the room it has."""
        value = 0.0
        for p, after, hand in situation.next_hands(state):
            done = after.settled(hand)
            value += p * (self.value(after, hand, room) if done is None else done)
        return value
