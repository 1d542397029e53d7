"""Start a frozen casino the way a player would, let it play its scripted round, look at the picture.

A frozen Qt program most often breaks only once packaged (no platform plugin, a missing
library, resources left behind), so every build goes through this before it is called done.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QColor, QImage

TIMEOUT = 300.0
# A blank or broken window is one colour or a handful; the table has felt, rail, cards, chips
# and text, hundreds of colours even on a coarse grid.
MIN_COLOURS = 100
MIN_FELT_SHARE = 0.15


class SmokeTestError(RuntimeError):
    """The frozen program failed its smoke test; the message says how."""


@dataclass(frozen=True)
class SmokeResult:
    seconds: float
    output: str
    picture: Path
    colours: int
    felt_share: float


def felt_green(colour: QColor) -> bool:
    """The table's felt: clearly more green than red or blue (as tests/gui/test_app.py asks)."""
    return colour.green() > colour.red() + 40 and colour.green() > colour.blue() + 30


def check_picture(picture: Path) -> tuple[int, float]:
    """Raise SmokeTestError unless `picture` shows the table; return its colour count on a
    64x64 grid and the share of felt-green points."""
    image = QImage(str(picture))
    if image.isNull():
        raise SmokeTestError(f"the smoke test wrote no readable picture to {picture}")
    if image.width() < 200 or image.height() < 150:
        raise SmokeTestError(f"the picture is only {image.width()}x{image.height()} pixels")
    grid = 64
    points = [
        image.pixelColor(
            image.width() * (2 * i + 1) // (2 * grid), image.height() * (2 * j + 1) // (2 * grid)
        )
        for i in range(grid)
        for j in range(grid)
    ]
    colours = len({colour.rgb() for colour in points})
    felt_share = sum(felt_green(colour) for colour in points) / len(points)
    if colours < MIN_COLOURS:
        raise SmokeTestError(f"the picture is blank: {colours} colours on a {grid}x{grid} grid")
    if felt_share < MIN_FELT_SHARE:
        raise SmokeTestError(
            f"the picture shows no table: {felt_share:.0%} of it is felt green "
            f"(at least {MIN_FELT_SHARE:.0%} expected)"
        )
    return colours, felt_share


def check_sound(output: str) -> None:
    """The round's cues were loaded with QtMultimedia: the bundle carries it and the cues'
    files. With no audio device (a build machine) the player stays silent, which is no
    failure: QtMultimedia loaded to say so, and every cue's file must be there."""
    match = re.search(
        r"sound: (?:(\d+) of (\d+) cues loaded with QtMultimedia"
        r"|silent: no audio device \(QtMultimedia loaded, (\d+) of (\d+) cue files\))",
        output,
    )
    found = [group for group in match.groups() if group is not None] if match else []
    if len(found) != 2 or found[0] != found[1]:
        line = next((text for text in output.splitlines() if "sound:" in text), "no sound line")
        raise SmokeTestError(f"the program did not load its sound cues: {line}")


def run_smoke_test(executable: Path, picture: Path) -> SmokeResult:
    """Run `executable --smoke-test picture` with a fresh data folder and check the picture.

    On Linux without a display the offscreen platform is used; elsewhere too, unless the
    caller's environment names a platform, since a CI runner may have no usable screen.
    """
    if not executable.is_file():
        raise SmokeTestError(f"no program at {executable}")
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    # What the developer's shell may carry for a Python run must not reach the frozen one.
    for name in ("PYTHONPATH", "PYTHONHOME", "QT_PLUGIN_PATH", "QT_API"):
        env.pop(name, None)
    with tempfile.TemporaryDirectory(prefix="casino-smoke-") as scratch:
        data = Path(scratch) / "data"
        picture.parent.mkdir(parents=True, exist_ok=True)
        picture.unlink(missing_ok=True)
        started = time.perf_counter()
        try:
            done = subprocess.run(
                [
                    str(executable),
                    "--data-dir",
                    str(data),
                    "--smoke-test",
                    str(picture),
                    "--timings",
                ],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                env=env,
                check=False,
                cwd=scratch,
            )
        except subprocess.TimeoutExpired as error:
            raise SmokeTestError(f"{executable} did not finish within {TIMEOUT:.0f} s") from error
        seconds = time.perf_counter() - started
        output = (done.stdout + done.stderr).strip()
        if done.returncode != 0:
            raise SmokeTestError(
                f"{executable} --smoke-test exited with status {done.returncode}:\n{output}"
            )
        if not (data / "bankroll.sqlite3").is_file():
            raise SmokeTestError(f"the program made no bankroll in its data folder {data}")
        check_sound(output)
    colours, felt_share = check_picture(picture)
    return SmokeResult(seconds, output, picture, colours, felt_share)


if __name__ == "__main__":
    result = run_smoke_test(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"{result.output}\n{result.colours} colours, {result.felt_share:.0%} felt")
