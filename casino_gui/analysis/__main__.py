"""`python -m casino_gui.analysis`: a game's house edge, its basic-strategy chart, a simulation.

    python -m casino_gui.analysis edge GAME [--json] [--rules JSON]
    python -m casino_gui.analysis chart GAME [--rules JSON]
    python -m casino_gui.analysis simulate GAME --rounds N [--seed S] [--jobs J] [--json]

`--rules` changes the game's rules as the custom table does, e.g.
`--rules '{"decks": 6, "split_max_hands": 4}'`. Bad input prints one line on stderr and
exits with status 2 (casino_gui.command_line).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from casino_gui.analysis.chart_text import chart_text
from casino_gui.analysis.simulation import simulate
from casino_gui.command_line import (
    BadJsonError,
    CommandParser,
    read_json,
    refuse,
    say,
    write_output,
)
from casino_gui.engine import (
    GAMES,
    BlackjackError,
    Rules,
    from_overrides,
    rules_for,
    rules_to_json,
)
from casino_gui.engine.strategy import BasicStrategy, analyse, buster_house_edge
from casino_gui.progress import on_terminal, progress_bar

STRATEGY = (
    "two-card composition-dependent basic strategy: each first move is the best for the "
    "spot's two cards and the dealer's visible cards (shoe less those cards, dealer drawing "
    "without replacement), later moves by the hand's state in that same situation"
)


PROG = "python -m casino_gui.analysis"
# A billion rounds already take days on one core; more is a slip of the keyboard.
MAX_ROUNDS = 10**9
# More processes than this only fork for nothing (0 asks for one per core).
MAX_JOBS = 256


class _BadInputError(Exception):
    """Bad input: one line for stderr."""


def _rules(game: str, overrides: str | None) -> Rules:
    """The game's rules with the `--rules` JSON object applied, as the custom table does."""
    try:
        rules = rules_for(game)
        if overrides is not None:
            try:
                changes = read_json(overrides)
            except BadJsonError as error:
                raise _BadInputError(f"--rules: {error}") from None
            if not isinstance(changes, dict):
                raise _BadInputError("--rules: give an object of rules, like '{\"decks\": 6}'")
            rules = from_overrides(rules, changes)
    except BlackjackError as error:
        raise _BadInputError(str(error)) from None
    return rules


def _bar_shown(args: argparse.Namespace) -> bool:
    """A progress bar for a person at a terminal; none for `--json` or output redirected."""
    return not args.json and on_terminal()


def _edge(args: argparse.Namespace) -> str:
    rules = _rules(args.game, args.rules)
    start = time.perf_counter()
    with progress_bar("first deals", "deal", _bar_shown(args)) as progress:
        analysis = analyse(rules, progress=progress)
    seconds = time.perf_counter() - start
    report: dict[str, Any] = {
        "game": rules.game,
        "name": rules.name,
        "house_edge_percent": round(100 * analysis.house_edge, 4),
        "seconds": round(seconds, 3),
        "first_deals": len(analysis.deals),
        "strategy": STRATEGY,
        "rules": rules_to_json(rules),
    }
    if rules.buster_pays:
        report["side_bets"] = {
            "buster": {"house_edge_percent": round(100 * buster_house_edge(rules), 4)}
        }
    if args.json:
        return json.dumps(report, indent=2) + "\n"
    buster = ""
    if rules.buster_pays:
        percent = report["side_bets"]["buster"]["house_edge_percent"]
        buster = f"Buster side bet: house edge {percent:.3f}% of the amount bet\n"
    return (
        f"{rules.name}: house edge {report['house_edge_percent']:.3f}% of the original bet\n"
        f"{buster}"
        f"computed in {seconds:.1f} s over {len(analysis.deals)} first deals\n"
        f"strategy: {STRATEGY}\n"
    )


def _chart(args: argparse.Namespace) -> str:
    return chart_text(_rules(args.game, args.rules))


def _simulate(args: argparse.Namespace) -> str:
    if not 2 <= args.rounds <= MAX_ROUNDS:
        raise _BadInputError(f"--rounds {args.rounds}: simulate 2 to {MAX_ROUNDS:,} rounds")
    if not 0 <= args.jobs <= MAX_JOBS:
        raise _BadInputError(
            f"--jobs {args.jobs}: give 1 to {MAX_JOBS} processes, or 0 for one per core"
        )
    rules = _rules(args.game, args.rules)
    jobs = args.jobs if args.jobs > 0 else os.cpu_count() or 1
    start = time.perf_counter()
    strategy = BasicStrategy(rules)
    shown = _bar_shown(args)
    with progress_bar("strategy", "deal", shown) as progress:
        strategy.analysis(progress)  # the strategy first (the workers fork with it), timed apart
    strategy_seconds = time.perf_counter() - start
    with progress_bar("rounds", "round", shown) as progress:
        sim = simulate(rules, args.rounds, args.seed, jobs, strategy=strategy, progress=progress)
    report = {
        "game": rules.game,
        "name": rules.name,
        "house_edge_percent": round(100 * sim.house_edge, 4),
        "standard_error_percent": round(100 * sim.standard_error, 4),
        "rounds": sim.rounds,
        "seed": sim.seed,
        "jobs": sim.jobs,
        "seconds": round(sim.seconds, 3),
        "rounds_per_second": round(sim.rounds_per_second, 1),
        "cpu_seconds": round(sim.cpu_seconds, 3),
        "rounds_per_cpu_second": round(sim.rounds_per_cpu_second, 1),
        "strategy_seconds": round(strategy_seconds, 3),
    }
    if args.json:
        return json.dumps(report, indent=2) + "\n"
    return (
        f"{rules.name}: simulated house edge {100 * sim.house_edge:.3f}% "
        f"± {100 * sim.standard_error:.3f}% (one standard error)\n"
        f"{sim.rounds:,} rounds, seed {sim.seed}, {sim.jobs} job{'s' * (sim.jobs > 1)}: "
        f"{sim.seconds:.1f} s, {sim.rounds_per_second:,.0f} rounds per second "
        f"(the strategy computed first, in {strategy_seconds:.1f} s)\n"
        f"{sim.cpu_seconds:.1f} CPU seconds in the playing processes: "
        f"{sim.rounds_per_cpu_second:,.0f} rounds per second per core\n"
    )


def _parser() -> argparse.ArgumentParser:
    parser = CommandParser(
        prog=PROG,
        description="The house edge, basic-strategy chart and simulation of a game.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    games = f"one of {', '.join(GAMES)}"

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("game", help=games)
        sub.add_argument("--rules", help="rule overrides as a JSON object (the custom table)")
        return sub

    edge = command("edge", "the house edge computed from the rules")
    edge.add_argument("--json", action="store_true", help="print JSON")
    edge.set_defaults(run=_edge)
    chart = command("chart", "the basic-strategy chart")
    chart.set_defaults(run=_chart)
    sim = command("simulate", "the edge measured by the engine playing the basic strategy")
    sim.add_argument("--rounds", type=int, required=True, help="rounds to play")
    sim.add_argument("--seed", type=int, default=0, help="seed of the shoes (default 0)")
    sim.add_argument("--jobs", type=int, default=1, help="processes (0: one per core)")
    sim.add_argument("--json", action="store_true", help="print JSON")
    sim.set_defaults(run=_simulate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        output = args.run(args)
    except _BadInputError as refusal:
        return refuse(PROG, str(refusal))
    except KeyboardInterrupt:
        say(PROG, "interrupted")
        return 130
    return write_output(PROG, output)


if __name__ == "__main__":
    sys.exit(main())
