"""The dealer's outcome probabilities: exact for a finite shoe, as a direct recursion finds."""

from __future__ import annotations

from collections import defaultdict

import pytest

from casino_gui.engine.games import BLACKJACK, CARIBBEAN_21, PONTOON
from casino_gui.engine.rulebook import DealerResult, Facts, Rank, dealer_draws, dealer_result
from casino_gui.engine.rules import Rules
from casino_gui.engine.strategy.composition import Composition
from casino_gui.engine.strategy.dealer import NATURAL, dealer_odds, without_natural


def drawn_one_by_one(
    rules: Rules, visible: tuple[int, ...], unseen: list[int]
) -> dict[DealerResult, float]:
    """The dealer's odds by following every order of draws (slow, obviously right)."""
    odds: defaultdict[DealerResult, float] = defaultdict(float)

    def draw(counts: list[int], chance: float) -> None:
        hard = sum((v + 1) * k for v, k in enumerate(counts))
        facts = Facts(hard, counts[0] > 0, sum(counts))
        if not dealer_draws(rules, facts):
            odds[dealer_result(rules, facts)] += chance
            return
        left = sum(unseen)
        for value in range(10):
            if unseen[value]:
                p = unseen[value] / left
                unseen[value] -= 1
                counts[value] += 1
                draw(counts, chance * p)
                counts[value] -= 1
                unseen[value] += 1

    start = [0] * 10
    for value in visible:
        start[value - 1] += 1
    draw(start, 1.0)
    return dict(odds)


@pytest.mark.parametrize(
    ("rules", "visible"),
    [
        (BLACKJACK.replace(decks=1), (6,)),
        (BLACKJACK.replace(decks=1, dealer_hits_soft_17=False), (1,)),
        (BLACKJACK.replace(decks=1), (10,)),
        (CARIBBEAN_21.replace(decks=1), (9,)),
        (PONTOON.replace(decks=1), (7, 4)),
    ],
)
def test_dealer_odds_match_drawing_card_by_card(rules: Rules, visible: tuple[int, ...]) -> None:
    unseen = list(
        Composition.of_shoe(rules).without(["A23456789T"[v - 1] for v in visible]).by_value
    )
    exact = drawn_one_by_one(rules, visible, list(unseen))
    fast = dealer_odds(rules, visible, tuple(unseen))
    assert fast.keys() == exact.keys()
    for outcome, chance in exact.items():
        assert fast[outcome] == pytest.approx(chance, abs=1e-12)
    assert sum(fast.values()) == pytest.approx(1.0, abs=1e-12)


def test_six_deck_dealer_standing_on_soft_17_busts_42_28_percent_under_a_6() -> None:
    # The published figure for six decks, dealer stands on soft 17, up card 6 (Wizard of Odds,
    # "Dealer Bust Probabilities"): 42.28%, the 6 alone removed from the shoe.
    rules = BLACKJACK.replace(decks=6, dealer_hits_soft_17=False)
    unseen = Composition.of_shoe(rules).without(["6"]).by_value
    odds = dealer_odds(rules, (6,), unseen)
    bust = sum(p for (rank, _), p in odds.items() if rank is Rank.BUST)
    assert bust == pytest.approx(0.4228, abs=0.0001)


def test_a_dealer_ace_holds_a_natural_as_often_as_the_tens_left() -> None:
    rules = BLACKJACK  # eight decks: 128 ten-value cards among the 415 cards left
    unseen = Composition.of_shoe(rules).without(["A"]).by_value
    natural, rest = without_natural(dealer_odds(rules, (1,), unseen))
    assert natural == pytest.approx(128 / 415)
    assert NATURAL not in rest
    assert sum(rest.values()) == pytest.approx(1.0)


def test_pontoon_dealer_five_cards_are_a_trick_whatever_their_total() -> None:
    unseen = Composition.of_shoe(PONTOON).by_value
    odds = dealer_odds(PONTOON, (), unseen)
    tricks = {total for (rank, total) in odds if rank is Rank.FIVE_CARD_TRICK}
    assert min(tricks) < 17 <= max(tricks)  # he stands on any five cards, 12 included
    assert odds[NATURAL] == pytest.approx(2 * 32 * 128 / (416 * 415))
