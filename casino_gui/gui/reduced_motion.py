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
