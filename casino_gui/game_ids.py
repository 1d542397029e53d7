"""The seven games' ids, in the lobby's order.

Kept outside the engine so that the command line reads them without importing it
(docs/decisions.md, "Startup and memory"); the engine's rules check a game's id against them,
`casino_gui.engine.games.GAMES` holds the rules of each in this order, and tests/test_game_ids.py
holds the two equal.
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
