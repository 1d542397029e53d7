"""Painting that has no scene of its own: card faces and backs."""
