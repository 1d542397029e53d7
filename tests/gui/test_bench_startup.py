"""`python -m bench.startup` prints the casino's startup against a bare window."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.startup import time_to_first_paint

BENCH = (sys.executable, "-m", "bench.startup")


def test_the_benchmark_prints_the_casinos_ratio_to_a_bare_window() -> None:
    done = subprocess.run(
        (*BENCH, "--runs", "1"), capture_output=True, text=True, timeout=300, check=True
    )
    lines = done.stdout.splitlines()
    assert lines[0] == "Startup to the first painted page, medians of 1 alternating launches:"
    assert re.fullmatch(
        r"  wall: casino +\d+ ms  vs a bare window's +\d+ ms  = \d+\.\d\d×", lines[1]
    )
    # Figures only: no timing is asserted.


def test_a_program_that_never_paints_is_reported() -> None:
    with pytest.raises(RuntimeError, match="ended without painting"):
        time_to_first_paint([sys.executable, "-c", "pass"])


def test_no_runs_is_refused() -> None:
    done = subprocess.run(
        (*BENCH, "--runs", "0"), capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2 and "--runs must be at least 1" in done.stderr


def test_a_data_folder_that_is_not_one_is_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        (*BENCH, "--data-dir", str(tmp_path / "nowhere")),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "not a folder" in done.stderr
