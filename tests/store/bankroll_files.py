"""What the store's tests share: a clock to give the store, and a look at its file from outside."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from datetime import UTC, datetime, timedelta
from pathlib import Path

from casino_gui.store.database import FILE_NAME
from casino_gui.store.errors import LEFT_AS_IT_IS, MESSAGE_LIMIT
from casino_gui.store.schema import expected_objects, objects_of
from tests.store import kill_points


@contextmanager
def reachable_folder() -> Iterator[Path]:
    """A data folder that a process which has given up root's powers can reach (pytest's
    tmp_path has parents private to root); removed, whatever it was made, at the end."""
    top = Path(tempfile.mkdtemp(prefix="casino-store-test-"))
    top.chmod(0o755)
    try:
        yield top / "casino"
    finally:
        for path in (top, *top.rglob("*")):
            if path.is_dir():
                path.chmod(0o755)
        shutil.rmtree(top)


class Clock:
    """A clock for the store: starts at `start` and moves on `step` at each reading."""

    def __init__(
        self,
        start: datetime = datetime(2025, 1, 31, 20, 0, tzinfo=UTC),
        step: timedelta = timedelta(seconds=1),
    ) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        moment = self.now
        self.now += self.step
        return moment


def raw(folder: Path) -> sqlite3.Connection:
    """A connection of our own to an existing bankroll file, to look at it (or spoil it) as
    another program would. Close it: ``with closing(raw(folder)) as db:``."""
    path = folder / FILE_NAME
    return sqlite3.connect(f"{path.as_uri()}?mode=rw", uri=True, isolation_level=None)


def set_back_to_schema(folder: Path, version: int) -> Path:
    """Make the bankroll of `folder` what schema `version` left: every table, index and
    column a later migration made is dropped and the file says `version`. A later migration
    only adds (schema 5 a column of `rounds`), so the rest is as that version wrote it."""
    found = objects_of_file(folder)
    wanted = expected_objects(version)
    later = set(found) - set(wanted)
    db = raw(folder)
    try:
        for kind, name in sorted(later, key=lambda item: item[0] != "index"):
            db.execute(f"DROP {kind.upper()} IF EXISTS {name}")
        for (kind, name), columns in wanted.items():
            for column in found.get((kind, name), ()):
                if kind == "table" and column not in columns:
                    db.execute(f"ALTER TABLE {name} DROP COLUMN {column}")
        db.execute(f"PRAGMA user_version = {version}")
    finally:
        db.close()
    return folder / FILE_NAME


def objects_of_file(folder: Path) -> dict[tuple[str, str], tuple[str, ...]]:
    db = raw(folder)
    try:
        return objects_of(db)
    finally:
        db.close()


def ledger_of(folder: Path) -> list[tuple[str, int, int | None, int | None]]:
    """(kind, amount, spot, action number) of every movement, read from the file."""
    db = raw(folder)
    try:
        return db.execute(
            "SELECT kind, amount, spot, action_number FROM ledger ORDER BY id"
        ).fetchall()
    finally:
        db.close()


def killed_at(
    point: int,
    work: Callable[[], object],
    witness: Callable[[sqlite3.Connection], None] | None = None,
) -> bool:
    """Run `work` in a forked process that SIGKILLs itself at the store's `point`-th kill
    step (tests/store/kill_points.py); True if it was killed, False if `work` finished first;
    `witness` is told of every commit (`kill_points.arm`). An exception in `work` fails the test."""
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's end is what the parent reads
        status = 0
        try:
            kill_points.arm(point, witness)
            with open(os.devnull, "w") as quiet, redirect_stdout(quiet), redirect_stderr(quiet):
                work()
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    _, status = os.waitpid(child, 0)
    if os.WIFSIGNALED(status):
        assert os.WTERMSIG(status) == signal.SIGKILL
        return True
    assert os.WEXITSTATUS(status) == 0, f"the work failed with no kill (point {point})"
    return False


def every_kill_point(work: Callable[[], object], most: int = 200) -> Iterator[int]:
    """1, 2, 3, ...: each kill point of `work` in turn, the work killed there; stops when the
    work finishes without reaching the next point."""
    for point in range(1, most + 1):
        if not killed_at(point, work):
            return
        yield point
    raise AssertionError(f"the work passed more than {most} kill points")


def fill(disk: Path, leave: int) -> None:
    """Fill the disk (`small_disk`) but `leave` bytes."""
    stats = os.statvfs(disk)
    free = stats.f_bavail * stats.f_frsize
    (disk / "filler").write_bytes(b"\0" * max(0, free - leave))


def named(message: str, path: Path, rest: str) -> None:
    """`message` names `path` (whole; cut to its end; or by its name alone, as a long message
    does to fit the store's line) and then says `rest` (without "The file was left as it is"
    when it needed that room too), within the line."""
    assert len(message) <= MESSAGE_LIMIT, message
    if not message.endswith(rest):  # named by its name alone, "left as it is" goes too
        rest = rest.replace(LEFT_AS_IT_IS, "")
        assert message == f"{path.name}{rest}", message
    head = message[: -len(rest)]
    assert head in (str(path), path.name) or (
        head.startswith("…") and str(path).endswith(head[1:])
    ), message


def store(*arguments: str) -> subprocess.CompletedProcess[str]:
    """`python -m casino_gui.store ARGUMENTS` run as a player runs it: its own process."""
    return subprocess.run(
        [sys.executable, "-m", "casino_gui.store", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
