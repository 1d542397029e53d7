"""`python -m bench.analysis`: the strategy's figures, printed, not asserted.

- the time of one hint (`advise` on a live round), over decisions of every game, and of the
  first hint of a fresh program (the dealer's tables not yet drawn up);
- the time of one hint at a shoe game (`--shoe-hints`): the game dealt from a shoe cut at 75%,
  each decision's values for the cards left (a new composition each time) and its shoe lines
  (the chart's cell worked out from its own deals, the count);
- the time of one hint for the cards left at Standard BlackJack dealt from a shoe
  (`--exact-hints`): at the start of an 8-deck shoe, and one deck down to its last 13 cards
  (docs/performance.md, "Hints for the cards left");
- the time to compute each game's house edge from nothing (one core);
- simulated rounds per second, and the simulated edge against the computed one: with
  `--rounds 1000000 --jobs N` this is the check that the two agree within three standard
  errors for every game (exit status 1 if one does not).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from casino_gui.analysis.simulation import simulate
from casino_gui.engine import GAMES, Action, Move, Phase, Round, Rules, Shoe
from casino_gui.engine.strategy import (
    BasicStrategy,
    advise,
    analyse,
    forget_computed,
    shoe_hint,
)

AGREEMENT = 3.0  # standard errors


def hint_times(rules: Rules, decisions: int, seed: int = 7) -> list[float]:
    """Seconds taken by `advise` at each of `decisions` decisions of randomly played rounds."""
    rng = random.Random(seed)
    times: list[float] = []
    strategy = BasicStrategy(rules)
    while len(times) < decisions:
        table = Round(rules, Shoe.shuffled(rules, rng.getrandbits(64)), 10**9)
        table.bet(1, 1_000)
        table.deal()
        _play_timed(table, strategy, times, decisions, advise)
    return times


def _play_timed(
    table: Round,
    strategy: BasicStrategy,
    times: list[float],
    decisions: int,
    hint: Callable[[Round], object],
) -> None:
    """Play `table` out by the basic strategy, timing `hint` at each decision into `times`
    (until it holds `decisions` figures)."""
    while table.phase is not Phase.SETTLED and len(times) < decisions:
        start = time.perf_counter()
        hint(table)
        times.append(time.perf_counter() - start)
        action = strategy.choose(table)
        if action is Action.INSURE and table.active_hand is not None:
            table.insure(strategy.insure_amount(table, table.active_hand))
        else:
            table.apply(Move(action))


def shoe_hint_times(rules: Rules, decisions: int, seed: int = 7) -> list[float]:
    """Seconds taken by HINT at a shoe game (`advise` and `shoe_hint`) at each of `decisions`
    decisions of rounds dealt on from one shoe, played by the basic strategy; the first is
    that of a fresh program."""
    rules = rules.replace(penetration=0.75)
    forget_computed()
    times: list[float] = []
    strategy = BasicStrategy(rules)
    last: tuple[int, int] | None = None
    rng = random.Random(seed)
    while len(times) < decisions:
        shoe = Shoe.next_for(rules, last, rng.getrandbits(64))
        table = Round(rules, shoe, 10**9)
        table.bet(1, 1_000)
        table.deal()
        _play_timed(table, strategy, times, decisions, lambda t: shoe_hint(t, advise(t)))
        last = (shoe.seed or 0, shoe.dealt)
    return times


def exact_hint_times(
    decks: int, left: int | None, decisions: int, seed: int = 3
) -> tuple[list[float], list[float]]:
    """Seconds taken by HINT (`advise` and `shoe_hint`) at Standard BlackJack dealt from a shoe
    of `decks` decks, at each decision of rounds dealt from a fresh shuffle (`left` None) or
    with `left` cards in the shoe once the first four are dealt; each round a new shuffle.
    The wall clock's seconds, and the process's own (the machine is shared)."""
    rules = GAMES["blackjack"].replace(decks=decks, penetration=0.9 if decks == 1 else 0.75)
    first = 0 if left is None else 52 * decks - left - 4
    times: list[float] = []
    own: list[float] = []

    def hint(table: Round) -> None:
        start = time.process_time()
        shoe_hint(table, advise(table))
        own.append(time.process_time() - start)

    strategy = BasicStrategy(rules)
    rng = random.Random(seed)
    while len(times) < decisions:
        table = Round(rules, Shoe.shuffled(rules, rng.getrandbits(64), first), 10**9)
        table.bet(1, 1_000)
        table.deal()
        _play_timed(table, strategy, times, decisions, hint)
    return times, own


def print_exact_hints(decisions: int, as_json: bool) -> int:
    """The time of a hint for the cards left, in milliseconds, where it costs the most and
    the least: the start of an 8-deck shoe and one deck's last 13 cards."""
    print(f"load average {os.getloadavg()[0]:.1f}; milliseconds, wall clock (process)")
    print(f"{'shoe':<26}{'hints':>6}{'median':>15}{'p95':>15}{'max':>15}")
    rows = []
    for name, decks, left in (
        ("8 decks, fresh shuffle", 8, None),
        ("1 deck, 13 cards left", 1, 13),
    ):
        wall, own = (sorted(figures) for figures in exact_hint_times(decks, left, decisions))
        row: dict[str, Any] = {"shoe": name, "hints": len(wall)}
        for kind, ranked in (("", wall), ("process_", own)):
            row[f"{kind}median_ms"] = 1000 * statistics.median(ranked)
            row[f"{kind}p95_ms"] = 1000 * ranked[int(0.95 * (len(ranked) - 1))]
            row[f"{kind}max_ms"] = 1000 * ranked[-1]
        rows.append(row)
        cells = "".join(
            f"{row[f'{figure}_ms']:>9.1f} ({row[f'process_{figure}_ms']:>3.0f})"
            for figure in ("median", "p95", "max")
        )
        print(f"{name:<26}{row['hints']:>6}{cells}", flush=True)
    if as_json:
        print(json.dumps(rows, indent=2))
    return 0


def first_hint_seconds(rules: Rules, seed: int = 11) -> float:
    """Seconds of the first hint of a fresh program (no table worked out yet)."""
    forget_computed()
    table = Round(rules, Shoe.shuffled(rules, seed), 10**9)
    table.bet(1, 1_000)
    table.deal()
    while table.phase is Phase.SETTLED:  # a natural settled at once: deal again
        seed += 1
        table = Round(rules, Shoe.shuffled(rules, seed), 10**9)
        table.bet(1, 1_000)
        table.deal()
    start = time.perf_counter()
    advise(table)
    return time.perf_counter() - start


def edge_seconds(rules: Rules) -> tuple[float, float]:
    """The house edge and the seconds it takes to compute from nothing."""
    forget_computed()
    start = time.perf_counter()
    edge = analyse(rules).house_edge
    return edge, time.perf_counter() - start


def print_shoe_hints(games: list[str], decisions: int, as_json: bool) -> int:
    """The time of a hint at each game dealt from a shoe: milliseconds per decision."""
    print(f"{'game':<15}{'decks':>6}{'hints':>7}{'median':>8}{'p95':>7}{'max':>7}{'first':>7}")
    rows = []
    for game in games:
        times = shoe_hint_times(GAMES[game], decisions)
        first, ranked = times[0], sorted(times)
        row = {
            "game": game,
            "decks": GAMES[game].decks,
            "hints": len(times),
            "median_ms": 1000 * statistics.median(ranked),
            "p95_ms": 1000 * ranked[int(0.95 * (len(ranked) - 1))],
            "max_ms": 1000 * ranked[-1],
            "first_ms": 1000 * first,
        }
        rows.append(row)
        print(
            f"{game:<15}{row['decks']:>6}{row['hints']:>7}{row['median_ms']:>8.1f}"
            f"{row['p95_ms']:>7.1f}{row['max_ms']:>7.1f}{row['first_ms']:>7.1f}",
            flush=True,
        )
    if as_json:
        print(json.dumps(rows, indent=2))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.analysis", description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES), help="game ids (default all)")
    parser.add_argument("--rounds", type=int, default=20_000, help="simulated rounds per game")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the simulation")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulation")
    parser.add_argument("--hints", type=int, default=200, help="hints timed per game")
    parser.add_argument(
        "--shoe-hints",
        type=int,
        default=0,
        help="time this many hints per game dealt from a shoe cut at 75%% (and only those)",
    )
    parser.add_argument(
        "--exact-hints",
        type=int,
        default=0,
        help="time this many hints for the cards left at the start of an 8-deck shoe and "
        "with 13 cards left in one deck (and only those)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (games are {', '.join(GAMES)})")

    if args.exact_hints:
        return print_exact_hints(args.exact_hints, args.json)
    if args.shoe_hints:
        return print_shoe_hints(args.games, args.shoe_hints, args.json)
    rows: list[dict[str, Any]] = []
    print(
        f"{'game':<15}{'hint ms':>9}{'p95':>7}{'max':>7}{'first':>7}{'edge s':>8}{'edge %':>9}"
        f"{'simulated % ± se':>20}{'z':>7}{'rounds':>10}{'rounds/s':>10}",
        flush=True,
    )
    agree = True
    for game in args.games:
        rules = GAMES[game]
        first = first_hint_seconds(rules)
        edge, seconds = edge_seconds(rules)
        times = sorted(hint_times(rules, args.hints)) if args.hints else [0.0]
        strategy = BasicStrategy(rules)
        strategy.analysis()  # its situations kept: the rounds per second are the engine's
        sim = simulate(rules, args.rounds, args.seed, args.jobs, strategy=strategy)
        z = (sim.house_edge - edge) / sim.standard_error if sim.standard_error else 0.0
        agree = agree and abs(z) <= AGREEMENT
        row = {
            "game": game,
            "hint_ms_mean": 1000 * statistics.fmean(times),
            "hint_ms_p95": 1000 * times[int(0.95 * (len(times) - 1))],
            "hint_ms_max": 1000 * times[-1],
            "first_hint_ms": 1000 * first,
            "edge_seconds": seconds,
            "house_edge_percent": 100 * edge,
            "simulated_percent": 100 * sim.house_edge,
            "standard_error_percent": 100 * sim.standard_error,
            "z": z,
            "rounds": sim.rounds,
            "jobs": sim.jobs,
            "rounds_per_second": sim.rounds_per_second,
        }
        rows.append(row)
        print(
            f"{game:<15}{row['hint_ms_mean']:>9.1f}{row['hint_ms_p95']:>7.1f}"
            f"{row['hint_ms_max']:>7.1f}{row['first_hint_ms']:>7.1f}{seconds:>8.1f}"
            f"{row['house_edge_percent']:>9.3f}"
            f"{row['simulated_percent']:>11.3f} ± {row['standard_error_percent']:.3f}"
            f"{z:>+7.2f}{sim.rounds:>10}{sim.rounds_per_second:>10,.0f}",
            flush=True,
        )
    verdict = "agree" if agree else "DISAGREE"
    print(f"computed and simulated edges {verdict} within {AGREEMENT:g} standard errors")
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
