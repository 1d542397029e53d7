"""What a finished hand wins or loses, in base bets: the rulebook's verdicts, weighed where the
suits the pay tables name are not known.

The rulebook (casino_gui.engine.rulebook) settles a hand of known suits; a hand state knows
only the chance of each suit pattern (a diamond natural, a suited 7-7-7 or 6-7-8), so its net
is the average of the verdicts over those patterns. Values are expectations, not money.
"""

from __future__ import annotations

from collections.abc import Iterable

from casino_gui.engine.rulebook import (
    PLAIN,
    DealerResult,
    Look,
    is_natural,
    settle,
    wins_at_once,
)
from casino_gui.engine.rules import Odds, Rules
from casino_gui.engine.rules.pay_tables import SuitPattern
from casino_gui.engine.strategy.hand_state import HandState

# The diamond blackjack of a hand whose suits are unknown: both cards diamonds.
UNKNOWN_DIAMONDS = 1 / 16

Looks = tuple[tuple[Look, float], ...]

_PLAIN_ONLY: Looks = ((PLAIN, 1.0),)


def ratio(odds: Odds) -> float:
    return odds.num / odds.den


def looks_of(rules: Rules, state: HandState, diamonds: float) -> Looks:
    """The suit patterns the hand may show, each with its chance (`diamonds`: the chance that
    a natural's two cards are diamonds)."""
    special = state.special
    if special is not None and len(special[0]) == 3:
        name, suits = special
        mixed = 1.0 - suits.spades - suits.other_suit
        return (
            (Look(SuitPattern.SPADES, name), suits.spades),
            (Look(SuitPattern.SUITED, name), suits.other_suit),
            (Look(SuitPattern.MIXED, name), mixed),
        )
    if rules.diamond_natural_pays is not None and is_natural(rules, state):
        return ((Look(SuitPattern.DIAMONDS), diamonds), (PLAIN, 1.0 - diamonds))
    return _PLAIN_ONLY


def always_wins(rules: Rules, state: HandState, up: str | None, diamonds: float) -> float | None:
    """The net of a hand that wins whatever the dealer holds, or None (`wins_at_once`)."""
    if wins_at_once(rules, state) is None:
        return None
    net = 0.0
    for look, chance in looks_of(rules, state, diamonds):
        if chance:
            verdict = wins_at_once(rules, state, up, look)
            assert verdict is not None
            net += chance * verdict.net(state.stake)
    return net


def against_dealer(
    rules: Rules, state: HandState, dealer: DealerResult, up: str | None, diamonds: float
) -> float:
    """The net of a stood (or No Bust 21 three-card busted) hand against a dealer result."""
    return expected_net(rules, state, ((dealer, 1.0),), up, diamonds)


def expected_net(
    rules: Rules,
    state: HandState,
    dealer: Iterable[tuple[DealerResult, float]],
    up: str | None,
    diamonds: float,
) -> float:
    """The net of a stood hand against the dealer's results, each with its chance."""
    looks = looks_of(rules, state, diamonds)
    stake = state.stake
    if looks is _PLAIN_ONLY:
        return sum(p * settle(rules, state, result, up).net(stake) for result, p in dealer)
    return sum(
        p * chance * settle(rules, state, result, up, look).net(stake)
        for result, p in dealer
        for look, chance in looks
        if chance
    )


__all__ = [
    "UNKNOWN_DIAMONDS",
    "against_dealer",
    "always_wins",
    "expected_net",
    "looks_of",
    "ratio",
]
