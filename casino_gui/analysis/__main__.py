"""`python -m casino_gui.analysis`: a game's house edge, its basic-strategy chart, a simulation.

    python -m casino_gui.analysis edge GAME [--json] [--rules JSON]
    python -m casino_gui.analysis chart GAME [--rules JSON]
    python -m casino_gui.analysis simulate GAME (--rounds N | --seconds T) [--seed S]
        [--jobs J] [--json] [--count SYSTEM [--spread 1:N]] [--bankroll UNITS] [--engine]

`--rules` changes the game's rules as the custom table does, e.g.
`--rules '{"decks": 6, "split_max_hands": 4}'`. Bad input prints one line on stderr and
exits with status 2 (casino_gui.command_line).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from typing import Any

from casino_gui.analysis.chart_text import chart_text
from casino_gui.analysis.counter_figures import counter_figures, ramp_rows
from casino_gui.analysis.fast import fast_refusal, simulate_fast
from casino_gui.analysis.simulation import BET, CountBets, Simulation, simulate
from casino_gui.command_line import (
    BadJsonError,
    CommandParser,
    quoted,
    read_json,
    refuse,
    say,
    write_output,
)
from casino_gui.engine import (
    GAMES,
    BlackjackError,
    Rules,
    dollars,
    from_overrides,
    rules_for,
    rules_to_json,
)
from casino_gui.engine.counting import SYSTEMS, count_text
from casino_gui.engine.strategy import BasicStrategy, analyse, buster_house_edge
from casino_gui.progress import on_terminal, progress_bar

STRATEGY = (
    "two-card composition-dependent basic strategy: each first move is the best for the "
    "spot's two cards and the dealer's visible cards (shoe less those cards, dealer drawing "
    "without replacement), later moves by the hand's state in that same situation"
)

SIMULATED_PLAY = (
    "Standard BlackJack and its custom tables are played at compiled speed by the basic-"
    "strategy chart of `chart` (no insurance); --engine, and the other games, play the "
    "engine's rounds by the basic strategy of `edge`. The same moves at every count: no "
    "index plays."
)
CHART_PLAY = "the basic-strategy chart of `chart`, total-dependent, never insuring"
ENGINE_PLAY = (
    "the basic strategy of `edge` (two-card composition-dependent), insurance only where "
    "the round's own cards make it worth buying"
)
RAMP = (
    "A bet of 1 unit ($10) at a floored true count of +1 or less, 2 at +2, 4 at +3, 8 at +4, "
    "N from +5, never above N (default 1:1, a flat bet: the count only measured)."
)
# The balanced systems: a true count is their running count per deck left.
BALANCED = tuple(key for key, system in SYSTEMS.items() if system.balanced)

PROG = "python -m casino_gui.analysis"
# A billion rounds already take days on one core; more is a slip of the keyboard.
MAX_ROUNDS = 10**9
# More processes than this only fork for nothing (0 asks for one per core).
MAX_JOBS = 256
# A timed run: a week at the most.
MAX_SECONDS = 7 * 24 * 3600
# The bankroll whose risk of ruin is reported, in units, unless --bankroll says.
BANKROLL_UNITS = 1_000


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
    if args.rounds is not None and not 2 <= args.rounds <= MAX_ROUNDS:
        raise _BadInputError(f"--rounds {args.rounds}: simulate 2 to {MAX_ROUNDS:,} rounds")
    if args.seconds is not None and not 0 < args.seconds <= MAX_SECONDS:
        raise _BadInputError(
            f"--seconds {args.seconds:g}: give a time from 0 to {MAX_SECONDS:,} seconds"
        )
    if not 0 <= args.jobs <= MAX_JOBS:
        raise _BadInputError(
            f"--jobs {args.jobs}: give 1 to {MAX_JOBS} processes, or 0 for one per core"
        )
    if not 1 <= args.bankroll <= MAX_ROUNDS:
        raise _BadInputError(
            f"--bankroll {args.bankroll}: give the bankroll in units, 1 to {MAX_ROUNDS:,}"
        )
    rules = _rules(args.game, args.rules)
    count = _count_bets(args, rules)
    jobs = args.jobs if args.jobs > 0 else os.cpu_count() or 1
    shown = _bar_shown(args)
    refusal = "--engine asks for it" if args.engine else fast_refusal(rules, count)
    strategy_seconds = 0.0
    if refusal is None:
        play = CHART_PLAY
        with progress_bar("rounds", "round", shown) as progress:
            sim = simulate_fast(
                rules, args.rounds, args.seed, jobs, count, progress, seconds=args.seconds
            )
    else:
        if not args.engine:
            say(PROG, f"the engine plays these rounds, at its own pace: {refusal}")
        play = ENGINE_PLAY
        start = time.perf_counter()
        strategy = BasicStrategy(rules)
        with progress_bar("strategy", "deal", shown) as progress:
            strategy.analysis(progress)  # the strategy first (the workers fork with it)
        strategy_seconds = time.perf_counter() - start
        with progress_bar("rounds", "round", shown) as progress:
            sim = simulate(
                rules,
                args.rounds,
                args.seed,
                jobs,
                strategy=strategy,
                progress=progress,
                count=count,
                seconds=args.seconds,
            )
    figures = counter_figures(sim.sums, args.bankroll)
    report: dict[str, Any] = {
        "game": rules.game,
        "name": rules.name,
        "path": "compiled" if refusal is None else "engine",
        "play": play,
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
        "average_bet_units": round(sim.average_bet_units, 4),
        "standard_deviation_units": round(figures.standard_deviation, 4),
        "win_units_per_100_rounds": round(figures.win_per_100, 4),
        "bankroll_units": figures.bankroll_units,
        "risk_of_ruin": round(figures.risk_of_ruin, 6),
        "n0_rounds": None if figures.n0 is None else round(figures.n0),
        "score": None if figures.score is None else round(figures.score, 4),
    }
    if count is not None:
        report |= _count_report(sim, count)
    if args.json:
        report["rules"] = rules_to_json(rules)
        return json.dumps(report, indent=2) + "\n"
    computed = (
        "" if refusal is None else f" (the strategy computed first, in {strategy_seconds:.1f} s)"
    )
    n0 = "-" if figures.n0 is None else f"{figures.n0:,.0f} rounds"
    score = "-" if figures.score is None else f"{figures.score:.2f}"
    return (
        (
            f"{rules.name}: simulated house edge {100 * sim.house_edge:.3f}% "
            f"± {100 * sim.standard_error:.3f}% (one standard error)\n"
            f"{sim.rounds:,} rounds, seed {sim.seed}, {sim.jobs} job{'s' * (sim.jobs > 1)}: "
            f"{sim.seconds:.1f} s, {sim.rounds_per_second:,.0f} rounds per second{computed}\n"
            f"{sim.cpu_seconds:.1f} CPU seconds in the playing processes: "
            f"{sim.rounds_per_cpu_second:,.0f} rounds per second per core\n"
        )
        + ("" if count is None else _count_text(sim, count))
        + (
            f"per round: standard deviation {figures.standard_deviation:.3f} units; win rate "
            f"{figures.win_per_100:+.3f} units per 100 rounds\n"
            f"risk of ruin of {figures.bankroll_units:,} units: {figures.risk_of_ruin:.2%}; "
            f"N0 {n0}; SCORE {score}\n"
            f"play: {play}, on the {report['path']} path\n"
        )
    )


def _count_bets(args: argparse.Namespace, rules: Rules) -> CountBets | None:
    """The count and spread asked for, refused unless the system is balanced and the game
    is dealt from a shoe (docs/decisions.md, "Counting in the simulation")."""
    if args.count is None:
        if args.spread is not None:
            raise _BadInputError(
                f"--spread {quoted(args.spread)}: a spread bets by a count: give --count too, "
                "like --count hilo"
            )
        return None
    systems = ", ".join(BALANCED)
    system = SYSTEMS.get(args.count)
    if system is None:
        raise _BadInputError(
            f"--count {quoted(args.count)}: unknown count system (the systems with a true "
            f"count are {systems})"
        )
    if not system.balanced:
        raise _BadInputError(
            f"--count {args.count}: {system.name} is unbalanced, read by its running count, "
            f"not a true count; give one of {systems}"
        )
    if rules.penetration is None:
        raise _BadInputError(
            f"--count {args.count}: {rules.name} is shuffled before every round, so no count "
            "carries over; deal it from a shoe with a penetration in --rules, like "
            '\'{"decks": 6, "penetration": 0.75}\''
        )
    # No spread: one unit at every count, the count only measured.
    return CountBets(system, 1 if args.spread is None else _spread_top(args.spread, rules))


def _spread_top(spread: str, rules: Rules) -> int:
    """N of a spread written 1:N, at most the table's maximum bet in units."""
    most = rules.max_bet // BET
    written = re.fullmatch(r"1:([0-9]{1,6})", spread.strip())
    top = int(written[1]) if written else 0
    if not 1 <= top <= most:
        raise _BadInputError(
            f"--spread {quoted(spread)}: give 1:N, bets of 1 to N units of $10, N from 1 to "
            f"{most} (the table's maximum bet is {dollars(rules.max_bet)})"
        )
    return top


def _count_report(sim: Simulation, count: CountBets) -> dict[str, Any]:
    """The count's part of the JSON: each floored true count's rounds and the player's net
    per unit of initial bet there (positive when the player wins), with its error."""
    rows = [
        {
            "true_count": row.true_count,
            "rounds": row.rounds,
            "share": round(row.share, 6),
            "bet_units": round(row.units, 4),
            "net_per_unit": round(row.net_per_unit, 6),
            "standard_error": round(row.standard_error, 6),
        }
        for row in sim.true_count_rows()
    ]
    ramp = [{"true_count": true, "units": units} for true, units in ramp_rows(count.top)]
    return {
        "count": count.system.key,
        "spread": count.spread,
        "ramp": ramp,
        "by_true_count": rows,
    }


def _count_text(sim: Simulation, count: CountBets) -> str:
    """The same in a few lines: the tails of the true count grouped."""
    lowest, highest = -3, 6
    lines = [
        f"{count.system.name}, spread {count.spread}: average bet "
        f"{sim.average_bet_units:.2f} units; by floored true count before the deal:",
        f"{'true count':>12}{'share':>8}{'bet':>6}  player's net per unit ± s.e.",
    ]
    for row in sim.true_count_rows(lowest, highest):
        true = count_text(row.true_count)
        if row.true_count == lowest and sim.by_true_count and min(sim.by_true_count) < lowest:
            true += " or less"
        if row.true_count == highest and max(sim.by_true_count, default=0) > highest:
            true += " or more"
        lines.append(
            f"{true:>12}{row.share:>8.1%}{row.units:>6.0f}  "
            f"{100 * row.net_per_unit:+.2f}% ± {100 * row.standard_error:.2f}%"
        )
    return "\n".join(lines) + "\n"


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
    sim = command(
        "simulate",
        "the edge measured by the engine playing the basic strategy. " + SIMULATED_PLAY,
    )
    amount = sim.add_mutually_exclusive_group(required=True)
    amount.add_argument("--rounds", type=int, help="rounds to play")
    amount.add_argument("--seconds", type=float, help="play for this long instead")
    sim.add_argument("--seed", type=int, default=0, help="seed of the shoes (default 0)")
    sim.add_argument("--jobs", type=int, default=1, help="processes (0: one per core)")
    sim.add_argument("--json", action="store_true", help="print JSON")
    sim.add_argument(
        "--count",
        help=f"bet by this count's true count ({', '.join(BALANCED)}); a shoe game only: "
        "--rules with a penetration",
    )
    sim.add_argument("--spread", help="1:N, the bets by the count: " + RAMP)
    sim.add_argument(
        "--bankroll",
        type=int,
        default=BANKROLL_UNITS,
        help=f"the bankroll in units whose risk of ruin is shown (default {BANKROLL_UNITS})",
    )
    sim.add_argument(
        "--engine", action="store_true", help="play the engine's rounds, never the fast path"
    )
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
