"""`python -m casino_gui.gui.bench_startup`: the casino's startup against a bare PySide6 window.

Both are whole processes launched the same way, in turn, in the same run: the time from the
launch to the line each prints at its first paint (`casino-gui --timings` for the casino, the
table shown; casino_gui/gui/bare_window.py for the bare window), and the CPU both had used by
then (Linux). Prints the medians and the casino's ratio to the bare window; asserts nothing.

Runs offscreen unless QT_QPA_PLATFORM says otherwise.
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
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

BARE_WINDOW = Path(__file__).with_name("bare_window.py")
# The first paint of either program comes well within this; a program that never paints is
# reported, not waited for.
PAINT_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class Start:
    wall_s: float
    cpu_s: float | None  # None where /proc is missing


def _cpu_seconds(pid: int) -> float | None:
    """User and system time the process has used so far, from /proc (Linux only)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # Fields 14 and 15 of stat (utime, stime), counted after the ")" that ends the name.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_to_first_paint(command: Sequence[str], folder: Path | None = None) -> Start:
    """Launch `command` (in `folder`), wait for its first line, printed at its first paint,
    then end it."""
    environment = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=environment,
        cwd=folder,
        text=True,
        start_new_session=True,  # its own group: the casino's worker process ends with it
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        wall = time.perf_counter() - started
        cpu = _cpu_seconds(process.pid)
        if not line:
            raise RuntimeError(f"{' '.join(command)} ended without painting")
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=PAINT_TIMEOUT_S)
    return Start(wall, cpu)


def _ratio(casino: list[float], bare: list[float]) -> str:
    mine, theirs = statistics.median(casino), statistics.median(bare)
    return (
        f"{1000 * mine:6.0f} ms  vs a bare window's {1000 * theirs:5.0f} ms  = {mine / theirs:.2f}×"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m casino_gui.gui.bench_startup")
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
    with tempfile.TemporaryDirectory(prefix="casino-startup-") as folder:
        if args.data_dir is not None:
            # A copy: each start adds a backup and the lock file to the folder it opens.
            shutil.copytree(args.data_dir, folder, dirs_exist_ok=True)
        casino = [sys.executable, "-m", "casino_gui", "--data-dir", folder]
        casino += ["--game", "blackjack", "--timings"]
        # `-m` looks in the current folder first: run there, the other tree's casino starts.
        launches: dict[str, tuple[list[str], Path | None]] = {"casino": (casino, None)}
        if args.source is not None:
            launches["source"] = (casino, args.source.resolve())
        launches["bare"] = ([sys.executable, str(BARE_WINDOW)], None)
        # One launch of each first, untimed: the bankroll is created, the files are cached.
        for command, where in launches.values():
            time_to_first_paint(command, where)
        starts: dict[str, list[Start]] = {name: [] for name in launches}
        for _ in range(args.runs):  # in turn, so that a busy moment weighs on each
            for name, (command, where) in launches.items():
                starts[name].append(time_to_first_paint(command, where))
    print(f"Startup to the first painted page, medians of {args.runs} alternating launches:")
    bare = starts.pop("bare")
    for name, mine in starts.items():
        label = "casino" if name == "casino" else f"{args.source}"
        print(f"  wall: {label} {_ratio([s.wall_s for s in mine], [s.wall_s for s in bare])}")
        cpu_mine = [s.cpu_s for s in mine if s.cpu_s is not None]
        cpu_bare = [s.cpu_s for s in bare if s.cpu_s is not None]
        if cpu_mine and cpu_bare:
            print(f"  CPU:  {label} {_ratio(cpu_mine, cpu_bare)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
