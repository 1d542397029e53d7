"""Whether the desktop asks applications for reduced motion (docs/decisions.md, "The look
adapts"). Qt has no such hint, so each desktop's own setting is read: GNOME's
`enable-animations`, KDE's `AnimationDurationFactor`, Windows' client-area animation flag and
macOS's Reduce motion. Anything that cannot be read counts as no request.
"""

from __future__ import annotations

import configparser
import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from casino_gui.gui.window import CasinoWindow

QUERY_TIMEOUT_S = 1.0


@functools.cache
def desktop_reduces_motion() -> bool:
    """The desktop's answer, asked once per program run."""
    try:
        if sys.platform == "win32":
            return _windows()
        if sys.platform == "darwin":
            return (
                _command(["defaults", "read", "com.apple.universalaccess", "reduceMotion"]) == "1"
            )
        return _kde() or _gnome()
    except (OSError, ValueError, subprocess.SubprocessError):
        return False


def _kde() -> bool:
    """KDE Plasma: the animation speed slider at its instant end writes a factor of 0."""
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "kdeglobals"
    if not config.is_file():
        return False
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.read(config, encoding="utf-8")
    factor = parser.get("KDE", "AnimationDurationFactor", fallback="1")
    return float(factor) == 0.0


def _gnome() -> bool:
    """GNOME (and desktops that follow its settings): Settings ▸ Accessibility ▸ Reduce
    animation turns `enable-animations` off."""
    if shutil.which("gsettings") is None:
        return False
    answer = _command(["gsettings", "get", "org.gnome.desktop.interface", "enable-animations"])
    return answer == "false"


def _command(command: list[str]) -> str:
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=QUERY_TIMEOUT_S, check=False
    )
    return done.stdout.strip() if done.returncode == 0 else ""


def _windows() -> bool:
    import ctypes

    spi_get_client_area_animation = 0x1042
    animated = ctypes.c_int(1)
    user32 = ctypes.windll.user32  # type: ignore[attr-defined]
    if not user32.SystemParametersInfoW(
        spi_get_client_area_animation, 0, ctypes.byref(animated), 0
    ):
        return False
    return not animated.value


async def follow_desktop_motion(window: CasinoWindow) -> None:
    """Where the player has chosen no speed, ask the desktop whether it wants reduced motion
    (a child process on some desktops: `gsettings`, `defaults`) on a thread, after the first
    paint, and play at the instant speed if it does (docs/decisions.md, "The look adapts")."""
    import asyncio
    import contextlib
    import dataclasses
    import threading

    from casino_gui.gui.settings import Speed

    if window.settings.speed_chosen:
        return
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[bool] = loop.create_future()

    def give(reduces: bool) -> None:
        if not answer.done():
            answer.set_result(reduces)

    def ask() -> None:
        # A thread of its own, not the loop's executor: a child process that hangs to its
        # timeout holds nothing the program waits for at its end.
        reduces = desktop_reduces_motion()
        with contextlib.suppress(RuntimeError):  # the program ended first
            loop.call_soon_threadsafe(give, reduces)

    threading.Thread(target=ask, name="desktop-motion", daemon=True).start()
    if not await answer:
        return
    if window.settings.speed_chosen or not window.isVisible():
        return  # chosen meanwhile, or closed
    window.preferences.apply(dataclasses.replace(window.settings, speed=Speed.INSTANT))
