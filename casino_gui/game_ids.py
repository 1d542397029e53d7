"""The seven games' ids, in the lobby's order, and their tables' names.

Kept outside the engine so that the command line and the window's opening read them without
importing it (docs/decisions.md, "Startup and memory"); the engine's rules check a game's id
against them, `casino_gui.engine.games.GAMES` holds the rules of each in this order, and
tests/test_game_ids.py holds the ids and the names equal to the engine's.
"""

GAME_IDS = (
    "blackjack",
    "face_up_21",
    "pontoon",
    "caribbean_21",
    "super_21",
    "match_play_21",
    "no_bust_21",
)

# The window's title at each table (`Rules.name` of the game's preset).
GAME_NAMES = {
    "blackjack": "Standard BlackJack",
    "face_up_21": "Face Up 21",
    "pontoon": "Pontoon",
    "caribbean_21": "Caribbean 21",
    "super_21": "Super 21",
    "match_play_21": "Match Play 21",
    "no_bust_21": "No Bust 21st Century Blackjack",
}
