"""The round's settlement in cents: the rulebook's verdicts (casino_gui.engine.rulebook) on
real hands and cards, paid in integer cents (docs/rules.md, "Settlement")."""

from __future__ import annotations

from dataclasses import dataclass

from casino_gui.engine.cards import Card
from casino_gui.engine.frozen import quick_init
from casino_gui.engine.hand import Hand, HandStatus, Outcome
from casino_gui.engine.rulebook import (
    DealerResult,
    Facts,
    HandKind,
    Look,
    Verdict,
    buster_odds,
    facts_of,
    settle_early,
)
from casino_gui.engine.rulebook.answers import Answers
from casino_gui.engine.rules import Rules


@quick_init
@dataclass(frozen=True, slots=True)
class Settlement:
    outcome: Outcome
    kind: HandKind  # how it ended, and the name a player would give it
    payout: int  # what comes back, stake included


def _paid(hand: Hand, verdict: Verdict) -> Settlement:
    return Settlement(verdict.outcome, verdict.kind, verdict.payout(hand.bet, hand.extra))


def settle_hand_early(
    hand: Hand, rules: Rules, dealer_up: Card, dealer_natural: bool | None, look: Look
) -> Settlement | None:
    """The settlement of a finished hand whose result the dealer's cards can no longer
    change, or None; `dealer_natural` is None while the dealer's natural is still unknown.
    `look`: the hand's (`hand.look`), or `PLAIN` where no pay table of the rules reads it."""
    verdict = settle_early(
        rules,
        hand.facts,
        dealer_natural,
        dealer_up.rank,
        look,
        hand.status is HandStatus.SURRENDERED,
    )
    return None if verdict is None else _paid(hand, verdict)


def settle_against_dealer(
    hand: Hand, answers: Answers, dealer: DealerResult, up: Card, look: Look
) -> Settlement:
    """A finished hand against the dealer's final hand (`dealer`: its `dealer_result`; `up`:
    his up card; `look` as for `settle_hand_early`), by the table's kept verdicts."""
    surrendered = hand.status is HandStatus.SURRENDERED
    return _paid(hand, answers.settle(hand.facts, dealer, up.rank, look, surrendered))


def buster_payout(
    stake: int, dealer: list[Card], rules: Rules, dealer_facts: Facts | None = None
) -> int:
    """No Bust 21's Buster bet: what comes back, stake included (0 when it loses)."""
    odds = buster_odds(rules, facts_of(dealer) if dealer_facts is None else dealer_facts)
    return 0 if odds is None else stake + odds.winnings(stake)
