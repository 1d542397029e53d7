"""`python -m bench.pace` plays rounds through the window and prints the deal's and the
settlement's times per speed."""

from __future__ import annotations

import re

from tests.gui.bench_runs import bench_refusal, run_bench


def test_the_benchmark_prints_one_line_of_figures_per_speed() -> None:
    lines = run_bench("pace", "--rounds", "1", "fast", "instant").stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["fast", "instant"]
    for line in lines:
        # Figures only: no time is asserted.
        assert re.fullmatch(
            r"\w+: deal 1 hand \d+\.\d\d s, deal 3 hands \d+\.\d\d s, settle \d+\.\d\d s", line
        )


def test_bad_speeds_and_counts_are_refused() -> None:
    for options, message in [
        (("--rounds", "0"), "--rounds must be at least 1"),
        (("warp",), "unknown speed 'warp' (speeds are normal, fast, instant)"),
    ]:
        assert message in bench_refusal("pace", *options)
