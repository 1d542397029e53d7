"""Every store command whose answer is lost (standard output closed, full, or a pipe whose
reader has gone) says so in one line on stderr and exits 2: none exits 0 without having said
what it was asked. Real processes, started as a shell starts them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from casino_gui.engine import Action, Move
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import Bankroll
from casino_gui.store.verify import verify
from tests.store.bankroll_files import Clock, fill

PROG = "python -m casino_gui.store"
ANSWERING = ["verify", "export", "stats", "backups", "restore"]


def played(folder: Path) -> None:
    """Two starts (two backups) and a round won: $1,010.00."""
    with Bankroll.open(folder, clock=Clock()):
        pass
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act(Move(Action.STAND))


def shell(command: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """`$PY -m casino_gui.store COMMAND --data-dir DIR` and `command`'s redirections, by sh."""
    env = {**os.environ, "PY": sys.executable, "DIR": str(folder)}
    return subprocess.run(
        ["sh", "-c", command], capture_output=True, text=True, env=env, timeout=120, check=False
    )


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    return lines[0]


@pytest.mark.parametrize("command", [*ANSWERING, "new-wallet"])
def test_with_standard_output_closed_no_command_runs(folder: Path, command: str) -> None:
    played(folder)
    before = verify(folder).balance
    said = one_line(shell(f'"$PY" -m casino_gui.store {command} --data-dir "$DIR" >&-', folder))
    assert said == (
        f"{PROG}: cannot write its answer: standard output is closed; {command} was not run"
    )
    assert verify(folder).balance == before  # a restore was not done behind a closed door


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="this system has no /dev/full")
@pytest.mark.parametrize("command", ANSWERING)
def test_a_full_standard_output_is_one_line_and_status_2(folder: Path, command: str) -> None:
    played(folder)
    said = one_line(
        shell(f'"$PY" -m casino_gui.store {command} --data-dir "$DIR" >/dev/full', folder)
    )
    assert said.startswith(f"{PROG}: cannot write its answer: No space left on device")
    if command == "restore":  # what it was asked was done; only the report is lost
        assert said.endswith("; the restore itself was done (`verify` shows the bankroll)")


@pytest.mark.parametrize("command", ANSWERING)
def test_a_reader_that_went_away_is_one_line_and_status_2(folder: Path, command: str) -> None:
    played(folder)
    reader, writer = os.pipe()
    os.close(reader)  # before the command writes: its write meets a broken pipe
    try:
        done = subprocess.run(
            [sys.executable, "-m", "casino_gui.store", command, "--data-dir", str(folder)],
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(writer)
    assert done.returncode == 2
    assert done.stderr.startswith(f"{PROG}: cannot write its answer: Broken pipe")
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_backups_says_when_there_is_none(folder: Path) -> None:
    folder.mkdir()
    done = shell('"$PY" -m casino_gui.store backups --data-dir "$DIR"', folder)
    assert (done.returncode, done.stdout) == (0, f"no backups in {folder}\n")


def test_an_export_to_a_full_disk_is_one_line_and_leaves_nothing_there(
    folder: Path, small_disk: Path
) -> None:
    played(folder)
    full_disk = small_disk
    (full_disk / "rounds.json").write_text("old\n", encoding="utf-8")
    fill(full_disk, 0)
    done = shell(
        f'"$PY" -m casino_gui.store export --data-dir "$DIR" --output {full_disk}/rounds.json',
        folder,
    )
    said = one_line(done)
    assert said == (
        f"{PROG}: {full_disk}/rounds.json: cannot write the export: No space left on device"
    )
    assert (full_disk / "rounds.json").read_text("utf-8") == "old\n"
    assert sorted(path.name for path in full_disk.iterdir()) == ["filler", "rounds.json"]
