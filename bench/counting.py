"""`python -m bench.counting`: rounds per CPU second of a counted shoe game's simulation, with
and without its speed device.

The device (docs/decisions.md, "Counting in the simulation"): the simulation goes on with a
shoe game's shuffle where the last round stopped (`Shoe.open_next_round`) instead of opening
the shuffle of its seed again at the round's first card, dealing every card before it anew
(`Shoe.next_for`, as the live table does). Both ways are timed in turn in this one process on
one core, `--runs` times each, on the same seeded rounds; the medians and their ratio are
printed, and equal edges say both dealt the same cards. A figure to watch, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

from casino_gui.analysis import simulation
from casino_gui.engine import Rules, Shoe
from casino_gui.engine.counting import HI_LO
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.strategy import BasicStrategy


def reopened_shoes(rules: Rules, seed: int, chunk: int, rounds: int) -> Iterator[Shoe]:
    """Each round's shoe as the live table opens it: the shuffle of its seed opened again at
    the round's first card (`Shoe.next_for`)."""
    last: tuple[int, int] | None = None
    for shoe_seed in simulation.shoe_seeds(seed, chunk, rounds):
        shoe = Shoe.next_for(rules, last, shoe_seed)
        yield shoe
        last = None if shoe.seed is None else (shoe.seed, shoe.dealt)


@contextmanager
def without_the_device() -> Iterator[None]:
    kept = simulation.shoes
    simulation.shoes = reopened_shoes
    try:
        yield
    finally:
        simulation.shoes = kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.counting", description=__doc__)
    parser.add_argument("--rounds", type=int, default=20_000, help="rounds per run")
    parser.add_argument("--runs", type=int, default=5, help="runs of each way, in turn")
    parser.add_argument("--seed", type=int, default=1, help="seed of the shoes")
    parser.add_argument("--decks", type=int, default=6)
    parser.add_argument("--penetration", type=float, default=0.75)
    parser.add_argument("--spread", type=int, default=12, help="N of the spread 1:N (Hi-Lo)")
    args = parser.parse_args(argv)
    rules = BLACKJACK.replace(decks=args.decks, penetration=args.penetration)
    count = simulation.CountBets(HI_LO, args.spread)
    strategy = BasicStrategy(rules)
    strategy.analysis()
    # Once untimed: every decision these rounds meet is worked out before the timing.
    simulation.simulate(rules, args.rounds, args.seed, strategy=strategy, count=count)
    rates: dict[str, list[float]] = {"going on": [], "opened again": []}
    edges: dict[str, set[float]] = {"going on": set(), "opened again": set()}
    for _ in range(args.runs):
        for way, taken in rates.items():
            with without_the_device() if way == "opened again" else nullcontext():
                sim = simulation.simulate(
                    rules, args.rounds, args.seed, strategy=strategy, count=count
                )
            taken.append(sim.rounds_per_cpu_second)
            edges[way].add(sim.house_edge)
    going, again = (statistics.median(rates[way]) for way in rates)
    print(
        f"{args.decks} decks cut at {args.penetration:.0%}, Hi-Lo 1:{args.spread}, "
        f"{args.rounds:,} rounds, median of {args.runs} runs, rounds per CPU second"
    )
    print(f"the shuffle going on (Shoe.open_next_round): {going:>9,.0f}")
    print(f"opened again at each round (Shoe.next_for):  {again:>9,.0f}")
    same = edges["going on"] == edges["opened again"] and len(edges["going on"]) == 1
    print(f"ratio {going / again:.2f}x; the same rounds dealt: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
