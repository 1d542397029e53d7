"""The command line's list of games (read before the engine is imported) is the engine's."""

from casino_gui.engine import GAMES
from casino_gui.game_ids import GAME_IDS


def test_the_game_ids_are_the_engines_games_in_the_same_order() -> None:
    assert tuple(GAMES) == GAME_IDS
