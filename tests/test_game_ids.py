"""The command line's list of games and the window's names of their tables (read before the
engine is imported) are the engine's."""

from casino_gui.engine import GAMES
from casino_gui.game_ids import GAME_IDS, GAME_NAMES


def test_the_game_ids_are_the_engines_games_in_the_same_order() -> None:
    assert tuple(GAMES) == GAME_IDS


def test_the_tables_names_are_the_engines_presets_names() -> None:
    assert {game: rules.name for game, rules in GAMES.items()} == GAME_NAMES
