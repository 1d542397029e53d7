"""The felt table: its scene, the items on it, the round controller and the animations."""
