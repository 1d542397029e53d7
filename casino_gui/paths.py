"""Where the casino keeps its files: the platformdirs user data folder, or --data-dir."""

from pathlib import Path

import platformdirs

APP_NAME = "casino_gui"


def default_data_dir() -> Path:
    """The per-user data folder of this OS (for example ~/.local/share/casino_gui on Linux)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def data_dir(override: Path | None = None) -> Path:
    """The folder the casino writes to: ``override`` (from --data-dir) when given."""
    return override if override is not None else default_data_dir()
