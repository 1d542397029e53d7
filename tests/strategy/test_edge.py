"""The house edge computed from the rules, against published analyses."""

from __future__ import annotations

import dataclasses

import pytest

from casino_gui.engine.games import BLACKJACK, GAMES, PONTOON
from casino_gui.engine.strategy import house_edge
from tests.strategy.conftest import StrategyOf

# docs/rules.md's Standard BlackJack as the published analyses state it: 6 decks, dealer hits soft 17,
# double any two cards, double after split, split to four hands, split aces once (one card
# each), no surrender, blackjack pays 3:2, the dealer peeks.
STANDARD_SIX_DECKS = BLACKJACK.replace(decks=6, split_max_hands=4)


def test_the_standard_six_deck_game_lies_between_farmer_and_the_wizard_of_odds() -> None:
    # Eric Farmer's exact calculator, composition-dependent play: 0.615%; the Wizard of Odds'
    # calculator, total-dependent basic strategy: 0.639%. Ours is two-card composition-
    # dependent (casino_gui/engine/strategy/__init__.py), so it belongs between the two.
    edge = 100 * house_edge(STANDARD_SIX_DECKS)
    assert 0.60 <= edge <= 0.66
    assert 0.610 <= edge <= 0.639


def test_eight_decks_without_resplitting_comes_to_farmers_0_699_percent() -> None:
    # Farmer: 0.699% with composition-dependent play. Tolerance: 0.02 percentage points. Our
    # strategy plays the first move by composition and later moves by total, which in the
    # six-deck game above is worth between Farmer's figure and the total-dependent one (0.615
    # to 0.639: 0.024 apart); and our draws are not depleted as the player hits or between
    # split hands, an error of a few thousandths of a point. 0.02 points covers both and is
    # still a thirtieth of the edge.
    edge = 100 * house_edge(BLACKJACK.replace(decks=8, split_max_hands=2))
    assert edge == pytest.approx(0.699, abs=0.02)


def test_standing_on_soft_17_lowers_the_edge_as_published() -> None:
    # The Wizard of Odds' table of rule effects: the dealer standing on soft 17 is worth 0.22%
    # to the player (six decks). Tolerance: 0.03 points.
    base = house_edge(STANDARD_SIX_DECKS)
    soft_17 = house_edge(STANDARD_SIX_DECKS.replace(dealer_hits_soft_17=False))
    assert 100 * (soft_17 - base) == pytest.approx(-0.22, abs=0.03)


def test_paying_6_to_5_costs_three_tenths_of_every_blackjack_the_dealer_does_not_match() -> None:
    # Six decks of 312 cards: 24 aces, 96 ten-value cards. The player is dealt an ace and a ten
    # with chance 2 (24 / 312) (96 / 311); the dealer then holds one with 2 (23 / 310) (95 / 309).
    player = 2 * (24 / 312) * (96 / 311)
    dealer = 2 * (23 / 310) * (95 / 309)
    base = house_edge(STANDARD_SIX_DECKS)
    six_to_five = house_edge(STANDARD_SIX_DECKS.replace(natural_pays="6:5"))
    assert six_to_five - base == pytest.approx(0.3 * player * (1 - dealer), abs=1e-12)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_is_analysed_over_every_first_deal(game: str, strategy_of: StrategyOf) -> None:
    analysis = strategy_of(game).analysis()
    assert sum(d.chance for d in analysis.deals) == pytest.approx(1.0, abs=1e-12)
    assert -0.5 < 100 * analysis.house_edge < 2.5  # a casino game a player can beat is a bug


def test_pontoon_with_its_soft_21_rule_comes_near_the_published_0_38_percent() -> None:
    # RTG publishes 0.38% for Pontoon; 0.28-0.48% is asked. Without the rule that a
    # soft 21 of three or four cards may hit or double, the same rules give 1.22%.
    assert 0.28 <= 100 * house_edge(PONTOON) <= 0.48
    assert 100 * house_edge(PONTOON.replace(soft_21_draws=False)) > 1.0


def test_the_edge_comes_from_the_rules_not_the_games_name() -> None:
    renamed = dataclasses.replace(PONTOON, game="blackjack", name="Pontoon by another name")
    assert house_edge(renamed) == house_edge(PONTOON)
