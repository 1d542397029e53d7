"""Settings every test needs before anything imports Qt, and temporary folders in memory."""

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.screens import desktop_platform

# Before any QApplication exists: no screen is needed, and qasync must bind to PySide6
# (docs/architecture.md, "Known traps on this stack"). The offscreen screen is a desktop's
# 1920 x 1080, not the platform's default 800 x 800, since the window fits itself to its screen.
os.environ["QT_QPA_PLATFORM"] = desktop_platform()
os.environ["QT_API"] = "pyside6"


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 2 MB file system (tmpfs), full when the test fills it (mounting needs Linux and
    root: skipped with the reason elsewhere)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs Linux and root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield disk
    finally:
        # Lazily: a fixture may let go of its files after the test's body.
        subprocess.run(["umount", "-l", str(disk)], check=False)


MEMORY_FOLDER = "/dev/shm"
MEMORY_BASETEMP = pytest.StashKey[str]()
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
# time (~5 ms each on the development machine, thousands of them). So unless --basetemp or
# TMPDIR names a place, the session's temporary folders (tmp_path) are made in memory where
# there is one, in a folder of this session's own with a short name (messages that quote a
# path are held to 300 characters), removed at the end; what the tests check of the store is
# the same on any file system.
def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput") or config.option.basetemp or "TMPDIR" in os.environ:
        return  # an xdist worker gets its folder inside the session's
    root = memory_temp_root()
    if root is not None:
        config.option.basetemp = tempfile.mkdtemp(prefix="t", dir=root)
        config.stash[MEMORY_BASETEMP] = config.option.basetemp


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(MEMORY_BASETEMP, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
