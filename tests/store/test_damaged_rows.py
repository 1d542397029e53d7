"""A damaged row costs only itself: `stats` and `export` leave out a round whose row was
spoiled by SQL, name it in one line on stderr, give every other round, and exit 1."""

from __future__ import annotations

import csv
import io
import json
from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.store.__main__ import main
from casino_gui.store.stats import statistics
from casino_gui.store.verify import open_for_reading
from tests.store.bankroll_files import raw
from tests.store.test_stats import play_session

PROG = "python -m casino_gui.store"
SPOILS = {
    "bets not JSON": "UPDATE rounds SET bets = 'not json' WHERE id = 3",
    "result cut short": "UPDATE rounds SET result = substr(result, 1, 20) WHERE id = 3",
    "a date that is no date": "UPDATE rounds SET opened_at = 'yesterday' WHERE id = 3",
    "rules not an object": "UPDATE rounds SET rules = '[1, 2]' WHERE id = 3",
}


def answer(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("spoil", SPOILS)
def test_export_leaves_out_the_damaged_round_only_and_names_it(
    folder: Path, capsys: pytest.CaptureFixture[str], spoil: str
) -> None:
    play_session(folder)
    command = ["export", "--data-dir", str(folder)]
    status, whole, _ = answer(command, capsys)
    assert status == 0
    with closing(raw(folder)) as db:
        db.execute(SPOILS[spoil])
    status, out, err = answer(command, capsys)
    assert status == 1
    assert err.startswith(f"{PROG}: 1 damaged round left out (3): round 3's record cannot be")
    assert err.endswith("; `verify` checks the rest\n") and err.count("\n") == 1
    assert json.loads(out) == [entry for entry in json.loads(whole) if entry["round"] != 3]
    status, out, err = answer([*command, "--format", "csv"], capsys)
    assert status == 1 and err.count("\n") == 1
    rounds = [row["round"] for row in csv.DictReader(io.StringIO(out))]
    assert rounds == ["1", "2", "4", "5", "6", "7"]


@pytest.mark.parametrize("spoil", SPOILS)
def test_stats_leave_out_the_damaged_round_only_and_name_it(
    folder: Path, capsys: pytest.CaptureFixture[str], spoil: str
) -> None:
    play_session(folder)
    with closing(raw(folder)) as db:
        db.execute(SPOILS[spoil])
    status, out, err = answer(["stats", "--data-dir", str(folder)], capsys)
    assert status == 1
    assert err.startswith(f"{PROG}: 1 damaged round left out (3): round 3's record cannot be")
    assert err.count("\n") == 1
    assert "All games\n  Rounds 6," in out
    assert out.endswith("Damaged rounds left out: 3\n")
    status, out, _ = answer(["stats", "--json", "--data-dir", str(folder)], capsys)
    assert status == 1
    found = json.loads(out)
    assert found["overall"]["rounds"] == 6
    assert [damaged["round"] for damaged in found["damaged_rounds"]] == [3]


def test_the_figures_without_a_damaged_round_are_those_of_the_others(folder: Path) -> None:
    """The six readable rounds count exactly as they did among the seven: nothing of round 3
    (its stake, its net, its decisions) is in the figures."""
    play_session(folder)
    _, db = open_for_reading(folder)
    with closing(db):
        whole = statistics(db)
    with closing(raw(folder)) as spoiler:
        (stake,) = spoiler.execute(
            "SELECT -sum(amount) FROM ledger WHERE round_id = 3 AND amount < 0"
        ).fetchone()
        (net,) = spoiler.execute("SELECT sum(amount) FROM ledger WHERE round_id = 3").fetchone()
        spoiler.execute(SPOILS["result cut short"])
    _, db = open_for_reading(folder)
    with closing(db):
        found = statistics(db)
    assert [damaged.round_id for damaged in found.damaged] == [3]
    assert found.overall.rounds == whole.overall.rounds - 1
    assert found.overall.wagered == whole.overall.wagered - stake
    assert found.overall.net == whole.overall.net - net
    assert found.quality is not None and whole.quality is not None
    assert found.quality.decisions < whole.quality.decisions


def test_many_damaged_rounds_are_named_in_one_line(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_session(folder)
    with closing(raw(folder)) as db:
        db.execute("UPDATE rounds SET result = '{' WHERE id <= 7")
    status, out, err = answer(["export", "--data-dir", str(folder)], capsys)
    assert (status, out) == (1, "[]\n")
    assert err.startswith(f"{PROG}: 7 damaged rounds left out (1, 2, 3, 4, 5 and 2 more): ")
    assert err.count("\n") == 1 and len(err) <= 300


def test_the_windows_export_leaves_out_the_damaged_round_only_and_says_so(
    folder: Path, tmp_path: Path
) -> None:
    from casino_gui.gui.dialogs.history_export import ExportFormat, export
    from casino_gui.store.history_query import HistoryFilter

    play_session(folder)
    with closing(raw(folder)) as db:
        db.execute(SPOILS["bets not JSON"])
    target = tmp_path / "rounds.json"
    exported = export(folder / "bankroll.sqlite3", HistoryFilter(), ExportFormat.JSON, target)
    assert [entry["round"] for entry in json.loads(target.read_text("utf-8"))] == [
        1,
        2,
        4,
        5,
        6,
        7,
    ]
    said = exported.said(target)
    assert said.startswith(f"6 rounds written to {target}. 1 damaged round left out (3): ")
    assert said.endswith(".") and "\n" not in said
