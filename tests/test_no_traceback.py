"""No traceback, ever: a full disk where no lock file was left, an output that cannot take the
answer (closed, full, a reader gone, a normal end included), and names or paths over the
system's limits are each one line on stderr and the right status, with nothing of the bankroll
lost. Run as a player runs them: real processes, a real full disk (a small tmpfs), real pipes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from casino_gui.paths import MAX_DATA_DIR_BYTES
from casino_gui.store.lock import LOCK_NAME
from casino_gui.store.verify import verify
from tests.store.bankroll_files import fill, ledger_of
from tests.store.test_stats import play_session

CASINO = [sys.executable, "-m", "casino_gui"]
STORE = [sys.executable, "-m", "casino_gui.store"]


def run(
    command: list[str], stdout: int | None = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=180,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )


def one_line(done: subprocess.CompletedProcess[str], status: int = 2) -> str:
    """The one line on stderr of a refusal (Qt's own notices of the offscreen platform aside)."""
    assert done.returncode == status, done
    lines = [line for line in done.stderr.splitlines() if "propagateSizeHints" not in line]
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    return lines[0]


def backups_of(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in (folder / "backups").iterdir()}


@pytest.mark.parametrize(
    "command",
    [
        [*CASINO, "--smoke-test", "{picture}"],
        [*STORE, "restore"],
        [*STORE, "new-wallet"],
    ],
    ids=["casino-gui", "store restore", "store new-wallet"],
)
def test_a_full_disk_without_a_lock_file_is_one_line_and_loses_nothing(
    small_disk: Path, tmp_path: Path, command: list[str]
) -> None:
    folder = small_disk / "casino"
    play_session(folder)  # seven rounds, and the start's backup
    ledger, backups = ledger_of(folder), backups_of(folder)
    (folder / LOCK_NAME).unlink()  # its process id could be written in no room at all
    fill(small_disk, 0)
    picture = tmp_path / "table.png"
    done = run([*(part.format(picture=picture) for part in command), "--data-dir", str(folder)])
    assert "the disk is full" in one_line(done)
    (small_disk / "filler").unlink()
    assert ledger_of(folder) == ledger and backups_of(folder) == backups


def test_a_new_wallet_on_a_full_disk_without_a_lock_file_is_one_line(
    small_disk: Path, tmp_path: Path
) -> None:
    fill(small_disk, 0)
    picture = str(tmp_path / "table.png")
    for command in ([*STORE, "new-wallet"], [*CASINO, "--smoke-test", picture]):
        done = run([*command, "--data-dir", str(small_disk / "casino")])
        assert "has no room for a new wallet: the disk is full" in one_line(done)


def with_stdout(how: str, command: list[str]) -> subprocess.CompletedProcess[str]:
    """`command` with its standard output closed, full (/dev/full) or a pipe whose reader has
    gone before it writes."""
    if how == "closed":
        return run(["sh", "-c", 'exec "$@" >&-', "sh", *command], stdout=None)
    if how == "full":
        with open("/dev/full", "w") as full:
            return run(command, stdout=full.fileno())
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return run(command, stdout=writer)
    finally:
        os.close(writer)


WHY = {
    "closed": "standard output is closed",
    "full": "No space left on device",
    "pipe": "Broken pipe",
}
STDOUTS = [
    "closed",
    pytest.param(
        "full",
        marks=pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here"),
    ),
    "pipe",
]


@pytest.mark.parametrize("how", STDOUTS)
@pytest.mark.parametrize("option", ["--help", "--version"])
def test_help_and_version_that_cannot_be_written_are_one_line_and_status_2(
    how: str, option: str
) -> None:
    said = one_line(with_stdout(how, [*CASINO, option]))
    assert said == f"casino-gui: cannot write its answer: {WHY[how]}"
    if option == "--help":  # the store's commands have no --version
        said = one_line(with_stdout(how, [*STORE, option]))
        assert said == f"python -m casino_gui.store: cannot write its answer: {WHY[how]}"


@pytest.mark.parametrize("how", STDOUTS)
def test_a_casino_that_ends_normally_with_its_output_lost_says_so_once(
    how: str, tmp_path: Path
) -> None:
    """The smoke test plays its round and ends as a closed window does; what it and --timings
    print is lost: one line, status 2, and the round it played is kept."""
    folder, picture = tmp_path / "casino", tmp_path / "table.png"
    done = with_stdout(
        how, [*CASINO, "--data-dir", str(folder), "--smoke-test", str(picture), "--timings"]
    )
    assert one_line(done) == f"casino-gui: cannot write the result: {WHY[how]}"
    assert picture.exists()
    played = verify(folder)  # the round it played is kept, settled
    assert (played.settled_rounds, played.open_round, played.agrees) == (1, None, True)


NAME = "n" * 256  # one byte over the 255 of a name on Linux, macOS and Windows
DEEP = "/".join(["d" * 200] * 3)  # each name fits; the path is over MAX_DATA_DIR_BYTES


@pytest.mark.parametrize(
    "command", ["verify", "export", "stats", "backups", "restore", "new-wallet"]
)
@pytest.mark.parametrize("data_dir", [NAME, DEEP], ids=["name", "path"])
def test_a_data_folder_over_the_systems_limits_is_one_line_for_every_command(
    tmp_path: Path, data_dir: str, command: str
) -> None:
    done = subprocess.run(
        [*STORE, command, "--data-dir", data_dir],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    said = one_line(done)
    assert said.startswith("python -m casino_gui.store: --data-dir ")
    if data_dir == NAME:
        assert said.endswith(": File name too long")
    else:
        assert said.endswith(f"give one of at most {MAX_DATA_DIR_BYTES}")
    assert list(tmp_path.iterdir()) == []  # nothing made


def test_a_backup_named_over_the_systems_limits_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "casino"
    play_session(folder)
    ledger = ledger_of(folder)
    for backup in (NAME, str(folder / "backups" / NAME), f"{NAME}/{NAME}"):
        said = one_line(run([*STORE, "restore", backup, "--data-dir", str(folder)]))
        assert said.endswith(": File name too long")
    assert ledger_of(folder) == ledger
