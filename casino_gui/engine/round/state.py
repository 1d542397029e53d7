"""The round's state record: what lies on the table, and the small values its moves deal in.

`RoundState` holds the table as it stands (the rules, the shoe, the bankroll, the circles,
the hands, the dealer's cards, the phase and the history); the deal, the player's moves, the
dealer's turn and the settlement are functions over it (`dealing`, `turns`, `dealer_turn`),
and `Round` is the state with its action triples (`casino_gui.engine.round`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from casino_gui.engine.cards import Card
from casino_gui.engine.errors import BetError
from casino_gui.engine.events import CardDealt, DealerRevealed, Event
from casino_gui.engine.frozen import quick_init
from casino_gui.engine.hand import Hand, HandStatus
from casino_gui.engine.money import dollars
from casino_gui.engine.rulebook import (
    Action,
    AutomaticMove,
    facts_of,
    insurance_price,
    late_insurance_limit,
)
from casino_gui.engine.rulebook.answers import answers_for
from casino_gui.engine.rulebook.facts import PLAIN, Facts, Look
from casino_gui.engine.rules import Insurance, Rules
from casino_gui.engine.shoe import Shoe


class Phase(Enum):
    """The round's phases, in order; each one's end names the next (docs/architecture.md,
    "The engine")."""

    BETTING = "betting"
    INSURANCE = "insurance"
    PLAYER_TURNS = "player_turns"
    SETTLED = "settled"


# The members the round compares against at nearly every step, as module names: reading a
# member through its Enum class costs ~200 ns on Python 3.11 (EnumType's attribute lookup),
# a module name ~30 ns (docs/decisions.md, "Engine speed").
BETTING, INSURANCE, PLAYER_TURNS, SETTLED = (
    Phase.BETTING,
    Phase.INSURANCE,
    Phase.PLAYER_TURNS,
    Phase.SETTLED,
)
PLAYING, STOOD = HandStatus.PLAYING, HandStatus.STOOD
BUSTED, SURRENDERED = HandStatus.BUSTED, HandStatus.SURRENDERED
NO_INSURANCE, STANDARD_INSURANCE = Insurance.NONE, Insurance.STANDARD
LATE_INSURANCE = Insurance.LATE
AUTOMATIC_BUST, AUTOMATIC_STAND = AutomaticMove.BUST, AutomaticMove.STAND
AUTOMATIC_HIT = AutomaticMove.HIT


@quick_init
@dataclass(frozen=True, slots=True)
class Move:
    """One move as `Round.apply` takes it and the history keeps it (python-chess's `Move`):
    the action, and for insurance the amount in cents (None: standard insurance's price, or
    the most late insurance allows). Its text form (`hit`, `insure:500`) is the hand record's:
    `casino_gui.engine.record.parse_move` and `move_text`.

    >>> Move(Action.HIT), Move(Action.INSURE, 500)
    (Move(action=<Action.HIT: 'hit'>, amount=None), Move(action=<Action.INSURE: 'insure'>, amount=500))
    """

    action: Action
    amount: int | None = None


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
    """One step of the round as it happened (pokerkit's operations): the move (a `Bet` for
    the chips put on a circle, else the deal or the player's answer), what it produced, and
    the bankroll after it."""

    move: Move | Bet
    events: tuple[Event, ...]
    bankroll: int

    @property
    def bet(self) -> Bet | None:
        """The chips a bet put on its circle; None for any other step."""
        move = self.move
        return move if isinstance(move, Bet) else None


@dataclass(slots=True)
class Spot:
    number: int
    bet: int
    buster: int = 0
    insurance: int = 0
    insurance_payout: int | None = None
    buster_payout: int | None = None


class RoundState:
    """A round's table. Money is integer cents; `bankroll` is what the player holds off the
    table, so it falls as stakes go out and rises as payouts come in."""

    def __init__(self, rules: Rules, shoe: Shoe, bankroll: int) -> None:
        if bankroll < 0:
            raise BetError(f"the bankroll cannot be negative ({dollars(bankroll)})")
        self.rules = rules
        self.answers = answers_for(rules)  # the rulebook's answers, kept per table
        self.shoe = shoe
        self.bankroll_before = bankroll
        self.bankroll = bankroll
        self.phase = BETTING
        self.spots: dict[int, Spot] = {}
        self.hands: list[Hand] = []
        self.dealer: list[Card] = []
        self.dealer_facts: Facts | None = None  # the dealer's hand as the rulebook reads it
        self.dealer_face_down = 0  # how many of the dealer's cards lie face down
        self.moves: list[Move] = []  # the player's answers, in order
        self.operations: list[Operation] = []  # every step, as it happened: see `history`
        self.insurance_spot: int | None = None  # the spot being asked, in the insurance phase
        self.dealer_natural: bool | None = None  # None while unknown
        self.active: Hand | None = None  # the hand whose turn it is
        self.next_id = 1

    # --- Reading the table --------------------------------------------------------------

    @property
    def active_hand(self) -> Hand | None:
        return self.active if self.phase is PLAYER_TURNS else None

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
        if self.phase is BETTING:
            return sum(s.bet + s.buster for s in self.spots.values())
        stakes = sum(hand.stake for hand in self.hands if not hand.settled)
        sides = sum(s.insurance for s in self.spots.values() if s.insurance_payout is None)
        busters = sum(s.buster for s in self.spots.values() if s.buster_payout is None)
        return stakes + sides + busters

    @property
    def history(self) -> tuple[Operation, ...]:
        """Everything that happened this round, step by step: the bets, the deal and each
        answer, with the events each produced and the bankroll after it."""
        return tuple(self.operations)

    def insurance_cost(self, spot: int) -> int:
        """What standard insurance costs the spot (`rulebook.insurance_price`)."""
        return insurance_price(self.spots[spot].bet)

    def late_insurance_room(self, spot: int) -> int:
        """How much more late insurance the spot may buy: up to half its current stake."""
        stake = sum(hand.stake for hand in self.hands if hand.spot == spot)
        return max(0, late_insurance_limit(stake) - self.spots[spot].insurance)

    def double_amount(self, hand: Hand) -> int:
        """Doubling adds the hand's current stake, or what the bankroll has left."""
        return min(hand.stake, self.bankroll) if self.rules.double_for_less else hand.stake

    # --- What the rulebook is asked about the table ---------------------------------------

    def dealer_hand(self) -> Facts:
        """The dealer's hand as the rulebook reads it, kept until he takes a card."""
        facts = self.dealer_facts
        if facts is None:
            facts = self.dealer_facts = facts_of(self.dealer)
        return facts

    def look(self, hand: Hand) -> Look:
        """The hand's suits and special three, read off its cards only where a pay table of
        these rules reads them."""
        return hand.look if self.answers.reads_look else PLAIN

    def split_question(self, hand: Hand) -> tuple[tuple[str, str], int]:
        """What the rulebook's split answer asks besides the hand's facts: the ranks of its
        two cards (empty unless it holds two) and how many hands its spot holds."""
        cards = hand.cards
        ranks = (cards[0].rank, cards[1].rank) if len(cards) == 2 else ("", "")
        hands = self.hands
        if len(hands) == len(self.spots):  # nothing split yet: a hand a spot
            return ranks, 1
        return ranks, sum(1 for other in hands if other.spot == hand.spot)

    # --- Cards from the shoe ---------------------------------------------------------------

    def new_hand(self, spot: int, bet: int) -> Hand:
        hand = Hand(self.next_id, spot, bet)
        self.next_id += 1
        return hand

    def deal_to(self, hand: Hand, events: list[Event]) -> None:
        card = self.shoe.draw()
        hand.take(card)
        events.append(CardDealt(hand.id, card, True))

    def deal_to_dealer(self, events: list[Event], face_up: bool) -> None:
        card = self.shoe.draw()
        self.dealer.append(card)
        self.dealer_facts = None
        self.dealer_face_down += not face_up
        events.append(CardDealt(None, card, face_up))

    def reveal(self, events: list[Event]) -> None:
        if self.dealer_face_down:
            self.dealer_face_down = 0
            events.append(DealerRevealed(tuple(self.dealer)))

    # --- Keeping the history --------------------------------------------------------------

    def step(self, events: list[Event], move: Move | Bet) -> list[Event]:
        """Keep a step in the round's history and hand its events back."""
        self.operations.append(Operation(move, tuple(events), self.bankroll))
        return events
