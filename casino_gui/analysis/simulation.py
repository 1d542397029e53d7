"""The house edge measured: the engine deals and settles rounds, the basic strategy plays.

Each round is a real `Round` of the engine, dealt from a shoe shuffled as the live game
shuffles it (`Shoe.shuffled` with a 64-bit seed) with one bet of $10 on spot 1, and played to
the end by `BasicStrategy`; its net is what the engine paid, less what was staked. Round k of
chunk c of seed S uses the k-th 64-bit number of `random.Random(f"{S}:{c}")` as its shoe
seed, so every simulated round can be replayed and the result does not depend on `--jobs`.
A shoe game (rules with a `penetration`) deals each round from the last one's shoe until its
cut card has come out, as the live table does (`Shoe.next_for`); then the round's seed is the
next shuffle's, and each chunk starts with a new shoe.

With a count (`CountBets`: a balanced system and a spread 1:N) each round's bet is
`bet_units` of the floored true count before its deal: the tags of the cards the earlier
rounds of the shuffle showed (`shoe.seen_before`) over the cards not yet dealt
(`shoe.remaining`). The play stays the basic strategy's; the figures are kept by true count
(docs/decisions.md, "Counting in the simulation").
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from casino_gui.engine import Action, Hand, Move, Phase, Round, Rules, Shoe, shoe_cards
from casino_gui.engine.counting import CountSystem, bet_units, floored_true_count
from casino_gui.engine.strategy import BasicStrategy

BET = 1_000  # $10, one unit: every payout of the seven games is a whole number of cents on it
BANKROLL = 10**12  # never short: no hand doubles for less
CHUNK = 5_000
# Rounds a second no process of the engine reaches (it plays ~20,000): bounds a timed run.
ENGINE_BEST_PACE = 200_000


class RoundPlayer(Protocol):
    """What plays a simulated round: `BasicStrategy`, or the chart (`fast.chart_play`)."""

    def choose(self, table: Round) -> Action: ...

    def insure_amount(self, table: Round, hand: Hand) -> int: ...


def play_round(rules: Rules, strategy: RoundPlayer, shoe: Shoe, bet: int = BET) -> int:
    """One round dealt from `shoe` with `bet` on spot 1, played by the strategy; its net in
    cents."""
    table = Round(rules, shoe, BANKROLL)
    table.bet(1, bet)
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
class CountBets:
    """Betting by a count: `bet_units(true count, top)` units of `BET` a round, the spread
    1:`top`. The system is balanced: its true count is read (`floored_true_count`)."""

    system: CountSystem
    top: int

    @property
    def spread(self) -> str:
        return f"1:{self.top}"


@dataclass(frozen=True, slots=True)
class Sums:
    """Sums over rounds of their nets x and initial bets w, in cents: n, Σx, Σx², Σw, Σw²,
    Σxw; enough for the player's net per unit staked and its standard error."""

    rounds: int = 0
    net: int = 0
    squares: int = 0
    staked: int = 0
    staked_squares: int = 0
    products: int = 0

    def __add__(self, other: Sums) -> Sums:
        return Sums(*(a + b for a, b in zip(self.values(), other.values(), strict=True)))

    def values(self) -> tuple[int, int, int, int, int, int]:
        return (
            self.rounds,
            self.net,
            self.squares,
            self.staked,
            self.staked_squares,
            self.products,
        )

    @property
    def per_unit(self) -> float:
        """The player's net over the initial bets (Σx / Σw): +0.01 wins 1% of the bets."""
        return self.net / self.staked if self.staked else 0.0

    @property
    def standard_error(self) -> float:
        """The standard error of `per_unit`, a ratio of two sums (the delta method): the
        spread of x − r·w over the rounds, per mean bet. With a flat bet it is the usual
        standard error of the mean net per bet."""
        n = self.rounds
        if n < 2 or not self.staked:
            return 0.0
        r = self.per_unit
        spread = self.squares - 2 * r * self.products + r * r * self.staked_squares
        return math.sqrt(max(spread, 0.0) / (n - 1) / n) / (self.staked / n)

    @property
    def units(self) -> float:
        """The mean initial bet, in units of `BET`."""
        return self.staked / self.rounds / BET if self.rounds else 0.0


@dataclass(frozen=True, slots=True)
class Tally:
    """The sums of the rounds played, by the floored true count before each deal (0 for all
    of them when no count is kept), and the CPU seconds the processes playing them spent."""

    by_true_count: dict[int, Sums] = field(default_factory=dict)
    cpu_seconds: float = 0.0

    def __add__(self, other: Tally) -> Tally:
        merged = dict(self.by_true_count)
        for true, sums in other.by_true_count.items():
            merged[true] = merged[true] + sums if true in merged else sums
        return Tally(merged, self.cpu_seconds + other.cpu_seconds)

    @property
    def total(self) -> Sums:
        return sum(self.by_true_count.values(), Sums())


def shoe_seeds(seed: int, chunk: int, rounds: int) -> Iterator[int]:
    rng = random.Random(f"{seed}:{chunk}")
    for _ in range(rounds):
        yield rng.getrandbits(64)


def shoes(rules: Rules, seed: int, chunk: int, rounds: int) -> Iterator[Shoe]:
    """The shoe of each round of a chunk, to be dealt before the next is asked for: a new
    shuffle of the round's seed, or in a shoe game the last round's shoe going on until its
    cut card is out (`Shoe.next_for`'s shoe, opened without dealing its cards again)."""
    shoe: Shoe | None = None
    for shoe_seed in shoe_seeds(seed, chunk, rounds):
        if shoe is not None and shoe.cut is not None and not shoe.cut_out:
            shoe.open_next_round()
        else:
            shoe = Shoe.next_for(rules, None, shoe_seed)
        yield shoe


def counted_shoes(
    rules: Rules, seed: int, chunk: int, rounds: int, system: CountSystem
) -> Iterator[tuple[Shoe, int]]:
    """The shoes of `shoes` with the floored true count before each round's deal: the
    running count of the cards seen since the shuffle (`shoe.seen_before`), counted as they
    come, per deck not yet dealt (`shoe.remaining`)."""
    tags = {card: system.tag(card) for card in set(shoe_cards(rules))}
    running = counted = 0
    for shoe in shoes(rules, seed, chunk, rounds):
        if shoe.fresh:
            running, counted = system.start(rules.decks), 0
        seen = shoe.seen_before
        running += sum([tags[card] for card in seen[counted:]])
        counted = len(seen)
        yield shoe, floored_true_count(running, shoe.remaining)


# The strategy a simulation plays with, set before its worker processes start: forked
# workers inherit it with every situation it has worked out.
_strategy: BasicStrategy | None = None


def set_strategy(strategy: BasicStrategy) -> None:
    """The strategy the next chunks play with (kept with what it has worked out)."""
    global _strategy  # noqa: PLW0603 - the chunks' shared strategy, see above
    _strategy = strategy


def play_chunk(task: tuple[Rules, int, int, int, CountBets | None]) -> Tally:
    rules, seed, chunk, rounds, count = task
    strategy = _strategy if _strategy is not None and _strategy.rules == rules else None
    if strategy is None:
        strategy = BasicStrategy(rules)
    # [n, Σx, Σx², Σw, Σw², Σxw] by true count, added to in place: the loop's own cost.
    sums: dict[int, list[int]] = {}
    dealt: Iterator[tuple[Shoe, int]]
    if count is None:  # one flat bet, kept under a true count of 0
        dealt = ((shoe, 0) for shoe in shoes(rules, seed, chunk, rounds))
    else:
        dealt = counted_shoes(rules, seed, chunk, rounds, count.system)
    bet = BET
    start = time.process_time()
    for shoe, true in dealt:
        if count is not None:
            bet = bet_units(true, count.top) * BET
        won = play_round(rules, strategy, shoe, bet)
        row = sums.get(true)
        if row is None:
            row = sums[true] = [0] * 6
        row[0] += 1
        row[1] += won
        row[2] += won * won
        row[3] += bet
        row[4] += bet * bet
        row[5] += won * bet
    seconds = time.process_time() - start
    return Tally({true: Sums(*row) for true, row in sums.items()}, seconds)


@dataclass(frozen=True, slots=True)
class TrueCountRow:
    """The rounds dealt at a floored true count (or beyond, at the ends of a grouped table)
    and the player's result there: net per unit of initial bet, with its standard error."""

    true_count: int
    rounds: int
    share: float
    units: float
    net_per_unit: float
    standard_error: float


@dataclass(frozen=True, slots=True)
class Simulation:
    """A simulated edge: the house's net over the initial bets, and its standard error."""

    game: str
    rounds: int
    seed: int
    jobs: int
    house_edge: float
    standard_error: float
    seconds: float
    cpu_seconds: float = 0.0  # the playing processes' own time, added up
    average_bet_units: float = 1.0
    count: CountBets | None = None
    by_true_count: dict[int, Sums] = field(default_factory=dict)
    sums: Sums = Sums()  # every round's, whatever its count (counter_figures.py reads them)

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else 0.0

    @property
    def rounds_per_cpu_second(self) -> float:
        """Rounds per second of one core: on a machine shared with other work, the rate
        the wall clock would show if the processes had their cores to themselves."""
        return self.rounds / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    def true_count_rows(
        self, lowest: int | None = None, highest: int | None = None
    ) -> list[TrueCountRow]:
        """A row per floored true count seen, in order; the counts below `lowest` are
        added to its row and those above `highest` to its, when given."""
        grouped: dict[int, Sums] = {}
        for true, sums in self.by_true_count.items():
            key = true if lowest is None else max(true, lowest)
            key = key if highest is None else min(key, highest)
            grouped[key] = grouped[key] + sums if key in grouped else sums
        return [
            TrueCountRow(
                true,
                sums.rounds,
                sums.rounds / self.rounds,
                sums.units,
                sums.per_unit,
                sums.standard_error,
            )
            for true, sums in sorted(grouped.items())
        ]

    @classmethod
    def of(
        cls,
        rules: Rules,
        tally: Tally,
        seed: int,
        jobs: int,
        seconds: float,
        count: CountBets | None = None,
    ) -> Simulation:
        total = tally.total
        return cls(
            rules.game,
            total.rounds,
            seed,
            jobs,
            -total.per_unit,
            total.standard_error,
            seconds,
            tally.cpu_seconds,
            total.units,
            count,
            dict(sorted(tally.by_true_count.items())) if count is not None else {},
            total,
        )


def simulate(
    rules: Rules,
    rounds: int | None,
    seed: int = 0,
    jobs: int = 1,
    chunk_size: int = CHUNK,
    strategy: BasicStrategy | None = None,
    progress: Callable[[int, int], None] | None = None,
    count: CountBets | None = None,
    seconds: float | None = None,
) -> Simulation:
    """Play `rounds` rounds with the basic strategy, on `jobs` processes, in chunks of
    `chunk_size` rounds (the chunks, not the processes, fix which shoes are dealt), a flat
    bet of one unit or, with a `count`, the bet its true count asks for.

    Give a `strategy` that has done its `analysis()` and no round waits for a situation to
    be worked out. `progress(done, rounds)` hears of each chunk played (a progress bar).
    With `seconds` (and `rounds` None) the rounds go on until that much time has passed,
    a chunk at a time (their progress's total 0)."""
    if rounds is None:
        # No more chunks than the time could play at the engine's best pace per process.
        rounds = max(int((seconds or 0) * ENGINE_BEST_PACE * max(jobs, 1)), chunk_size)
    set_strategy(strategy if strategy is not None else BasicStrategy(rules))
    tasks = []
    for chunk, start in enumerate(range(0, rounds, chunk_size)):
        tasks.append((rules, seed, chunk, min(chunk_size, rounds - start), count))
    begin = time.perf_counter()
    until = None if seconds is None else begin + seconds
    shown = 0 if seconds is not None else rounds
    if progress is not None:
        progress(0, shown)
    if jobs <= 1:
        tallies: Iterator[Tally] = map(play_chunk, tasks)
        total = _add_up(tallies, shown, progress, until)
    else:
        with multiprocessing.get_context(_start_method()).Pool(jobs) as pool:
            total = _add_up(pool.imap_unordered(play_chunk, tasks), shown, progress, until)
    seconds = time.perf_counter() - begin
    return Simulation.of(rules, total, seed, max(jobs, 1), seconds, count)


def _add_up(
    tallies: Iterator[Tally],
    rounds: int,
    progress: Callable[[int, int], None] | None,
    until: float | None = None,
) -> Tally:
    total = Tally()
    done = 0
    for tally in tallies:
        total += tally
        done += sum(sums.rounds for sums in tally.by_true_count.values())
        if progress is not None:
            progress(done, rounds)
        if until is not None and time.perf_counter() >= until:
            break  # a timed run: the pool's `with` ends the chunks still playing
    return total


def _start_method() -> str:
    """Fork where there is one: the workers inherit the strategy computed so far."""
    methods = multiprocessing.get_all_start_methods()
    return "fork" if "fork" in methods else "spawn"
