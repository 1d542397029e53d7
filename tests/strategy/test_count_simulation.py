"""`analysis simulate --count SYSTEM --spread 1:N`: a shoe game bet by the true count.

Fast and seeded: the fields of the JSON and how they hang together, the flat spread against
no count, the true count of every round against the cards seen, and the refusals. The long
runs that check the figures against the computed edge and published counting simulations
are in docs/counting.md, with their commands."""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest

from bench.counting import main as counting_bench
from casino_gui.analysis.__main__ import main
from casino_gui.analysis.simulation import counted_shoes, play_round
from casino_gui.command_line import LINE_LIMIT
from casino_gui.engine.counting import HI_LO, SYSTEMS, bet_units, floored_true_count
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.strategy import BasicStrategy
from tests.strategy.test_analysis_progress import ANALYSIS, on_a_terminal

SHOE = '{"decks": 6, "penetration": 0.75}'


def simulate(*options: str, rounds: int = 20_000) -> tuple[int, str, str]:
    """`simulate blackjack` dealt from six decks cut at 75%, seed 11: status, stdout, stderr."""
    argv = ["simulate", "blackjack", "--rules", SHOE, "--rounds", str(rounds), "--seed", "11"]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main([*argv, *options])
        except SystemExit as exit_:  # argparse's refusals and --help
            status = exit_.code if isinstance(exit_.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def report(*options: str, rounds: int = 20_000) -> dict[str, Any]:
    status, out, err = simulate(*options, "--json", rounds=rounds)
    assert status == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


@pytest.fixture(scope="module")
def spread_1_12() -> dict[str, Any]:
    return report("--count", "hilo", "--spread", "1:12")


def test_the_json_keeps_the_edge_and_adds_the_average_bet_and_the_true_counts(
    spread_1_12: dict[str, Any],
) -> None:
    assert spread_1_12["rounds"] == 20_000
    assert (spread_1_12["count"], spread_1_12["spread"]) == ("hilo", "1:12")
    assert spread_1_12["rules"]["penetration"] == 0.75
    assert spread_1_12["standard_error_percent"] > 0
    rows = spread_1_12["by_true_count"]
    counts = [row["true_count"] for row in rows]
    assert counts == sorted(set(counts)) and min(counts) < -2 and max(counts) > 5
    assert sum(row["rounds"] for row in rows) == 20_000
    assert sum(row["share"] for row in rows) == pytest.approx(1, abs=1e-5)
    for row in rows:
        assert row["share"] == pytest.approx(row["rounds"] / 20_000, abs=1e-6)
        assert row["bet_units"] == bet_units(row["true_count"], 12)
        assert row["standard_error"] > 0 or row["rounds"] < 100


def test_the_average_bet_and_the_edge_are_the_true_counts_weighed_by_their_bets(
    spread_1_12: dict[str, Any],
) -> None:
    rows = spread_1_12["by_true_count"]
    average = sum(row["share"] * row["bet_units"] for row in rows)
    assert spread_1_12["average_bet_units"] == pytest.approx(average, abs=1e-4)
    assert 1 < spread_1_12["average_bet_units"] < 12
    # The house's net over all the bets: each count's player net per unit, weighed by the
    # units staked there, with the sign turned.
    staked = sum(row["rounds"] * row["bet_units"] for row in rows)
    net = sum(row["rounds"] * row["bet_units"] * row["net_per_unit"] for row in rows)
    assert spread_1_12["house_edge_percent"] == pytest.approx(-100 * net / staked, abs=1e-3)


def test_a_flat_spread_bets_one_unit_and_measures_the_edge_of_no_count() -> None:
    flat = report("--count", "hilo", "--spread", "1:1", rounds=5_000)
    plain = report(rounds=5_000)
    assert flat["average_bet_units"] == plain["average_bet_units"] == 1.0
    for figure in ("house_edge_percent", "standard_error_percent", "rounds"):
        assert flat[figure] == plain[figure]
    assert {row["bet_units"] for row in flat["by_true_count"]} == {1}
    assert "by_true_count" not in plain and "count" not in plain
    # --count alone bets flat too: the count only measured.
    alone = report("--count", "hilo", rounds=5_000)
    assert (alone["spread"], alone["house_edge_percent"]) == ("1:1", plain["house_edge_percent"])


def test_each_rounds_true_count_is_that_of_the_cards_seen_since_the_shuffle() -> None:
    rules = BLACKJACK.replace(decks=2, penetration=0.75)
    strategy = BasicStrategy(rules)
    trues = set()
    for system in (HI_LO, SYSTEMS["omega2"]):
        for shoe, true in counted_shoes(rules, 3, 0, 400, system):
            running = system.running(shoe.seen_before, rules.decks)
            assert true == floored_true_count(running, shoe.remaining)
            trues.add(true)
            play_round(rules, strategy, shoe)
    assert len(trues) > 8  # counts well away from 0 were read


def test_the_text_shows_the_ramp_and_the_true_counts_in_a_few_lines() -> None:
    status, out, err = simulate("--count", "hilo", "--spread", "1:12", rounds=5_000)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Standard BlackJack: simulated house edge ")
    assert lines[3].startswith("Hi-Lo, spread 1:12: average bet ")
    table = lines[5:15]
    assert table[0].split()[:4] == ["\N{MINUS SIGN}3", "or", "less", table[0].split()[3]]
    assert table[-1].startswith("  +6 or more") and table[-1].split()[4] == "12"
    # Then what a counter reads (counter_figures.py) and the play, in three lines.
    assert lines[15].startswith("per round: standard deviation ")
    assert "units per 100 rounds" in lines[15]
    assert lines[16].startswith("risk of ruin of 1,000 units: ") and "SCORE" in lines[16]
    assert lines[17].startswith("play: the basic-strategy chart")
    assert len(lines) == 18


def test_help_states_the_ramp_and_the_play() -> None:
    status, out, _ = simulate("--help")
    text = " ".join(out.split())
    assert status == 0
    assert "1 unit ($10) at a floored true count of +1 or less, 2 at +2, 4 at +3, 8 at +4" in text
    assert "N from +5, never above N" in text
    assert "no index plays" in text


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--count", "hilo", "--spread", "12:1"], "--spread '12:1': give 1:N, bets of 1 to N"),
        (["--count", "hilo", "--spread", "1:0"], "--spread '1:0': give 1:N"),
        (["--count", "hilo", "--spread", "1:51"], "N from 1 to 50 (the table's maximum bet"),
        (["--count", "hilo", "--spread", "1-12"], "--spread '1-12': give 1:N"),
        (["--count", "nope"], "--count 'nope': unknown count system (the systems with a"),
        (["--count", "ko"], "--count ko: Knock-Out (KO) is unbalanced"),
        (["--spread", "1:12"], "--spread '1:12': a spread bets by a count: give --count too"),
    ],
)
def test_bad_counts_and_spreads_are_one_line_on_stderr_and_status_2(
    options: list[str], message: str
) -> None:
    status, out, err = simulate(*options, "--json")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err and len(err) <= LINE_LIMIT + 1


def test_a_game_shuffled_before_every_round_has_no_count_to_bet_by() -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["simulate", "blackjack", "--rounds", "100", "--count", "hilo"])
    assert status == 2 and out.getvalue() == ""
    assert "--count hilo: Standard BlackJack is shuffled before every round" in err.getvalue()
    assert '"penetration": 0.75' in err.getvalue()


def test_the_benchmark_times_the_shoe_going_on_against_it_opened_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert counting_bench(["--rounds", "300", "--runs", "1", "--decks", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2 decks cut at 75%, Hi-Lo 1:12, 300 rounds")
    assert lines[1].startswith("the shuffle going on (Shoe.open_next_round):")
    assert lines[-1].endswith("the same rounds dealt: yes")


def test_a_counted_simulation_on_a_terminal_shows_the_rounds_played() -> None:
    shown = on_a_terminal(
        *ANALYSIS,
        "simulate",
        "blackjack",
        "--rules",
        SHOE,
        "--rounds",
        "300",
        "--count",
        "hilo",
        "--spread",
        "1:12",
    )
    assert "rounds:" in shown and "300/300" in shown and "100%" in shown
    assert "Hi-Lo, spread 1:12: average bet" in shown
