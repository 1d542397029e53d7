"""Whether a move is legal now, and why not: one refusal function per move, over the round's
state (pokerkit's `verify_x`).

Each returns the error that refuses the move, or None: `Round.verify_x` raises it, `can_x`
and `legal_actions` ask whether it is None, so the buttons and the engine cannot disagree. A
reason that will be read (`named`) names the hand by its place in play order; one only tested
for None is the rulebook's answer for "the hand", kept per table (rulebook/answers.py).
"""

from __future__ import annotations

from collections.abc import Callable

from casino_gui.engine.errors import BetError, BlackjackError, IllegalActionError
from casino_gui.engine.hand import Hand
from casino_gui.engine.money import dollars
from casino_gui.engine.round.state import (
    BETTING,
    INSURANCE,
    LATE_INSURANCE,
    NO_INSURANCE,
    PLAYER_TURNS,
    SETTLED,
    STANDARD_INSURANCE,
    RoundState,
)
from casino_gui.engine.rulebook import (
    Action,
    refusal_to_bet,
    refusal_to_double,
    refusal_to_hit,
    refusal_to_split,
    refusal_to_stand,
    refusal_to_surrender,
)
from casino_gui.engine.rulebook.facts import Facts
from casino_gui.engine.rules import Rules

# A rulebook refusal of a hand's move: (rules, facts, how the message names the hand).
_HandRule = Callable[[Rules, Facts, str], str | None]

_DEAL_ONLY = frozenset({Action.DEAL})
_NOTHING: frozenset[Action] = frozenset()
_DOUBLE = frozenset({Action.DOUBLE})
_SPLIT = frozenset({Action.SPLIT})
_INSURE = frozenset({Action.INSURE})


def legal_actions(state: RoundState) -> frozenset[Action]:
    """The actions whose refusal is None now (only the phase's own are asked: the others'
    first refusal is the phase)."""
    phase = state.phase
    if phase is PLAYER_TURNS:
        hand = state.active
        if hand is None:
            return _NOTHING
        # The rulebook's kept answers for the hand's five moves at once, then what the
        # bankroll covers: the very checks the moves' refusals make.
        legal = state.answers.allowed(hand.facts, *state.split_question(hand))
        if double_cost_refusal(state, hand) is not None:
            legal = legal - _DOUBLE
        if split_cost_refusal(state, hand) is not None:
            legal = legal - _SPLIT
        if state.rules.insurance is LATE_INSURANCE and insurance_amounts(state) is not None:
            legal = legal | _INSURE
        return legal
    if phase is INSURANCE:
        answers = [Action.NO_INSURANCE] if decline_refusal(state) is None else []
        if insurance_amounts(state) is not None:
            answers.append(Action.INSURE)
        return frozenset(answers)
    if phase is BETTING and deal_refusal(state) is None:
        return _DEAL_ONLY
    return _NOTHING


# --- Betting and the deal --------------------------------------------------------------


def bet_refusal(state: RoundState, spot: int, amount: int, buster: int) -> BetError | None:
    if state.phase is not BETTING:
        return BetError("bets are locked once the deal starts")
    if amount == 0 and buster == 0:
        refusal = refusal_to_bet(state.rules, spot, 0)  # clears the circle
    else:
        others = 0  # what the other circles hold (a loop: no generator for one or two)
        for number, chips in state.spots.items():
            if number != spot:
                others += chips.bet + chips.buster
        refusal = refusal_to_bet(state.rules, spot, amount, buster, others, state.bankroll)
    return None if refusal is None else BetError(refusal)


def deal_refusal(state: RoundState) -> BlackjackError | None:
    if state.phase is not BETTING:
        return IllegalActionError("the cards are already dealt")
    if not state.spots:
        return BetError("place a bet on at least one circle before the deal")
    return None


# --- Insurance -------------------------------------------------------------------------


def insurance_amounts(state: RoundState) -> tuple[int, int] | None:
    """The least and the most, in cents, that INSURE may buy now, or None when insurance is
    not legal now: half the bet for standard insurance; from a cent up to what is left of
    half the spot's stake (and of the bankroll) for late insurance."""
    insurance = state.rules.insurance
    if insurance is STANDARD_INSURANCE:
        if state.phase is not INSURANCE or state.insurance_spot is None:
            return None
        cost = state.insurance_cost(state.insurance_spot)
        return (cost, cost) if cost <= state.bankroll else None
    hand = state.active_hand
    if insurance is NO_INSURANCE or hand is None or not state.dealer[0].is_ace:
        return None
    most = min(state.late_insurance_room(hand.spot), state.bankroll)
    return (1, most) if most > 0 else None


def insure_refusal(state: RoundState, amount: int | None) -> BlackjackError | None:
    """`amount` None: standard insurance's price, or the most late insurance allows."""
    rules, bankroll = state.rules, state.bankroll
    if rules.insurance is NO_INSURANCE:
        return IllegalActionError(f"{rules.name} offers no insurance")
    if rules.insurance is STANDARD_INSURANCE:
        if state.phase is not INSURANCE or state.insurance_spot is None:
            return IllegalActionError(_why_insurance_is_not_offered(state))
        cost = state.insurance_cost(state.insurance_spot)
        if amount is not None and amount != cost:
            return IllegalActionError(
                f"insurance on spot {state.insurance_spot} costs {dollars(cost)}, "
                f"half the bet, not {dollars(amount)}"
            )
        if cost > bankroll:
            return BetError(f"insurance costs {dollars(cost)}; you have {dollars(bankroll)}")
        return None
    refusal = turn_refusal(state, "insure")
    if refusal is not None:
        return refusal
    assert state.active is not None
    spot = state.active.spot
    if not state.dealer[0].is_ace:
        return IllegalActionError("late insurance is offered only while the dealer shows an ace")
    room = state.late_insurance_room(spot)
    if room == 0:
        return IllegalActionError(
            f"spot {spot} is insured for half its stake already, the most allowed"
        )
    if amount is None:
        return BetError("you have no money left to buy insurance with") if bankroll <= 0 else None
    if amount <= 0:
        return IllegalActionError(
            f"{dollars(amount)} is no amount of insurance: buy from $0.01 up to "
            f"{dollars(min(room, bankroll))}"
        )
    if amount > room:
        return IllegalActionError(
            f"{dollars(amount)} of insurance is over the {dollars(room)} spot {spot} "
            "may still buy (half its stake in all)"
        )
    if amount > bankroll:
        return BetError(f"{dollars(amount)} of insurance is more than your {dollars(bankroll)}")
    return None


def _why_insurance_is_not_offered(state: RoundState) -> str:
    # A spot that cannot pay for insurance is not asked (docs/decisions.md): say so, not
    # that the dealer shows no ace.
    if state.phase is not BETTING and state.dealer and state.dealer[0].is_ace:
        for spot in state.spots.values():
            cost = state.insurance_cost(spot.number)
            if spot.insurance == 0 and cost > state.bankroll:
                return (
                    f"spot {spot.number} cannot afford insurance ({dollars(cost)}; you "
                    f"have {dollars(state.bankroll)}), so it was not offered"
                )
    return "insurance is offered only on a dealer ace, before play"


def decline_refusal(state: RoundState) -> BlackjackError | None:
    if state.phase is not INSURANCE or state.insurance_spot is None:
        return IllegalActionError("no insurance is being offered now")
    return None


# --- The player's turns ----------------------------------------------------------------


def turn_refusal(state: RoundState, action: str) -> IllegalActionError | None:
    """Why no hand may `action` now, or None when a hand is waiting for its move."""
    phase = state.phase
    if phase is PLAYER_TURNS and state.active is not None:
        return None
    if phase is INSURANCE:
        return IllegalActionError(
            f"answer the insurance offer to spot {state.insurance_spot} first: INSURE or NO INSURANCE"
        )
    where = "the round is settled" if phase is SETTLED else "no cards are dealt"
    return IllegalActionError(f"cannot {action}: {where}")


def _hand_refusal(
    state: RoundState,
    action: str,
    named: bool,
    rule: _HandRule,
    kept: Callable[[Facts], str | None],
) -> BlackjackError | None:
    """The refusal of a move of the active hand by the rulebook's `rule` (`kept`: its answer
    for "the hand", kept per table), after whose turn it is."""
    hand = state.active
    if state.phase is not PLAYER_TURNS or hand is None:
        return turn_refusal(state, action)
    reason = kept(hand.facts)
    if reason is None:
        return None
    if named:  # worked out again with the hand's own name, only when it is read
        reason = rule(state.rules, hand.facts, f"hand {state.hand_number(hand)}")
        assert reason is not None  # the name changes the words, not the answer
    return IllegalActionError(reason)


def hit_refusal(state: RoundState, named: bool) -> BlackjackError | None:
    return _hand_refusal(state, "hit", named, refusal_to_hit, state.answers.hit)


def stand_refusal(state: RoundState, named: bool) -> BlackjackError | None:
    return _hand_refusal(state, "stand", named, refusal_to_stand, state.answers.stand)


def surrender_refusal(state: RoundState, named: bool) -> BlackjackError | None:
    answers = state.answers
    return _hand_refusal(state, "surrender", named, refusal_to_surrender, answers.surrender)


def double_refusal(state: RoundState, named: bool) -> BlackjackError | None:
    refusal = _hand_refusal(state, "double", named, refusal_to_double, state.answers.double)
    hand = state.active
    if refusal is not None or hand is None:
        return refusal
    return double_cost_refusal(state, hand)


def double_cost_refusal(state: RoundState, hand: Hand) -> BetError | None:
    """Why the bankroll cannot pay for doubling the hand, or None."""
    bankroll = state.bankroll
    if bankroll <= 0:
        return BetError("you have no money left to double with")
    if not state.rules.double_for_less and bankroll < hand.stake:
        return BetError(f"doubling costs {dollars(hand.stake)}; you have {dollars(bankroll)}")
    return None


def split_refusal(state: RoundState, named: bool) -> BlackjackError | None:
    hand = state.active
    if state.phase is not PLAYER_TURNS or hand is None:
        return turn_refusal(state, "split")
    ranks, hands = state.split_question(hand)
    reason = state.answers.split(hand.facts, ranks, hands)
    if reason is not None:
        if named:  # worked out again with the hand's own name, only when it is read
            cards = hand.cards
            label = f"hand {state.hand_number(hand)}"
            shown = (str(cards[0]), str(cards[1])) if len(cards) == 2 else None
            rules = state.rules
            reason = refusal_to_split(
                rules, hand.facts, ranks, hands, label, shown, f"spot {hand.spot}"
            )
            assert reason is not None
        return IllegalActionError(reason)
    return split_cost_refusal(state, hand)


def split_cost_refusal(state: RoundState, hand: Hand) -> BetError | None:
    """Why the bankroll cannot pay for splitting the hand, or None."""
    if hand.bet > state.bankroll:
        return BetError(f"splitting costs {dollars(hand.bet)}; you have {dollars(state.bankroll)}")
    return None
