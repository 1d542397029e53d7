"""`python -m bench.pace` plays rounds through the window and prints the deal's and the
settlement's times per speed."""

from __future__ import annotations

import re
import subprocess
import sys

BENCH = (sys.executable, "-m", "bench.pace")


def test_the_benchmark_prints_one_line_of_figures_per_speed() -> None:
    done = subprocess.run(
        (*BENCH, "--rounds", "1", "fast", "instant"),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    lines = done.stdout.splitlines()
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
        done = subprocess.run(
            (*BENCH, *options), capture_output=True, text=True, timeout=120, check=False
        )
        assert done.returncode == 2 and message in done.stderr
