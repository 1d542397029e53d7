"""The lobby: one tile per game and the custom table."""
