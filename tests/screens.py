"""Offscreen screens of a chosen size for tests: Qt's offscreen platform reads its screens from a
JSON file (`offscreen:configfile=...`); without one it has a single 800 x 800 screen."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path


def offscreen_platform(width: int, height: int, folder: Path | None = None) -> str:
    """A QT_QPA_PLATFORM value for one offscreen screen of `width` x `height` device pixels."""
    folder = folder or Path(tempfile.mkdtemp(prefix="casino-screen-"))
    config = folder / f"screen-{width}x{height}.json"
    screen = {"name": "test", "x": 0, "y": 0, "width": width, "height": height}
    config.write_text(json.dumps({"screens": [{**screen, "logicalDpi": 96}]}), "utf-8")
    return f"offscreen:configfile={config}"
