"""The deal and what follows it before the player's turns: the stakes go out, two passes of
cards by the table's layout, insurance offered spot by spot (standard insurance), and the
dealer's check for a natural, which names the next phase: the player's turns, or the
settlement on a dealer natural."""

from __future__ import annotations

from casino_gui.engine.events import (
    DealerPeeked,
    Event,
    InsuranceDeclined,
    InsuranceOffered,
    InsuranceTaken,
)
from casino_gui.engine.round import turns
from casino_gui.engine.round.settling import settle_insurance, settle_round
from casino_gui.engine.round.state import INSURANCE, STANDARD_INSURANCE, RoundState
from casino_gui.engine.rulebook import dealer_peeks, is_natural, up_card_may_make_natural
from casino_gui.engine.rules import DealerCards

# The dealer's card in each of the deal's two passes, by layout: face up (True), face down
# (False), or none (None: Caribbean 21 deals him one card, face up).
_DEALER_PASSES: dict[DealerCards, tuple[bool, bool | None]] = {
    DealerCards.UP_AND_HOLE: (True, False),
    DealerCards.BOTH_UP: (True, True),
    DealerCards.BOTH_DOWN: (False, False),
    DealerCards.UP_ONLY: (True, None),
}


def deal(state: RoundState) -> list[Event]:
    """The betting ends: the stakes go out and the cards are dealt."""
    events: list[Event] = []
    for spot in state.spots.values():
        state.bankroll -= spot.bet + spot.buster
        state.hands.append(state.new_hand(spot.number, spot.bet))
    for face_up in _DEALER_PASSES[state.rules.dealer_cards]:
        for hand in state.hands:
            state.deal_to(hand, events)
        if face_up is not None:
            state.deal_to_dealer(events, face_up=face_up)
    if state.rules.insurance is STANDARD_INSURANCE and state.dealer[0].is_ace:
        state.phase = INSURANCE
        _ask_insurance(state, events, after=0)
    else:
        _check_for_natural(state, events)
    return events


def insure(state: RoundState) -> list[Event]:
    """The spot asked takes standard insurance, for half its bet."""
    assert state.insurance_spot is not None
    spot = state.spots[state.insurance_spot]
    spot.insurance = state.insurance_cost(spot.number)
    state.bankroll -= spot.insurance
    events: list[Event] = [InsuranceTaken(spot.number, spot.insurance)]
    _ask_insurance(state, events, after=spot.number)
    return events


def decline_insurance(state: RoundState) -> list[Event]:
    assert state.insurance_spot is not None
    events: list[Event] = [InsuranceDeclined(state.insurance_spot)]
    _ask_insurance(state, events, after=state.insurance_spot)
    return events


def _ask_insurance(state: RoundState, events: list[Event], after: int) -> None:
    """Offer insurance to the next spot that can afford it; when none is left, the insurance
    phase ends."""
    for spot in state.spots.values():
        cost = state.insurance_cost(spot.number)
        if spot.number > after and 0 < cost <= state.bankroll:
            state.insurance_spot = spot.number
            events.append(InsuranceOffered(spot.number, cost))
            return
    state.insurance_spot = None
    _check_for_natural(state, events)


def _check_for_natural(state: RoundState, events: list[Event]) -> None:
    """The dealer peeks where the rules say so: a natural settles the round at once, else
    the player's turns begin."""
    rules = state.rules
    up = state.dealer[0]
    if len(state.dealer) == 2 and dealer_peeks(rules, up.rank):
        natural = is_natural(rules, state.dealer_hand())
        events.append(DealerPeeked(natural))
        state.dealer_natural = natural
        if natural:
            state.reveal(events)
            settle_insurance(state, events)
            settle_round(state, events)
            return
    elif not up_card_may_make_natural(rules, up.rank):
        state.dealer_natural = False
    settle_insurance(state, events)
    turns.begin(state, events)
