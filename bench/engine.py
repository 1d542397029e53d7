"""`python -m bench.engine`: rounds per second of random legal play, per game.

A figure to watch, not a test. Each round is dealt from a shoe seeded 0, 1, 2 ... with random
bets on random circles and random legal actions (a random late-insurance amount where one is
asked): the same rounds for every engine timed. `--against COMMIT` (or `--source DIR`, either
repeated) times older engines in the same run: the commit is unpacked into a temporary folder with `git
archive`, and the two are timed in turn, each run a fresh process, so a busy machine slows
both alike; the medians and their ratio are printed. Times are the process's CPU time, the
rate per core (a machine shared with other work stretches the wall clock, not this). Equal checksums say the two engines
dealt the same cards and paid the same money.

The last line is the floor of a round on this machine: the CPU time of shuffling each round's
shoe from its seed (`Shoe.shuffled`) and drawing the cards that round drew, which any engine
dealing these same cards pays whatever else it does, and of the bench's own random choices
(the same calls of its random source, the legal moves sorted as it sorts them), which every
engine timed here pays; an older engine's time per round over the floor is the most any such
engine could be faster than it in this benchmark.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

from bench import engine_play as bench_play
from casino_gui.engine.games import GAMES
from casino_gui.engine.shoe import Shoe

PLAY = Path(__file__).with_name("engine_play.py")
ROOT = Path(__file__).resolve().parents[1]  # the source tree this module is in


# Per game: CPU seconds, checksum, and the cards each round drew.
Played = dict[str, tuple[float, int, list[int]]]


def time_tree(root: Path, games: Sequence[str], rounds: int) -> Played:
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
    return {
        game: (float(seconds), int(checksum), [int(count) for count in drawn])
        for game, (seconds, checksum, drawn) in answer.items()
    }


def floor_seconds(game: str, drawn: Sequence[int]) -> float:
    """CPU seconds to shuffle each round's shoe from its seed (0, 1, 2 ...) and draw the cards
    that round drew (`drawn`), with this tree's shoe: what dealing these same cards costs."""
    rules = GAMES[game]
    start = time.process_time()
    for seed, count in enumerate(drawn):
        draw = Shoe.shuffled(rules, seed).draw
        for _ in range(count):
            draw()
    return time.process_time() - start


# The player's random calls in one game's rounds: ("random", None), ("choice", the options),
# ("moves", the legal moves as the player sorted them), ("randint", the top).
Calls = list[tuple[str, object]]


def record_choices(game: str, rounds: int) -> tuple[Calls, int]:
    """The bench player's random calls over `rounds` rounds of `game`, played once with this
    tree's engine in this process, and the checksum of those rounds (noting the calls changes
    none of them)."""
    calls: Calls = []

    class Noting(random.Random):
        # A subclass defining `random` but not `getrandbits` draws its choices from `random()`
        # (random.Random.__init_subclass__): other numbers than the player's, and noted too.
        def getrandbits(self, k: int, /) -> int:
            return super().getrandbits(k)

        def random(self) -> float:
            calls.append(("random", None))
            return super().random()

        def choice(self, seq: Sequence[object]) -> object:  # type: ignore[override]
            # The legal moves come sorted in a list, the bets' options in a tuple.
            calls.append(("moves" if isinstance(seq, list) else "choice", seq))
            return super().choice(seq)

        def randint(self, a: int, b: int) -> int:
            calls.append(("randint", b))
            return super().randint(a, b)

    _, checksum, _ = bench_play.play([game], rounds, Noting)[game]
    return calls, checksum


def choices_seconds(calls: Calls) -> float:
    """CPU seconds the bench player's own choices take: the same calls of a random source
    seeded as its, the moves sorted by their value as it sorts them."""
    rng = random.Random(1)
    start = time.process_time()
    for kind, argument in calls:
        if kind == "moves":
            rng.choice(sorted(argument, key=lambda a: a.value))  # type: ignore[call-overload]
        elif kind == "choice":
            rng.choice(argument)  # type: ignore[arg-type]
        elif kind == "random":
            rng.random()
        else:
            rng.randint(1, argument)  # type: ignore[arg-type]
    return time.process_time() - start


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


FLOOR = "floor"  # the name of the floor's rows in `compare`'s answer: the shuffle's,
CHOICES = "choices"  # and the bench player's own random choices


def compare(
    trees: dict[str, Path], games: Sequence[str], rounds: int, runs: int
) -> dict[str, dict[str, tuple[float, int]]]:
    """Each tree timed `runs` times, in turn; per tree and game the median seconds and the
    checksum. The first tree's floor (`FLOOR` and `CHOICES`, checksum 0) is timed after it
    each run, in this process: the cards its rounds drew, dealt from the same seeds, and the
    player's random calls in those rounds."""
    names = [*trees, FLOOR, CHOICES]
    calls = {game: record_choices(game, rounds)[0] for game in games}
    seconds: dict[str, dict[str, list[float]]] = {name: {g: [] for g in games} for name in names}
    checksums: dict[str, dict[str, int]] = {name: dict.fromkeys(games, 0) for name in names}
    first = next(iter(trees))
    for _ in range(runs):
        for name, root in trees.items():
            for game, (spent, checksum, drawn) in time_tree(root, games, rounds).items():
                seconds[name][game].append(spent)
                checksums[name][game] = checksum
                if name == first:
                    seconds[FLOOR][game].append(floor_seconds(game, drawn))
                    seconds[CHOICES][game].append(choices_seconds(calls[game]))
    return {
        name: {g: (statistics.median(seconds[name][g]), checksums[name][g]) for g in games}
        for name in names
    }


def report(
    medians: dict[str, dict[str, tuple[float, int]]], games: Sequence[str], rounds: int
) -> str:
    """Rounds per CPU second of each tree; for each other tree, how many times faster the
    first is, and whether the two played to the same results."""
    names = [name for name in medians if name not in (FLOOR, CHOICES)]
    mine, others = names[0], names[1:]
    head = f"{'game':<16}" + "".join(f"{name:>14}" for name in names)
    head += "".join(f"{'× ' + name:>14}{'same':>6}" for name in others)
    lines = [head]
    totals = dict.fromkeys(names, 0.0)
    for game in [*games, "all games"]:
        if game == "all games":
            spent = {name: totals[name] / len(games) for name in names}
        else:
            spent = {name: medians[name][game][0] for name in names}
            for name in names:
                totals[name] += spent[name]
        line = f"{game:<16}" + "".join(f"{rounds / spent[name]:>14,.0f}" for name in names)
        for name in others:
            line += f"{spent[name] / spent[mine]:>13.2f}×"
            if game == "all games":
                line += f"{'':>6}"
            else:
                line += f"{'yes' if medians[name][game][1] == medians[mine][game][1] else 'no':>6}"
        lines.append(line.rstrip())
    if FLOOR in medians:
        lines.append(floor_line(medians, games, rounds, others))
    return "\n".join(lines)


def floor_line(
    medians: dict[str, dict[str, tuple[float, int]]],
    games: Sequence[str],
    rounds: int,
    others: Sequence[str],
) -> str:
    """The floor of a round, all games together, and how much faster than each other
    engine any engine dealing these cards could be at most."""

    def per_round(name: str) -> float:  # µs a round, all games together
        return sum(medians[name][g][0] for g in games) / len(games) / rounds * 1e6

    shuffle, choices = per_round(FLOOR), per_round(CHOICES)
    floor = shuffle + choices
    line = (
        f"floor: {floor:.1f} µs a round ({1e6 / floor:,.0f} rounds per CPU second): "
        f"{shuffle:.1f} the seeded shuffle and the cards the rounds drew, {choices:.1f} the "
        "bench's own random choices"
    )
    for name in others:
        line += f"; at most {per_round(name) / floor:.1f}× {name} ({per_round(name):.1f} µs)"
    return line


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__)
    parser.add_argument("--rounds", type=int, default=2_000, help="rounds per game (2,000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per engine (5)")
    parser.add_argument(
        "--against",
        metavar="COMMIT",
        action="append",
        default=[],
        help="also time the engine of COMMIT (repeat for more)",
    )
    parser.add_argument(
        "--source",
        metavar="DIR",
        type=Path,
        action="append",
        default=[],
        help="also time the engine of the source tree DIR (repeat for more)",
    )
    parser.add_argument("games", nargs="*", default=list(GAMES), help="game ids (default all)")
    args = parser.parse_args(argv)
    unknown = [game for game in args.games if game not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (games are {', '.join(GAMES)})")
    trees = {"this tree": ROOT}
    with tempfile.TemporaryDirectory(prefix="engine-bench-") as folder:
        for commit in args.against:
            trees[commit] = unpack(commit, Path(folder) / commit)
        for source in args.source:
            trees[str(source)] = source
        medians = compare(trees, args.games, args.rounds, args.runs)
    print(
        f"random legal play, {args.rounds:,} seeded rounds per game, "
        f"median of {args.runs} runs per engine taken in turn (rounds per CPU second)"
    )
    print(report(medians, args.games, args.rounds))
    if len(trees) > 1:
        print("× COMMIT: how many times faster this tree is; same: the same checksum of results")


if __name__ == "__main__":
    main()
