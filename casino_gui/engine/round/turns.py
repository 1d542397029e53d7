"""The player's turns: each move as a function over the round's state that applies it and
returns its events, then the automatic moves, until a hand waits for a decision; with no hand
left to play, the player's turns end and name the dealer's turn (`settling.dealer_turn`).

The moves are applied only after their refusal (`legality`) is None: `Round` asks it first.
"""

from __future__ import annotations

from collections.abc import Callable

from casino_gui.engine.events import (
    Event,
    HandBusted,
    HandDoubled,
    HandSplit,
    HandStood,
    HandSurrendered,
    InsuranceTaken,
    TurnStarted,
)
from casino_gui.engine.hand import Hand, HandStatus
from casino_gui.engine.round.legality import (
    double_refusal,
    hit_refusal,
    split_refusal,
    surrender_refusal,
)
from casino_gui.engine.round.settling import dealer_draws_now, dealer_turn, pay
from casino_gui.engine.round.state import (
    AUTOMATIC_BUST,
    AUTOMATIC_HIT,
    AUTOMATIC_STAND,
    BUSTED,
    PLAYER_TURNS,
    PLAYING,
    STOOD,
    SURRENDERED,
    RoundState,
)
from casino_gui.engine.rulebook import best_total, dealer_result
from casino_gui.engine.settlement import settle_against_dealer, settle_hand_early

# A move of the active hand, applied: its events.
HandMove = Callable[[RoundState, Hand], list[Event]]


def begin(state: RoundState, events: list[Event]) -> None:
    """The player's turns begin, at the first hand (after its automatic moves)."""
    state.phase = PLAYER_TURNS
    next_turn(state, events)


def hit(state: RoundState, hand: Hand) -> list[Event]:
    events: list[Event] = []
    state.deal_to(hand, events)
    next_turn(state, events)
    return events


def stand(state: RoundState, hand: Hand) -> list[Event]:
    events: list[Event] = []
    finish(state, hand, STOOD, events)
    next_turn(state, events)
    return events


def surrender(state: RoundState, hand: Hand) -> list[Event]:
    events: list[Event] = []
    finish(state, hand, SURRENDERED, events)
    next_turn(state, events)
    return events


def double(state: RoundState, hand: Hand) -> list[Event]:
    amount = state.double_amount(hand)
    state.bankroll -= amount
    hand.extra += amount
    hand.doubles += 1
    hand.changed()
    events: list[Event] = [HandDoubled(hand.id, amount)]
    state.deal_to(hand, events)
    next_turn(state, events)
    return events


def split(state: RoundState, hand: Hand) -> list[Event]:
    state.bankroll -= hand.bet
    aces = hand.cards[0].is_ace and hand.cards[1].is_ace
    new = state.new_hand(hand.spot, hand.bet)
    new.take(hand.cards.pop())
    for half in (hand, new):
        half.from_split = True
        half.split_aces = aces
        half.changed()
    state.hands.insert(state.hand_number(hand), new)  # right after the hand it came from
    events: list[Event] = [HandSplit(hand.id, new.id, hand.bet)]
    # The first hand takes its second card and is played out before the next gets one.
    state.deal_to(hand, events)
    next_turn(state, events)
    return events


def insure_late(state: RoundState, hand: Hand, amount: int) -> list[Event]:
    """Late insurance (Caribbean 21): a move of the hand's turn, which goes on."""
    spot = state.spots[hand.spot]
    spot.insurance += amount
    state.bankroll -= amount
    return [InsuranceTaken(spot.number, amount)]


def next_turn(state: RoundState, events: list[Event]) -> None:
    """Make the automatic moves, then stop at the first decision; with no hand left to
    play, the dealer plays and the round settles."""
    while True:
        for hand in state.hands:
            if hand.status is PLAYING:
                break
        else:
            state.active = None
            dealer_turn(state, events)
            return
        if hand is not state.active:
            state.active = hand
            events.append(TurnStarted(hand.id))
            if len(hand.cards) == 1:  # a split hand takes its second card now
                state.deal_to(hand, events)
        if not _automatic_move(state, hand, events):
            return


def _automatic_move(state: RoundState, hand: Hand, events: list[Event]) -> bool:
    """Bust, stand or hit a hand without asking, where the rules say so (docs/rules.md,
    "Automatic moves"); True when something was done."""
    split_aces = hand.split_aces
    may_split = split_aces and split_refusal(state, False) is None
    move = state.answers.automatic_move(
        hand.facts, may_split, lambda: _beaten_by_final_dealer(state, hand)
    )
    if move is AUTOMATIC_BUST:
        finish(state, hand, BUSTED, events)
    elif move is AUTOMATIC_STAND:
        finish(state, hand, STOOD, events)
    elif move is AUTOMATIC_HIT:
        state.deal_to(hand, events)
    return move is not None


def _beaten_by_final_dealer(state: RoundState, hand: Hand) -> bool:
    """What the rulebook's `automatic_move` asks at a table that hits beaten hands (Face Up
    21's option): the dealer stands on his visible hand and it beats this one.

    Only where hitting is the one move that can still win: a hand that may double, split or
    surrender is left to the player (our reading of the casino client's option)."""
    if state.dealer_face_down or dealer_draws_now(state) or hit_refusal(state, False) is not None:
        return False
    if (
        double_refusal(state, False) is None
        or split_refusal(state, False) is None
        or surrender_refusal(state, False) is None
    ):
        return False
    dealer = dealer_result(state.rules, state.dealer_hand())
    result = settle_against_dealer(hand, state.answers, dealer, state.dealer[0], state.look(hand))
    return result.payout == 0


def finish(state: RoundState, hand: Hand, status: HandStatus, events: list[Event]) -> None:
    """The hand's play is over; it is paid at once where the dealer's cards cannot change
    its result."""
    hand.status = status
    early = settle_hand_early(
        hand, state.rules, state.dealer[0], state.dealer_natural, state.look(hand)
    )
    if status is SURRENDERED:
        assert early is not None  # a surrender is settled at once, for half the stake
        events.append(HandSurrendered(hand.id, early.payout))
    else:
        total = best_total(state.rules, hand.facts)[0]
        is_busted = status is BUSTED
        events.append(HandBusted(hand.id, total) if is_busted else HandStood(hand.id, total))
    if early is not None:
        pay(state, hand, early, events)
