"""A desktop blackjack casino: seven games on a felt table, driven by the mouse."""

# A constant, not importlib.metadata: reading the installed metadata cost ~25 ms before the first
# paint (docs/decisions.md, "Startup and memory"). tests/test_version.py holds it to
# pyproject.toml's version.
__version__ = "0.1.0"
