"""`python -m casino_gui.analysis`: a game's house edge, its basic-strategy chart, a simulation.

    python -m casino_gui.analysis edge GAME [--json] [--rules JSON]
    python -m casino_gui.analysis chart GAME [--rules JSON]
    python -m casino_gui.analysis simulate GAME --rounds N [--seed S] [--jobs J] [--json]

`--rules` changes the game's rules as the custom table does, e.g.
`--rules '{"decks": 6, "split_max_hands": 4}'`. Bad input prints one line on stderr and
exits with status 2.
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
from casino_gui.engine import GAMES, BlackjackError, Rules, rules_for, rules_to_json
from casino_gui.engine.strategy import BasicStrategy, analyse, buster_house_edge

STRATEGY = (
    "two-card composition-dependent basic strategy: each first move is the best for the "
    "spot's two cards and the dealer's visible cards (shoe less those cards, dealer drawing "
    "without replacement), later moves by the hand's state in that same situation"
)


class _BadInputError(Exception):
    """Bad input: one line for stderr."""


def _rules(game: str, overrides: str | None) -> Rules:
    try:
        rules = rules_for(game)
        if overrides:
            try:
                changes = json.loads(overrides)
            except json.JSONDecodeError as error:
                raise _BadInputError(
                    f"--rules: not JSON ({error.msg} at character {error.pos})"
                ) from None
            if not isinstance(changes, dict):
                raise _BadInputError("--rules: give an object of rules, like '{\"decks\": 6}'")
            rules = rules.replace(**changes)
    except BlackjackError as error:
        raise _BadInputError(str(error)) from None
    return rules


def _edge(args: argparse.Namespace) -> None:
    rules = _rules(args.game, args.rules)
    start = time.perf_counter()
    analysis = analyse(rules)
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
        print(json.dumps(report, indent=2))
        return
    print(f"{rules.name}: house edge {report['house_edge_percent']:.3f}% of the original bet")
    if rules.buster_pays:
        buster = report["side_bets"]["buster"]["house_edge_percent"]
        print(f"Buster side bet: house edge {buster:.3f}% of the amount bet")
    print(f"computed in {seconds:.1f} s over {len(analysis.deals)} first deals")
    print(f"strategy: {STRATEGY}")


def _chart(args: argparse.Namespace) -> None:
    print(chart_text(_rules(args.game, args.rules)), end="")


def _simulate(args: argparse.Namespace) -> None:
    rules = _rules(args.game, args.rules)
    if args.rounds < 2:
        raise _BadInputError(f"--rounds {args.rounds}: simulate at least 2 rounds")
    jobs = args.jobs if args.jobs > 0 else os.cpu_count() or 1
    start = time.perf_counter()
    strategy = BasicStrategy(rules)
    strategy.analysis()  # the strategy first (the workers fork with it), timed apart
    strategy_seconds = time.perf_counter() - start
    sim = simulate(rules, args.rounds, args.seed, jobs, strategy=strategy)
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
        "strategy_seconds": round(strategy_seconds, 3),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{rules.name}: simulated house edge {100 * sim.house_edge:.3f}% "
        f"± {100 * sim.standard_error:.3f}% (one standard error)"
    )
    print(
        f"{sim.rounds:,} rounds, seed {sim.seed}, {sim.jobs} job{'s' * (sim.jobs > 1)}: "
        f"{sim.seconds:.1f} s, {sim.rounds_per_second:,.0f} rounds per second "
        f"(the strategy computed first, in {strategy_seconds:.1f} s)"
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m casino_gui.analysis",
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
        args.run(args)
    except _BadInputError as refusal:
        print(f"python -m casino_gui.analysis: {refusal}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
