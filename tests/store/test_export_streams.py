"""The export streams: the rounds go from the file to the output one at a time, in memory that
does not grow with the history, with a progress bar when a person watches a terminal."""

from __future__ import annotations

import fcntl
import json
import os
import struct
import subprocess
import sys
import termios
import tracemalloc
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from bench.store import GENERATED_EVERY, GENERATED_FROM, generate_history
from casino_gui.store.history import entries, write_csv, write_json
from casino_gui.store.verify import open_for_reading

STORE = [sys.executable, "-m", "casino_gui.store"]


@pytest.fixture(scope="module")
def long(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("export") / "casino"
    generate_history(folder, 1_400, judged=False)
    return folder


def peak_memory(folder: Path, rounds: int, write: Callable[..., int]) -> int:
    """The most memory the export of the first `rounds` rounds held at once, in bytes."""
    until = GENERATED_FROM + rounds * GENERATED_EVERY
    _, db = open_for_reading(folder)
    with closing(db), open(os.devnull, "w") as out:
        tracemalloc.start()
        try:
            assert write(entries(db, until=until), out) == rounds
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()


@pytest.mark.parametrize("write", [write_json, write_csv])
def test_exporting_ten_times_the_rounds_takes_no_more_memory(
    long: Path, write: Callable[..., int]
) -> None:
    few, many = peak_memory(long, 140, write), peak_memory(long, 1_400, write)
    # Held at once, the 1,400 rounds would take megabytes (their records, results and text).
    assert many < 1_000_000 and many - few < 500_000, (few, many)


def test_the_streamed_json_is_one_list_of_every_round(long: Path, tmp_path: Path) -> None:
    out = tmp_path / "rounds.json"
    command = [*STORE, "export", "--data-dir", str(long)]
    subprocess.run([*command, "--output", str(out)], check=True, capture_output=True)
    rounds = json.loads(out.read_text())
    assert [entry["round"] for entry in rounds] == list(range(1, 1_401))
    assert out.read_text().count("\n") == 1_400 + 2  # "[", a line a round, "]"


def on_a_terminal(command: list[str]) -> str:
    """What `command` writes to stderr when its stdout and stderr are a terminal."""
    leader, follower = os.openpty()
    # A terminal of 24 lines of 100 columns (a new pseudo-terminal has none: no room for a bar).
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    with subprocess.Popen(command, stdout=follower, stderr=follower, stdin=subprocess.DEVNULL):
        os.close(follower)
        said = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed with the command
                break
            if not chunk:
                break
            said += chunk
    os.close(leader)
    return said.decode(errors="replace")


def test_a_person_at_a_terminal_sees_the_export_move_on(long: Path, tmp_path: Path) -> None:
    out = tmp_path / "rounds.csv"
    said = on_a_terminal(
        [*STORE, "export", "--data-dir", str(long), "--format", "csv", "--output", str(out)]
    )
    assert "exporting: 100%" in said and "1400/1400" in said
    assert "1400 rounds of" in said


def test_a_person_at_a_terminal_sees_the_judging_move_on(folder: Path) -> None:
    generate_history(folder, 14, judged=False)  # as a restore of an older bankroll leaves it
    said = on_a_terminal([*STORE, "stats", "--data-dir", str(folder)])
    assert "judging play: 100%" in said and "14/14" in said
    said = on_a_terminal([*STORE, "stats", "--data-dir", str(folder)])
    assert "judging play" not in said  # judged once, and kept
    quiet = subprocess.run(
        [*STORE, "stats", "--data-dir", str(folder)], capture_output=True, text=True, check=True
    )
    assert quiet.stderr == ""  # read by a program: no bar
