"""The window: the felt table and everything drawn on it (PySide6)."""
