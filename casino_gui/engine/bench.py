"""`python -m casino_gui.engine.bench`: rounds per second of random legal play, per game.

A figure to watch, not a test. Each round is dealt from a shoe seeded 0, 1, 2 ... with random
bets on random circles and random legal actions (a random late-insurance amount where one is
asked): the same rounds for every engine timed. `--against COMMIT` (or `--source DIR`) times
an older engine in the same run: the commit is unpacked into a temporary folder with `git
archive`, and the two are timed in turn, each run a fresh process, so a busy machine slows
both alike; the medians and their ratio are printed. Times are the process's CPU time, the
rate per core (a machine shared with other work stretches the wall clock, not this). Equal checksums say the two engines
dealt the same cards and paid the same money.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

from casino_gui.engine.games import GAMES

PLAY = Path(__file__).with_name("bench_play.py")
ROOT = Path(__file__).resolve().parents[2]  # the source tree this module is in


def time_tree(root: Path, games: Sequence[str], rounds: int) -> dict[str, tuple[float, int]]:
    """Play in a fresh process importing the engine of the tree at `root`."""
    completed = subprocess.run(
        [sys.executable, "-c", PLAY.read_text(encoding="utf-8"), str(rounds), *games],
        cwd=root,  # `-c` puts the working folder first on the path: this tree's casino_gui
        capture_output=True,
        text=True,
        check=False,
    )
    if completed.returncode != 0:
        raise SystemExit(f"the engine in {root} failed:\n{completed.stderr.strip()[-2000:]}")
    answer = json.loads(completed.stdout)
    return {game: (float(seconds), int(checksum)) for game, (seconds, checksum) in answer.items()}


def unpack(commit: str, folder: Path) -> Path:
    """The package of `commit` (of the repository this tree is in), unpacked into `folder`."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "casino_gui"],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        raise SystemExit(f"git archive {commit}: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def compare(
    trees: dict[str, Path], games: Sequence[str], rounds: int, runs: int
) -> dict[str, dict[str, tuple[float, int]]]:
    """Each tree timed `runs` times, in turn; per tree and game the median seconds and the
    checksum."""
    seconds: dict[str, dict[str, list[float]]] = {name: {g: [] for g in games} for name in trees}
    checksums: dict[str, dict[str, int]] = {name: {} for name in trees}
    for _ in range(runs):
        for name, root in trees.items():
            for game, (spent, checksum) in time_tree(root, games, rounds).items():
                seconds[name][game].append(spent)
                checksums[name][game] = checksum
    return {
        name: {g: (statistics.median(seconds[name][g]), checksums[name][g]) for g in games}
        for name in trees
    }


def report(
    medians: dict[str, dict[str, tuple[float, int]]], games: Sequence[str], rounds: int
) -> str:
    names = list(medians)
    head = f"{'game':<16}" + "".join(f"{name + ' r/s':>20}" for name in names)
    if len(names) == 2:
        head += f"{'ratio':>9}  same results"
    lines = [head]
    totals = dict.fromkeys(names, 0.0)
    for game in [*games, "all games"]:
        if game == "all games":
            spent = {name: totals[name] / len(games) for name in names}
        else:
            spent = {name: medians[name][game][0] for name in names}
            for name in names:
                totals[name] += spent[name]
        line = f"{game:<16}" + "".join(f"{rounds / spent[name]:>20,.0f}" for name in names)
        if len(names) == 2:
            line += f"{spent[names[1]] / spent[names[0]]:>8.2f}×"
            if game != "all games":
                same = medians[names[0]][game][1] == medians[names[1]][game][1]
                line += "  yes" if same else "  no"
        lines.append(line)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m casino_gui.engine.bench", description=__doc__)
    parser.add_argument("--rounds", type=int, default=2_000, help="rounds per game (2,000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per engine (5)")
    parser.add_argument("--against", metavar="COMMIT", help="also time the engine of COMMIT")
    parser.add_argument("--source", type=Path, help="also time the engine of the tree DIR")
    parser.add_argument("games", nargs="*", default=list(GAMES), help="game ids (default all)")
    args = parser.parse_args(argv)
    unknown = [game for game in args.games if game not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (games are {', '.join(GAMES)})")
    trees = {"this tree": ROOT}
    with tempfile.TemporaryDirectory(prefix="engine-bench-") as folder:
        if args.against:
            trees[args.against] = unpack(args.against, Path(folder))
        elif args.source:
            trees[str(args.source)] = args.source
        medians = compare(trees, args.games, args.rounds, args.runs)
    print(
        f"random legal play, {args.rounds:,} seeded rounds per game, "
        f"median of {args.runs} runs per engine taken in turn (rounds per CPU second)"
    )
    print(report(medians, args.games, args.rounds))


if __name__ == "__main__":
    main()
