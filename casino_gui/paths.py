"""Where the casino keeps its files: the platformdirs user data folder, or --data-dir."""

import os
from pathlib import Path

import platformdirs

from casino_gui.command_line import shown

APP_NAME = "casino_gui"


def default_data_dir() -> Path:
    """The per-user data folder of this OS (for example ~/.local/share/casino_gui on Linux)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def data_dir(override: Path | None = None) -> Path:
    """The folder the casino writes to: ``override`` (from --data-dir) when given."""
    return override if override is not None else default_data_dir()


# SQLite opens files by paths of at most 512 bytes, and the backups lie one folder deeper
# under longer names: a longer data folder could be created, but never hold a bankroll.
MAX_DATA_DIR_BYTES = 400


def data_dir_problem(folder: Path | None) -> str | None:
    """What makes `folder` (--data-dir) unusable, in words, before anything is made in it:
    a path too long for the bankroll's database, a name over the system's limit (255 bytes),
    a file; None when it can be used, or is the default."""
    if folder is None:
        return None
    size = len(os.fsencode(os.path.abspath(folder)))
    if size > MAX_DATA_DIR_BYTES:
        return (
            f"--data-dir {shown(folder)}: a path of {size:,} characters is too long "
            f"for the bankroll's database; give one of at most {MAX_DATA_DIR_BYTES}"
        )
    try:
        if folder.exists() and not folder.is_dir():
            return f"--data-dir {shown(folder)}: this is a file, not a folder"
    except OSError as error:  # a name over 255 bytes, a folder on the way that cannot be read
        return f"--data-dir {shown(folder)}: {error.strerror or error}"
    return None
