"""The first frame: a picture of the empty table, shown while the live table is being built.

Building the live table imports the engine, the store and some forty modules of the window,
and opens the bankroll: three times as long as Python and Qt take to show a bare window. So a
closing window keeps a picture of its table *without anything the bankroll or a round holds*
(no money, no cards, no lit button, no message; see `blank_table.py`), and the next start shows
that picture in the same window at once, then builds the live table over it (docs/decisions.md,
"Startup and memory"; Firefox's skeleton UI and Android's starting windows show an application's
frame before its code is loaded in the same way).

The picture is shown only where it is exactly the table the start is about to build: the same
version of the casino, the same settings file byte for byte (the table, its rules, the felt,
the card back, the sound lamp, the window's size), the same screen scale, and room for it on
the screen (or, where the screen forced the window smaller than its kept size, the same room
that forced it). Anything else, or a file that does not read whole, and the start builds the live
table without it. This module imports nothing of the casino but its version, so that the
picture is painted before the engine and the store are loaded.

The file (`first_frame.cache` in the data folder) is one header line, one line of JSON
describing the picture, and the picture as a BMP (uncompressed: read in a few milliseconds,
where a PNG takes ten). It is a cache: written beside and moved in, never needed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from casino_gui import __version__

FRAME_FILE = "first_frame.cache"
MAGIC = b"casino_gui first frame 1\n"
SETTINGS_FILE = "settings.json"  # the file whose bytes the picture was drawn for
# A picture larger than this is not one this casino wrote (a 4K screen at 2x is 33 MB).
MAX_FRAME_BYTES = 80 * 1024 * 1024
MAX_SETTINGS_BYTES = 64 * 1024  # the casino writes a few hundred bytes
# The room the window manager's frame takes, as remembered_size.py reckons before it is known.
FRAME_ALLOWANCE = (16, 48)
BACKDROP = QColor("#17110d")  # the table view's own background, behind a picture that misfits


class FirstFrame:
    """A picture of the empty table for one window size, and what the window shows with it."""

    __slots__ = ("image", "maximized", "size", "title")

    def __init__(self, image: QImage, size: QSize, title: str, maximized: bool) -> None:
        self.image = image
        self.size = size  # the window's inside, in logical pixels
        self.title = title
        self.maximized = maximized


def frame_header(
    settings_text: str,
    size: QSize,
    ratio: float,
    title: str,
    maximized: bool,
    length: int,
    room: tuple[int, int] | None = None,
) -> bytes:
    """The file's first two lines for a picture of `length` bytes drawn for these settings;
    `room`: the screen's room, when it forced the window's size (smaller than the kept one)."""
    meta = {
        "bytes": length,
        "room": room,
        "version": __version__,
        "settings": settings_text,
        "width": size.width(),
        "height": size.height(),
        "ratio": ratio,
        "title": title,
        "maximized": maximized,
    }
    return MAGIC + json.dumps(meta, ensure_ascii=True).encode("ascii") + b"\n"


def read_first_frame(folder: Path, game: str | None = None) -> FirstFrame | None:
    """The saved picture, if it is exactly the table this start will show; else None.

    `game` is the table asked for on the command line (`--game`): the picture was drawn for
    the table played last, so it fits only when that is the same game, at its preset rules.
    Needs the QGuiApplication (for the screen's scale and size)."""
    try:
        with (folder / FRAME_FILE).open("rb") as file:
            data = file.read(MAX_FRAME_BYTES + 1)
        with (folder / SETTINGS_FILE).open("rb") as file:
            settings_text = file.read(MAX_SETTINGS_BYTES + 1).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if len(data) > MAX_FRAME_BYTES or len(settings_text) > MAX_SETTINGS_BYTES:
        return None
    if not data.startswith(MAGIC):
        return None
    end = data.find(b"\n", len(MAGIC))
    try:
        meta = json.loads(data[len(MAGIC) : end])
    except ValueError:
        return None
    if not _fits(meta, settings_text, game) or meta.get("bytes") != len(data) - end - 1:
        return None  # not this table, or a picture cut short (Qt would show what is left)
    image = QImage.fromData(data[end + 1 :], "BMP")  # type: ignore[arg-type]  # str at run time
    size = QSize(meta["width"], meta["height"])
    ratio = float(meta["ratio"])
    if image.isNull() or image.size() != size * ratio:
        return None  # not a picture, or not the size it says
    image.setDevicePixelRatio(ratio)
    return FirstFrame(image, size, str(meta["title"]), bool(meta["maximized"]))


def _fits(meta: Any, settings_text: str, game: str | None) -> bool:
    if not isinstance(meta, dict) or meta.get("version") != __version__:
        return False
    if meta.get("settings") != settings_text:
        return False  # the table, its look or the window's size changed since it was drawn
    width, height, ratio = meta.get("width"), meta.get("height"), meta.get("ratio")
    if not (isinstance(width, int) and isinstance(height, int) and isinstance(ratio, float)):
        return False
    if game is not None and not _plays(settings_text, game):
        return False
    screen = QGuiApplication.primaryScreen()
    if screen is None or screen.devicePixelRatio() != ratio:
        return False
    room = screen.availableGeometry()
    forced_by = meta.get("room")
    if forced_by is not None:
        # The screen forced the window's size: the same room forces the same size again.
        if forced_by != [room.width(), room.height()]:
            return False
    elif not meta.get("maximized") and (
        width > room.width() - FRAME_ALLOWANCE[0] or height > room.height() - FRAME_ALLOWANCE[1]
    ):
        return False  # the window will be made smaller than the picture
    return isinstance(meta.get("title"), str)


def _plays(settings_text: str, game: str) -> bool:
    """Whether the settings' last table is `game` at its preset rules."""
    try:
        settings = json.loads(settings_text)
    except ValueError:
        return False
    return isinstance(settings, dict) and settings.get("game") == game and not settings.get("rules")


class FirstFrameView(QWidget):
    """Paints the picture until the live table takes its place; says when it was painted."""

    painted = Signal()

    def __init__(self, frame: FirstFrame, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._image = frame.image
        self._said = False

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        if self._image.deviceIndependentSize().toSize() == self.size():
            painter.drawImage(0, 0, self._image)
        else:  # the window manager gave the window another size: no picture of another table
            painter.fillRect(self.rect(), BACKDROP)
        painter.end()
        if not self._said:
            self._said = True
            self.painted.emit()
