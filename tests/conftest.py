"""Settings every test needs before anything imports Qt, and temporary folders in memory."""

import os
import tempfile

from tests.screens import offscreen_platform

# Before any QApplication exists: no screen is needed, and qasync must bind to PySide6
# (docs/architecture.md, "Known traps on this stack"). The offscreen screen is a desktop's
# 1920 x 1080, not the platform's default 800 x 800, since the window fits itself to its screen.
os.environ["QT_QPA_PLATFORM"] = offscreen_platform(1920, 1080)
os.environ["QT_API"] = "pyside6"

MEMORY_FOLDER = "/dev/shm"
ROOM_NEEDED = 2**30  # the biggest test bankroll (100,000 rounds) and the screenshots, with room


def memory_temp_root() -> str | None:
    """A file system in memory with room to spare (Linux's /dev/shm), or None."""
    try:
        room = os.statvfs(MEMORY_FOLDER)
    except (AttributeError, OSError):  # no statvfs on Windows; no such folder on macOS
        return None
    if not os.access(MEMORY_FOLDER, os.W_OK) or room.f_bavail * room.f_frsize < ROOM_NEEDED:
        return None
    return MEMORY_FOLDER


# The bankroll syncs every commit to the disk (SQLite's `synchronous = FULL`, and an fsync
# around every file swap): on a disk the syncs, not the tests, would take much of the suite's
# time (~5 ms each on the development machine, thousands of them). So unless TMPDIR names a
# place, the tests' temporary folders (pytest's tmp_path included) are made in memory where
# there is one; what the tests check of the store is the same on any file system.
if "TMPDIR" not in os.environ and (root := memory_temp_root()) is not None:
    os.environ["TMPDIR"] = root
    tempfile.tempdir = root
