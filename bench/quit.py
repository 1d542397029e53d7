"""`python -m bench.quit`: how long the casino takes to end once its last window has closed.

Each launch is the real program (`casino_gui.app.run`) after a closed session, at the table:
a chip is placed (its cue loads the audio stack), the worker process is started (the house
edges of the lobby), and the window is closed as a player closes it. The time is from the
close to the end of the process, as its parent sees it; prints the median and the slowest.
Runs offscreen unless QT_QPA_PLATFORM says otherwise.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.startup import PAINT_TIMEOUT_S, child_environment, close_a_session

CLOSING_LINE = "closing"
# How long the casino's last processes may take to end after it (see `wait_for_session`).
SESSION_END_S = 3.0

# The casino with a chip placed on circle 2 at its live table; once the sound has answered
# (a device or none) and the worker runs, it prints CLOSING_LINE and closes the window.
SESSION = """
import sys
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
import casino_gui.app as app

def note(program: str, text: str) -> None:
    if "live page" not in text:
        return
    window = next(w for w in QApplication.topLevelWidgets() if w.isVisible())
    circle = window.view.mapFromScene(window.scene.circles[2].scenePos())
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=circle)

    def close_when_ready() -> None:
        player = window.sound.player
        if (player.effects is None and player.failure is None) or window.worker.pid is None:
            QTimer.singleShot(20, close_when_ready)
            return
        print("closing", flush=True)
        window.close()

    QTimer.singleShot(0, close_when_ready)

if __name__ == "__main__":  # not again in the worker process, which imports this module
    app.write_output = note
    app.run(["--data-dir", sys.argv[1], "--game", "blackjack", "--timings"])
"""


def time_to_quit(data: Path, environment: dict[str, str]) -> float:
    """Seconds from the window's close to the end of the casino's process."""
    process = subprocess.Popen(
        [sys.executable, "-c", SESSION, str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=environment,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.strip() == CLOSING_LINE:
            closed = time.perf_counter()
            process.wait(timeout=PAINT_TIMEOUT_S)
            took = time.perf_counter() - closed
            wait_for_session(process.pid)
            return took
    process.wait(timeout=PAINT_TIMEOUT_S)
    raise RuntimeError("the casino ended before its window was closed")


def wait_for_session(group: int) -> None:
    """Wait (a few seconds at most) until the casino's session has no process left: the
    resource tracker of its worker ends a moment after the casino and writes its bytecode into
    the scratch folder meanwhile, which was then left behind in the temporary folder."""
    deadline = time.monotonic() + SESSION_END_S
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.quit")
    parser.add_argument("--runs", type=int, default=7, help="launches (default 7)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    with tempfile.TemporaryDirectory(prefix="casino-quit-") as scratch:
        environment = child_environment(Path(scratch) / "bytecode")
        data = Path(scratch) / "data"
        close_a_session(Path.cwd(), data, environment)
        times = [time_to_quit(data, environment) for _ in range(args.runs)]
    print(
        f"Quit, from the last window's close to the end of the process, {args.runs} launches: "
        f"median {1000 * statistics.median(times):.0f} ms, slowest {1000 * max(times):.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
