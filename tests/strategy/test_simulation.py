"""The computed house edge against the engine itself playing the computed strategy.

The fast test plays a few thousand rounds of every game and allows four standard errors; the
slow one (`pytest -m slow tests/strategy`, minutes on two cores) plays a million rounds of
each and allows three, as `python -m bench.analysis --rounds 1000000` does.
"""

from __future__ import annotations

import itertools
import os

import pytest

from casino_gui.analysis.simulation import BANKROLL, BET, play_round, shoes, simulate
from casino_gui.engine import Action, Bet, Move, Phase, Round, Rules, Shoe
from casino_gui.engine.games import BLACKJACK, GAMES
from casino_gui.engine.strategy import BasicStrategy
from casino_gui.engine.strategy.basic import Decision
from tests.strategy.conftest import StrategyOf

FAST_ROUNDS = 20_000
SLOW_ROUNDS = 1_000_000
JOBS = min(2, os.cpu_count() or 1)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_engine_playing_the_strategy_wins_what_was_computed(
    game: str, strategy_of: StrategyOf
) -> None:
    rules = GAMES[game]
    strategy = strategy_of(game)
    computed = strategy.analysis().house_edge
    simulated = simulate(rules, FAST_ROUNDS, seed=2026, jobs=JOBS, strategy=strategy)
    assert simulated.rounds == FAST_ROUNDS
    assert abs(simulated.house_edge - computed) <= 4 * simulated.standard_error


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_a_million_rounds_agree_with_the_computed_edge_within_three_standard_errors(
    game: str,
) -> None:
    rules = GAMES[game]
    strategy = BasicStrategy(rules)
    computed = strategy.analysis().house_edge
    simulated = simulate(rules, SLOW_ROUNDS, seed=1, jobs=os.cpu_count() or 1, strategy=strategy)
    assert abs(simulated.house_edge - computed) <= 3 * simulated.standard_error


def test_the_shoes_dealt_depend_on_the_seed_not_on_the_number_of_processes() -> None:
    one = simulate(BLACKJACK, 300, seed=5, jobs=1, chunk_size=100)
    two = simulate(BLACKJACK, 300, seed=5, jobs=2, chunk_size=100)
    other = simulate(BLACKJACK, 300, seed=6, jobs=1, chunk_size=100)
    assert (one.house_edge, one.standard_error) == (two.house_edge, two.standard_error)
    assert one.house_edge != other.house_edge


def test_a_simulated_round_is_a_round_the_engine_settles_to_the_cent() -> None:
    strategy = BasicStrategy(BLACKJACK)
    nets = {play_round(BLACKJACK, strategy, Shoe.shuffled(BLACKJACK, seed)) for seed in range(200)}
    # Every net is a whole number of cents of the $10 bet: -$20 to +$15 and the like.
    assert all(isinstance(net, int) for net in nets)
    assert {-BET, 0, BET, BET * 3 // 2} <= nets


class _CountingStrategy(BasicStrategy):
    """The basic strategy, counting how often it works a decision out from its situation."""

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.worked_out = 0

    def values_of(self, decision: Decision) -> dict[Action, float]:
        self.worked_out += 1
        return super().values_of(decision)


@pytest.mark.parametrize("game", ["blackjack", "caribbean_21", "match_play_21"])
def test_the_strategy_looks_a_decision_up_once_it_has_worked_it_out(game: str) -> None:
    rules = GAMES[game]
    strategy = _CountingStrategy(rules)
    first = [play_round(rules, strategy, Shoe.shuffled(rules, seed)) for seed in range(60)]
    assert strategy.worked_out > 0
    worked_out = strategy.worked_out
    # The same shoes again: every decision comes from the table of choices.
    assert [play_round(rules, strategy, Shoe.shuffled(rules, s)) for s in range(60)] == first
    assert strategy.worked_out == worked_out


@pytest.mark.parametrize("game", list(GAMES))
def test_the_choice_looked_up_is_the_best_value_of_the_decision(game: str) -> None:
    rules = GAMES[game]
    strategy = BasicStrategy(rules)
    for seed in range(40):
        table = Round(rules, Shoe.shuffled(rules, seed), BANKROLL).place([Bet(1, BET)])
        table.deal()
        while table.phase is not Phase.SETTLED:
            values = strategy.values(table)
            action = strategy.choose(table)
            assert action in table.legal_actions()
            assert values[action] == max(values.values())
            assert strategy.choose(table) is action  # now looked up
            hand = table.active_hand
            if action is Action.INSURE and hand is not None:
                table.insure(strategy.insure_amount(table, hand))
            else:
                table.apply(Move(action))


def test_a_shoe_game_is_simulated_from_a_shoe_that_lasts_to_its_cut_card() -> None:
    # One deck cut at half: a round goes on from the last one's shoe until 26 cards are out,
    # then a new shuffle, whose first card is burnt.
    rules = BLACKJACK.replace(decks=1, penetration=0.5)
    strategy = BasicStrategy(rules)
    rounds: list[tuple[int | None, int, int]] = []  # seed, first card, cards dealt after
    for shoe in shoes(rules, 7, 0, 40):
        seed, first = shoe.seed, shoe.dealt
        play_round(rules, strategy, shoe)
        rounds.append((seed, first, shoe.dealt))
    shuffles = [start for _, start, _ in rounds if start == 1]
    assert rounds[0][1] == 1 and 5 <= len(shuffles) < 40
    for (seed, _, end), (next_seed, next_first, _) in itertools.pairwise(rounds):
        if end < 26:  # the cut card is still in: the same shoe goes on where it stopped
            assert (next_seed, next_first) == (seed, end)
        else:
            assert next_first == 1 and next_seed != seed
    # The seven games shuffle before every round, as before.
    assert all(shoe.dealt == 0 for shoe in shoes(BLACKJACK, 7, 0, 5))
