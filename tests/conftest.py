"""Settings every test needs before anything imports Qt."""

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.screens import offscreen_platform

# Before any QApplication exists: no screen is needed, and qasync must bind to PySide6
# (ARCHITECTURE.md, "Known traps on this stack"). The offscreen screen is a desktop's 1920 x 1080,
# not the platform's default 800 x 800, since the window fits itself to its screen.
os.environ["QT_QPA_PLATFORM"] = offscreen_platform(1920, 1080)
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
