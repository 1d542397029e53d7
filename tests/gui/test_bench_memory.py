"""`python -m bench.memory` plays rounds through the window and prints memory."""

from __future__ import annotations

import re

from tests.gui.bench_runs import bench_refusal, run_bench


def test_the_benchmark_plays_rounds_and_prints_the_peak_against_the_goal() -> None:
    lines = run_bench("memory", "--rounds", "3", "--every", "2").stdout.splitlines()
    assert lines[0] == "3 rounds of blackjack through the window (offscreen, instant):"
    rounds = [int(line.split()[0]) for line in lines[2:5]]
    assert rounds == [0, 2, 3]  # a sample before the first round, every 2, and at the end
    assert re.fullmatch(
        r"  peak resident memory \(ru_maxrss\): \d+\.\d MB, (within|OVER) the goal of 120 MB",
        lines[5],
    )
    # Figures only: no memory or time is asserted.


def test_bad_counts_and_games_are_refused() -> None:
    for options, message in [
        (("--rounds", "0"), "--rounds and --every must be at least 1"),
        (("--game", "poker"), "--game: one of blackjack"),
    ]:
        assert message in bench_refusal("memory", *options)
