"""`python -m bench.store --scale 1000 100000`: what looking at a record costs, side by side for
histories of each length (built by `generate_history`, judged), each figure the median of
`--runs` runs. A figure to watch, not a test.

- stats: `python -m casino_gui.store stats` with play quality, the whole command;
- page: the statistics page's query (`casino_gui.store.stats.job.compute`), all games and
  one game, all time, as the window's worker runs it;
- start: a process that opens the bankroll and plays one round, timed to the round's end
  and to the process's (the start's backup, copied and checked meanwhile, included), beside
  the same on a new bankroll;
- export: `store export` as CSV and as JSON to a file, in rounds a second;
- verify: `store verify`.
"""

from __future__ import annotations

import functools
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from casino_gui.store.stats.job import StatsQuery, compute

STORE = [sys.executable, "-m", "casino_gui.store"]
# Says its processor time (every thread's) once the round is played, then closes.
START_AND_PLAY = """
import resource, sys
from pathlib import Path
from casino_gui.engine import GAMES, Action, Bet, Move
from casino_gui.store.bankroll import Bankroll
with Bankroll.open(Path(sys.argv[1]), backup_later=True) as bankroll:
    bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="9S 7H TH TC")
    bankroll.act(Move(Action.STAND))
    used = resource.getrusage(resource.RUSAGE_SELF)
    print(used.ru_utime + used.ru_stime, flush=True)
"""


def _cpu() -> float:
    """Processor seconds of this process and of the commands it ran: on a loaded machine,
    what the work itself took, whatever the waits for a core."""
    mine, theirs = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return mine.ru_utime + mine.ru_stime + theirs.ru_utime + theirs.ru_stime


def _median(runs: int, work: Callable[[], object]) -> tuple[float, float]:
    """The median wall-clock and processor seconds of `runs` runs of `work`."""
    walls, cpus = [], []
    for _ in range(runs):
        start, cpu = time.perf_counter(), _cpu()
        work()
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def _run(command: Sequence[str]) -> None:
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def _starts(runs: int, folders: Callable[[], str]) -> dict[str, tuple[float, float]]:
    """The median wall-clock and processor seconds of `runs` starts that play a round (in
    the folder `folders` gives each), to the round's end and to the process's."""
    played: list[tuple[float, float]] = []
    ended: list[tuple[float, float]] = []
    for _ in range(runs):
        start, cpu = time.perf_counter(), _cpu()
        with subprocess.Popen(
            [sys.executable, "-c", START_AND_PLAY, folders()], stdout=subprocess.PIPE, text=True
        ) as process:
            assert process.stdout is not None
            line = process.stdout.readline()
            played.append((time.perf_counter() - start, float(line)))
            process.stdout.read()
        if process.returncode != 0:
            raise subprocess.CalledProcessError(process.returncode, process.args)
        ended.append((time.perf_counter() - start, _cpu() - cpu))
    return {"start": _medians(played), "start, whole": _medians(ended)}


def _medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    walls, cpus = zip(*runs, strict=True)
    return statistics.median(walls), statistics.median(cpus)


def figures(folder: Path, rounds: int, runs: int, scratch: Path) -> dict[str, tuple[float, float]]:
    """Seconds for each look at the history of `folder`."""
    data = str(folder)
    output = scratch / "export"
    found = {
        "stats": _median(runs, lambda: _run([*STORE, "stats", "--data-dir", data])),
        "page": _median(runs, lambda: compute(StatsQuery(data))),
        "page, one game": _median(runs, lambda: compute(StatsQuery(data, "blackjack"))),
    }
    for kind in ("csv", "json"):
        export = [*STORE, "export", "--data-dir", data, "--format", kind, "--output", str(output)]
        found[f"export {kind}"] = _median(runs, functools.partial(_run, export))
    found["verify"] = _median(runs, lambda: _run([*STORE, "verify", "--data-dir", data]))
    # Each start plays one more round: the history grows by `runs` rounds, a negligible part.
    found.update(_starts(runs, lambda: data))
    return found


def new_start(runs: int, scratch: Path) -> dict[str, tuple[float, float]]:
    """A start that plays one round on a new bankroll: a new folder each run."""
    folders = iter(range(runs))
    return _starts(runs, lambda: str(scratch / f"new-{next(folders)}"))


def report(
    sizes: Sequence[int],
    found: dict[int, dict[str, tuple[float, float]]],
    new: dict[str, tuple[float, float]],
) -> str:
    first, last = sizes[0], sizes[-1]
    lines = []
    for clock, which in (("wall clock", 0), ("processor time", 1)):
        header = f"{clock:28}" + "".join(f"{size:>16,}" for size in sizes) + f"{'ratio':>9}"
        lines.append(header + "   (rounds in the history)")

        def row(name: str, values: list[str], ratio: float) -> None:
            shown = "".join(f"{value:>16}" for value in values)
            lines.append(f"{name:28}{shown}{ratio:8.1f}×")

        for name, label in (
            ("stats", "store stats (with quality)"),
            ("page", "statistics page, all games"),
            ("page, one game", "statistics page, one game"),
            ("verify", "store verify"),
            ("start", "start + one round"),
            ("start, whole", "  to the process's end"),
        ):
            values = [found[size][name][which] for size in sizes]
            row(label, [f"{value * 1000:,.0f} ms" for value in values], values[-1] / values[0])
        for kind in ("csv", "json"):
            rates = [size / found[size][f"export {kind}"][which] for size in sizes]
            row(
                f"export {kind.upper()}",
                [f"{rate:,.0f} rounds/s" for rate in rates],
                rates[0] / rates[-1],
            )
        for name, label in (("start", "to the round's end"), ("start, whole", "to the end")):
            lines.append(
                f"a start + one round on a new bankroll, {label}: {new[name][which] * 1000:,.0f}"
                f" ms; on {last:,} rounds {found[last][name][which] / new[name][which]:.2f}×"
                f" that, on {first:,} {found[first][name][which] / new[name][which]:.2f}×"
            )
        lines.append("")
    return "\n".join(lines).rstrip()


def main(sizes: Sequence[int], runs: int, data_dir: Path | None) -> None:
    from bench.store import generate_history  # the builder lives with the store's bench

    with tempfile.TemporaryDirectory(prefix="casino-scale-") as scratch_name:
        scratch = Path(scratch_name)
        root = data_dir or scratch
        found: dict[int, dict[str, tuple[float, float]]] = {}
        for size in sizes:
            folder = root / f"history-{size}"
            if not (folder / "bankroll.sqlite3").exists():
                start = time.perf_counter()
                generate_history(folder, size, judged=True)
                print(f"{size:,} rounds built in {time.perf_counter() - start:.1f} s", flush=True)
            found[size] = figures(folder, size, runs, scratch)
        new = new_start(runs, scratch)
    print(report(sizes, found, new))
