"""Offscreen screens of a chosen size for tests: Qt's offscreen platform reads its screens from a
JSON file (`offscreen:configfile=...`); without one it has a single 800 x 800 screen."""

from __future__ import annotations

import json
from pathlib import Path

# The screen every test has (tests/conftest.py): kept in the tests, not written at each run.
DESKTOP = Path(__file__).with_name("screen-1920x1080.json")


def desktop_platform() -> str:
    """A QT_QPA_PLATFORM value for one offscreen screen of a desktop's 1920 x 1080 pixels."""
    return f"offscreen:configfile={DESKTOP}"


def offscreen_platform(width: int, height: int, folder: Path) -> str:
    """A QT_QPA_PLATFORM value for one offscreen screen of `width` x `height` device pixels,
    its description written into `folder`."""
    config = folder / f"screen-{width}x{height}.json"
    screen = {"name": "test", "x": 0, "y": 0, "width": width, "height": height}
    config.write_text(json.dumps({"screens": [{**screen, "logicalDpi": 96}]}), "utf-8")
    return f"offscreen:configfile={config}"
