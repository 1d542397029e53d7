"""`python -m bench.judging`: what judging play costs, and what a first look costs.

- the advisor: processor time per judged decision and per round, judging a history never
  judged (a new advisor, a restore) as the casino's worker does it in the background: a job
  of `JOB_ROUNDS` rounds at a time, each kept (`casino_gui.store.judging.judge_some`);
- the first `store stats` (with play quality) on a history of `--small` rounds and of
  `--rounds` rounds made as play leaves them (every round judged as it settled), a
  subprocess each: its wall-clock and processor time, and their ratio;
- the first `store stats --no-wait` on a history of `--judge` rounds never judged: at once;
  then judging it as the worker does (the first figure above);
- the worker's job after one round settles (`judge_some` with one round to judge), on the
  short history: what each settled round costs the worker's process, never the window's.

Prints the figures; asserts nothing (docs/performance.md, "Judging play").
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path

from bench.store import SeededPlayer, generate_history
from casino_gui.store.bankroll import Bankroll
from casino_gui.store.database import FILE_NAME, connect
from casino_gui.store.judging import JOB_ROUNDS, judge_some
from casino_gui.store.stats import kept


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_stats(folder: Path, *options: str) -> tuple[float, float]:
    """The wall-clock and processor seconds of one `store stats` on `folder`."""
    cpu, wall = children_cpu(), time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "casino_gui.store", "stats", "--data-dir", str(folder), *options],
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - wall, children_cpu() - cpu


def judge_in_jobs(folder: Path) -> tuple[float, float, int, int]:
    """Judge every round in the worker's jobs: wall-clock and processor seconds, the rounds
    and the decisions judged."""
    path = folder / FILE_NAME
    wall, cpu = time.perf_counter(), time.process_time()
    while True:
        state = kept.judge_some(path, JOB_ROUNDS)
        assert state is not None and not state.stuck
        if state.complete:
            break
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    with closing(connect(path, read_only=True)) as db:
        (decisions,) = db.execute("SELECT count(*) FROM verdicts").fetchone()
    return wall, cpu, state.rounds, int(decisions)


def settled_round_jobs(folder: Path, rounds: int = 20) -> tuple[float, float]:
    """Play `rounds` rounds on `folder`, the worker's job after each: the median processor
    and wall-clock milliseconds of a job."""
    cpus, walls = [], []
    with Bankroll.open(folder) as bankroll:
        player = SeededPlayer(bankroll, base=7)
        for _ in range(rounds):
            player.play_round()
            wall, cpu = time.perf_counter(), time.process_time()
            state = judge_some(str(folder))
            cpus.append(time.process_time() - cpu)
            walls.append(time.perf_counter() - wall)
            assert state is not None and state.complete
    return 1000 * statistics.median(cpus), 1000 * statistics.median(walls)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.judging", description=__doc__)
    parser.add_argument("--rounds", type=int, default=10_000, help="the long history (10,000)")
    parser.add_argument("--small", type=int, default=1_000, help="the short one (1,000)")
    parser.add_argument(
        "--judge", type=int, metavar="N", help="rounds never judged to judge (--rounds)"
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help="keep the histories here (default: a temporary folder)",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="casino-judging-") as scratch:
        root = args.data_dir or Path(scratch)
        played = {}
        for size in (args.small, args.rounds):
            folder = played[size] = root / f"played-{size}"
            if not (folder / FILE_NAME).exists():
                generate_history(folder, size)  # as play leaves it: judged as it settled
        small, long = first_stats(played[args.small]), first_stats(played[args.rounds])
        print(
            f"first `store stats` on {args.small:,} rounds made as play leaves them: "
            f"{small[0]:.2f} s ({small[1]:.2f} s of processor time); on {args.rounds:,}: "
            f"{long[0]:.2f} s ({long[1]:.2f} s), {long[0] / small[0]:.2f}× "
            f"({long[1] / small[1]:.2f}× in processor time)",
            flush=True,
        )
        cpu_ms, wall_ms = settled_round_jobs(played[args.small])
        print(
            f"the worker's job after a round settles: {cpu_ms:.1f} ms of processor time "
            f"({wall_ms:.1f} ms by the clock), median of 20 rounds",
            flush=True,
        )
        to_judge = args.judge or args.rounds
        never = root / f"never-judged-{to_judge}"
        if not (never / FILE_NAME).exists():
            generate_history(never, to_judge, judged=False)
        at_once = first_stats(never, "--no-wait")
        print(
            f"first `store stats --no-wait` on {to_judge:,} rounds never judged: "
            f"{at_once[0]:.2f} s ({at_once[1]:.2f} s of processor time)",
            flush=True,
        )
        wall, cpu, rounds, decisions = judge_in_jobs(never)
        print(
            f"judging {rounds:,} rounds ({decisions:,} decisions) in jobs of {JOB_ROUNDS}: "
            f"{wall:.1f} s ({cpu:.1f} s of processor time): {1000 * cpu / decisions:.2f} ms "
            f"a decision, {1000 * cpu / rounds:.2f} ms a round of processor time; "
            f"{100_000 * cpu / rounds / 60:.0f} min for 100,000 rounds"
        )


if __name__ == "__main__":
    main()
