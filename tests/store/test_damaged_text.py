"""A round whose text is not valid UTF-8 (one flipped byte in the file) costs only itself:
`store stats`, `store export` and `store verify --replay` answer for every other round and
name the damaged ones, where SQLite's decoding error used to stop all three
(docs/decisions.md, "Damaged rows"). Run as a player runs them: real
subprocesses on a real file, spoiled byte by byte."""

from __future__ import annotations

import csv
import io
import json
from contextlib import closing
from pathlib import Path

from casino_gui.store.database import FILE_NAME, connect_read_only, read_damaged_text
from tests.store.bankroll_files import raw, store
from tests.store.test_stats import play_session

PROG = "python -m casino_gui.store"
ROUND_3_SHOE = b"8S 6H 8C TD TC 9C TS"  # SESSION's third round: no other row holds it


def flip_a_byte_of_round_3(folder: Path) -> None:
    """The '6' of round 3's shoe becomes 0xFF in the file itself, as a bad sector might:
    SQLite's pages stay sound, the text no longer is UTF-8."""
    path = folder / FILE_NAME
    with closing(raw(folder)) as db:  # every page in the file itself, the log left empty
        assert db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
    data = bytearray(path.read_bytes())
    at = data.find(ROUND_3_SHOE)
    assert at > 0 and data.find(ROUND_3_SHOE, at + 1) < 0
    data[at + 3] = 0xFF
    path.write_bytes(bytes(data))


def spoil_round_5_by_sql(folder: Path) -> None:
    """Round 5's result gets a byte that no UTF-8 text holds, still typed as TEXT."""
    with closing(raw(folder)) as db:
        db.execute(
            "UPDATE rounds SET result = CAST(X'FF' || CAST(result AS BLOB) AS TEXT) WHERE id = 5"
        )
        assert db.execute("SELECT typeof(result) FROM rounds WHERE id = 5").fetchone() == ("text",)


def damaged_session(folder: Path) -> dict[int, object]:
    """The session's export before the damage, by round; then rounds 3 and 5 spoiled."""
    play_session(folder)
    whole = store("export", "--data-dir", str(folder))
    assert whole.returncode == 0, whole.stderr
    before = {entry["round"]: entry for entry in json.loads(whole.stdout)}
    flip_a_byte_of_round_3(folder)
    spoil_round_5_by_sql(folder)
    return before


def test_export_gives_every_other_round_and_names_the_damaged_ones(folder: Path) -> None:
    before = damaged_session(folder)
    done = store("export", "--data-dir", str(folder))
    assert done.returncode == 1
    assert done.stderr.startswith(
        f"{PROG}: 2 damaged rounds left out (3, 5): round 3's record cannot be read "
        "(its shoe is damaged: it is not valid UTF-8 text)"
    )
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert json.loads(done.stdout) == [before[round_] for round_ in (1, 2, 4, 6, 7)]
    done = store("export", "--format", "csv", "--data-dir", str(folder))
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert [row["round"] for row in csv.DictReader(io.StringIO(done.stdout))] == [
        "1",
        "2",
        "4",
        "6",
        "7",
    ]


def test_stats_count_every_other_round_and_name_the_damaged_ones(folder: Path) -> None:
    damaged_session(folder)
    done = store("stats", "--since", "2026-03-01", "--data-dir", str(folder))
    assert done.returncode == 1
    assert done.stderr.startswith(f"{PROG}: 2 damaged rounds left out (3, 5): round 3's")
    assert done.stderr.count("\n") == 1
    assert "All games\n  Rounds 5," in done.stdout
    assert done.stdout.endswith("Damaged rounds left out: 3, 5\n")
    # All time: the figures kept as the rounds settled, play quality judged without them.
    done = store("stats", "--json", "--data-dir", str(folder))
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    found = json.loads(done.stdout)
    assert found["overall"]["rounds"] == 7
    assert [damaged["round"] for damaged in found["damaged_rounds"]] == [3, 5]


def test_verify_replay_goes_past_every_unreadable_round_and_names_each(folder: Path) -> None:
    damaged_session(folder)
    done = store("verify", "--replay", "--data-dir", str(folder))
    assert done.returncode == 1 and done.stderr == ""
    problems = [line for line in done.stdout.splitlines() if line.startswith("problem:")]
    assert problems[:2] == [
        "problem:    round 3's record cannot be read (its shoe is damaged: it is not valid "
        "UTF-8 text)",
        "problem:    round 5's record cannot be read (its result is damaged: it is not valid "
        "UTF-8 text)",
    ]
    assert "rounds:     7 settled" in done.stdout
    assert done.stdout.endswith("agree:      NO\n")


def test_export_of_an_unknown_game_is_refused_in_one_line(folder: Path) -> None:
    play_session(folder)
    done = store("export", "--game", "baccarat", "--data-dir", str(folder))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"{PROG}: unknown game 'baccarat' (games are blackjack, face_up_21, pontoon, "
        "caribbean_21, super_21, match_play_21, no_bust_21)\n"
    )


def test_the_windows_history_and_export_name_the_damaged_rounds_only(
    folder: Path, tmp_path: Path
) -> None:
    from casino_gui.gui.dialogs.history_export import ExportFormat, export
    from casino_gui.store.history_query import HistoryFilter, page

    before = damaged_session(folder)
    target = tmp_path / "rounds.json"
    exported = export(folder / FILE_NAME, HistoryFilter(), ExportFormat.JSON, target)
    assert json.loads(target.read_text("utf-8")) == [before[round_] for round_ in (1, 2, 4, 6, 7)]
    assert exported.said(target).startswith(
        f"5 rounds written to {target}. 2 damaged rounds left out (3, 5): "
    )
    # The history's page, on a connection as the dialog opens it: each round a line.
    with closing(read_damaged_text(connect_read_only(folder / FILE_NAME))) as db:
        lines = page(db, HistoryFilter()).lines
    assert [line.round_id for line in lines] == [7, 6, 5, 4, 3, 2, 1]
    assert {line.round_id: line.damage for line in lines if line.damage} == {
        5: "its record cannot be read (its result is not valid UTF-8 text)",
    }
