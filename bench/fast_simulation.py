"""`python -m bench.fast_simulation`: rounds per CPU second of the simulation's paths.

Standard BlackJack dealt from six decks cut at 75%, Hi-Lo 1:12, one process (`--jobs 1`):
the compiled rounds (numba, `casino_gui/analysis/fast/`), the same rounds run as plain Python
(the functions numba compiles, uncompiled: what the fast path would be without it) and the
engine (`analysis simulate --engine`). Each is `Simulation.rounds_per_cpu_second`, the rate
`analysis simulate` prints; the compile's time is not counted (a warm-up first). The
figures and the choice they made are in docs/performance.md and docs/decisions.md,
"Simulations at compiled speed". A figure to watch, not a test.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from casino_gui.analysis.fast import rounds
from casino_gui.analysis.fast.running import (
    ROWS,
    numba_refusal,
    play_chunk,
    play_on,
    simulate_fast,
)
from casino_gui.analysis.fast.tables import play_tables
from casino_gui.analysis.simulation import CountBets, simulate
from casino_gui.engine.counting import HI_LO
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.strategy import BasicStrategy

RULES = BLACKJACK.replace(decks=6, penetration=0.75)
COUNT = CountBets(HI_LO, 12)


def plain_python_rate(rounds_asked: int) -> float:
    """The compiled rounds' own Python, run uncompiled: rounds per CPU second."""
    tables = play_tables(RULES)
    compiled = rounds.play_rounds
    plain = getattr(compiled, "py_func", compiled)
    rounds.play_rounds = plain
    try:
        sums = np.zeros((ROWS, 6), np.int64)
        start = time.process_time()
        play_on(tables, tables.shoe.copy(), rounds_asked, True, 1, COUNT, sums)
        return rounds_asked / (time.process_time() - start)
    finally:
        rounds.play_rounds = compiled


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fast_simulation", description=__doc__)
    parser.add_argument("--rounds", type=int, default=10_000_000, help="compiled rounds")
    parser.add_argument("--slow-rounds", type=int, default=20_000, help="plain and engine rounds")
    args = parser.parse_args(argv)
    refusal = numba_refusal()
    if refusal is not None:
        print(f"no compiled path here: {refusal}", file=sys.stderr)
        return 1
    play_chunk(play_tables(RULES), COUNT, 0, 1_000)  # the compile (or the cache's load)
    fast = simulate_fast(RULES, args.rounds, seed=1, jobs=1, count=COUNT)
    plain = plain_python_rate(args.slow_rounds)
    strategy = BasicStrategy(RULES)
    strategy.analysis()
    engine = simulate(RULES, args.slow_rounds, 1, 1, strategy=strategy, count=COUNT)
    print("6 decks cut at 75%, Hi-Lo 1:12, one process: rounds per CPU second")
    print(f"compiled (numba):  {fast.rounds_per_cpu_second:>12,.0f}  ({fast.rounds:,} rounds)")
    print(f"plain Python:      {plain:>12,.0f}  ({args.slow_rounds:,} rounds)")
    print(f"engine:            {engine.rounds_per_cpu_second:>12,.0f}  ({engine.rounds:,} rounds)")
    print(
        f"compiled / engine: {fast.rounds_per_cpu_second / engine.rounds_per_cpu_second:>12,.0f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
