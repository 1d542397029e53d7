"""`python -m casino_gui.store stats`: the figures as text and JSON, and its bad inputs."""

from __future__ import annotations

import json
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.store.__main__ import main
from tests.store.bankroll_files import raw
from tests.store.test_stats import play_session

ALL_GAMES_TEXT = """\
Statistics, all time

All games
  Rounds 7, hands 8
  wins 5 (62.5%), losses 2 (25.0%), pushes 0 (0.0%), surrenders 1 (12.5%)
  Naturals 1, splits 1
  Doubled hands: 1 (1 won, 0 lost, 0 pushed), net +$50.00
  Split hands: 2 (2 won, 0 lost, 0 pushed), net +$20.00
  Insurance: 1 made, 1 paid, net +$10.00
  Buster bets: 1 made, 1 paid, net +$5.00
  Wagered $130.00, net +$85.00
  Biggest win +$50.00 (round 4)
  Biggest loss -$10.00 (round 1)
  Average bet $12.14, 45.7 hands per hour
"""

SUPER_21_SESSION_TEXT = """\
Statistics, since 2026-03-01 18:04:00 UTC

Super 21
  Rounds 1, hands 1
  wins 0 (0.0%), losses 0 (0.0%), pushes 0 (0.0%), surrenders 1 (100.0%)
  Naturals 0, splits 0
  Doubled hands: none
  Split hands: none
  Insurance: none
  Wagered $10.00, net -$5.00
  Biggest loss -$5.00 (round 5)
  Average bet $10.00, 60.0 hands per hour
  Play quality: 1 of 1 decisions best (100.0%), $0.00 given up (0.0% of the amount bet)

Refunded rounds: 0
Refills: 0 ($0.00)
"""


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("session") / "casino"
    play_session(folder)
    return folder


def test_text_for_people(session: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--data-dir", str(session), "--no-quality"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(ALL_GAMES_TEXT)
    assert "\nSuper 21\n  Rounds 1, hands 1\n" in out
    assert out.endswith("Refunded rounds: 0\nRefills: 1 ($10.00)\n")
    assert "Play quality" not in out


def test_one_game_since_a_moment(session: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["stats", "--data-dir", str(session), "--game", "super_21"]
    assert main([*argv, "--since", "2026-03-01T18:04+00:00"]) == 0
    assert capsys.readouterr().out == SUPER_21_SESSION_TEXT


def test_json_for_programs(session: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "casino_gui.store", "stats", "--data-dir", str(session), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(done.stdout)
    overall = figures["overall"]
    assert (overall["rounds"], overall["hands"], overall["net"]) == (7, 8, 8_500)
    assert overall["wins"] == {"count": 5, "percent": 62.5}
    assert overall["surrenders"] == {"count": 1, "percent": 12.5}
    assert overall["split_hands"] == {"count": 2, "wins": 2, "losses": 0, "pushes": 0, "net": 2000}
    assert overall["insurance"] == {"bets": 1, "won": 1, "staked": 500, "paid": 1500, "net": 1000}
    assert overall["biggest_win"] == {"net": 5000, "round": 4}
    assert (overall["average_bet"], overall["hands_per_hour"]) == (1214, 45.7)
    quality = overall["play_quality"]
    assert (quality["decisions"], quality["matched"]) == (8, 6)
    assert quality["given_up"] == sum(v["given_up"] for v in quality["costliest"]) > 0
    assert [v["round_id"] for v in quality["costliest"]] in ([1, 6], [6, 1])
    assert sorted(figures["games"]) == ["blackjack", "no_bust_21", "super_21"]
    assert figures["refills"] == {"count": 1, "amount": 1000}


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--game", "roulette"], "unknown game 'roulette' (games are blackjack, "),
        (["--since", "yesterday"], "'yesterday' is not a date such as 2025-01-31"),
        (["--game"], "argument --game: expected one argument"),
        (["--json", "extra"], "unrecognized arguments: extra"),
    ],
)
def test_bad_input_is_answered_in_one_line(
    session: Path, argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--data-dir", str(session), *argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and says in err


def test_a_folder_without_a_bankroll(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "there is no bankroll in" in err
    (tmp_path / "file").write_text("")
    assert main(["stats", "--data-dir", str(tmp_path / "file")]) == 2
    assert "is a file, not a data folder" in capsys.readouterr().err


def test_an_edited_journal_costs_only_its_round_named_in_one_line(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_session(folder)
    with closing(raw(folder)) as db:  # no such move: judging the decision cannot replay it
        db.execute("UPDATE actions SET action = 'fold' WHERE round_id = 1")
    assert main(["stats", "--data-dir", str(folder)]) == 1
    out, err = capsys.readouterr()
    assert err.startswith(
        "python -m casino_gui.store: 1 damaged round left out (1): round 1's record cannot be read"
    )
    assert err.count("\n") == 1 and err.endswith("; `verify` checks the rest\n")
    assert "All games\n  Rounds 6, hands 7\n" in out  # the seven but round 1


def test_an_edited_result_costs_only_its_round_named_in_one_line(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_session(folder)
    with closing(raw(folder)) as db:
        db.execute(
            "UPDATE rounds SET result = json_set(result, '$.hands[0].outcome', 'won big')"
            " WHERE id = 2"
        )
    assert main(["stats", "--data-dir", str(folder), "--no-quality"]) == 1
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "left out (2): round 2's record cannot be read" in err
    assert "All games\n  Rounds 6," in out
