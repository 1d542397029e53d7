"""One basic strategy per game for the whole test run: each game is analysed once."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from casino_gui.engine.games import GAMES
from casino_gui.engine.strategy import BasicStrategy

StrategyOf = Callable[[str], BasicStrategy]


@pytest.fixture(scope="session")
def strategy_of() -> StrategyOf:
    """`strategy_of(game)`: the game's strategy, its analysis done and its situations kept."""
    made: dict[str, BasicStrategy] = {}

    def strategy(game: str) -> BasicStrategy:
        if game not in made:
            made[game] = BasicStrategy(GAMES[game])
            made[game].analysis()
        return made[game]

    return strategy
