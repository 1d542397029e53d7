"""One round at the table: a state machine in explicit phases, with an action triple per move.

Every move comes as `verify_x()` (raises a precise `BlackjackError`), `can_x()` (yes or no)
and `x()` (applies it and returns the events). `legal_actions()` asks the same refusals the
`can_x()` answers ask, so the GUI's buttons and the engine cannot disagree. The round is cut
into modules a reader holds at once (docs/architecture.md, "The engine"): the state record
(`state`), the refusals (`legality`), the deal and the insurance phase (`dealing`), the
player's turns (`turns`), the dealer's turn and the settlement (`settling`).

>>> from casino_gui.engine.games import BLACKJACK
>>> from casino_gui.engine.shoe import Shoe
>>> table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "9S 6H TH 7C TC"), bankroll=100_000)
>>> _ = table.bet(1, 1_000)
>>> _ = table.deal()
>>> sorted(action.value for action in table.legal_actions())
['double', 'hit', 'stand']
>>> _ = table.apply(Move(Action.STAND))
>>> table.phase, table.bankroll
(<Phase.SETTLED: 'settled'>, 101000)

The round keeps its history: each step with what it produced and the bankroll after it.

>>> [(type(step.move).__name__, step.bankroll) for step in table.history]
[('Bet', 100000), ('Move', 99000), ('Move', 101000)]
>>> table.history[-1].move
Move(action=<Action.STAND: 'stand'>, amount=None)
>>> [type(event).__name__ for event in table.history[-1].events]
['HandStood', 'DealerRevealed', 'CardDealt', 'DealerBusted', 'HandSettled', 'RoundSettled']
"""

from __future__ import annotations

from collections.abc import Iterable

from casino_gui.engine.errors import BlackjackError, IllegalActionError
from casino_gui.engine.events import Event
from casino_gui.engine.round import dealing, legality, turns
from casino_gui.engine.round.state import (
    STANDARD_INSURANCE,
    Bet,
    Move,
    Operation,
    Phase,
    RoundState,
    Spot,
)
from casino_gui.engine.rulebook import Action, moves_offered
from casino_gui.engine.rules import Rules

_DEAL = Move(Action.DEAL)
_HIT = Move(Action.HIT)
_STAND = Move(Action.STAND)
_DOUBLE = Move(Action.DOUBLE)
_SPLIT = Move(Action.SPLIT)
_SURRENDER = Move(Action.SURRENDER)
_NO_INSURANCE = Move(Action.NO_INSURANCE)
_INSURE = Move(Action.INSURE)


class Round(RoundState):
    """A round from the bets to the settlement (the state: `RoundState`)."""

    def legal_actions(self) -> frozenset[Action]:
        """The actions whose `can_x()` is true now."""
        return legality.legal_actions(self)

    def apply(self, move: Move) -> list[Event]:
        """Make a move (the hand record's moves: `casino_gui.engine.record.parse_move`)."""
        action = move.action
        if action is Action.INSURE:
            return self.insure(move.amount)
        if move.amount is not None:
            raise IllegalActionError(f"{action.value} takes no amount")
        return _APPLY[action](self)

    # --- Betting ------------------------------------------------------------------------

    def verify_bet(self, spot: int, amount: int, buster: int = 0) -> None:
        _raise(legality.bet_refusal(self, spot, amount, buster))

    def can_bet(self, spot: int, amount: int, buster: int = 0) -> bool:
        return legality.bet_refusal(self, spot, amount, buster) is None

    def bet(self, spot: int, amount: int, buster: int = 0) -> list[Event]:
        """Put `amount` (and a Buster bet) on a circle, replacing what was there; 0 clears it."""
        self.verify_bet(spot, amount, buster)
        spots = self.spots
        if amount == 0 and buster == 0:
            spots.pop(spot, None)
        else:
            in_order = spot in spots or not spots or spot > next(reversed(spots))
            spots[spot] = Spot(spot, amount, buster)
            if not in_order:  # circles are kept in their order, for the deal
                self.spots = dict(sorted(spots.items()))
        return self.step([], Bet(spot, amount, buster))

    def place(self, bets: Iterable[Bet]) -> Round:
        for bet in bets:
            self.bet(bet.spot, bet.amount, bet.buster)
        return self

    # --- Dealing ------------------------------------------------------------------------

    def verify_deal(self) -> None:
        _raise(legality.deal_refusal(self))

    def can_deal(self) -> bool:
        return legality.deal_refusal(self) is None

    def deal(self) -> list[Event]:
        self.verify_deal()
        return self.step(dealing.deal(self), _DEAL)

    # --- Insurance ----------------------------------------------------------------------

    def insurance_amounts(self) -> tuple[int, int] | None:
        """The least and the most, in cents, that INSURE may buy now, or None when insurance
        is not legal now: half the bet for standard insurance; from a cent up to what is left
        of half the spot's stake (and of the bankroll) for late insurance.

        `can_insure()` is true exactly when this is not None, and `verify_insure(amount)`
        passes for every amount between the two."""
        return legality.insurance_amounts(self)

    def verify_insure(self, amount: int | None = None) -> None:
        """`amount` None: standard insurance's price, or the most late insurance allows."""
        _raise(legality.insure_refusal(self, amount))

    def can_insure(self, amount: int | None = None) -> bool:
        if amount is None:  # exactly when `insurance_amounts()` has some amount
            return legality.insurance_amounts(self) is not None
        return legality.insure_refusal(self, amount) is None

    def insure(self, amount: int | None = None) -> list[Event]:
        self.verify_insure(amount)
        if self.rules.insurance is STANDARD_INSURANCE:
            self.moves.append(_INSURE)
            return self.step(dealing.insure(self), _INSURE)
        hand = self.active
        assert hand is not None
        if amount is None:
            amounts = legality.insurance_amounts(self)
            assert amounts is not None
            amount = amounts[1]
        move = Move(Action.INSURE, amount)
        self.moves.append(move)
        return self.step(turns.insure_late(self, hand, amount), move)

    def verify_decline_insurance(self) -> None:
        _raise(legality.decline_refusal(self))

    def can_decline_insurance(self) -> bool:
        return legality.decline_refusal(self) is None

    def decline_insurance(self) -> list[Event]:
        self.verify_decline_insurance()
        self.moves.append(_NO_INSURANCE)
        return self.step(dealing.decline_insurance(self), _NO_INSURANCE)

    # --- The player's turns -------------------------------------------------------------

    def verify_hit(self) -> None:
        _raise(legality.hit_refusal(self, True))

    def can_hit(self) -> bool:
        return legality.hit_refusal(self, False) is None

    def hit(self) -> list[Event]:
        return self._play(_HIT, legality.hit_refusal(self, True), turns.hit)

    def verify_stand(self) -> None:
        _raise(legality.stand_refusal(self, True))

    def can_stand(self) -> bool:
        return legality.stand_refusal(self, False) is None

    def stand(self) -> list[Event]:
        return self._play(_STAND, legality.stand_refusal(self, True), turns.stand)

    def double_amounts(self) -> int | None:
        """What DOUBLE adds to the active hand's stake now, in cents (less than the stake
        when doubling for less), or None when DOUBLE is not legal now."""
        hand = self.active
        if hand is None or not self.can_double():
            return None
        return self.double_amount(hand)

    def verify_double(self) -> None:
        _raise(legality.double_refusal(self, True))

    def can_double(self) -> bool:
        return legality.double_refusal(self, False) is None

    def double(self) -> list[Event]:
        return self._play(_DOUBLE, legality.double_refusal(self, True), turns.double)

    def verify_split(self) -> None:
        _raise(legality.split_refusal(self, True))

    def can_split(self) -> bool:
        return legality.split_refusal(self, False) is None

    def split(self) -> list[Event]:
        return self._play(_SPLIT, legality.split_refusal(self, True), turns.split)

    def verify_surrender(self) -> None:
        _raise(legality.surrender_refusal(self, True))

    def can_surrender(self) -> bool:
        return legality.surrender_refusal(self, False) is None

    def surrender(self) -> list[Event]:
        return self._play(_SURRENDER, legality.surrender_refusal(self, True), turns.surrender)

    def _play(
        self,
        move: Move,
        refusal: BlackjackError | None,
        apply: turns.HandMove,
    ) -> list[Event]:
        """A move of the active hand: refused, or applied and kept."""
        _raise(refusal)
        hand = self.active
        assert hand is not None
        self.moves.append(move)
        return self.step(apply(self, hand), move)


_APPLY = {
    Action.DEAL: Round.deal,
    Action.HIT: Round.hit,
    Action.STAND: Round.stand,
    Action.DOUBLE: Round.double,
    Action.SPLIT: Round.split,
    Action.SURRENDER: Round.surrender,
    Action.NO_INSURANCE: Round.decline_insurance,
}


def _raise(refusal: BlackjackError | None) -> None:
    if refusal is not None:
        raise refusal


def offered_actions(rules: Rules) -> frozenset[Action]:
    """The buttons a game ever offers; the others are not shown (docs/rules.md, "Buttons")."""
    return moves_offered(rules)


__all__ = [
    "Action",
    "Bet",
    "Move",
    "Operation",
    "Phase",
    "Round",
    "RoundState",
    "Spot",
    "offered_actions",
]
