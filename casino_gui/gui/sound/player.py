"""Who makes the sound: the player interface, a silent player and Qt's `QSoundEffect`.

`QtSoundPlayer` imports QtMultimedia once the table is live (`load`) or after the first cue,
not at startup (it loads the audio stack, PulseAudio on Linux). Every failure is silence, never an error or a wait: QtMultimedia
that cannot be imported (no libpulse), no audio device (CI, a remote session), a file that does
not load. Nothing here blocks: QSoundEffect loads its file and opens the device in the
background. Nor does it write on stderr: what Qt says while its audio stack loads (the
libraries it looked for, a sound server that did not answer) goes to this module's log at
debug level, and where there is no audio device no QSoundEffect is made (each would warn that
it cannot play); the log has one line saying why the table is silent (docs/decisions.md,
"Sound").
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from casino_gui.gui.sound.cues import Cue

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

log = logging.getLogger(__name__)
NO_DEVICE = "no audio device"

# The first cue's click is painted before the audio stack loads: a timer of 0 ran in the
# click's own pass of events, with the paint of its chip (docs/decisions.md, "Sound").
LOAD_AFTER_FIRST_CUE_MS = 100


class Player(Protocol):
    """Plays cues; the table's sound (`TableSound`) decides which and when."""

    def play(self, cue: Cue) -> None: ...

    def set_volume(self, gain: float) -> None:
        """The amplitude factor of every cue, 0.0..1.0."""


class SilentPlayer:
    """No sound at all: the fallback, and the player of the tools that need none."""

    def play(self, cue: Cue) -> None:
        pass

    def set_volume(self, gain: float) -> None:
        pass


class QtSoundPlayer:
    """One `QSoundEffect` per cue, all made (and their files loaded) on the first cue."""

    def __init__(self, parent: QObject | None = None) -> None:
        self.parent = parent
        self.gain = 1.0
        self.effects: dict[Cue, Any] | None = None  # QSoundEffect by cue, once loaded
        self.failure: str | None = None  # why the player is silent for good
        self._loading = False

    @property
    def silent(self) -> bool:
        return self.failure is not None

    def set_volume(self, gain: float) -> None:
        self.gain = gain
        for effect in (self.effects or {}).values():
            effect.setVolume(gain)

    def play(self, cue: Cue) -> None:
        if self.effects is None and self.failure is None:
            # The audio stack takes ~40 ms to load: not in the click that asked for the first
            # cue, which is dropped, as a late cue is, nor before that click's chip is painted
            # (docs/decisions.md, "Sound").
            self._load_soon()
            return
        effects = self.effects or {}
        effect = effects.get(cue)
        if effect is None or effect.status() == effect.Status.Error:
            return  # no device or an unreadable file: silence
        effect.play()

    def load(self) -> None:
        """Load QtMultimedia and the cues now (a start does it once its table is live)."""
        self._effects()

    def _load_soon(self) -> None:
        if not self._loading:
            self._loading = True
            from PySide6.QtCore import QTimer

            QTimer.singleShot(LOAD_AFTER_FIRST_CUE_MS, self.load)

    def _effects(self) -> dict[Cue, Any]:
        if self.effects is not None or self.failure is not None:
            return self.effects or {}
        with qt_messages_logged():
            try:
                from PySide6.QtCore import QUrl
                from PySide6.QtMultimedia import QSoundEffect
            except (ImportError, OSError) as error:  # OSError: a library that will not load
                self._fail(f"QtMultimedia is not available ({error})")
                return {}
            if not has_audio_output():
                self._fail(NO_DEVICE)
                return {}
        effects: dict[Cue, Any] = {}
        for cue in Cue:
            if not cue.path.is_file():
                continue
            effect = QSoundEffect(self.parent)
            effect.setSource(QUrl.fromLocalFile(str(cue.path)))
            effect.setVolume(self.gain)
            effects[cue] = effect
        self.effects = effects
        return effects

    def describe(self) -> str:
        """What the player can do, in a line (the smoke test prints it)."""
        if self.failure == NO_DEVICE:
            # QtMultimedia loaded (it says there is no device): the files are what remains to
            # tell, for a frozen bundle's smoke test on a machine without sound.
            files = sum(cue.path.is_file() for cue in Cue)
            return f"silent: {NO_DEVICE} (QtMultimedia loaded, {files} of {len(Cue)} cue files)"
        if self.failure is not None:
            return f"silent: {self.failure}"
        if self.effects is None:
            return "QtMultimedia not loaded yet (no cue played)"
        errors = sum(effect.status() == effect.Status.Error for effect in self.effects.values())
        device = f", {errors} silent (no audio device)" if errors else ""
        return f"{len(self.effects)} of {len(Cue)} cues loaded with QtMultimedia{device}"

    def _fail(self, reason: str) -> None:
        self.failure = reason
        log.info("the table is silent: %s", reason)


def has_audio_output() -> bool:
    """Whether the system offers a device to play sound on (QtMultimedia imported)."""
    from PySide6.QtMultimedia import QMediaDevices

    return bool(QMediaDevices.audioOutputs())


@contextmanager
def qt_messages_logged() -> Iterator[None]:
    """Qt's messages go to this module's log (debug level) instead of stderr meanwhile."""
    from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

    def to_log(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        log.debug("Qt (%s): %s", context.category, message)

    previous = qInstallMessageHandler(to_log)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)
