"""What killed backups and exports leave is cleared; `verify` reads a read-only folder; every
bad input to `python -m casino_gui.store` is answered in one line with status 2."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import traceback
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from casino_gui.engine import Action, Move
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import Bankroll, FileProblemError
from casino_gui.store.__main__ import main as store_command
from casino_gui.store.verify import verify
from tests.store.bankroll_files import Clock, every_kill_point, reachable_folder

NOBODY = 65534
LIVE = "bankroll.sqlite3"


def win_ten_dollars(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act(Move(Action.STAND))


def test_a_start_killed_at_every_point_of_its_backup_leaves_nothing_the_next_start_keeps(
    folder: Path,
) -> None:
    win_ten_dollars(folder)
    seen_leftovers = False
    for _ in every_kill_point(lambda: Bankroll.open(folder).close()):
        backups = folder / "backups"
        seen_leftovers |= any(backups.glob("*.partial*"))
        assert verify(folder).balance == 101_000
    assert seen_leftovers  # the kills did leave half-made backups...
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 101_000
    names = [path.name for path in (folder / "backups").iterdir()]
    assert not [name for name in names if not name.endswith(".sqlite3")], names  # ...cleared
    assert 1 <= len(names) <= 5


def test_a_start_clears_the_leftovers_of_a_killed_restore_and_of_old_backups(
    folder: Path,
) -> None:
    win_ten_dollars(folder)
    mine = [
        folder / f"{LIVE}.restoring",
        folder / f"{LIVE}.restoring-journal",
        folder / f"{LIVE}.new",
        folder / "backups" / "bankroll-20250101T000000000000Z.sqlite3.partial-journal",
        folder / "backups" / "bankroll-20250101T000000000000Z.sqlite3.partial-wal",
        folder / "backups" / "bankroll-20240101T000000000000Z.sqlite3-wal",  # its backup is gone
    ]
    theirs = [folder / "notes.txt", folder / "backups" / "README"]
    for path in mine + theirs:
        path.write_bytes(b"left over")
    with Bankroll.open(folder):
        pass
    assert [path for path in mine if path.exists()] == []
    assert all(path.exists() for path in theirs)


def test_a_kill_at_every_point_of_an_export_leaves_the_bankroll_and_no_half_file(
    folder: Path, tmp_path: Path
) -> None:
    win_ten_dollars(folder)
    before = (folder / LIVE).read_bytes()
    out = tmp_path / "rounds.json"
    kills = 0
    for _ in every_kill_point(
        lambda: store_command(["export", "--data-dir", str(folder), "--output", str(out)])
    ):
        kills += 1
        assert not out.exists() or len(json.loads(out.read_text())) == 1
        assert (folder / LIVE).read_bytes() == before
    assert kills >= 2
    assert len(json.loads(out.read_text())) == 1


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    """A data folder a process that has given up root can reach."""
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("needs root, to become another user")
    with reachable_folder() as folder:
        yield folder


def as_nobody(*args: str) -> tuple[int, str, str]:
    """The store command run by a process that has given up root: (status, out, err)."""
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - its report is what the test reads
        try:
            os.close(reader)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            out, err = io.StringIO(), io.StringIO()
            with redirect_stdout(out), redirect_stderr(err):
                status = store_command(list(args))
            report = json.dumps([status, out.getvalue(), err.getvalue()])
        except BaseException:
            report = json.dumps([-1, "", traceback.format_exc()])
        finally:
            os.write(writer, report.encode())
            os._exit(0)
    os.close(writer)
    with os.fdopen(reader, "rb") as pipe:
        status, out, err = json.loads(pipe.read().decode())
    os.waitpid(child, 0)
    return status, out, err


def test_verify_reads_a_bankroll_in_a_read_only_folder(shared_folder: Path) -> None:
    win_ten_dollars(shared_folder)
    shared_folder.chmod(0o555)
    status, out, err = as_nobody("verify", "--data-dir", str(shared_folder))
    assert status == 0, err
    assert "balance:    $1,010.00 (101000 cents)" in out


def test_a_read_only_lock_file_is_named_not_the_folder(shared_folder: Path) -> None:
    win_ten_dollars(shared_folder)
    shared_folder.chmod(0o777)
    lock = shared_folder / "casino_gui.lock"
    lock.chmod(0o444)
    status, _, err = as_nobody("restore", "--data-dir", str(shared_folder))
    assert status == 2
    assert err == (
        f"python -m casino_gui.store: {lock} cannot be written: the casino needs it to know "
        "that it runs only once. The file was left as it is. Make it writable, or delete it "
        "(the casino makes it again).\n"
    )


def one_line(args: list[str], capsys: pytest.CaptureFixture[str], *paths: Path) -> str:
    """The one line a bad command answers, at most 300 characters besides the `paths` it
    names (a test's temporary folders are long)."""
    assert store_command(args) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and said.endswith("\n"), said
    shorter = said
    for path in paths:
        shorter = shorter.replace(str(path), "D")
    assert len(shorter) <= 300, said
    assert "Traceback" not in said
    return said


def test_the_end_of_time_in_any_zone_bounds_an_export(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    win_ten_dollars(folder)
    for until in ("9999-12-31T23:59:59-12:00", "9999-12-31"):
        assert store_command(["export", "--data-dir", str(folder), "--until", until]) == 0
        assert len(json.loads(capsys.readouterr().out)) == 1
    assert store_command(["export", "--data-dir", str(folder), "--since", "0001-01-01"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 1


def test_a_huge_bad_value_is_cut_short_in_the_answer(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = one_line(["export", "--data-dir", str(folder), "--since", "x" * 10_000_000], capsys)
    assert said.startswith("python -m casino_gui.store export: argument --since: 'xxx")
    assert "is not a date such as 2025-01-31" in said


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["frobnicate"],
        ["verify", "--no-such-option"],
        ["export", "--format", "xml"],
        ["export", "--until", "tomorrow"],
        ["restore", "a", "b"],
    ],
    ids=str,
)
def test_bad_usage_is_one_line_with_status_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    one_line(args, capsys)


def test_a_backups_folder_that_is_a_file_is_named(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    win_ten_dollars(folder)
    shutil.rmtree(folder / "backups")
    (folder / "backups").write_text("not a folder")
    said = one_line(
        ["restore", "--data-dir", str(folder), str(folder / "elsewhere.sqlite3")], capsys, folder
    )
    assert "there is no such file" in said
    with pytest.raises(Exception) as refused:
        Bankroll.open(folder, clock=Clock())
    assert str(refused.value) == (
        f"{folder / 'backups'} is a file, not the folder of backups: the casino cannot back up "
        "your bankroll. The file was left as it is. Move that file out of the way, then start "
        "the casino again."
    )


def test_a_path_too_long_for_the_system_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path / "/".join(["d" * 200] * 19)  # 3,800 characters and more
    said = one_line(["verify", "--data-dir", str(deep)], capsys)
    assert "…" in said  # the path, cut short
    with pytest.raises(FileProblemError) as refused:
        Bankroll.open(deep)
    said = str(refused.value)
    assert "cannot be used: its path is too long for this system (3," in said, said
    assert "permission" not in said and "read-only" not in said
    assert len(said) <= 300


def test_a_restore_of_a_bad_backup_points_at_the_data_folder_once(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    win_ten_dollars(folder)
    junk = folder / "backups" / "bankroll-20990101T000000000000Z.sqlite3"
    junk.write_bytes(b"\0" * 4096)
    said = one_line(["restore", "--data-dir", str(folder), str(junk)], capsys, folder)
    assert said.count(f"--data-dir {folder}`") == 1
    assert ".." not in said
    assert said.count("Choose another:") == 1


def test_a_lock_file_that_is_a_folder_is_named(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    win_ten_dollars(folder)
    lock = folder / "casino_gui.lock"
    lock.unlink()
    lock.mkdir()
    said = one_line(["restore", "--data-dir", str(folder)], capsys, folder)
    assert said == (
        f"python -m casino_gui.store: {lock} is a folder, where the casino keeps its lock file. "
        "Move that folder out of the way, then start again.\n"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_full_output_is_answered_in_one_line(folder: Path) -> None:
    win_ten_dollars(folder)
    command = [sys.executable, "-m", "casino_gui.store", "export", "--data-dir", str(folder)]
    with open("/dev/full", "w") as full:
        to_stdout = subprocess.run(
            command, stdout=full, stderr=subprocess.PIPE, text=True, check=False, timeout=60
        )
    assert (to_stdout.returncode, to_stdout.stderr) == (
        2,
        "python -m casino_gui.store: cannot write its answer: No space left on device\n",
    )
    to_file = subprocess.run(
        [*command, "--output", "/dev/full"], capture_output=True, text=True, check=False
    )
    assert (to_file.returncode, to_file.stderr) == (
        2,
        "python -m casino_gui.store: /dev/full: cannot write the export: No space left on device\n",
    )


def test_a_restore_into_a_folder_that_does_not_exist_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nowhere = tmp_path / "nowhere"
    said = one_line(["restore", "--data-dir", str(nowhere)], capsys, nowhere)
    assert (
        said
        == f"python -m casino_gui.store: there is no data folder {nowhere}: nothing was restored\n"
    )
    assert not nowhere.exists()


def test_a_name_cannot_drive_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    painted = tmp_path / "a\x1b[31mred\nfolder"
    said = one_line(["verify", "--data-dir", str(painted)], capsys, tmp_path)
    assert "\x1b" not in said
    assert "a\\x1b[31mred\\nfolder" in said


def test_a_data_dir_that_is_a_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("not a folder")
    for verb in ("verify", "new-wallet", "restore", "backups"):
        said = one_line([verb, "--data-dir", str(afile)], capsys, tmp_path)
        assert said == (
            f"python -m casino_gui.store: {afile} is a file, not a data folder: give "
            "--data-dir a folder\n"
        )
    assert afile.read_text() == "not a folder"
