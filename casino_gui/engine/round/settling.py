"""The dealer's turn and the settlement: the end of the player's turns names the dealer's
turn, and the dealer's turn (or a dealer natural found at the peek) names the settlement,
the round's last phase. Every rule asked here is the rulebook's (docs/rules.md, "Settlement")."""

from __future__ import annotations

from casino_gui.engine.events import (
    DealerBusted,
    DealerStood,
    Event,
    HandSettled,
    RoundSettled,
    SideBet,
    SideBetSettled,
)
from casino_gui.engine.hand import Hand
from casino_gui.engine.round.state import SETTLED, STOOD, RoundState
from casino_gui.engine.rulebook import (
    best_total,
    dealer_draws,
    dealer_plays_out,
    dealer_result,
    facts_of,
    insurance_wins,
    is_bust,
    is_natural,
)
from casino_gui.engine.settlement import Settlement, buster_payout, settle_against_dealer


def pay(state: RoundState, hand: Hand, settlement: Settlement, events: list[Event]) -> None:
    # The hand and its event keep the kind's words: the replay format's text.
    words = settlement.kind.words
    hand.outcome, hand.kind, hand.payout = settlement.outcome, words, settlement.payout
    state.bankroll += settlement.payout
    events.append(HandSettled(hand.id, settlement.outcome, words, settlement.payout))


def dealer_draws_now(state: RoundState) -> bool:
    return dealer_draws(state.rules, state.dealer_hand())


# These checks loop rather than call any() on a generator: over one to three spots or
# hands, twice a round, the generator costs more than the work.


def _insurance_open(state: RoundState) -> bool:
    for spot in state.spots.values():  # noqa: SIM110 (see above)
        if spot.insurance and spot.insurance_payout is None:
            return True
    return False


def _anything_undecided(state: RoundState) -> bool:
    """A hand not settled yet, or a Buster bet: something for the dealer's cards to decide."""
    for hand in state.hands:
        if not hand.settled:
            return True
    for spot in state.spots.values():  # noqa: SIM110 (see above)
        if spot.buster:
            return True
    return False


def dealer_turn(state: RoundState, events: list[Event]) -> None:
    """The dealer reveals and draws while the rules say so, then the round settles."""
    rules = state.rules
    state.reveal(events)
    decides = dealer_plays_out(rules, _anything_undecided(state))
    # Caribbean 21: while late insurance is open, the dealer draws until it is decided.
    while dealer_draws_now(state) and (
        decides or (_insurance_open(state) and insurance_wins(rules, state.dealer) is None)
    ):
        state.deal_to_dealer(events, face_up=True)
    dealer = state.dealer_hand()
    if decides:
        total = best_total(rules, dealer)[0]
        events.append(DealerBusted(total) if is_bust(rules, dealer) else DealerStood(total))
    if dealer.cards != 2:
        dealer = facts_of(state.dealer[:2])
    state.dealer_natural = is_natural(rules, dealer)
    settle_insurance(state, events)
    settle_round(state, events)


def settle_round(state: RoundState, events: list[Event]) -> None:
    """Every hand and side bet still open against the dealer's final hand; the round ends."""
    rules = state.rules
    dealer = dealer_result(rules, state.dealer_hand())
    up = state.dealer[0]
    for hand in state.hands:
        if not hand.settled:
            if not hand.finished:
                hand.status = STOOD  # the round ended on a dealer natural
            settlement = settle_against_dealer(hand, state.answers, dealer, up, state.look(hand))
            pay(state, hand, settlement, events)
    for spot in state.spots.values():
        if spot.insurance and spot.insurance_payout is None:
            spot.insurance_payout = 0  # undecided insurance is lost with the round
            events.append(SideBetSettled(spot.number, SideBet.INSURANCE, spot.insurance, 0))
        if spot.buster and spot.buster_payout is None:
            spot.buster_payout = buster_payout(
                spot.buster, state.dealer, rules, state.dealer_hand()
            )
            state.bankroll += spot.buster_payout
            events.append(
                SideBetSettled(spot.number, SideBet.BUSTER, spot.buster, spot.buster_payout)
            )
    state.active = None
    state.insurance_spot = None
    state.phase = SETTLED
    events.append(RoundSettled(state.bankroll))


def settle_insurance(state: RoundState, events: list[Event]) -> None:
    """Settle insurance as soon as the dealer's cards decide it."""
    if not _insurance_open(state):
        return
    wins = insurance_wins(state.rules, state.dealer)
    if wins is None:
        return
    for spot in state.spots.values():
        if spot.insurance and spot.insurance_payout is None:
            pays = state.rules.insurance_pays.winnings(spot.insurance)
            spot.insurance_payout = spot.insurance + pays if wins else 0
            state.bankroll += spot.insurance_payout
            events.append(
                SideBetSettled(
                    spot.number, SideBet.INSURANCE, spot.insurance, spot.insurance_payout
                )
            )
