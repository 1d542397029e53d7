"""One round at the table: a state machine in explicit phases, with an action triple per move.

Every move comes as `verify_x()` (raises a precise `BlackjackError`), `can_x()` (yes or no)
and `x()` (applies it and returns the events). `legal_actions()` asks the same refusals the
`can_x()` answers ask, so the GUI's buttons and the engine cannot disagree.

>>> from casino_gui.engine.games import BLACKJACK
>>> from casino_gui.engine.shoe import Shoe
>>> table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "9S 6H TH 7C TC"), bankroll=100_000)
>>> _ = table.bet(1, 1_000)
>>> _ = table.deal()
>>> sorted(action.value for action in table.legal_actions())
['double', 'hit', 'stand']
>>> _ = table.stand()
>>> table.phase, table.bankroll
(<Phase.SETTLED: 'settled'>, 101000)

The round keeps its history: each step with what it produced and the bankroll after it.

>>> [(step.move, step.bankroll) for step in table.history]
[('bet', 100000), ('deal', 99000), ('stand', 101000)]
>>> [type(event).__name__ for event in table.history[-1].events]
['HandStood', 'DealerRevealed', 'CardDealt', 'DealerBusted', 'HandSettled', 'RoundSettled']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum

from casino_gui.engine.cards import Card
from casino_gui.engine.errors import BetError, BlackjackError, IllegalActionError
from casino_gui.engine.events import (
    CardDealt,
    DealerBusted,
    DealerPeeked,
    DealerRevealed,
    DealerStood,
    Event,
    HandBusted,
    HandDoubled,
    HandSettled,
    HandSplit,
    HandStood,
    HandSurrendered,
    InsuranceDeclined,
    InsuranceOffered,
    InsuranceTaken,
    RoundSettled,
    SideBetSettled,
    TurnStarted,
)
from casino_gui.engine.frozen import quick_init
from casino_gui.engine.hand import Hand, HandStatus
from casino_gui.engine.money import dollars
from casino_gui.engine.rulebook import (
    best_total,
    dealer_draws,
    dealer_peeks,
    dealer_plays_out,
    dealer_result,
    facts_of,
    insurance_wins,
    is_two_card_natural,
    moves_offered,
    refusal_to_bet,
    refusal_to_double,
    refusal_to_hit,
    refusal_to_split,
    refusal_to_stand,
    refusal_to_surrender,
    up_card_may_make_natural,
)
from casino_gui.engine.rulebook.answers import answers_for
from casino_gui.engine.rulebook.facts import PLAIN, Facts, Look
from casino_gui.engine.rules import DealerCards, Insurance, Rules
from casino_gui.engine.settlement import (
    Settlement,
    buster_payout,
    settle_against_dealer,
    settle_hand_early,
)
from casino_gui.engine.shoe import Shoe


class Phase(Enum):
    BETTING = "betting"
    INSURANCE = "insurance"
    PLAYER_TURNS = "player_turns"
    SETTLED = "settled"


class Action(Enum):
    DEAL = "deal"
    INSURE = "insure"
    NO_INSURANCE = "no_insurance"
    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"

    # Members are singletons compared by identity: hash them so too (Enum's own hash is a
    # Python call, paid for every set of legal actions).
    __hash__ = object.__hash__


# The members the round compares against at nearly every step, as module names: reading a
# member through its Enum class costs ~70 ns on Python 3.11 (EnumType defines __getattr__,
# which slows every attribute read on the class), and a round reads them some fifty times.
_BETTING, _INSURANCE = Phase.BETTING, Phase.INSURANCE
_PLAYER_TURNS, _SETTLED = Phase.PLAYER_TURNS, Phase.SETTLED
_PLAYING, _STOOD = HandStatus.PLAYING, HandStatus.STOOD
_BUSTED, _SURRENDERED = HandStatus.BUSTED, HandStatus.SURRENDERED
_NO_INSURANCE, _STANDARD_INSURANCE = Insurance.NONE, Insurance.STANDARD
_LATE_INSURANCE = Insurance.LATE

# The dealer's card in each of the deal's two passes, by layout: face up (True), face down
# (False), or none (None: Caribbean 21 deals him one card, face up).
_DEALER_PASSES: dict[DealerCards, tuple[bool, bool | None]] = {
    DealerCards.UP_AND_HOLE: (True, False),
    DealerCards.BOTH_UP: (True, True),
    DealerCards.BOTH_DOWN: (False, False),
    DealerCards.UP_ONLY: (True, None),
}

_DEAL_ONLY = frozenset({Action.DEAL})
_NOTHING: frozenset[Action] = frozenset()
_DOUBLE = frozenset({Action.DOUBLE})
_SPLIT = frozenset({Action.SPLIT})
_INSURE = frozenset({Action.INSURE})

# The sets of moves the rulebook allows a hand, by their names (`Answers.allowed`), as actions.
_ACTIONS_OF: dict[frozenset[str], frozenset[Action]] = {}


def _as_actions(moves: frozenset[str]) -> frozenset[Action]:
    actions = _ACTIONS_OF.get(moves)
    if actions is None:
        actions = _ACTIONS_OF[moves] = frozenset(Action(move) for move in moves)
    return actions


@quick_init
@dataclass(frozen=True, slots=True)
class Bet:
    """The chips on one betting circle: the main bet and No Bust 21's Buster side bet."""

    spot: int
    amount: int
    buster: int = 0


@quick_init
@dataclass(frozen=True, slots=True)
class Operation:
    """One step of the round as it happened (pokerkit's operations): the move, what it
    produced, and the bankroll after it.

    `move` is `bet`, `deal`, or the player's answer in the replay format (`hit`,
    `insure:500`, ...); `bet` holds the chips a `bet` put on its circle."""

    move: str
    events: tuple[Event, ...]
    bankroll: int
    bet: Bet | None = None


# A rulebook refusal of a hand's move: (rules, facts, how the message names the hand).
_HandRule = Callable[[Rules, Facts, str], str | None]


@dataclass(slots=True)
class Spot:
    number: int
    bet: int
    buster: int = 0
    insurance: int = 0
    insurance_payout: int | None = None
    buster_payout: int | None = None


class Round:
    """A round from the bets to the settlement. Money is integer cents; `bankroll` is what
    the player holds off the table, so it falls as stakes go out and rises as payouts come in."""

    def __init__(self, rules: Rules, shoe: Shoe, bankroll: int) -> None:
        if bankroll < 0:
            raise BetError(f"the bankroll cannot be negative ({dollars(bankroll)})")
        self.rules = rules
        self._answers = answers_for(rules)  # the rulebook's answers, kept per table
        self.shoe = shoe
        self.bankroll_before = bankroll
        self.bankroll = bankroll
        self.phase = _BETTING
        self.spots: dict[int, Spot] = {}
        self.hands: list[Hand] = []
        self.dealer: list[Card] = []
        self._dealer_facts: Facts | None = None  # the dealer's hand as the rulebook reads it
        self.dealer_face_down = 0  # how many of the dealer's cards lie face down
        self.actions: list[str] = []  # the player's answers, in the replay format
        self.operations: list[Operation] = []  # every step, as it happened: see `history`
        self.insurance_spot: int | None = None  # the spot being asked, in the insurance phase
        self._dealer_natural: bool | None = None  # None while unknown
        self._active: Hand | None = None
        self._next_id = 1

    # --- Reading the table --------------------------------------------------------------

    @property
    def active_hand(self) -> Hand | None:
        return self._active if self.phase is _PLAYER_TURNS else None

    @property
    def up_card(self) -> Card | None:
        return self.dealer[0] if self.dealer else None

    def visible_dealer_cards(self) -> list[Card]:
        return self.dealer[: len(self.dealer) - self.dealer_face_down]

    def hand_number(self, hand: Hand) -> int:
        """The hand's place in play order, counted from 1 (as messages name it)."""
        return next(i for i, other in enumerate(self.hands, start=1) if other is hand)

    def hand_by_id(self, hand_id: int) -> Hand:
        return next(hand for hand in self.hands if hand.id == hand_id)

    def on_table(self) -> int:
        """Everything staked this round and not yet paid back."""
        stakes = sum(hand.stake for hand in self.hands if not hand.settled)
        sides = sum(s.insurance for s in self.spots.values() if s.insurance_payout is None)
        busters = sum(s.buster for s in self.spots.values() if s.buster_payout is None)
        if self.phase is _BETTING:
            return sum(s.bet + s.buster for s in self.spots.values())
        return stakes + sides + busters

    def _step(self, events: list[Event], move: str | None = None) -> list[Event]:
        """Keep a step in the round's history and hand its events back; `move` None: the
        player's answer as recorded."""
        self.operations.append(Operation(move or self.actions[-1], tuple(events), self.bankroll))
        return events

    @property
    def history(self) -> tuple[Operation, ...]:
        """Everything that happened this round, step by step: the bets, the deal and each
        answer, with the events each produced and the bankroll after it."""
        return tuple(self.operations)

    def legal_actions(self) -> frozenset[Action]:
        """The actions whose `can_x()` is true now (only the phase's own are asked: the
        others' first refusal is the phase)."""
        phase = self.phase
        if phase is _PLAYER_TURNS:
            hand = self._active
            if hand is None:
                return _NOTHING
            # The rulebook's kept answers for the hand's five moves at once, then what the
            # bankroll covers: the very checks the moves' refusals make.
            legal = _as_actions(self._answers.allowed(hand.facts, *self._split_question(hand)))
            if self._double_cost_refusal(hand) is not None:
                legal = legal - _DOUBLE
            if self._split_cost_refusal(hand) is not None:
                legal = legal - _SPLIT
            if self.rules.insurance is _LATE_INSURANCE and self.can_insure():
                legal = legal | _INSURE
            return legal
        if phase is _INSURANCE:
            answers = [Action.NO_INSURANCE] if self.can_decline_insurance() else []
            if self.can_insure():
                answers.append(Action.INSURE)
            return frozenset(answers)
        if phase is _BETTING and self.can_deal():
            return _DEAL_ONLY
        return _NOTHING

    # --- Betting ------------------------------------------------------------------------

    def verify_bet(self, spot: int, amount: int, buster: int = 0) -> None:
        if self.phase is not _BETTING:
            raise BetError("bets are locked once the deal starts")
        if amount == 0 and buster == 0:
            refusal = refusal_to_bet(self.rules, spot, 0)  # clears the circle
        else:
            others = 0  # what the other circles hold (a loop: no generator for one or two)
            for number, chips in self.spots.items():
                if number != spot:
                    others += chips.bet + chips.buster
            refusal = refusal_to_bet(self.rules, spot, amount, buster, others, self.bankroll)
        if refusal is not None:
            raise BetError(refusal)

    def can_bet(self, spot: int, amount: int, buster: int = 0) -> bool:
        return _can(self.verify_bet, spot, amount, buster)

    def bet(self, spot: int, amount: int, buster: int = 0) -> list[Event]:
        """Put `amount` (and a Buster bet) on a circle, replacing what was there; 0 clears it."""
        self.verify_bet(spot, amount, buster)
        if amount == 0 and buster == 0:
            self.spots.pop(spot, None)
        else:
            spots = self.spots
            in_order = spot in spots or not spots or spot > next(reversed(spots))
            spots[spot] = Spot(spot, amount, buster)
            if not in_order:  # circles are kept in their order, for the deal
                self.spots = dict(sorted(spots.items()))
        self.operations.append(Operation("bet", (), self.bankroll, Bet(spot, amount, buster)))
        return []

    def place(self, bets: Iterable[Bet]) -> Round:
        for bet in bets:
            self.bet(bet.spot, bet.amount, bet.buster)
        return self

    # --- Dealing ------------------------------------------------------------------------

    def _deal_refusal(self) -> BlackjackError | None:
        if self.phase is not _BETTING:
            return IllegalActionError("the cards are already dealt")
        if not self.spots:
            return BetError("place a bet on at least one circle before the deal")
        return None

    def verify_deal(self) -> None:
        _raise(self._deal_refusal())

    def can_deal(self) -> bool:
        return self._deal_refusal() is None

    def deal(self) -> list[Event]:
        self.verify_deal()
        events: list[Event] = []
        for spot in self.spots.values():
            self.bankroll -= spot.bet + spot.buster
            self.hands.append(self._new_hand(spot.number, spot.bet))
        for face_up in _DEALER_PASSES[self.rules.dealer_cards]:
            for hand in self.hands:
                self._deal_to(hand, events)
            if face_up is not None:
                self._deal_to_dealer(events, face_up=face_up)
        if self.rules.insurance is _STANDARD_INSURANCE and self.dealer[0].is_ace:
            self.phase = _INSURANCE
            self._ask_insurance(events, after=0)
        else:
            self._check_for_natural(events)
        return self._step(events, "deal")

    # --- Insurance ----------------------------------------------------------------------

    def insurance_cost(self, spot: int) -> int:
        """Insurance costs half the spot's original bet, rounded down to the cent."""
        return self.spots[spot].bet // 2

    def late_insurance_room(self, spot: int) -> int:
        """How much more late insurance the spot may buy: up to half its current stake."""
        stake = sum(hand.stake for hand in self.hands if hand.spot == spot)
        return max(0, stake // 2 - self.spots[spot].insurance)

    def insurance_amounts(self) -> tuple[int, int] | None:
        """The least and the most, in cents, that INSURE may buy now, or None when insurance
        is not legal now: half the bet for standard insurance; from a cent up to what is left
        of half the spot's stake (and of the bankroll) for late insurance.

        `can_insure()` is true exactly when this is not None, and `verify_insure(amount)`
        passes for every amount between the two."""
        rules = self.rules
        if rules.insurance is _STANDARD_INSURANCE:
            if self.phase is not _INSURANCE or self.insurance_spot is None:
                return None
            cost = self.insurance_cost(self.insurance_spot)
            return (cost, cost) if cost <= self.bankroll else None
        hand = self.active_hand
        if rules.insurance is _NO_INSURANCE or hand is None or not self.dealer[0].is_ace:
            return None
        most = min(self.late_insurance_room(hand.spot), self.bankroll)
        return (1, most) if most > 0 else None

    def verify_insure(self, amount: int | None = None) -> None:
        """`amount` None: standard insurance's price, or the most late insurance allows."""
        if self.rules.insurance is _NO_INSURANCE:
            raise IllegalActionError(f"{self.rules.game} offers no insurance")
        if self.rules.insurance is _STANDARD_INSURANCE:
            if self.phase is not _INSURANCE or self.insurance_spot is None:
                raise IllegalActionError(self._why_insurance_is_not_offered())
            cost = self.insurance_cost(self.insurance_spot)
            if amount is not None and amount != cost:
                raise IllegalActionError(
                    f"insurance on spot {self.insurance_spot} costs {dollars(cost)}, "
                    f"half the bet, not {dollars(amount)}"
                )
            if cost > self.bankroll:
                raise BetError(
                    f"insurance costs {dollars(cost)}; you have {dollars(self.bankroll)}"
                )
            return
        hand = self._require_turn("insure")
        if not self.dealer[0].is_ace:
            raise IllegalActionError("late insurance is offered only while the dealer shows an ace")
        room = self.late_insurance_room(hand.spot)
        if room == 0:
            raise IllegalActionError(
                f"spot {hand.spot} is insured for half its stake already, the most allowed"
            )
        if amount is None:
            if self.bankroll <= 0:
                raise BetError("you have no money left to buy insurance with")
            return
        if amount <= 0:
            raise IllegalActionError(
                f"{dollars(amount)} is no amount of insurance: buy from $0.01 up to "
                f"{dollars(min(room, self.bankroll))}"
            )
        if amount > room:
            raise IllegalActionError(
                f"{dollars(amount)} of insurance is over the {dollars(room)} spot {hand.spot} "
                "may still buy (half its stake in all)"
            )
        if amount > self.bankroll:
            raise BetError(
                f"{dollars(amount)} of insurance is more than your {dollars(self.bankroll)}"
            )

    def _why_insurance_is_not_offered(self) -> str:
        # A spot that cannot pay for insurance is not asked (docs/decisions.md): say so, not
        # that the dealer shows no ace.
        if self.phase is not _BETTING and self.dealer and self.dealer[0].is_ace:
            for spot in self.spots.values():
                cost = self.insurance_cost(spot.number)
                if spot.insurance == 0 and cost > self.bankroll:
                    return (
                        f"spot {spot.number} cannot afford insurance ({dollars(cost)}; you "
                        f"have {dollars(self.bankroll)}), so it was not offered"
                    )
        return "insurance is offered only on a dealer ace, before play"

    def can_insure(self, amount: int | None = None) -> bool:
        if amount is None:  # exactly when `insurance_amounts()` has some amount
            return self.insurance_amounts() is not None
        return _can(self.verify_insure, amount)

    def insure(self, amount: int | None = None) -> list[Event]:
        self.verify_insure(amount)
        events: list[Event] = []
        if self.rules.insurance is _STANDARD_INSURANCE:
            assert self.insurance_spot is not None
            spot = self.spots[self.insurance_spot]
            spot.insurance = self.insurance_cost(spot.number)
            self.bankroll -= spot.insurance
            self.actions.append("insure")
            events.append(InsuranceTaken(spot.number, spot.insurance))
            self._ask_insurance(events, after=spot.number)
            return self._step(events)
        assert self._active is not None
        if amount is None:
            amounts = self.insurance_amounts()
            assert amounts is not None
            amount = amounts[1]
        spot = self.spots[self._active.spot]
        spot.insurance += amount
        self.bankroll -= amount
        self.actions.append(f"insure:{amount}")
        events.append(InsuranceTaken(spot.number, amount))
        return self._step(events)

    def _decline_refusal(self) -> BlackjackError | None:
        if self.phase is not _INSURANCE or self.insurance_spot is None:
            return IllegalActionError("no insurance is being offered now")
        return None

    def verify_decline_insurance(self) -> None:
        _raise(self._decline_refusal())

    def can_decline_insurance(self) -> bool:
        return self._decline_refusal() is None

    def decline_insurance(self) -> list[Event]:
        self.verify_decline_insurance()
        assert self.insurance_spot is not None
        events: list[Event] = [InsuranceDeclined(self.insurance_spot)]
        self.actions.append("no_insurance")
        self._ask_insurance(events, after=self.insurance_spot)
        return self._step(events)

    def _ask_insurance(self, events: list[Event], after: int) -> None:
        """Offer insurance to the next spot that can afford it; when none is left, go on."""
        for spot in self.spots.values():
            cost = self.insurance_cost(spot.number)
            if spot.number > after and 0 < cost <= self.bankroll:
                self.insurance_spot = spot.number
                events.append(InsuranceOffered(spot.number, cost))
                return
        self.insurance_spot = None
        self._check_for_natural(events)

    # --- The dealer's check for a natural -----------------------------------------------

    def _check_for_natural(self, events: list[Event]) -> None:
        rules = self.rules
        up = self.dealer[0]
        if len(self.dealer) == 2 and dealer_peeks(rules, up.rank):
            natural = is_two_card_natural(rules, self._dealer_hand())
            events.append(DealerPeeked(natural))
            self._dealer_natural = natural
            if natural:
                self._reveal(events)
                self._settle_side_bets(events)
                self._settle_all(events)
                return
        elif not up_card_may_make_natural(rules, up.rank):
            self._dealer_natural = False
        self._settle_side_bets(events)
        self.phase = _PLAYER_TURNS
        self._next_turn(events)

    # --- Player turns -------------------------------------------------------------------

    def _turn_refusal(self, action: str) -> IllegalActionError | None:
        """Why no hand may `action` now, or None when a hand is waiting for its move."""
        if self.phase is _PLAYER_TURNS and self._active is not None:
            return None
        if self.phase is _INSURANCE:
            return IllegalActionError(
                f"answer the insurance offer to spot {self.insurance_spot} first (insure or no_insurance)"
            )
        state = "the round is settled" if self.phase is _SETTLED else "no cards are dealt"
        return IllegalActionError(f"cannot {action}: {state}")

    def _require_turn(self, action: str) -> Hand:
        _raise(self._turn_refusal(action))
        assert self._active is not None
        return self._active

    # Each move's legality is one function returning the reason it is refused, or None:
    # `verify_x` raises that reason, `can_x` and `legal_actions` ask whether it is None.
    # A reason that will be read (`named`) names the hand by its place in play order; one
    # only tested for None is the rulebook's answer for "the hand", kept per table
    # (rulebook/answers.py).

    def _hand_refusal(
        self, action: str, named: bool, rule: _HandRule, kept: Callable[[Facts], str | None]
    ) -> BlackjackError | None:
        """The refusal of a move of the active hand by the rulebook's `rule` (`kept`: its
        answer for "the hand", kept per table), after whose turn it is."""
        hand = self._active
        if self.phase is not _PLAYER_TURNS or hand is None:
            return self._turn_refusal(action)
        reason = kept(hand.facts)
        if reason is None:
            return None
        if named:  # worked out again with the hand's own name, only when it is read
            reason = rule(self.rules, hand.facts, f"hand {self.hand_number(hand)}")
            assert reason is not None  # the name changes the words, not the answer
        return IllegalActionError(reason)

    def _hit_refusal(self, named: bool) -> BlackjackError | None:
        return self._hand_refusal("hit", named, refusal_to_hit, self._answers.hit)

    def verify_hit(self) -> None:
        _raise(self._hit_refusal(True))

    def can_hit(self) -> bool:
        return self._hit_refusal(False) is None

    def hit(self) -> list[Event]:
        self.verify_hit()
        assert self._active is not None
        events: list[Event] = []
        self.actions.append("hit")
        self._deal_to(self._active, events)
        self._next_turn(events)
        return self._step(events)

    def _stand_refusal(self, named: bool) -> BlackjackError | None:
        return self._hand_refusal("stand", named, refusal_to_stand, self._answers.stand)

    def verify_stand(self) -> None:
        _raise(self._stand_refusal(True))

    def can_stand(self) -> bool:
        return self._stand_refusal(False) is None

    def stand(self) -> list[Event]:
        self.verify_stand()
        assert self._active is not None
        events: list[Event] = []
        self.actions.append("stand")
        self._finish(self._active, _STOOD, events)
        self._next_turn(events)
        return self._step(events)

    def double_amount(self, hand: Hand) -> int:
        """Doubling adds the hand's current stake, or what the bankroll has left."""
        return min(hand.stake, self.bankroll) if self.rules.double_for_less else hand.stake

    def double_amounts(self) -> int | None:
        """What DOUBLE adds to the active hand's stake now, in cents (less than the stake
        when doubling for less), or None when DOUBLE is not legal now."""
        hand = self._active
        if hand is None or not self.can_double():
            return None
        return self.double_amount(hand)

    def _double_refusal(self, named: bool) -> BlackjackError | None:
        refusal = self._hand_refusal("double", named, refusal_to_double, self._answers.double)
        hand = self._active
        if refusal is not None or hand is None:
            return refusal
        return self._double_cost_refusal(hand)

    def _double_cost_refusal(self, hand: Hand) -> BetError | None:
        """Why the bankroll cannot pay for doubling the hand, or None."""
        if self.bankroll <= 0:
            return BetError("you have no money left to double with")
        if not self.rules.double_for_less and self.bankroll < hand.stake:
            return BetError(
                f"doubling costs {dollars(hand.stake)}; you have {dollars(self.bankroll)}"
            )
        return None

    def verify_double(self) -> None:
        _raise(self._double_refusal(True))

    def can_double(self) -> bool:
        return self._double_refusal(False) is None

    def double(self) -> list[Event]:
        self.verify_double()
        hand = self._active
        assert hand is not None
        amount = self.double_amount(hand)
        self.bankroll -= amount
        hand.extra += amount
        hand.doubles += 1
        hand.changed()
        self.actions.append("double")
        events: list[Event] = [HandDoubled(hand.id, amount)]
        self._deal_to(hand, events)
        self._next_turn(events)
        return self._step(events)

    def _split_question(self, hand: Hand) -> tuple[tuple[str, str], int]:
        """What the rulebook's split answer asks besides the hand's facts: the ranks of its
        two cards (empty unless it holds two) and how many hands its spot holds."""
        cards = hand.cards
        ranks = (cards[0].rank, cards[1].rank) if len(cards) == 2 else ("", "")
        hands = self.hands
        if len(hands) == len(self.spots):  # nothing split yet: a hand a spot
            return ranks, 1
        return ranks, sum(1 for other in hands if other.spot == hand.spot)

    def _split_refusal(self, named: bool) -> BlackjackError | None:
        hand = self._active
        if self.phase is not _PLAYER_TURNS or hand is None:
            return self._turn_refusal("split")
        ranks, hands = self._split_question(hand)
        reason = self._answers.split(hand.facts, ranks, hands)
        if reason is not None:
            if named:  # worked out again with the hand's own name, only when it is read
                cards = hand.cards
                label = f"hand {self.hand_number(hand)}"
                spot = f"spot {hand.spot}"
                shown = (str(cards[0]), str(cards[1])) if len(cards) == 2 else None
                reason = refusal_to_split(self.rules, hand.facts, ranks, hands, label, shown, spot)
                assert reason is not None
            return IllegalActionError(reason)
        return self._split_cost_refusal(hand)

    def _split_cost_refusal(self, hand: Hand) -> BetError | None:
        """Why the bankroll cannot pay for splitting the hand, or None."""
        if hand.bet > self.bankroll:
            return BetError(
                f"splitting costs {dollars(hand.bet)}; you have {dollars(self.bankroll)}"
            )
        return None

    def verify_split(self) -> None:
        _raise(self._split_refusal(True))

    def can_split(self) -> bool:
        return self._split_refusal(False) is None

    def split(self) -> list[Event]:
        self.verify_split()
        hand = self._active
        assert hand is not None
        self.bankroll -= hand.bet
        aces = hand.cards[0].is_ace and hand.cards[1].is_ace
        new = self._new_hand(hand.spot, hand.bet)
        new.take(hand.cards.pop())
        for half in (hand, new):
            half.from_split = True
            half.split_aces = aces
            half.changed()
        self.hands.insert(self.hand_number(hand), new)  # right after the hand it came from
        self.actions.append("split")
        events: list[Event] = [HandSplit(hand.id, new.id, hand.bet)]
        # The first hand takes its second card and is played out before the next gets one.
        self._deal_to(hand, events)
        self._next_turn(events)
        return self._step(events)

    def _surrender_refusal(self, named: bool) -> BlackjackError | None:
        return self._hand_refusal("surrender", named, refusal_to_surrender, self._answers.surrender)

    def verify_surrender(self) -> None:
        _raise(self._surrender_refusal(True))

    def can_surrender(self) -> bool:
        return self._surrender_refusal(False) is None

    def surrender(self) -> list[Event]:
        self.verify_surrender()
        assert self._active is not None
        events: list[Event] = []
        self.actions.append("surrender")
        self._finish(self._active, _SURRENDERED, events)
        self._next_turn(events)
        return self._step(events)

    def apply(self, action: str) -> list[Event]:
        """Apply an action written as in the replay format: `hit`, `insure`, `insure:500`, ..."""
        name, _, argument = action.partition(":")
        if name == "insure":
            # isdigit() alone takes "²", which int() refuses; Python reads at most 4,300 digits.
            if argument and not (argument.isascii() and argument.isdigit()):
                raise IllegalActionError(f"insure:{argument} is not an amount in cents")
            if len(argument) > 4300:
                raise IllegalActionError(f"insure: {len(argument):,} digits is not an amount")
            return self.insure(int(argument) if argument else None)
        move = _MOVES.get(name)
        if move is None or argument:
            known = ", ".join([*_MOVES, "insure", "insure:AMOUNT"])
            raise IllegalActionError(f"unknown action {action!r} (actions are {known})")
        return move(self)

    # --- Moving the round along ---------------------------------------------------------

    def _new_hand(self, spot: int, bet: int) -> Hand:
        hand = Hand(self._next_id, spot, bet)
        self._next_id += 1
        return hand

    def _deal_to(self, hand: Hand, events: list[Event]) -> None:
        card = self.shoe.draw()
        hand.take(card)
        events.append(CardDealt(hand.id, card, True))

    def _deal_to_dealer(self, events: list[Event], face_up: bool) -> None:
        card = self.shoe.draw()
        self.dealer.append(card)
        self._dealer_facts = None
        self.dealer_face_down += not face_up
        events.append(CardDealt(None, card, face_up))

    def _reveal(self, events: list[Event]) -> None:
        if self.dealer_face_down:
            self.dealer_face_down = 0
            events.append(DealerRevealed(tuple(self.dealer)))

    def _next_turn(self, events: list[Event]) -> None:
        """Make the automatic moves, then stop at the first decision; with no hand left to
        play, the dealer plays and the round settles."""
        while True:
            for hand in self.hands:
                if hand.status is _PLAYING:
                    break
            else:
                self._active = None
                self._dealer_turn(events)
                return
            if hand is not self._active:
                self._active = hand
                events.append(TurnStarted(hand.id))
                if len(hand.cards) == 1:  # a split hand takes its second card now
                    self._deal_to(hand, events)
            if not self._automatic_move(hand, events):
                return

    def _automatic_move(self, hand: Hand, events: list[Event]) -> bool:
        """Stand, bust or hit a hand without asking, where the rules say so (RULES.md,
        Automatic moves); True when something was done."""
        rules = self.rules
        facts = hand.facts
        if best_total(rules, facts)[0] > 21:
            self._finish(hand, _BUSTED, events)
            return True
        if self._answers.stands_by_itself(facts, hand.split_aces and self.can_split()):
            self._finish(hand, _STOOD, events)
            return True
        if rules.auto_hit_beaten_hands and self._beaten_by_final_dealer(hand):
            self._deal_to(hand, events)
            return True
        return False

    def _beaten_by_final_dealer(self, hand: Hand) -> bool:
        """Face Up 21's option: the dealer stands on his visible hand and it beats this one.

        Only where hitting is the one move that can still win: a hand that may double, split
        or surrender is left to the player (our reading of the casino client's option)."""
        if self.dealer_face_down or self._dealer_draws() or not self.can_hit():
            return False
        if self.can_double() or self.can_split() or self.can_surrender():
            return False
        dealer = dealer_result(self.rules, self._dealer_hand())
        result = settle_against_dealer(
            hand, self._answers, dealer, self.dealer[0], self._look(hand)
        )
        return result.payout == 0

    def _finish(self, hand: Hand, status: HandStatus, events: list[Event]) -> None:
        hand.status = status
        total = best_total(self.rules, hand.facts)[0]
        if status is _BUSTED:
            events.append(HandBusted(hand.id, total))
        elif status is _SURRENDERED:
            events.append(HandSurrendered(hand.id, hand.stake // 2))
        else:
            events.append(HandStood(hand.id, total))
        early = settle_hand_early(
            hand, self.rules, self.dealer[0], self._dealer_natural, self._look(hand)
        )
        if early is not None:
            self._pay(hand, early, events)

    def _look(self, hand: Hand) -> Look:
        """The hand's suits and special three, read off its cards only where a pay table of
        these rules reads them."""
        return hand.look if self._answers.reads_look else PLAIN

    def _pay(self, hand: Hand, settlement: Settlement, events: list[Event]) -> None:
        hand.outcome, hand.kind, hand.payout = (
            settlement.outcome,
            settlement.kind,
            settlement.payout,
        )
        self.bankroll += settlement.payout
        events.append(HandSettled(hand.id, settlement.outcome, settlement.kind, settlement.payout))

    # --- The dealer's turn and the settlement ---------------------------------------------

    def _dealer_draws(self) -> bool:
        return dealer_draws(self.rules, self._dealer_hand())

    def _dealer_hand(self) -> Facts:
        facts = self._dealer_facts
        if facts is None:
            facts = self._dealer_facts = facts_of(self.dealer)
        return facts

    # These checks loop rather than call any() on a generator: over one to three spots or
    # hands, twice a round, the generator costs more than the work.

    def _insurance_open(self) -> bool:
        for spot in self.spots.values():  # noqa: SIM110 (see above)
            if spot.insurance and spot.insurance_payout is None:
                return True
        return False

    def _anything_undecided(self) -> bool:
        """A hand not settled yet, or a Buster bet: something for the dealer's cards to decide."""
        for hand in self.hands:
            if not hand.settled:
                return True
        for spot in self.spots.values():  # noqa: SIM110 (see above)
            if spot.buster:
                return True
        return False

    def _dealer_turn(self, events: list[Event]) -> None:
        self._reveal(events)
        decides = dealer_plays_out(self.rules, self._anything_undecided())
        # Caribbean 21: while late insurance is open, the dealer draws until it is decided.
        while self._dealer_draws() and (
            decides or (self._insurance_open() and insurance_wins(self.rules, self.dealer) is None)
        ):
            self._deal_to_dealer(events, face_up=True)
        if decides:
            total = best_total(self.rules, self._dealer_hand())[0]
            events.append(DealerBusted(total) if total > 21 else DealerStood(total))
        dealer = self._dealer_hand()
        if dealer.cards != 2:
            dealer = facts_of(self.dealer[:2])
        self._dealer_natural = is_two_card_natural(self.rules, dealer)
        self._settle_side_bets(events)
        self._settle_all(events)

    def _settle_all(self, events: list[Event]) -> None:
        dealer = dealer_result(self.rules, self._dealer_hand())
        for hand in self.hands:
            if not hand.settled:
                if not hand.finished:
                    hand.status = _STOOD  # the round ended on a dealer natural
                settlement = settle_against_dealer(
                    hand, self._answers, dealer, self.dealer[0], self._look(hand)
                )
                self._pay(hand, settlement, events)
        for spot in self.spots.values():
            if spot.insurance and spot.insurance_payout is None:
                spot.insurance_payout = 0  # undecided insurance is lost with the round
                events.append(SideBetSettled(spot.number, "insurance", spot.insurance, 0))
            if spot.buster and spot.buster_payout is None:
                spot.buster_payout = buster_payout(
                    spot.buster, self.dealer, self.rules, self._dealer_hand()
                )
                self.bankroll += spot.buster_payout
                events.append(
                    SideBetSettled(spot.number, "buster", spot.buster, spot.buster_payout)
                )
        self._active = None
        self.insurance_spot = None
        self.phase = _SETTLED
        events.append(RoundSettled(self.bankroll))

    def _settle_side_bets(self, events: list[Event]) -> None:
        """Settle insurance as soon as the dealer's cards decide it."""
        if not self._insurance_open():
            return
        wins = insurance_wins(self.rules, self.dealer)
        if wins is None:
            return
        for spot in self.spots.values():
            if spot.insurance and spot.insurance_payout is None:
                pays = self.rules.insurance_pays.winnings(spot.insurance)
                spot.insurance_payout = spot.insurance + pays if wins else 0
                self.bankroll += spot.insurance_payout
                events.append(
                    SideBetSettled(spot.number, "insurance", spot.insurance, spot.insurance_payout)
                )


# The moves `apply` takes by name (besides `insure`), in the order its message lists them.
_MOVES: dict[str, Callable[[Round], list[Event]]] = {
    "hit": Round.hit,
    "stand": Round.stand,
    "double": Round.double,
    "split": Round.split,
    "surrender": Round.surrender,
    "no_insurance": Round.decline_insurance,
}


def _can(verify: Callable[..., None], *args: object) -> bool:
    try:
        verify(*args)
    except BlackjackError:
        return False
    return True


def _raise(refusal: BlackjackError | None) -> None:
    if refusal is not None:
        raise refusal


def offered_actions(rules: Rules) -> frozenset[Action]:
    """The buttons a game ever offers; the others are not shown (RULES.md, "Buttons")."""
    return frozenset(Action(name) for name in moves_offered(rules))


__all__ = ["Action", "Bet", "Operation", "Phase", "Round", "Spot", "offered_actions"]
