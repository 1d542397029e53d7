"""`python -m casino_gui.engine.bench`: rounds per second of random legal play, per game.

A figure to watch, not a test: each round is dealt from a seeded shuffled shoe and played
with random legal actions (a random late-insurance amount where one is asked).
"""

from __future__ import annotations

import argparse
import random
import time

from casino_gui.engine.games import GAMES
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe


def play_random_round(
    rules: Rules, rng: random.Random, seed: int, bankroll: int = 100_000
) -> Round:
    """Deal one round with random bets on random circles and random legal actions."""
    table = Round(rules, Shoe.shuffled(rules, seed), bankroll)
    for spot in range(1, rules.circles + 1):
        if spot == 1 or rng.random() < 0.5:
            buster = rng.choice((0, rules.buster_min)) if rules.buster_bet else 0
            table.bet(spot, rng.choice((100, 500, 1_000, 2_500)), buster)
    table.deal()
    while table.phase is not Phase.SETTLED:
        action = rng.choice(sorted(table.legal_actions(), key=lambda a: a.value))
        amounts = table.insurance_amounts()
        if action is Action.INSURE and amounts is not None and table.active_hand is not None:
            table.insure(rng.randint(*amounts))
        else:
            table.apply(action.value)
    return table


def measure(rules: Rules, seconds: float) -> tuple[int, float]:
    rng = random.Random(1)
    rounds = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        play_random_round(rules, rng, seed=rounds)
        rounds += 1
    return rounds, elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m casino_gui.engine.bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game (default 2)")
    parser.add_argument("games", nargs="*", default=list(GAMES), help="game ids (default all)")
    args = parser.parse_args(argv)
    print(f"{'game':<16}{'rounds':>10}{'rounds/s':>12}")
    for game in args.games:
        rounds, elapsed = measure(GAMES[game], args.seconds)
        print(f"{game:<16}{rounds:>10}{rounds / elapsed:>12,.0f}")


if __name__ == "__main__":
    main()
