"""The compiled rounds against the engine's, round for round, on the same shoes.

The engine deals each shuffle of a simulation (`counted_shoes`, as `analysis simulate
--engine` deals them) and plays it by the chart (`ChartPlay`); the compiled rounds are given
that shuffle's order of cards and play it through to its cut card. Every round must come out
at the same true count, the same bet and the same net, to the cent, for rule sets covering
every custom-table option of Standard BlackJack, three count systems and several spreads.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

from casino_gui.analysis.fast import rounds
from casino_gui.analysis.fast.chart_play import ChartPlay
from casino_gui.analysis.fast.running import play_on
from casino_gui.analysis.fast.tables import (
    CODES,
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    SURRENDER,
    TRUE_COUNT_HIGH,
    TRUE_COUNT_LOW,
    misfit,
    play_tables,
)
from casino_gui.analysis.simulation import BET, CountBets, counted_shoes, play_round
from casino_gui.engine import Action, Shoe, rules_for, shoe_cards
from casino_gui.engine.cards import rank_value
from casino_gui.engine.counting import SYSTEMS, bet_units

ROUNDS = 1_000

RULE_SETS: list[tuple[dict[str, Any], str, int]] = [
    ({"decks": 6, "penetration": 0.75}, "hilo", 12),
    (
        {"decks": 1, "penetration": 0.6, "surrender": True, "natural_pays": "6:5"},
        "zen",
        4,
    ),
    (
        {
            "decks": 2,
            "penetration": 0.9,
            "dealer_hits_soft_17": False,
            "split_max_hands": 4,
            "resplit_aces": True,
            "double_max_cards": None,
            "double_after_split": False,
        },
        "omega2",
        8,
    ),
    (
        {
            "decks": 4,
            "penetration": 0.5,
            "split_max_hands": 1,
            "surrender": True,
            "double_min_cards": 3,
            "double_max_cards": 4,
            "natural_pays": "1:1",
        },
        "hilo",
        1,
    ),
    ({"decks": 8, "doubles_per_hand": 0, "natural_pays": "7:5"}, "hilo", 1),
]


def _order(rules: Any, seed: int) -> np.ndarray:
    """The card values of a shuffle of the engine's, in the order it deals them."""
    shoe = Shoe.shuffled(rules, seed)
    return np.array([rank_value(shoe.draw().rank) for _ in range(len(shoe_cards(rules)))], np.int64)


@pytest.mark.parametrize(("overrides", "system_key", "top"), RULE_SETS)
def test_the_compiled_rounds_settle_every_round_as_the_engine_does(
    overrides: dict[str, Any], system_key: str, top: int
) -> None:
    rules = rules_for("blackjack").replace(**overrides)
    assert misfit(rules) is None
    tables = play_tables(rules)
    player = ChartPlay(rules, tables)
    system = SYSTEMS[system_key]
    shuffles: list[tuple[int, list[tuple[int, int, int]]]] = []
    for shoe, true in counted_shoes(rules, 7, 0, ROUNDS, system):
        if shoe.fresh or rules.penetration is None:
            assert shoe.seed is not None
            shuffles.append((shoe.seed, []))
        bet = bet_units(true, top) * BET
        shuffles[-1][1].append((play_round(rules, player, shoe, bet), bet, true))
    compared = 0
    rows = TRUE_COUNT_HIGH - TRUE_COUNT_LOW + 1
    for seed, engine_rounds in shuffles:
        sums = np.zeros((rows, 6), np.int64)
        nets, bets, trues = (np.zeros(len(engine_rounds), np.int64) for _ in range(3))
        played, ended = play_on(
            tables,
            _order(rules, seed),
            len(engine_rounds),
            False,
            0,
            CountBets(system, top),
            sums,
            (nets, bets, trues),
        )
        assert ended != rounds.RAN_OUT
        assert played == len(engine_rounds)
        compiled = list(zip(nets.tolist(), bets.tolist(), trues.tolist(), strict=True))
        assert compiled == engine_rounds
        assert int(sums[:, 1].sum()) == sum(net for net, _, _ in engine_rounds)
        compared += played
    assert compared == ROUNDS
    # The rounds were not all alike: wins, losses, pushes and more (naturals, doubles, splits).
    nets_seen = {net for _, rows_ in shuffles for net, _, _ in rows_}
    assert len(nets_seen) >= 4


def test_a_chart_code_resolves_to_its_first_allowed_move_for_every_hand() -> None:
    # `resolve` (compiled) against the chart's own words for a code (`ChartCode.moves`), for
    # every code and every set of moves a hand may make: where one of the code's moves is
    # allowed, the first such; where none is (a split no longer allowed), a hit, else a stand.
    names = {HIT: Action.HIT, STAND: Action.STAND, DOUBLE: Action.DOUBLE, SPLIT: Action.SPLIT}
    names[SURRENDER] = Action.SURRENDER
    for number, code in enumerate(CODES):
        for allowed in itertools.product((False, True), repeat=4):
            can_hit, can_double, can_split, can_surrender = allowed
            may = {Action.STAND}
            may |= {a for a, ok in zip(
                (Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER), allowed, strict=True
            ) if ok}  # fmt: skip
            expected = next((move for move in code.moves if move in may), None)
            if expected is None:
                expected = Action.HIT if can_hit else Action.STAND
            move = rounds.resolve(number, can_hit, can_double, can_split, can_surrender)
            assert names[move] is expected, (code, allowed)
