"""What a counter reads off a simulation besides the edge (docs/counting.md, "What a counter
reads"): the standard deviation of a round, the win rate in units per 100 rounds, the risk
of ruin of a bankroll, N0 and SCORE as CVCX reports them, and the bet ramp at each count.

All from the sums the simulation kept (`Sums`), in units of its bet (`BET`):

>>> from casino_gui.analysis.simulation import Sums
>>> figures = counter_figures(Sums(4, 1_000, 4_000_000, 4_000, 4_000_000, 1_000_000), 100)
>>> round(figures.win_per_100, 2), round(figures.standard_deviation, 4)
(25.0, 0.9682)
>>> round(figures.n0, 1), round(figures.score, 1)
(15.0, 66666.7)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from casino_gui.analysis.simulation import BET, Sums
from casino_gui.engine.counting import bet_units


@dataclass(frozen=True, slots=True)
class CounterFigures:
    """Per round, in units: the mean net `win_rate` and its `standard_deviation`; the win
    per 100 rounds; the `risk_of_ruin` of `bankroll_units` (0 to 1); `n0` rounds, the
    length of play after which the expected win equals one standard deviation of it; and
    `score`, the win per 100 rounds of a bankroll of 10,000 units bet at its optimal size
    (both None where the rounds do not win)."""

    win_rate: float
    standard_deviation: float
    bankroll_units: int
    risk_of_ruin: float
    n0: float | None
    score: float | None

    @property
    def win_per_100(self) -> float:
        return 100 * self.win_rate


def counter_figures(sums: Sums, bankroll_units: int) -> CounterFigures:
    """The figures of the rounds summed in `sums`, with a bankroll of `bankroll_units`."""
    n = max(sums.rounds, 1)
    mean = sums.net / n / BET
    variance = max(sums.squares / n / BET / BET - mean * mean, 0.0)
    deviation = math.sqrt(variance)
    if mean <= 0 or deviation == 0:
        ruin = 1.0 if mean <= 0 else 0.0
        return CounterFigures(mean, deviation, bankroll_units, ruin, None, None)
    # The gambler's ruin of a game of mean m and variance v per round played for ever:
    # exp(-2 m B / v) (docs/counting.md, "What a counter reads").
    ruin = math.exp(-2 * mean * bankroll_units / variance)
    n0 = variance / (mean * mean)
    return CounterFigures(mean, deviation, bankroll_units, ruin, n0, 1_000_000 / n0)


def ramp_rows(top: int, lowest: int = -3, highest: int = 6) -> list[tuple[int, int]]:
    """The bet ramp, (floored true count, units), from `lowest` to `highest`."""
    return [(true, bet_units(true, top)) for true in range(lowest, highest + 1)]
