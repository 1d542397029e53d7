"""`python -m casino_gui.store verify|export|backups|restore` and the benchmark."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.engine.games import BLACKJACK, PONTOON
from casino_gui.engine.round import Bet
from casino_gui.store import Bankroll
from casino_gui.store.__main__ import main
from tests.store.bankroll_files import Clock, raw


def two_rounds_and_one_open(folder: Path) -> None:
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act("stand")
        bankroll.deal(PONTOON, [Bet(1, 1_000)], shoe="9S TH 7C 6D TD")
        bankroll.act("stand")
        bankroll.deal(BLACKJACK, [Bet(1, 2_500)], shoe="8S 9H 8C 7D 3H TC 2D")
        bankroll.act("split")


def test_verify_prints_the_balance_the_ledger_sum_and_the_open_round(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two_rounds_and_one_open(folder)
    assert main(["verify", "--data-dir", str(folder)]) == 0
    assert capsys.readouterr().out == (
        f"bankroll:   {folder / 'bankroll.sqlite3'}\n"
        "balance:    $970.00 (97000 cents)\n"
        "ledger sum: $970.00 (97000 cents) over 7 movements\n"
        "rounds:     2 settled\n"
        "open round: 3 (blackjack, opened 2025-01-31 20:00:05 UTC, 1 actions, "
        "$50.00 on the table)\n"
        "agree:      yes\n"
    )


def test_verify_exits_1_when_the_balance_and_the_ledger_disagree(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two_rounds_and_one_open(folder)
    with closing(raw(folder)) as db:
        db.execute("UPDATE wallet SET balance = balance + 100000")
    assert main(["verify", "--data-dir", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "balance:    $1,970.00 (197000 cents)" in out
    assert "ledger sum: $970.00 (97000 cents)" in out
    assert "problem:    the balance is 197000 cents but the ledger sums to 97000" in out
    assert out.endswith("agree:      NO\n")


def test_verify_finds_a_ledger_row_that_lies_about_the_balance_and_a_round_that_does(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two_rounds_and_one_open(folder)
    with closing(raw(folder)) as db:
        db.execute("UPDATE ledger SET balance_after = 1 WHERE id = 3")
        db.execute("UPDATE rounds SET bankroll_after = 0 WHERE id = 2")
    assert main(["verify", "--data-dir", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "problem:    ledger row 3 says the balance became 1 cents" in out
    assert "problem:    round 2 moved 1000 cents in the ledger but changed the bankroll" in out


def test_verify_replays_the_history_on_request(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two_rounds_and_one_open(folder)
    assert main(["verify", "--replay", "--data-dir", str(folder)]) == 0
    with closing(raw(folder)) as db:
        db.execute("""UPDATE rounds SET shoe = '9S 8H TH TC' WHERE id = 1""")
    assert main(["verify", "--replay", "--data-dir", str(folder)]) == 1
    assert "round 1 replays to a different result than it had" in capsys.readouterr().out


def test_verify_runs_beside_a_casino_that_is_playing(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        verified = subprocess.run(
            [sys.executable, "-m", "casino_gui.store", "verify", "--data-dir", str(folder)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        bankroll.act("stand")
    assert verified.returncode == 0, verified.stderr
    assert "balance:    $990.00 (99000 cents)" in verified.stdout
    assert "open round: 1 (blackjack" in verified.stdout


def test_verify_of_a_folder_without_a_bankroll_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "--data-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"python -m casino_gui.store: there is no bankroll in {tmp_path} (no bankroll.sqlite3): start the casino once "
        "with this --data-dir to create one\n"
    )


def test_verify_of_a_bad_file_names_it_and_leaves_it_alone(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder.mkdir()
    (folder / "bankroll.sqlite3").write_text("not a bankroll")
    assert main(["verify", "--data-dir", str(folder)]) == 2
    assert capsys.readouterr().err.startswith(
        f"python -m casino_gui.store: {folder / 'bankroll.sqlite3'} is not a bankroll database"
    )
    assert (folder / "bankroll.sqlite3").read_text() == "not a bankroll"


def test_export_json_and_csv(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    two_rounds_and_one_open(folder)
    assert main(["export", "--data-dir", str(folder)]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert [(item["round"], item["record"]["game"]) for item in exported] == [
        (1, "blackjack"),
        (2, "pontoon"),
    ]
    assert main(["export", "--data-dir", str(folder), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(row["round"], row["net"]) for row in rows] == [("1", "1000"), ("2", "1000")]


def test_export_by_game_and_date_to_a_file(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two_rounds_and_one_open(folder)
    out = tmp_path / "pontoon.json"
    arguments = ["export", "--data-dir", str(folder), "--game", "pontoon", "--output", str(out)]
    assert main([*arguments, "--since", "2025-01-31T00:00+00:00"]) == 0
    assert (
        capsys.readouterr().out == f"1 rounds of {folder / 'bankroll.sqlite3'} written to {out}\n"
    )
    assert [item["round"] for item in json.loads(out.read_text())] == [2]
    assert main([*arguments, "--until", "2025-01-31T00:00+00:00"]) == 0
    assert json.loads(out.read_text()) == []


def test_backups_and_restore_commands(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    two_rounds_and_one_open(folder)
    with Bankroll.open(folder):  # a second start: a second backup
        pass
    assert main(["backups", "--data-dir", str(folder)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("the bankroll being played (line ")
    listed = [line.strip() for line in said if line.startswith("  ")]
    assert len(listed) == 2
    oldest = listed[-1]
    assert main(["restore", "--data-dir", str(folder), oldest]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        f"restored {oldest} ($1,000.00)\nthe bankroll it replaced was kept as {folder / 'backups'}"
    )
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 100_000


def test_restore_while_the_casino_runs_is_refused(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Bankroll.open(folder):
        assert main(["restore", "--data-dir", str(folder)]) == 2
    assert "already running" in capsys.readouterr().err


def test_the_benchmark_prints_settled_rounds_per_second(tmp_path: Path) -> None:
    printed = subprocess.run(
        [sys.executable, "-m", "bench.store", "--rounds", "30"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert printed.stdout.startswith("30 rounds settled through the store in ")
    assert " settled rounds per second " in printed.stdout


def test_verify_notes_an_open_round_the_next_start_will_refund(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two_rounds_and_one_open(folder)
    with closing(raw(folder)) as db:
        db.execute("UPDATE rounds SET game = 'blackjack_xl' WHERE id = 3")
    assert main(["verify", "--data-dir", str(folder)]) == 0  # the money still agrees
    assert (
        "            it cannot be replayed (the deal: unknown game 'blackjack_xl' (games are "
        in capsys.readouterr().out
    )


def test_a_relative_data_dir(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    two_rounds_and_one_open(folder)
    monkeypatch.chdir(folder.parent)
    assert main(["verify", "--data-dir", folder.name]) == 0
    assert "agree:      yes" in capsys.readouterr().out
