"""The house edge measured: the engine deals and settles rounds, the basic strategy plays.

Each round is a real `Round` of the engine, dealt from a shoe shuffled as the live game
shuffles it (`Shoe.shuffled` with a 64-bit seed) with one bet of $10 on spot 1, and played to
the end by `BasicStrategy`; its net is what the engine paid, less what was staked. Round k of
chunk c of seed S uses the k-th 64-bit number of `random.Random(f"{S}:{c}")` as its shoe
seed, so every simulated round can be replayed and the result does not depend on `--jobs`.
A shoe game (rules with a `penetration`) deals each round from the last one's shoe until its
cut card has come out, as the live table does (`Shoe.next_for`); then the round's seed is the
next shuffle's, and each chunk starts with a new shoe.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from casino_gui.engine import Action, Move, Phase, Round, Rules, Shoe
from casino_gui.engine.strategy import BasicStrategy

BET = 1_000  # $10: every payout of the seven games is a whole number of cents on it
BANKROLL = 10**12  # never short: no hand doubles for less
CHUNK = 5_000


def play_round(rules: Rules, strategy: BasicStrategy, shoe: Shoe) -> int:
    """One round dealt from `shoe`, played by the strategy; its net in cents."""
    table = Round(rules, shoe, BANKROLL)
    table.bet(1, BET)
    table.deal()
    while table.phase is not Phase.SETTLED:
        action = strategy.choose(table)
        hand = table.active_hand
        if action is Action.INSURE and hand is not None:
            table.insure(strategy.insure_amount(table, hand))
        else:
            table.apply(Move(action))
    return table.bankroll - BANKROLL


@dataclass(frozen=True, slots=True)
class Tally:
    """Rounds played, the sums of their nets (cents) and squared nets, and the CPU seconds
    the processes playing them spent."""

    rounds: int = 0
    net: int = 0
    squares: int = 0
    cpu_seconds: float = 0.0

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.rounds + other.rounds,
            self.net + other.net,
            self.squares + other.squares,
            self.cpu_seconds + other.cpu_seconds,
        )


def shoe_seeds(seed: int, chunk: int, rounds: int) -> Iterator[int]:
    rng = random.Random(f"{seed}:{chunk}")
    for _ in range(rounds):
        yield rng.getrandbits(64)


def shoes(rules: Rules, seed: int, chunk: int, rounds: int) -> Iterator[Shoe]:
    """The shoe of each round of a chunk, to be dealt before the next is asked for: a new
    shuffle of the round's seed, or in a shoe game the last round's shoe going on."""
    last: tuple[int, int] | None = None
    for shoe_seed in shoe_seeds(seed, chunk, rounds):
        shoe = Shoe.next_for(rules, last, shoe_seed)
        yield shoe
        last = None if shoe.seed is None else (shoe.seed, shoe.dealt)


# The strategy a simulation plays with, set before its worker processes start: forked
# workers inherit it with every situation it has worked out.
_strategy: BasicStrategy | None = None


def play_chunk(task: tuple[Rules, int, int, int]) -> Tally:
    rules, seed, chunk, rounds = task
    strategy = _strategy if _strategy is not None and _strategy.rules == rules else None
    if strategy is None:
        strategy = BasicStrategy(rules)
    net = squares = 0
    start = time.process_time()
    for shoe in shoes(rules, seed, chunk, rounds):
        won = play_round(rules, strategy, shoe)
        net += won
        squares += won * won
    return Tally(rounds, net, squares, time.process_time() - start)


@dataclass(frozen=True, slots=True)
class Simulation:
    """A simulated edge: the house's mean win per original bet, and its standard error."""

    game: str
    rounds: int
    seed: int
    jobs: int
    house_edge: float
    standard_error: float
    seconds: float
    cpu_seconds: float = 0.0  # the playing processes' own time, added up

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else 0.0

    @property
    def rounds_per_cpu_second(self) -> float:
        """Rounds per second of one core: on a machine shared with other work, the rate
        the wall clock would show if the processes had their cores to themselves."""
        return self.rounds / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    @classmethod
    def of(cls, rules: Rules, tally: Tally, seed: int, jobs: int, seconds: float) -> Simulation:
        n = tally.rounds
        mean = tally.net / n / BET
        variance = (tally.squares / BET**2 - n * mean * mean) / (n - 1) if n > 1 else 0.0
        error = math.sqrt(max(variance, 0.0) / n)
        return cls(rules.game, n, seed, jobs, -mean, error, seconds, tally.cpu_seconds)


def simulate(
    rules: Rules,
    rounds: int,
    seed: int = 0,
    jobs: int = 1,
    chunk_size: int = CHUNK,
    strategy: BasicStrategy | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Play `rounds` rounds with the basic strategy, on `jobs` processes, in chunks of
    `chunk_size` rounds (the chunks, not the processes, fix which shoes are dealt).

    Give a `strategy` that has done its `analysis()` and no round waits for a situation to
    be worked out. `progress(done, rounds)` hears of each chunk played (a progress bar)."""
    global _strategy  # noqa: PLW0603 - read by the forked workers, see above
    _strategy = strategy if strategy is not None else BasicStrategy(rules)
    tasks = []
    for chunk, start in enumerate(range(0, rounds, chunk_size)):
        tasks.append((rules, seed, chunk, min(chunk_size, rounds - start)))
    begin = time.perf_counter()
    if progress is not None:
        progress(0, rounds)
    if jobs <= 1:
        tallies: Iterator[Tally] = map(play_chunk, tasks)
        total = _add_up(tallies, rounds, progress)
    else:
        with multiprocessing.get_context(_start_method()).Pool(jobs) as pool:
            total = _add_up(pool.imap_unordered(play_chunk, tasks), rounds, progress)
    return Simulation.of(rules, total, seed, max(jobs, 1), time.perf_counter() - begin)


def _add_up(
    tallies: Iterator[Tally], rounds: int, progress: Callable[[int, int], None] | None
) -> Tally:
    total = Tally()
    for tally in tallies:
        total += tally
        if progress is not None:
            progress(total.rounds, rounds)
    return total


def _start_method() -> str:
    """Fork where there is one: the workers inherit the strategy computed so far."""
    methods = multiprocessing.get_all_start_methods()
    return "fork" if "fork" in methods else "spawn"
