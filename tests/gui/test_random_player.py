"""A seeded random player at the real window (`bench/random_player.py`): clicks on circles,
buttons and chips and the table's keys at random moments, during every animation and at the
window's opening, for a few seconds per game, with its invariants checked after every event
(docs/decisions.md, "The random player"). `python -m bench.random_player` runs it for thousands
of events per game."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bench.random_player import GAMES, RandomPlayer
from casino_gui.gui.table.animation import Speed
from tests.gui.bench_runs import bench_refusal, run_bench
from tests.gui.conftest import Table

Open = Callable[..., Table]
EVENTS = 50  # a few seconds a game; the bench plays thousands
# Half the games at each speed: a card's slide is 270 ms at normal, 100 ms fast.
SPEEDS = {game: Speed.NORMAL if index % 2 else Speed.FAST for index, game in enumerate(GAMES)}


@pytest.mark.parametrize("game", GAMES)
def test_a_random_player_breaks_no_invariant(open_table: Open, game: str) -> None:
    speed = SPEEDS[game]
    table = open_table(
        **(
            {"game": "blackjack", "decks": 1, "penetration": 0.5}
            if game == "shoe"
            else {"game": game}
        )
    )
    table.controller.speed = speed
    player = RandomPlayer(
        table.window, random.Random(f"suite:{game}:{speed.name}"), table.qtbot.wait
    )
    tally = player.run(EVENTS)
    assert tally.events == EVENTS
    assert tally.rounds >= 1  # the rounds went on: the player was not stuck refusing


def test_the_bench_prints_one_line_of_figures_per_game() -> None:
    lines = run_bench("random_player", "--events", "15", "pontoon").stdout.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("pontoon: 15 events, ")


def test_bad_games_and_counts_are_refused() -> None:
    assert "--events must be at least 1" in bench_refusal("random_player", "--events", "0")
    assert "unknown game 'poker'" in bench_refusal("random_player", "poker")
