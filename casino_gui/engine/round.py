"""One round at the table: a state machine in explicit phases, with an action triple per move.

Every move comes as `verify_x()` (raises a precise `BlackjackError`), `can_x()` (yes or no)
and `x()` (applies it and returns the events). `legal_actions()` is built from the `can_x()`
answers, so the GUI's buttons and the engine cannot disagree.

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
from casino_gui.engine.hand import Hand, HandStatus, hand_value, is_natural, is_two_card_natural
from casino_gui.engine.money import dollars
from casino_gui.engine.rules import AfterDouble, DealerCards, Insurance, Peek, Rules, SplitMatch
from casino_gui.engine.settlement import (
    Settlement,
    buster_payout,
    insurance_wins,
    settle_against_dealer,
    settle_early,
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


@dataclass(frozen=True, slots=True)
class Bet:
    """The chips on one betting circle: the main bet and No Bust 21's Buster side bet."""

    spot: int
    amount: int
    buster: int = 0


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
        self.shoe = shoe
        self.bankroll_before = bankroll
        self.bankroll = bankroll
        self.phase = Phase.BETTING
        self.spots: dict[int, Spot] = {}
        self.hands: list[Hand] = []
        self.dealer: list[Card] = []
        self.dealer_face_down = 0  # how many of the dealer's cards lie face down
        self.actions: list[str] = []  # the player's answers, in the replay format
        self.insurance_spot: int | None = None  # the spot being asked, in the insurance phase
        self._dealer_natural: bool | None = None  # None while unknown
        self._active: Hand | None = None
        self._next_id = 1

    # --- Reading the table --------------------------------------------------------------

    @property
    def active_hand(self) -> Hand | None:
        return self._active if self.phase is Phase.PLAYER_TURNS else None

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
        if self.phase is Phase.BETTING:
            return sum(s.bet + s.buster for s in self.spots.values())
        return stakes + sides + busters

    def legal_actions(self) -> frozenset[Action]:
        checks = {
            Action.DEAL: self.can_deal,
            Action.INSURE: self.can_insure,
            Action.NO_INSURANCE: self.can_decline_insurance,
            Action.HIT: self.can_hit,
            Action.STAND: self.can_stand,
            Action.DOUBLE: self.can_double,
            Action.SPLIT: self.can_split,
            Action.SURRENDER: self.can_surrender,
        }
        return frozenset(action for action, can in checks.items() if can())

    # --- Betting ------------------------------------------------------------------------

    def verify_bet(self, spot: int, amount: int, buster: int = 0) -> None:
        rules = self.rules
        if self.phase is not Phase.BETTING:
            raise BetError("bets are locked once the deal starts")
        if not 1 <= spot <= rules.circles:
            raise BetError(f"there is no circle {spot}: this table has {rules.circles}")
        if amount == 0 and buster == 0:
            return  # clears the circle
        if not rules.min_bet <= amount <= rules.max_bet:
            raise BetError(
                f"a bet of {dollars(amount)} on circle {spot} is outside the table limits "
                f"({dollars(rules.min_bet)} to {dollars(rules.max_bet)})"
            )
        if buster and not rules.buster_bet:
            raise BetError(f"{rules.game} has no Buster bet")
        if buster and not rules.buster_min <= buster <= rules.buster_max:
            raise BetError(
                f"a Buster bet of {dollars(buster)} on circle {spot} is outside its limits "
                f"({dollars(rules.buster_min)} to {dollars(rules.buster_max)})"
            )
        others = sum(s.bet + s.buster for n, s in self.spots.items() if n != spot)
        if others + amount + buster > self.bankroll:
            raise BetError(
                f"the bets come to {dollars(others + amount + buster)}, more than your "
                f"bankroll of {dollars(self.bankroll)}"
            )

    def can_bet(self, spot: int, amount: int, buster: int = 0) -> bool:
        return _can(self.verify_bet, spot, amount, buster)

    def bet(self, spot: int, amount: int, buster: int = 0) -> list[Event]:
        """Put `amount` (and a Buster bet) on a circle, replacing what was there; 0 clears it."""
        self.verify_bet(spot, amount, buster)
        if amount == 0 and buster == 0:
            self.spots.pop(spot, None)
            return []
        self.spots[spot] = Spot(spot, amount, buster)
        self.spots = dict(sorted(self.spots.items()))
        return []

    def place(self, bets: Iterable[Bet]) -> Round:
        for bet in bets:
            self.bet(bet.spot, bet.amount, bet.buster)
        return self

    # --- Dealing ------------------------------------------------------------------------

    def verify_deal(self) -> None:
        if self.phase is not Phase.BETTING:
            raise IllegalActionError("the cards are already dealt")
        if not self.spots:
            raise BetError("place a bet on at least one circle before the deal")

    def can_deal(self) -> bool:
        return _can(self.verify_deal)

    def deal(self) -> list[Event]:
        self.verify_deal()
        events: list[Event] = []
        for spot in self.spots.values():
            self.bankroll -= spot.bet + spot.buster
            self.hands.append(self._new_hand(spot.number, spot.bet))
        layout = self.rules.dealer_cards
        for pass_ in (0, 1):
            for hand in self.hands:
                self._deal_to(hand, events)
            if pass_ == 1 and layout is DealerCards.UP_ONLY:
                break
            face_up = layout in (DealerCards.BOTH_UP, DealerCards.UP_ONLY) or (
                pass_ == 0 and layout is DealerCards.UP_AND_HOLE
            )
            self._deal_to_dealer(events, face_up=face_up)
        if self.rules.insurance is Insurance.STANDARD and self.dealer[0].is_ace:
            self.phase = Phase.INSURANCE
            self._ask_insurance(events, after=0)
        else:
            self._check_for_natural(events)
        return events

    # --- Insurance ----------------------------------------------------------------------

    def insurance_cost(self, spot: int) -> int:
        """Insurance costs half the spot's original bet, rounded down to the cent."""
        return self.spots[spot].bet // 2

    def late_insurance_room(self, spot: int) -> int:
        """How much more late insurance the spot may buy: up to half its current stake."""
        stake = sum(hand.stake for hand in self.hands if hand.spot == spot)
        return max(0, stake // 2 - self.spots[spot].insurance)

    def verify_insure(self, amount: int | None = None) -> None:
        if self.rules.insurance is Insurance.NONE:
            raise IllegalActionError(f"{self.rules.game} offers no insurance")
        if self.rules.insurance is Insurance.STANDARD:
            if self.phase is not Phase.INSURANCE or self.insurance_spot is None:
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
        if amount is None or amount <= 0:
            raise IllegalActionError(f"say how much insurance: up to {dollars(room)}")
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
        if self.phase is not Phase.BETTING and self.dealer and self.dealer[0].is_ace:
            for spot in self.spots.values():
                cost = self.insurance_cost(spot.number)
                if spot.insurance == 0 and cost > self.bankroll:
                    return (
                        f"spot {spot.number} cannot afford insurance ({dollars(cost)}; you "
                        f"have {dollars(self.bankroll)}), so it was not offered"
                    )
        return "insurance is offered only on a dealer ace, before play"

    def can_insure(self, amount: int | None = None) -> bool:
        if self.rules.insurance is Insurance.LATE and amount is None:
            hand = self.active_hand
            return (
                hand is not None
                and self.dealer[0].is_ace
                and min(self.late_insurance_room(hand.spot), self.bankroll) > 0
            )
        return _can(self.verify_insure, amount)

    def insure(self, amount: int | None = None) -> list[Event]:
        self.verify_insure(amount)
        events: list[Event] = []
        if self.rules.insurance is Insurance.STANDARD:
            assert self.insurance_spot is not None
            spot = self.spots[self.insurance_spot]
            spot.insurance = self.insurance_cost(spot.number)
            self.bankroll -= spot.insurance
            self.actions.append("insure")
            events.append(InsuranceTaken(spot.number, spot.insurance))
            self._ask_insurance(events, after=spot.number)
            return events
        assert amount is not None and self._active is not None
        spot = self.spots[self._active.spot]
        spot.insurance += amount
        self.bankroll -= amount
        self.actions.append(f"insure:{amount}")
        events.append(InsuranceTaken(spot.number, amount))
        return events

    def verify_decline_insurance(self) -> None:
        if self.phase is not Phase.INSURANCE or self.insurance_spot is None:
            raise IllegalActionError("no insurance is being offered now")

    def can_decline_insurance(self) -> bool:
        return _can(self.verify_decline_insurance)

    def decline_insurance(self) -> list[Event]:
        self.verify_decline_insurance()
        assert self.insurance_spot is not None
        events: list[Event] = [InsuranceDeclined(self.insurance_spot)]
        self.actions.append("no_insurance")
        self._ask_insurance(events, after=self.insurance_spot)
        return events

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
        two_cards = len(self.dealer) == 2
        peeks = two_cards and (
            rules.dealer_peek is Peek.ALWAYS
            or (rules.dealer_peek is Peek.ACE_OR_TEN and (up.is_ace or up.is_ten_value))
        )
        if peeks:
            natural = rules.naturals and is_two_card_natural(self.dealer)
            events.append(DealerPeeked(natural))
            self._dealer_natural = natural
            if natural:
                self._reveal(events)
                self._settle_side_bets(events)
                self._settle_all(events)
                return
        elif not rules.naturals or not (up.is_ace or up.is_ten_value):
            self._dealer_natural = False
        self._settle_side_bets(events)
        self.phase = Phase.PLAYER_TURNS
        self._next_turn(events)

    # --- Player turns -------------------------------------------------------------------

    def _require_turn(self, action: str) -> Hand:
        if self.phase is Phase.INSURANCE:
            raise IllegalActionError(
                f"answer the insurance offer to spot {self.insurance_spot} first (insure or no_insurance)"
            )
        if self.phase is not Phase.PLAYER_TURNS or self._active is None:
            state = "the round is settled" if self.phase is Phase.SETTLED else "no cards are dealt"
            raise IllegalActionError(f"cannot {action}: {state}")
        return self._active

    def _label(self, hand: Hand) -> str:
        return f"hand {self.hand_number(hand)}"

    def _rescue_pending(self, hand: Hand) -> bool:
        """After a one-card double the hand may only stand or surrender (Match Play 21)."""
        return hand.doubles > 0 and self.rules.after_double is AfterDouble.ONE_CARD

    def _one_card_only(self, hand: Hand) -> str | None:
        """Why the hand takes no more cards: a one-card double, or split aces (RULES.md,
        Automatic moves); None when it may draw."""
        if self._rescue_pending(hand):
            return f"{self._label(hand)} has doubled and takes no more cards"
        if hand.split_aces and self.rules.split_aces_one_card and len(hand.cards) >= 2:
            return f"{self._label(hand)} is a split ace and takes one card only"
        return None

    def verify_hit(self) -> None:
        hand = self._require_turn("hit")
        refusal = self._one_card_only(hand)
        if refusal is not None:
            raise IllegalActionError(refusal)
        limit = self.rules.player_max_cards
        if limit is not None and len(hand.cards) >= limit:
            raise IllegalActionError(
                f"{self._label(hand)} has {len(hand.cards)} cards, the most {self.rules.game} allows"
            )

    def can_hit(self) -> bool:
        return _can(self.verify_hit)

    def hit(self) -> list[Event]:
        self.verify_hit()
        assert self._active is not None
        events: list[Event] = []
        self.actions.append("hit")
        self._deal_to(self._active, events)
        self._next_turn(events)
        return events

    def verify_stand(self) -> None:
        hand = self._require_turn("stand")
        total = hand_value(hand.cards, self.rules.aces_eleven).total
        limit = self.rules.player_max_cards
        at_limit = limit is not None and len(hand.cards) >= limit
        if total < self.rules.player_stand_min and not at_limit:
            raise IllegalActionError(
                f"{self._label(hand)} totals {total}; {self.rules.game} lets a hand stand on "
                f"{self.rules.player_stand_min} or more only"
            )

    def can_stand(self) -> bool:
        return _can(self.verify_stand)

    def stand(self) -> list[Event]:
        self.verify_stand()
        assert self._active is not None
        events: list[Event] = []
        self.actions.append("stand")
        self._finish(self._active, HandStatus.STOOD, events)
        self._next_turn(events)
        return events

    def double_amount(self, hand: Hand) -> int:
        """Doubling adds the hand's current stake, or what the bankroll has left."""
        return min(hand.stake, self.bankroll) if self.rules.double_for_less else hand.stake

    def verify_double(self) -> None:
        rules = self.rules
        hand = self._require_turn("double")
        label, game = self._label(hand), rules.game
        if rules.doubles_per_hand == 0:
            raise IllegalActionError(f"{game} does not allow doubling")
        refusal = self._one_card_only(hand)
        if refusal is not None:
            raise IllegalActionError(refusal)
        if hand.doubles >= rules.doubles_per_hand:
            times = "once" if rules.doubles_per_hand == 1 else f"{rules.doubles_per_hand} times"
            raise IllegalActionError(f"{label} has doubled already; {game} allows doubling {times}")
        count, low, high = len(hand.cards), rules.double_min_cards, rules.double_max_cards
        if count < low or (high is not None and count > high):
            if high == 2:
                allowed = "on the first two cards only"
            elif high is None:
                allowed = f"on {low} or more cards"
            else:
                allowed = f"on {low} to {high} cards"
            raise IllegalActionError(f"{label} has {count} cards; {game} allows doubling {allowed}")
        if hand.from_split and not rules.double_after_split:
            raise IllegalActionError(
                f"{label} comes from a split; {game} does not allow doubling after a split"
            )
        value = hand_value(hand.cards, rules.aces_eleven)
        if rules.double_totals is not None and (
            value.total not in rules.double_totals or (rules.double_hard_only and value.soft)
        ):
            totals = ", ".join(str(t) for t in sorted(rules.double_totals))
            hard = "hard " if rules.double_hard_only else ""
            shown = f"soft {value.total}" if value.soft else f"{value.total}"
            raise IllegalActionError(
                f"{label} totals {shown}; {game} allows doubling on a {hard}{totals} only"
            )
        if self.bankroll <= 0:
            raise BetError("you have no money left to double with")
        if not rules.double_for_less and self.bankroll < hand.stake:
            raise BetError(
                f"doubling costs {dollars(hand.stake)}; you have {dollars(self.bankroll)}"
            )

    def can_double(self) -> bool:
        return _can(self.verify_double)

    def double(self) -> list[Event]:
        self.verify_double()
        hand = self._active
        assert hand is not None
        amount = self.double_amount(hand)
        self.bankroll -= amount
        hand.extra += amount
        hand.doubles += 1
        self.actions.append("double")
        events: list[Event] = [HandDoubled(hand.id, amount)]
        self._deal_to(hand, events)
        self._next_turn(events)
        return events

    def verify_split(self) -> None:
        rules = self.rules
        hand = self._require_turn("split")
        label, game = self._label(hand), rules.game
        if not rules.splitting:
            raise IllegalActionError(f"{game} does not allow splitting")
        if len(hand.cards) != 2 or hand.doubles:
            raise IllegalActionError(
                f"{label} has {len(hand.cards)} cards; only a first two cards split"
            )
        first, second = hand.cards
        if rules.split_match is SplitMatch.RANK and first.rank != second.rank:
            raise IllegalActionError(
                f"{label} holds {first} and {second}; {game} splits equal ranks only"
            )
        if rules.split_match is SplitMatch.VALUE and first.value != second.value:
            raise IllegalActionError(
                f"{label} holds {first} and {second}; {game} splits equal values only"
            )
        hands = sum(1 for other in self.hands if other.spot == hand.spot)
        if hands >= rules.split_max_hands:
            raise IllegalActionError(f"spot {hand.spot} has {hands} hands, the most {game} allows")
        if hand.split_aces and not rules.resplit_aces:
            raise IllegalActionError(f"{game} does not allow re-splitting aces")
        if hand.bet > self.bankroll:
            raise BetError(
                f"splitting costs {dollars(hand.bet)}; you have {dollars(self.bankroll)}"
            )

    def can_split(self) -> bool:
        return _can(self.verify_split)

    def split(self) -> list[Event]:
        self.verify_split()
        hand = self._active
        assert hand is not None
        self.bankroll -= hand.bet
        aces = hand.cards[0].is_ace and hand.cards[1].is_ace
        new = self._new_hand(hand.spot, hand.bet)
        new.cards.append(hand.cards.pop())
        for half in (hand, new):
            half.from_split = True
            half.split_aces = aces
        self.hands.insert(self.hand_number(hand), new)  # right after the hand it came from
        self.actions.append("split")
        events: list[Event] = [HandSplit(hand.id, new.id, hand.bet)]
        # The first hand takes its second card and is played out before the next gets one.
        self._deal_to(hand, events)
        self._next_turn(events)
        return events

    def verify_surrender(self) -> None:
        rules = self.rules
        hand = self._require_turn("surrender")
        label, game = self._label(hand), rules.game
        if not rules.surrender:
            raise IllegalActionError(f"{game} does not allow surrender")
        if hand.from_split and not rules.surrender_after_split:
            raise IllegalActionError(
                f"{label} comes from a split; {game} allows no surrender after a split"
            )
        if hand.doubles and not rules.surrender_after_double:
            raise IllegalActionError(
                f"{label} has doubled; {game} allows no surrender after a double"
            )
        if rules.surrender_first_two_cards_only and len(hand.cards) != 2:
            raise IllegalActionError(
                f"{label} has {len(hand.cards)} cards; {game} allows surrender on the first two only"
            )
        if rules.surrender_without_ace and any(card.is_ace for card in hand.cards):
            raise IllegalActionError(
                f"{label} holds an ace; {game} allows no surrender with an ace"
            )
        total = hand_value(hand.cards, rules.aces_eleven).total
        if total < rules.surrender_min_total:
            raise IllegalActionError(
                f"{label} totals {total}; {game} allows surrender on {rules.surrender_min_total} or more"
            )

    def can_surrender(self) -> bool:
        return _can(self.verify_surrender)

    def surrender(self) -> list[Event]:
        self.verify_surrender()
        assert self._active is not None
        events: list[Event] = []
        self.actions.append("surrender")
        self._finish(self._active, HandStatus.SURRENDERED, events)
        self._next_turn(events)
        return events

    def apply(self, action: str) -> list[Event]:
        """Apply an action written as in the replay format: `hit`, `insure`, `insure:500`, ..."""
        name, _, argument = action.partition(":")
        moves = {
            "hit": self.hit,
            "stand": self.stand,
            "double": self.double,
            "split": self.split,
            "surrender": self.surrender,
            "no_insurance": self.decline_insurance,
        }
        if name == "insure":
            # isdigit() alone takes "²", which int() refuses; Python reads at most 4,300 digits.
            if argument and not (argument.isascii() and argument.isdigit()):
                raise IllegalActionError(f"insure:{argument} is not an amount in cents")
            if len(argument) > 4300:
                raise IllegalActionError(f"insure: {len(argument):,} digits is not an amount")
            return self.insure(int(argument) if argument else None)
        if name not in moves or argument:
            known = ", ".join([*moves, "insure", "insure:AMOUNT"])
            raise IllegalActionError(f"unknown action {action!r} (actions are {known})")
        return moves[name]()

    # --- Moving the round along ---------------------------------------------------------

    def _new_hand(self, spot: int, bet: int) -> Hand:
        hand = Hand(self._next_id, spot, bet)
        self._next_id += 1
        return hand

    def _deal_to(self, hand: Hand, events: list[Event]) -> None:
        card = self.shoe.draw()
        hand.cards.append(card)
        events.append(CardDealt(hand.id, card, True))

    def _deal_to_dealer(self, events: list[Event], face_up: bool) -> None:
        card = self.shoe.draw()
        self.dealer.append(card)
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
            hand = next((h for h in self.hands if h.status is HandStatus.PLAYING), None)
            if hand is None:
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
        value = hand_value(hand.cards, rules.aces_eleven)
        if value.total > 21:
            self._finish(hand, HandStatus.BUSTED, events)
            return True
        limit = rules.player_max_cards
        stands = (
            (value.total == 21 and not (value.soft and len(hand.cards) > 2 and rules.soft_21_draws))
            or (limit is not None and len(hand.cards) >= limit)
            or (hand.split_aces and rules.split_aces_one_card and not self.can_split())
            or (self._rescue_pending(hand) and not self.can_surrender())
            or settle_early(hand, rules, self.dealer[0], self._dealer_natural) is not None
        )
        if stands:
            self._finish(hand, HandStatus.STOOD, events)
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
        result = settle_against_dealer(hand, self.rules, self.dealer, bool(self._dealer_natural))
        return result.payout == 0

    def _finish(self, hand: Hand, status: HandStatus, events: list[Event]) -> None:
        hand.status = status
        total = hand_value(hand.cards, self.rules.aces_eleven).total
        if status is HandStatus.BUSTED:
            events.append(HandBusted(hand.id, total))
        elif status is HandStatus.SURRENDERED:
            events.append(HandSurrendered(hand.id, hand.stake // 2))
        else:
            events.append(HandStood(hand.id, total))
        early = settle_early(hand, self.rules, self.dealer[0], self._dealer_natural)
        if early is not None:
            self._pay(hand, early, events)

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
        rules = self.rules
        value = hand_value(self.dealer, rules.aces_eleven)
        if rules.dealer_stands_on_five_cards and len(self.dealer) >= 5:
            return False
        return value.total < 17 or (value.total == 17 and value.soft and rules.dealer_hits_soft_17)

    def _insurance_open(self) -> bool:
        return any(s.insurance and s.insurance_payout is None for s in self.spots.values())

    def _dealer_turn(self, events: list[Event]) -> None:
        self._reveal(events)
        decides = (
            self.rules.dealer_always_plays_out
            or any(not hand.settled for hand in self.hands)
            or any(spot.buster for spot in self.spots.values())
        )
        # Caribbean 21: while late insurance is open, the dealer draws until it is decided.
        while self._dealer_draws() and (
            decides or (self._insurance_open() and insurance_wins(self.rules, self.dealer) is None)
        ):
            self._deal_to_dealer(events, face_up=True)
        if decides:
            total = hand_value(self.dealer, self.rules.aces_eleven).total
            events.append(DealerBusted(total) if total > 21 else DealerStood(total))
        self._dealer_natural = bool(self.rules.naturals and is_two_card_natural(self.dealer))
        self._settle_side_bets(events)
        self._settle_all(events)

    def _settle_all(self, events: list[Event]) -> None:
        for hand in self.hands:
            if not hand.settled:
                if not hand.finished:
                    hand.status = HandStatus.STOOD  # the round ended on a dealer natural
                natural = bool(self._dealer_natural)
                self._pay(
                    hand, settle_against_dealer(hand, self.rules, self.dealer, natural), events
                )
        for spot in self.spots.values():
            if spot.insurance and spot.insurance_payout is None:
                spot.insurance_payout = 0  # undecided insurance is lost with the round
                events.append(SideBetSettled(spot.number, "insurance", spot.insurance, 0))
            if spot.buster and spot.buster_payout is None:
                spot.buster_payout = buster_payout(spot.buster, self.dealer, self.rules)
                self.bankroll += spot.buster_payout
                events.append(
                    SideBetSettled(spot.number, "buster", spot.buster, spot.buster_payout)
                )
        self._active = None
        self.insurance_spot = None
        self.phase = Phase.SETTLED
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


def _can(verify: Callable[..., None], *args: object) -> bool:
    try:
        verify(*args)
    except BlackjackError:
        return False
    return True


def offered_actions(rules: Rules) -> frozenset[Action]:
    """The buttons a game ever offers; the others are not shown (RULES.md, "Buttons")."""
    offered = {Action.DEAL, Action.HIT, Action.STAND}
    if rules.doubles_per_hand:
        offered.add(Action.DOUBLE)
    if rules.splitting:
        offered.add(Action.SPLIT)
    if rules.surrender:
        offered.add(Action.SURRENDER)
    if rules.insurance is Insurance.STANDARD:
        offered |= {Action.INSURE, Action.NO_INSURANCE}
    elif rules.insurance is Insurance.LATE:
        offered.add(Action.INSURE)  # late insurance is a move, not a question
    return frozenset(offered)


__all__ = ["Action", "Bet", "Phase", "Round", "Spot", "is_natural", "offered_actions"]
