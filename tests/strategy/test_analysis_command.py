"""`python -m casino_gui.analysis`: edge, chart and simulate, and its refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from casino_gui.analysis.__main__ import main
from casino_gui.command_line import LINE_LIMIT

ANALYSIS = (sys.executable, "-m", "casino_gui.analysis")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:  # argparse's refusals
        status = exit_.code if isinstance(exit_.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def test_edge_prints_json_with_the_game_its_edge_and_the_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "edge", "blackjack", "--json")
    report = json.loads(out)
    assert status == 0 and err == ""
    assert report["game"] == "blackjack"
    assert 0.6 < report["house_edge_percent"] < 0.7
    assert report["seconds"] >= 0
    assert report["first_deals"] == 550
    assert report["rules"]["decks"] == 8


def test_edge_takes_a_custom_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "edge", "blackjack", "--rules", '{"decks": 6, "split_max_hands": 4}'
    )
    assert status == 0
    assert out.startswith("Standard BlackJack: house edge 0.618% of the original bet")


def test_chart_prints_hard_soft_and_pairs_against_the_up_card_with_a_legend(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "chart", "blackjack")
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith("Standard BlackJack: basic strategy, 8 decks")
    assert "Hard     2  3  4  5  6  7  8  9  T  A" in lines
    assert "16       S  S  S  S  S  H  H  H  H  H" in lines
    assert "A,7     Ds Ds Ds Ds Ds  S  S  H  H  H" in lines
    assert "8,8      P  P  P  P  P  P  P  P  P  P" in lines
    assert lines[-1].startswith("Legend: H hit; S stand; D double, else hit; Ds double, else stand")


def test_simulate_prints_the_edge_its_standard_error_and_the_pace(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "simulate", "pontoon", "--rounds", "500", "--seed", "3", "--json")
    report = json.loads(out)
    assert status == 0
    assert report["rounds"] == 500 and report["seed"] == 3 and report["jobs"] == 1
    assert report["standard_error_percent"] > 0
    assert report["rounds_per_second"] > 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["edge", "baccarat"], "unknown game 'baccarat' (games are blackjack,"),
        (
            ["edge", "blackjack", "--rules", '{"decks": 9}'],
            "Decks must be from 1 to 8, written like 6",
        ),
        (["chart", "blackjack", "--rules", "[1]"], "--rules: give an object of rules"),
        (["simulate", "blackjack", "--rounds", "1"], "--rounds 1: simulate 2 to 1,000,000,000"),
        # Each of these once gave a traceback, forked without end or ran for ever.
        (
            ["edge", "blackjack", "--rules", '{"decks": ' + "1" * 5_000 + "}"],
            ": --rules: a number of 5,000 digits (line 1, column 11): numbers have at most 4,300",
        ),
        (
            ["chart", "blackjack", "--rules", "[" * 30_000 + "]" * 30_000],
            ": --rules: not valid JSON: nested too deeply",
        ),
        (
            ["chart", "blackjack", "--rules", '{"a": ' * 30_000 + "1" + "}" * 30_000],
            ": --rules: not valid JSON: nested too deeply",
        ),
        (
            ["edge", "blackjack", "--rules", '{"decks": NaN}'],
            ": --rules: not valid JSON (line 1, column 11): NaN is not a JSON number",
        ),
        (["edge", "blackjack", "--rules", '{"self": 1}'], ": unknown rule 'self'"),
        (["edge", "blackjack", "--rules", ""], ": --rules: not valid JSON (line 1, column 1"),
        (
            ["simulate", "blackjack", "--rounds", "10", "--jobs", "-1"],
            ": --jobs -1: give 1 to 256 processes, or 0 for one per core",
        ),
        (
            ["simulate", "blackjack", "--rounds", "10", "--jobs", "1000000"],
            ": --jobs 1000000: give 1 to 256 processes, or 0 for one per core",
        ),
        (
            ["simulate", "blackjack", "--rounds", "1000000000000"],
            ": --rounds 1000000000000: simulate 2 to 1,000,000,000 rounds",
        ),
        (
            ["simulate", "blackjack"],
            ": error: one of the arguments --rounds --seconds is required",
        ),
        (["simulate", "blackjack", "--rounds", "9" * 5_000], ": error: argument --rounds:"),
        (["deal", "blackjack"], ": error: argument command: invalid choice: 'deal'"),
        ([], ": error: the following arguments are required: command (see --help)"),
        (
            ["edge", "blackjack", "--rules", '{"decks": "' + "x" * 10_000_000 + '"}'],
            "Decks must be from 1 to 8",
        ),
        (["edge", "blackjack", "--rules", '{"' + "x" * 10_000_000 + '": 6}'], "unknown rule 'xx"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err
    assert err.startswith("python -m casino_gui.analysis")
    assert len(err) <= LINE_LIMIT + 1


def test_the_module_runs_as_a_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "casino_gui.analysis", "edge", "pontoon", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "pontoon"


def test_the_benchmark_prints_hint_edge_and_simulation_figures() -> None:
    command = ["-m", "bench.analysis", "pontoon", "--rounds", "300", "--hints", "5"]
    printed = subprocess.run(
        [sys.executable, *command, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert printed.returncode == 0, printed.stderr
    lines = printed.stdout.splitlines()
    assert lines[0].split()[:5] == ["game", "hint", "ms", "p95", "max"]
    assert lines[1].startswith("pontoon ")
    assert lines[2] == "computed and simulated edges agree within 3 standard errors"
    (row,) = json.loads("\n".join(lines[3:]))
    assert row["rounds"] == 300 and row["hint_ms_mean"] > 0 and row["edge_seconds"] > 0


def test_the_benchmark_times_hints_at_a_game_dealt_from_a_shoe() -> None:
    command = ["-m", "bench.analysis", "pontoon", "--shoe-hints", "5", "--json"]
    printed = subprocess.run(
        [sys.executable, *command], capture_output=True, text=True, timeout=300, check=False
    )
    assert printed.returncode == 0, printed.stderr
    lines = printed.stdout.splitlines()
    assert lines[0].split() == ["game", "decks", "hints", "median", "p95", "max", "first"]
    assert lines[1].startswith("pontoon ")
    (row,) = json.loads("\n".join(lines[2:]))
    assert row["hints"] == 5 and row["max_ms"] >= row["median_ms"] > 0


def test_edge_shows_the_buster_side_bet_beside_no_bust_21(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "edge", "no_bust_21")
    assert status == 0
    assert out.splitlines()[1] == "Buster side bet: house edge 4.724% of the amount bet"
    status, out, _ = run(capsys, "edge", "no_bust_21", "--json")
    assert json.loads(out)["side_bets"] == {"buster": {"house_edge_percent": 4.7236}}
    status, out, _ = run(capsys, "edge", "blackjack", "--json")
    assert "side_bets" not in json.loads(out)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="this system has no /dev/full")
def test_a_full_standard_output_is_one_line_and_status_2() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*ANALYSIS, "edge", "pontoon"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr == (
        "python -m casino_gui.analysis: cannot write the result: No space left on device\n"
    )


def test_rules_nested_30000_deep_are_refused_by_the_command() -> None:
    done = subprocess.run(
        [*ANALYSIS, "chart", "blackjack", "--rules", "[" * 30_000 + "]" * 30_000],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "python -m casino_gui.analysis: --rules: not valid JSON: nested too deeply\n"
    )
