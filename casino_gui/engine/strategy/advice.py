"""The hint: the value of every legal action at a decision, from every card seen this round.

A `Decision` is what the player knows: his hand, the dealer's visible cards and every other
card seen this round, and in a shoe game the cards of the shoe's earlier rounds since its
shuffle (`Shoe.seen_before`): its values are for the cards left. `action_values` values each
action in base bets (the hand's own bet; a split's value covers both hands it makes),
`advise` reads the decision off a live `Round`.

The floats here are probabilities and expected values in units of the bet, never money: an
amount is only ever shown after `value_in_cents` turns it into whole cents.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from casino_gui.engine.cards import Card
from casino_gui.engine.errors import IllegalActionError
from casino_gui.engine.hand import Hand
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rules import Insurance, Rules
from casino_gui.engine.strategy.cards_left import CardsLeft, exact_depth_for
from casino_gui.engine.strategy.composition import Composition
from casino_gui.engine.strategy.dealer import NATURAL
from casino_gui.engine.strategy.hand_state import HandState, state_of
from casino_gui.engine.strategy.insurance import insurance_value
from casino_gui.engine.strategy.late_insurance import InsuranceOption, insurance_option_applies
from casino_gui.engine.strategy.payoff import UNKNOWN_DIAMONDS, against_dealer
from casino_gui.engine.strategy.situation import Situation


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision of the player, as he sees the table.

    `stake` is the hand's stake in base bets (2.0 once doubled), `double_amount` what
    doubling would add (None: the whole stake). `waiting` lists the first card of each of the
    spot's split hands still waiting for its second card, with whether it comes from split
    aces. `insurance` marks the standard insurance question, asked before any move;
    `insurance_room` is how much late insurance (Caribbean 21) the spot may still buy, in
    base bets.
    """

    rules: Rules
    hand: tuple[Card, ...]
    dealer: tuple[Card, ...]
    seen: tuple[Card, ...] = ()
    # Stakes and amounts here are in base bets (the hand's first bet is 1.0), the unit of an
    # expectation: never money, which stays in integer cents in the round and the store.
    stake: float = 1.0
    doubles: int = 0
    from_split: bool = False
    split_aces: bool = False
    hands_at_spot: int = 1
    waiting: tuple[tuple[Card, bool], ...] = ()
    insurance: bool = False
    insurance_room: float = 0.0
    double_amount: float | None = None
    unseen: Composition = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        known = [*self.hand, *self.dealer, *self.seen, *(card for card, _ in self.waiting)]
        object.__setattr__(self, "unseen", Composition.of_shoe(self.rules).without(known))

    @property
    def state(self) -> HandState:
        return state_of(
            self.rules, self.hand, self.stake, self.doubles, self.from_split, self.split_aces
        )

    @property
    def diamonds(self) -> float:
        """The chance the hand is a diamond natural, its cards being known."""
        return float(all(card.suit == "D" for card in self.hand)) if self.hand else UNKNOWN_DIAMONDS


def situation_of(decision: Decision, every_card: bool = False) -> Situation:
    """The situation of the decision: its cards left, the player's own draws taken out as
    far as `exact_depth_for` says, or all of them (`every_card`; cards_left.py)."""
    dealer = [card.rank for card in decision.dealer]
    unseen = decision.unseen
    depth = None if every_card else exact_depth_for(unseen)
    return CardsLeft(decision.rules, unseen, dealer, diamonds=decision.diamonds, exact_depth=depth)


def action_values(decision: Decision, every_card: bool = False) -> dict[Action, float]:
    """The value of each action the rules allow at this decision, in base bets, for the
    cards left (`every_card`: see `situation_of`)."""
    rules, state = decision.rules, decision.state
    situation = situation_of(decision, every_card)
    moves = _moves(decision, situation, state)
    if decision.insurance:
        best = max(moves.values()) if moves else (situation.settled(state) or 0.0)
        natural = situation.dealer_natural
        on_natural = against_dealer(rules, state, NATURAL, situation.dealer_up, decision.diamonds)
        before_check = natural * on_natural + (1.0 - natural) * best
        insured = insurance_value(rules, decision.unseen)
        return {Action.NO_INSURANCE: before_check, Action.INSURE: before_check + insured}
    if insurance_option_applies(rules, situation.dealer):
        # Late insurance: each move holds the option of insuring later (late_insurance.py);
        # INSURE is the room insured now, then the best move, a split's included.
        option = InsuranceOption(situation)
        room, amount = decision.insurance_room, decision.double_amount
        moves.update(option.moves(state, room, amount))
        if room > 0:
            then = {**moves, **option.moves(state, 0.0, amount)}
            moves[Action.INSURE] = room * option.insured(situation) + max(then.values())
    return moves


def _moves(decision: Decision, situation: Situation, state: HandState) -> dict[Action, float]:
    hand = decision.hand
    pair = (hand[0].rank, hand[1].rank) if len(hand) == 2 else None
    waiting = tuple((situation.split_rank(card.rank), aces) for card, aces in decision.waiting)
    moves = situation.moves(state, pair, waiting, decision.hands_at_spot)
    if Action.DOUBLE in moves and decision.double_amount is not None:
        moves[Action.DOUBLE] = situation.double(state, decision.double_amount)
    return moves


@dataclass(frozen=True, slots=True)
class Advice:
    """The value of each legal action at a decision, and the best of them."""

    values: dict[Action, float]  # in base bets
    bet: int  # the base bet, in cents

    @property
    def best(self) -> Action:
        return max(self.values, key=lambda action: self.values[action])

    def cents(self, action: Action) -> int:
        """The action's expected net, in cents of this bet."""
        return value_in_cents(self.values[action], self.bet)

    def shortfall(self, action: Action) -> float:
        """How much worse than the best action this one is, in base bets (0 for the best)."""
        return self.values[self.best] - self.values[action]


def value_in_cents(value: float, bet: int) -> int:
    """A value in base bets as cents of a bet (rounded to the nearest cent).

    >>> value_in_cents(-0.5, 1_000), value_in_cents(0.0123, 2_500)
    (-500, 31)
    """
    return round(value * bet)


def decision_of(table: Round) -> Decision:
    """The decision the round is waiting for: the insurance question or the active hand."""
    rules = table.rules
    if table.phase is Phase.INSURANCE and table.insurance_spot is not None:
        hand = next(h for h in table.hands if h.spot == table.insurance_spot)
        return _decision(table, hand, insurance=True)
    hand_ = table.active_hand
    if hand_ is None:
        raise IllegalActionError("no decision is waiting: the round is not in play")
    room = 0.0
    amounts = table.insurance_amounts()
    if rules.insurance is Insurance.LATE and amounts is not None:
        room = amounts[1] / hand_.bet
    return _decision(table, hand_, insurance_room=room)


def _decision(
    table: Round, hand: Hand, insurance: bool = False, insurance_room: float = 0.0
) -> Decision:
    spot_hands = [h for h in table.hands if h.spot == hand.spot]
    later = spot_hands[spot_hands.index(hand) + 1 :]
    waiting = tuple((h.cards[0], h.split_aces) for h in later if len(h.cards) == 1)
    waiting_hands = {id(h) for h in later if len(h.cards) == 1}
    others = _cards(h for h in table.hands if h is not hand and id(h) not in waiting_hands)
    # A shoe game's earlier rounds are in the tray, seen: the values are for the cards left
    # (docs/decisions.md, "Counting"); the seven games shuffle before every round (none).
    seen = (*table.shoe.seen_before, *others)
    amount = table.double_amounts() if hand is table.active_hand else None
    amount = hand.stake if amount is None else amount
    return Decision(
        table.rules,
        tuple(hand.cards),
        tuple(table.visible_dealer_cards()),
        seen,
        stake=hand.stake / hand.bet,
        doubles=hand.doubles,
        from_split=hand.from_split,
        split_aces=hand.split_aces,
        hands_at_spot=len(spot_hands),
        waiting=waiting,
        insurance=insurance,
        insurance_room=insurance_room,
        double_amount=None if amount == hand.stake else amount / hand.bet,
    )


def _cards(hands: Iterable[Hand]) -> tuple[Card, ...]:
    return tuple(card for hand in hands for card in hand.cards)


def advise(table: Round) -> Advice:
    """The value of every legal action of the decision the round waits for.

    >>> from casino_gui.engine.games import BLACKJACK
    >>> from casino_gui.engine.shoe import Shoe
    >>> table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "TS 6H 6C 7D"), bankroll=10_000)
    >>> _ = table.bet(1, 1_000)
    >>> _ = table.deal()
    >>> advice = advise(table)
    >>> advice.best.value, sorted(a.value for a in advice.values)
    ('stand', ['double', 'hit', 'stand'])
    """
    decision = decision_of(table)
    legal = table.legal_actions()
    values = {a: v for a, v in action_values(decision).items() if a in legal}
    hand = table.active_hand
    bet = hand.bet if hand is not None else table.spots[table.insurance_spot or 1].bet
    return Advice(values, bet)
