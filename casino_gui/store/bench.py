"""`python -m casino_gui.store.bench`: settled rounds per second through the engine and the store.

A figure to watch, not a test. The rounds are played by a seeded player: round `n` of seed
`base` always has the same game, bets, shoe and answers, whether it is played in one go or
resumed after a crash, so the crash test uses the same player to compare runs to the cent.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from casino_gui.engine import GAMES, Action, Bet, Round
from casino_gui.engine.rules import Insurance, Rules
from casino_gui.store.bankroll import Bankroll

GAME_ORDER = tuple(GAMES)
BET_SIZES = (100, 500, 1_000, 2_500)


def seeded_round(base: int, number: int) -> tuple[Rules, list[Bet], int]:
    """The game, the bets and the shoe's seed of round `number`: one to three circles."""
    rng = random.Random(f"{base}:{number}")
    rules = GAMES[GAME_ORDER[number % len(GAME_ORDER)]]
    bets = []
    for spot in range(1, rules.circles + 1):
        if spot == 1 or rng.random() < 0.4:
            buster = rng.choice((0, rules.buster_min)) if rules.buster_bet else 0
            bets.append(Bet(spot, rng.choice(BET_SIZES), buster))
    return rules, bets, rng.getrandbits(64)


def seeded_action(table: Round, base: int, number: int) -> str:
    """The player's answer at this point of round `number`, from the answers given so far."""
    rng = random.Random(f"{base}:{number}:{len(table.actions)}")
    legal = sorted(table.legal_actions(), key=lambda action: action.value)
    action = rng.choice(legal)
    amounts = table.insurance_amounts()
    if action is Action.INSURE and table.rules.insurance is Insurance.LATE and amounts:
        return f"insure:{rng.randint(*amounts)}"
    return action.value


class SeededPlayer:
    """Plays rounds `0, 1, 2, ...` of seed `base` on a bankroll, refilling when short."""

    def __init__(self, bankroll: Bankroll, base: int) -> None:
        self.bankroll = bankroll
        self.base = base
        figures = bankroll.lifetime()
        self.rounds = figures.rounds + figures.refunded_rounds  # rounds closed so far
        self.steps = 0  # transactions written: deals and actions

    def play_round(self) -> None:
        """Finish the open round if there is one, else deal and play the next."""
        bankroll = self.bankroll
        if not bankroll.round_open:
            rules, bets, seed = seeded_round(self.base, self.rounds)
            if sum(bet.amount + bet.buster for bet in bets) > bankroll.balance:
                bankroll.refill()
                self.steps += 1
            bankroll.deal(rules, bets, seed=seed)
            self.steps += 1
        table = bankroll.table
        assert table is not None
        while bankroll.round_open:
            bankroll.act(seeded_action(table, self.base, self.rounds))
            self.steps += 1
        self.rounds += 1

    def play_until(self, rounds: int) -> None:
        while self.rounds < rounds:
            self.play_round()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m casino_gui.store.bench", description=__doc__)
    parser.add_argument("--rounds", type=int, default=1_000, help="rounds to settle (1000)")
    parser.add_argument(
        "--data-dir", type=Path, metavar="DIR", help="play here (default: a temporary folder)"
    )
    args = parser.parse_args(argv)
    with (
        tempfile.TemporaryDirectory(prefix="casino-bench-") as scratch,
        Bankroll.open(args.data_dir or Path(scratch)) as bankroll,
    ):
        player = SeededPlayer(bankroll, base=1)
        start = time.perf_counter()
        player.play_until(player.rounds + args.rounds)
        elapsed = time.perf_counter() - start
    print(
        f"{args.rounds} rounds settled through the store in {elapsed:.2f} s: "
        f"{args.rounds / elapsed:,.0f} settled rounds per second "
        f"({player.steps / elapsed:,.0f} transactions per second; WAL, synchronous=FULL)"
    )


if __name__ == "__main__":
    main()
