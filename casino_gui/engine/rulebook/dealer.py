"""The dealer's play and the bets on his hand alone: whether he draws, how his final hand
ranks, and when insurance and the Buster side bet win."""

from __future__ import annotations

from collections.abc import Sequence

from casino_gui.engine.cards import Card, rank_value
from casino_gui.engine.rulebook.facts import (
    DealerResult,
    HandFacts,
    best_total,
    is_bust,
    is_natural,
    rank,
)
from casino_gui.engine.rules import Insurance, Odds, Peek, Rules


def up_card_may_make_natural(rules: Rules, up: str) -> bool:
    """Whether a dealer up card of this rank can be part of a natural."""
    return rules.naturals and (up == "A" or rank_value(up) == 10)


def dealer_peeks(rules: Rules, up: str | None) -> bool:
    """Whether the dealer, holding two cards, checks them for a natural before the players
    act: always (Face Up 21, Pontoon) or with an ace or a ten-value card up."""
    if rules.dealer_peek is Peek.ALWAYS:
        return True
    return (
        rules.dealer_peek is Peek.ACE_OR_TEN
        and up is not None
        and (up == "A" or rank_value(up) == 10)
    )


def dealer_plays_out(rules: Rules, anything_undecided: bool) -> bool:
    """Whether the dealer plays his hand out: when a hand or a side bet is left for his cards
    to decide, and always where the rules say so (No Bust 21)."""
    return rules.dealer_always_plays_out or anything_undecided


def dealer_draws(rules: Rules, dealer: HandFacts) -> bool:
    """Whether the dealer takes another card: below 17, and on a soft 17 where he hits it;
    never on five cards where he stands on them (Pontoon)."""
    if rules.dealer_stands_on_five_cards and dealer.cards >= 5:
        return False
    total, soft = best_total(rules, dealer)
    return total < 17 or (total == 17 and soft and rules.dealer_hits_soft_17)


def dealer_result(rules: Rules, dealer: HandFacts) -> DealerResult:
    """The rank and total of the dealer's final hand (a natural is his first two cards)."""
    return rank(rules, dealer, is_natural(rules, dealer))


def insurance_wins(rules: Rules, dealer: Sequence[Card]) -> bool | None:
    """Whether insurance wins, or None while the dealer's cards do not tell yet."""
    if rules.insurance is Insurance.STANDARD:
        if len(dealer) < 2:
            return None
        first, second = dealer[0], dealer[1]
        return (first.is_ace and second.is_ten_value) or (second.is_ace and first.is_ten_value)
    # Late insurance wins on a dealer Caribbean 21: his next two cards are both ten-value.
    if len(dealer) >= 2 and not dealer[1].is_ten_value:
        return False
    if len(dealer) < 3:
        return None
    return dealer[2].is_ten_value


def buster_odds(rules: Rules, dealer: HandFacts) -> Odds | None:
    """The Buster side bet's pay on this final dealer hand, or None when it loses: it wins
    when the dealer busts, by the number of cards in his hand (the last line: that many or
    more)."""
    if not is_bust(rules, dealer) or not rules.buster_pays:
        return None
    pays = Odds(1)
    for cards, odds in rules.buster_pays:
        if dealer.cards >= cards:
            pays = odds
    return pays
