"""`python -m bench.startup` prints the casino's startup against a bare window."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from bench.startup import time_to_first_paint
from tests.gui.bench_runs import bench_refusal, run_bench


def test_the_benchmark_prints_the_casinos_ratio_to_a_bare_window() -> None:
    lines = run_bench("startup", "--runs", "1").stdout.splitlines()
    assert lines[0].startswith("Startup against a bare window's first paint, medians of 1 ")
    figure = r" +\d+ ms  vs a bare window's +\d+ ms  = \d+\.\d\d×"
    assert re.fullmatch(r"  wall: casino, first paint" + figure, lines[1])
    assert re.fullmatch(r"  wall: casino, usable table" + figure, lines[3])
    # Figures only: no timing is asserted.


def test_a_program_that_never_paints_is_reported() -> None:
    with pytest.raises(RuntimeError, match="ended without painting"):
        time_to_first_paint([sys.executable, "-c", "pass"])


def test_no_runs_is_refused() -> None:
    assert "--runs must be at least 1" in bench_refusal("startup", "--runs", "0")


def test_a_data_folder_that_is_not_one_is_refused(tmp_path: Path) -> None:
    assert "not a folder" in bench_refusal("startup", "--data-dir", str(tmp_path / "nowhere"))
