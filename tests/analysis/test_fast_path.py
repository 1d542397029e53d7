"""`analysis simulate` on the fast path: its edge against the computed one, its way back to
the engine with a clear message, its timed runs, a counter's figures, and its bench."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench import fast_simulation
from casino_gui.analysis.fast import fast_refusal, simulate_fast
from casino_gui.engine.games import BLACKJACK, rules_for
from casino_gui.engine.strategy import analyse

ANALYSIS = (sys.executable, "-m", "casino_gui.analysis")


def run(*argv: str, blocked_numba: bool = False) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own; with `blocked_numba`, one where numba fails to
    import, as where its wheel is missing."""
    if blocked_numba:
        code = (
            "import sys; sys.modules['numba'] = None; "
            "from casino_gui.analysis.__main__ import main; sys.exit(main(sys.argv[1:]))"
        )
        command = (sys.executable, "-c", code, *argv)
    else:
        command = (*ANALYSIS, *argv)
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


def test_the_compiled_edge_agrees_with_the_computed_edge() -> None:
    rules = BLACKJACK.replace(decks=6, dealer_hits_soft_17=False, surrender=True)
    simulated = simulate_fast(rules, 4_000_000, seed=3)
    assert simulated.rounds == 4_000_000
    # The computed edge is the two-card composition-dependent strategy's; the chart, read
    # by totals, gives away a few thousandths of a percent more: well within the error.
    assert abs(simulated.house_edge - analyse(rules).house_edge) <= 4 * simulated.standard_error
    assert simulated.standard_error < 0.0007


def test_only_standard_blackjacks_family_takes_the_fast_path() -> None:
    assert fast_refusal(BLACKJACK.replace(decks=2, penetration=0.8, surrender=True), None) is None
    refusal = fast_refusal(rules_for("pontoon"), None)
    assert refusal == ("the fast path plays Standard BlackJack and its custom tables, not Pontoon")


def test_another_game_is_simulated_on_the_engine_and_says_so() -> None:
    done = run("simulate", "super_21", "--rounds", "200", "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == (
        "python -m casino_gui.analysis: the engine plays these rounds, at its own pace: "
        "the fast path plays Standard BlackJack and its custom tables, not Super 21\n"
    )
    assert json.loads(done.stdout)["path"] == "engine"


def test_without_numba_the_simulation_goes_to_the_engine_with_a_clear_message() -> None:
    done = run("simulate", "blackjack", "--rounds", "200", blocked_numba=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith(
        "python -m casino_gui.analysis: the engine plays these rounds, at its own pace: "
        "numba could not be loaded ("
    )
    assert len(done.stderr.splitlines()) == 1
    assert "200 rounds" in done.stdout and "on the engine path" in done.stdout


def test_a_numba_whose_llvm_cannot_load_sends_the_rounds_to_the_engine(tmp_path: Path) -> None:
    # As in a frozen program without llvmlite's library: importing numba raises OSError.
    (tmp_path / "numba").mkdir()
    (tmp_path / "numba" / "__init__.py").write_text(
        "raise OSError(\"Could not find/load shared object file 'libllvmlite.so'\")\n"
    )
    done = subprocess.run(
        (*ANALYSIS, "simulate", "blackjack", "--rounds", "200"),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == (
        "python -m casino_gui.analysis: the engine plays these rounds, at its own pace: "
        "numba could not be loaded (Could not find/load shared object file 'libllvmlite.so')\n"
    )
    assert "on the engine path" in done.stdout


def test_a_timed_run_plays_until_its_time_is_up() -> None:
    done = run("simulate", "blackjack", "--seconds", "0.5", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["path"] == "compiled" and report["rounds"] >= 200_000
    assert 0.5 <= report["seconds"] < 30


def test_a_counters_figures_follow_from_the_rounds() -> None:
    shoe = '{"decks": 6, "penetration": 0.75}'
    done = run(
        "simulate", "blackjack", "--rules", shoe, "--rounds", "1000000", "--count", "hilo",
        "--spread", "1:16", "--bankroll", "400", "--json", "--seed", "4",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    units = report["average_bet_units"]
    win = report["win_units_per_100_rounds"] / 100
    assert win == pytest.approx(-report["house_edge_percent"] / 100 * units, abs=1e-5)
    deviation = report["standard_deviation_units"]
    assert 2.5 < deviation < 5  # a 1:16 spread's rounds vary far more than one unit's
    if win > 0:
        # (the JSON's figures are rounded: their relations hold to their last digits)
        assert report["n0_rounds"] == pytest.approx(deviation**2 / win**2, rel=1e-2)
        assert report["score"] == pytest.approx(1e6 / report["n0_rounds"], rel=1e-3)
        ruin = math.exp(-2 * win * 400 / deviation**2)
        assert report["risk_of_ruin"] == pytest.approx(ruin, rel=1e-2, abs=1e-5)
    else:
        assert report["risk_of_ruin"] == 1 and report["n0_rounds"] is None
    assert report["ramp"][0] == {"true_count": -3, "units": 1}
    assert [row["units"] for row in report["ramp"][4:]] == [1, 2, 4, 8, 16, 16]


def test_the_bench_prints_the_three_paths(capsys: pytest.CaptureFixture[str]) -> None:
    assert fast_simulation.main(["--rounds", "300000", "--slow-rounds", "300"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "6 decks cut at 75%, Hi-Lo 1:12, one process: rounds per CPU second"
    assert [line.split(":")[0] for line in lines[1:]] == [
        "compiled (numba)",
        "plain Python",
        "engine",
        "compiled / engine",
    ]
    assert "(300,000 rounds)" in lines[1]
