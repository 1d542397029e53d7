"""`python -m bench.startup`: the casino's startup against a bare PySide6 window.

Both are whole processes launched the same way, in turn, in the same run, after a session the
player closed (as a player meets the casino): the time from the launch to the line each prints
at its first paint (`casino-gui --timings`: the window opening; bench/bare_window.py for the
bare window), and to the **usable table**: the moment a click on a circle, made as the live
table is painted, has placed a chip. The click is sent through the window's system events
(`QTest` on its `QWindow`) the first time the casino's event loop runs after the live paint,
so work done before the loop runs (loading qasync, say) delays it as it would a player's
click. Also the CPU both had used by then (Linux). Prints the medians and the ratios to the
bare window; asserts nothing.

Both programs run from bytecode, as installed programs do (pip and the frozen build compile
every module): the children get a cache folder of their own (PYTHONPYCACHEPREFIX), filled by an
untimed first launch, even where PYTHONDONTWRITEBYTECODE is set. Runs offscreen unless
QT_QPA_PLATFORM says otherwise (`QT_QPA_PLATFORM=xcb DISPLAY=:12` under Xvfb).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

BARE_WINDOW = Path(__file__).with_name("bare_window.py")
# The first paint of either program comes well within this; a program that never paints is
# reported, not waited for.
PAINT_TIMEOUT_S = 60.0
USABLE_LINE = "usable table"  # printed by USABLE below once its click placed a chip

# The casino as a player starts it, with a click on circle 2 the first time its event loop runs
# after the live table's paint; prints USABLE_LINE once the chip is on the circle.
USABLE = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import casino_gui.app as app

said = app.write_output

def click() -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window = next(w for w in QApplication.topLevelWidgets() if w.isVisible())
    circle = window.view.mapFromScene(window.scene.circles[2].scenePos())
    at = window.view.viewport().mapTo(window, circle)
    handle = window.windowHandle()
    QTest.mouseClick(handle, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    if 2 in window.controller.pending.bets:
        said("casino-gui", "usable table\\n")

def note(program: str, text: str) -> None:
    said(program, text)
    if "live page" in text:
        QTimer.singleShot(0, click)

app.write_output = note
sys.exit(app.main(sys.argv[1:]))
"""

# A session that starts and is closed by its player (a real close of the window), run as
# `python -c` in the data folder's casino.
CLOSED_SESSION = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import casino_gui.app as app

def close_when_live(program: str, text: str) -> None:
    if "live page" in text:
        windows = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
        QTimer.singleShot(0, lambda: [w.close() for w in windows])

app.write_output = close_when_live
sys.exit(app.main(["--data-dir", sys.argv[1], "--game", "blackjack", "--timings"]))
"""


@dataclass(frozen=True)
class Start:
    wall_s: float
    cpu_s: float | None  # None where /proc is missing
    usable: Start | None = None  # the casino's usable table


def _cpu_seconds(pid: int) -> float | None:
    """User and system time the process has used so far, from /proc (Linux only)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # Fields 14 and 15 of stat (utime, stime), counted after the ")" that ends the name.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def child_environment(cache: Path | None = None) -> dict[str, str]:
    """Offscreen unless told otherwise; bytecode cached in `cache` (see the module's text)."""
    environment = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    if cache is not None:
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
        environment["PYTHONPYCACHEPREFIX"] = str(cache)
    return environment


def time_to_first_paint(
    command: Sequence[str],
    folder: Path | None = None,
    environment: Mapping[str, str] | None = None,
    *,
    usable: bool = False,
) -> Start:
    """Launch `command` (in `folder`), wait for its first line, printed at its first paint
    (and, for the casino, for the line of its usable table), then end it."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=dict(environment) if environment is not None else child_environment(),
        cwd=folder,
        text=True,
        start_new_session=True,  # its own group: the casino's worker process ends with it
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        first = Start(time.perf_counter() - started, _cpu_seconds(process.pid))
        if not line:
            raise RuntimeError(f"{' '.join(command)} ended without painting")
        if usable:  # the casino: its usable table comes later
            for later in process.stdout:
                if USABLE_LINE in later:
                    then = Start(time.perf_counter() - started, _cpu_seconds(process.pid))
                    first = Start(first.wall_s, first.cpu_s, then)
                    break
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=PAINT_TIMEOUT_S)
    return first


def close_a_session(folder: Path, data: Path, environment: Mapping[str, str]) -> None:
    """Start the casino of the tree at `folder` on `data` and close its window, as a player
    ends a session (the table and the window's size are kept for the next start)."""
    subprocess.run(
        [sys.executable, "-c", CLOSED_SESSION, str(data)],
        cwd=folder,
        env=dict(environment),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=PAINT_TIMEOUT_S,
        check=True,
    )


def _ratio(casino: list[float], bare: list[float]) -> str:
    mine, theirs = statistics.median(casino), statistics.median(bare)
    return (
        f"{1000 * mine:6.0f} ms  vs a bare window's {1000 * theirs:5.0f} ms  = {mine / theirs:.2f}×"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.startup")
    parser.add_argument("--runs", type=int, default=7, help="launches of each (default 7)")
    parser.add_argument(
        "--source",
        type=Path,
        metavar="DIR",
        help="also time the casino of another source tree (say, an older commit's "
        "`git archive`), in the same run",
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help="start on a copy of this data folder (a bankroll with a long history, say) "
        "instead of a new one",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.data_dir is not None and not args.data_dir.is_dir():
        parser.error(f"--data-dir {args.data_dir}: not a folder")
    with tempfile.TemporaryDirectory(prefix="casino-startup-") as scratch:
        starts = _launch_in_turn(Path(scratch), args)
    _report(starts, args)
    return 0


@dataclass(frozen=True)
class Launch:
    command: list[str]
    where: Path | None  # the folder to start in: the tree whose casino `-c` finds
    environment: dict[str, str]


def _launch_in_turn(scratch: Path, args: argparse.Namespace) -> dict[str, list[Start]]:
    bytecode = child_environment(scratch / "bytecode")
    trees = {"casino": Path.cwd()}
    if args.source is not None:
        trees["source"] = args.source.resolve()
    launches: dict[str, Launch] = {}
    for name, tree in trees.items():
        # The data folder is found as a player's start finds it (platformdirs, on Linux
        # through XDG_DATA_HOME), not given with --data-dir: that lookup is part of a start.
        environment = {**bytecode, "XDG_DATA_HOME": str(scratch / name)}
        data = scratch / name / "casino_gui"
        if args.data_dir is not None:
            # A copy: each start adds a backup and the lock file to the folder it opens.
            shutil.copytree(args.data_dir, data, dirs_exist_ok=True)
        casino = [sys.executable, "-c", USABLE, "--game", "blackjack", "--timings"]
        # `-c` looks in the current folder first: run there, the other tree's casino starts.
        where = None if name == "casino" else tree
        launches[name] = Launch(casino, where, environment)
        close_a_session(tree, data, environment)  # the bankroll made, the table kept
    launches["bare"] = Launch([sys.executable, str(BARE_WINDOW)], None, bytecode)
    # One launch of each first, untimed: the bytecode is written, the files are cached.
    for name, launch in launches.items():
        time_to_first_paint(launch.command, launch.where, launch.environment, usable=name != "bare")
    starts: dict[str, list[Start]] = {name: [] for name in launches}
    for _ in range(args.runs):  # in turn, so that a busy moment weighs on each
        for name, launch in launches.items():
            starts[name].append(
                time_to_first_paint(
                    launch.command, launch.where, launch.environment, usable=name != "bare"
                )
            )
    return starts


def _report(starts: dict[str, list[Start]], args: argparse.Namespace) -> None:
    bare = starts.pop("bare")
    platform = os.environ.get("QT_QPA_PLATFORM", "offscreen")
    print(
        f"Startup against a bare window's first paint, medians of {args.runs} launches ({platform}):"
    )
    for name, mine in starts.items():
        label = name if args.source is None else name.replace("source", str(args.source))
        _print_ratios(f"{label}, first paint", mine, bare)
        usable = [start.usable for start in mine if start.usable is not None]
        if usable:
            _print_ratios(f"{label}, usable table", usable, bare)
    print(
        "first paint: the window opening (title, menus, felt); usable table: a click on a "
        "circle made as the live table was painted has placed a chip"
    )


def _print_ratios(label: str, mine: list[Start], bare: list[Start]) -> None:
    print(f"  wall: {label} {_ratio([s.wall_s for s in mine], [s.wall_s for s in bare])}")
    cpu_mine = [s.cpu_s for s in mine if s.cpu_s is not None]
    cpu_bare = [s.cpu_s for s in bare if s.cpu_s is not None]
    if cpu_mine and cpu_bare:
        print(f"  CPU:  {label} {_ratio(cpu_mine, cpu_bare)}")


if __name__ == "__main__":
    sys.exit(main())
