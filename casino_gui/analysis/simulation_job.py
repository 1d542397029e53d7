"""A part of a simulation for the window's worker process (Game ▸ Simulate…), Qt-free.

The window's simulation page asks for its rounds a part at a time (`play_part`), each part's
sums added to the last ones', so it can show its progress and its figures as they come, and
stop between two parts (or kill a part under way) when the player asks. A part is played on
the fast path where the table fits it (docs/decisions.md, "Simulations at compiled speed"),
else on the engine, by the same rules as `analysis simulate`.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino_gui.analysis import simulation
from casino_gui.analysis.fast.running import chunk_seed, fast_refusal, play_chunk
from casino_gui.analysis.fast.tables import PlayTables, play_tables
from casino_gui.analysis.simulation import CountBets, Tally
from casino_gui.engine import Rules
from casino_gui.engine.strategy import BasicStrategy

FAST_PART = 1_000_000  # ~0.2 s compiled
ENGINE_PART = 5_000  # ~0.3 s on the engine


@dataclass(frozen=True, slots=True)
class Part:
    """Part `index` of a simulation of `rules` (seeded by `seed`), `rounds` rounds."""

    rules: Rules
    count: CountBets | None
    seed: int
    index: int
    rounds: int


def part_size(rules: Rules, count: CountBets | None) -> int:
    """How many rounds a part holds: a fraction of a second's play on its path."""
    return FAST_PART if fast_refusal(rules, count) is None else ENGINE_PART


# What this worker process keeps between parts: the last table's arrays, or its strategy.
_tables: dict[Rules, PlayTables] = {}
_strategies: dict[Rules, BasicStrategy] = {}


def play_part(part: Part) -> Tally:
    """The part's rounds played: their sums by true count, and the CPU seconds spent."""
    rules = part.rules
    if fast_refusal(rules, part.count) is None:
        tables = _tables.get(rules)
        if tables is None:
            _tables.clear()
            tables = _tables[rules] = play_tables(rules)
        return play_chunk(tables, part.count, chunk_seed(part.seed, part.index), part.rounds)
    strategy = _strategies.get(rules)
    if strategy is None:
        _strategies.clear()
        strategy = _strategies[rules] = BasicStrategy(rules)
    simulation.set_strategy(strategy)
    return simulation.play_chunk((rules, part.seed, part.index, part.rounds, part.count))
