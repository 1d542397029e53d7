"""The seven games' ids, in the lobby's order.

A constant the command line and the first frame read without importing the engine (issue 15,
"Startup"); `casino_gui.engine.games.GAMES` holds the rules of each, in this order, and
tests/test_game_ids.py holds the two equal.
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
