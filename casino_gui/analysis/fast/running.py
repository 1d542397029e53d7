"""Chunks of compiled rounds, on one process or several, into a `Simulation`.

Chunk k of seed S deals from numba's generator seeded by `chunk_seed(S, k)`, each chunk from
a new shuffle, so a run is reproduced by its seed whatever its `--jobs`, as the engine's
path is (its shoes are not the engine's: the round-for-round test gives both the same shoes
instead, tests/analysis/test_fast_rounds.py).
"""

from __future__ import annotations

import functools
import multiprocessing
import random
import time
from collections.abc import Callable

import numpy as np

from casino_gui.analysis.fast import rounds
from casino_gui.analysis.fast.tables import (
    TRUE_COUNT_HIGH,
    TRUE_COUNT_LOW,
    PlayTables,
    misfit,
    play_tables,
    ramp_of,
    tags_of,
)
from casino_gui.analysis.simulation import BET, CountBets, Simulation, Sums, Tally
from casino_gui.engine import Rules
from casino_gui.engine.counting import HI_LO

CHUNK = 200_000  # rounds a call: ~40 ms compiled, so a progress bar and a stop are prompt
ROWS = TRUE_COUNT_HIGH - TRUE_COUNT_LOW + 1
_NONE = np.zeros(0, np.int64)


@functools.cache
def numba_refusal() -> str | None:
    """Why numba cannot play the rounds here (None: it can), tried on a few rounds once."""
    try:
        import numba  # noqa: F401
    except Exception as error:  # ImportError, or a broken llvmlite's OSError
        return f"numba could not be loaded ({error})"
    try:
        play_chunk(play_tables(Rules()), CountBets(HI_LO, 1), 0, 10)
    except Exception as error:  # numba's compile errors share no base class
        return f"numba could not compile the rounds ({type(error).__name__}: {error})"
    return None


def fast_refusal(rules: Rules, count: CountBets | None) -> str | None:
    """Why this simulation takes the engine's path, in a sentence (None: the fast path)."""
    refusal = misfit(rules)
    if refusal is not None:
        return refusal
    if count is not None and not count.system.balanced:
        return f"the fast path reads a true count; {count.system.name} is unbalanced"
    return numba_refusal()


def play_chunk(tables: PlayTables, count: CountBets | None, seed: int, size: int) -> Tally:
    """`size` rounds from new shuffles of numba's generator seeded by `seed`."""
    sums = np.zeros((ROWS, 6), np.int64)
    start = time.process_time()
    play_on(tables, tables.shoe.copy(), size, True, seed, count, sums)
    seconds = time.process_time() - start
    kept = {
        true: Sums(*(int(x) for x in sums[true - TRUE_COUNT_LOW]))
        for true in range(TRUE_COUNT_LOW, TRUE_COUNT_HIGH + 1)
        if sums[true - TRUE_COUNT_LOW, 0]
    }
    return Tally(kept, seconds)


def play_on(
    tables: PlayTables,
    order: np.ndarray,
    size: int,
    shuffle: bool,
    seed: int,
    count: CountBets | None,
    sums: np.ndarray,
    kept: tuple[np.ndarray, np.ndarray, np.ndarray] = (_NONE, _NONE, _NONE),
) -> tuple[int, int]:
    """`rounds.play_rounds` with a table's arrays and a count's tags and ramp; `kept`, the
    arrays of each round's net, bet and true count (as many as they hold)."""
    nets, bets, trues = kept
    played, ended = rounds.play_rounds(
        order,
        size,
        shuffle,
        seed,
        tables.rules_row,
        tables.hard,
        tables.soft,
        tables.pair,
        tables.doubles,
        tables.surrenders,
        tables.splits,
        tables.draws,
        tables.totals,
        tables.busts,
        tags_of(None if count is None else count.system),
        ramp_of(1 if count is None else count.top),
        BET,
        sums,
        nets,
        bets,
        trues,
    )
    return int(played), int(ended)


def chunk_seed(seed: int, chunk: int) -> int:
    """The seed of numba's generator for a chunk (32 bits, as numpy's legacy seed takes)."""
    return random.Random(f"{seed}:{chunk}").getrandbits(32)


# The tables of the simulation under way, set before its worker processes fork.
_tables: PlayTables | None = None


def _play_task(task: tuple[CountBets | None, int, int, int]) -> Tally:
    count, seed, chunk, size = task
    assert _tables is not None
    return play_chunk(_tables, count, chunk_seed(seed, chunk), size)


def simulate_fast(
    rules: Rules,
    rounds_asked: int | None,
    seed: int = 0,
    jobs: int = 1,
    count: CountBets | None = None,
    progress: Callable[[int, int], None] | None = None,
    seconds: float | None = None,
    chunk_size: int = CHUNK,
) -> Simulation:
    """Play `rounds_asked` rounds (or, None, as many as `seconds` of the wall clock allow)
    by the chart, flat or betting by `count`, on `jobs` processes. `progress(done, total)`
    hears of each chunk (total 0 when the run is timed)."""
    global _tables  # noqa: PLW0603 - read by the forked workers
    _tables = play_tables(rules)
    jobs = max(jobs, 1)
    begin = time.perf_counter()
    total_asked = rounds_asked or 0
    total = Tally()
    done = chunk = 0
    if progress is not None:
        progress(0, total_asked)
    pool = multiprocessing.get_context(_start_method()).Pool(jobs) if jobs > 1 else None
    try:
        while rounds_asked is None or done < rounds_asked:
            batch: list[tuple[CountBets | None, int, int, int]] = []
            for _ in range(jobs):
                size = chunk_size
                if rounds_asked is not None:
                    size = min(chunk_size, rounds_asked - done - sum(t[3] for t in batch))
                if size <= 0:
                    break
                batch.append((count, seed, chunk, size))
                chunk += 1
            tallies = map(_play_task, batch) if pool is None else pool.imap(_play_task, batch)
            for tally, task in zip(tallies, batch, strict=True):
                total += tally
                done += task[3]
                if progress is not None:
                    progress(done, total_asked)
            if seconds is not None and time.perf_counter() - begin >= seconds:
                break
    finally:
        if pool is not None:
            pool.terminate()
    elapsed = time.perf_counter() - begin
    return Simulation.of(rules, total, seed, jobs, elapsed, count)


def _start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    return "fork" if "fork" in methods else "spawn"


SHORT_ROUNDS = 200_000


def short_simulation(rules: Rules) -> tuple[int, float]:
    """A short simulation at compiled speed, of `rules` or, where they are another game's,
    of Standard BlackJack: (rounds, rounds per CPU second). The frozen program's smoke test
    runs it in the window's worker process; a fast path that cannot load fails it."""
    if misfit(rules) is not None:
        rules = Rules()
    refusal = numba_refusal()
    if refusal is not None:
        raise RuntimeError(refusal)
    done = simulate_fast(rules, SHORT_ROUNDS)
    return done.rounds, done.rounds_per_cpu_second
