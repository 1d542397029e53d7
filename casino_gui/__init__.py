"""A desktop blackjack casino: seven games on a felt table, driven by the mouse."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("casino-gui")
except PackageNotFoundError:  # a source tree that was never pip-installed
    __version__ = "0+unknown"
