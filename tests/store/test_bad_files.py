"""Bad files: each gives an error naming the file and what to do; the original is never
overwritten or deleted (a file that is not a bankroll is set aside, the others are left where
they are), and a backup can be restored.

Permissions are real: as root (whom no permission stops) the opening is done in a child
process that has given up root for the `nobody` account.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import sys
import traceback
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from bench.store import SeededPlayer
from casino_gui.engine import actions_of
from casino_gui.store import (
    Bankroll,
    BankrollMissingError,
    DamagedFileError,
    DiskFullError,
    NewerSchemaError,
    NotADatabaseError,
    ReadOnlyError,
    StoreError,
    UnreadableFileError,
)
from casino_gui.store.errors import MESSAGE_LIMIT
from casino_gui.store.schema import SCHEMA_VERSION
from casino_gui.store.verify import verify
from tests.store.bankroll_files import Clock, named, raw, reachable_folder

NOBODY = 65534
posix_only = pytest.mark.skipif(
    sys.platform == "win32", reason="file modes do not forbid reading or writing on Windows"
)


def play(folder: Path, rounds: int, clock: Clock | None = None) -> int:
    """Play seeded rounds in one sitting; returns the balance."""
    with Bankroll.open(folder, clock=clock or Clock()) as bankroll:
        SeededPlayer(bankroll, base=3).play_until(rounds)
        return bankroll.balance


def files_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.is_file())


# --- Files that are not a bankroll: set aside ------------------------------------------------


def test_a_file_that_is_not_a_database_is_set_aside_and_named(folder: Path) -> None:
    folder.mkdir()
    text = b"Dear diary, today I won $40,000 at blackjack.\n" * 40
    (folder / "bankroll.sqlite3").write_bytes(text)
    with pytest.raises(NotADatabaseError) as refused:
        Bankroll.open(folder, clock=Clock())
    error = refused.value
    aside = folder / "bankroll.sqlite3.bad-20250131T200000Z"
    assert error.set_aside == aside
    assert str(error) == (
        f"{folder / 'bankroll.sqlite3'} is not a bankroll database (it lacks SQLite's header). "
        f"It was renamed {aside.name}. Start the casino again to begin a new "
        "wallet of $1,000."  # no backup, no wallet marker: none was lost
    )
    assert aside.read_bytes() == text
    assert not (folder / "bankroll.sqlite3").exists()
    with Bankroll.open(folder) as bankroll:  # the next start begins a new wallet
        assert bankroll.balance == 100_000


def test_a_truncated_file_is_set_aside_and_a_backup_brings_the_money_back(
    folder: Path,
) -> None:
    balance = play(folder, 60)
    with Bankroll.open(folder):  # this start backs up the 60 rounds
        pass
    path = folder / "bankroll.sqlite3"
    whole = path.read_bytes()
    assert len(whole) > 8 * 4096
    path.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(DamagedFileError) as refused:
        Bankroll.open(folder)
    error = refused.value
    # The file is named by its path, the path's end or its name alone, as the room allows (the
    # temporary folder's length decides which; the restore command names the folder).
    named = str(error).split(" is damaged")[0]
    assert named in (str(path), path.name) or (
        named.startswith("…") and str(path).endswith(named[1:]) and path.name in named
    )
    assert len(str(error)) <= MESSAGE_LIMIT
    assert "python -m casino_gui.store restore" in str(error)
    assert error.set_aside is not None
    assert error.set_aside.read_bytes() == whole[: len(whole) // 2]
    assert str(error).endswith("(or `new-wallet`).")
    Bankroll.restore(folder)
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == balance
        assert len(bankroll.history()) == 60


def test_a_file_cut_inside_its_header_is_set_aside(folder: Path) -> None:
    play(folder, 1)
    path = folder / "bankroll.sqlite3"
    path.write_bytes(path.read_bytes()[:60])
    with pytest.raises(DamagedFileError) as refused:
        Bankroll.open(folder)
    assert refused.value.set_aside is not None
    assert refused.value.set_aside.stat().st_size == 60


def test_another_programs_database_is_set_aside(folder: Path) -> None:
    folder.mkdir()
    with closing(sqlite3.connect(folder / "bankroll.sqlite3")) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
        db.commit()
    with pytest.raises(StoreError, match="an SQLite database of another program") as refused:
        Bankroll.open(folder)
    assert "bankroll.sqlite3.bad-" in str(refused.value)
    (aside,) = folder.glob("bankroll.sqlite3.bad-*")
    with closing(sqlite3.connect(aside)) as db:
        assert db.execute("SELECT name FROM sqlite_schema").fetchall() == [("recipes",)]


# --- Files that are left where they are --------------------------------------------------


def test_a_file_from_a_newer_version_is_left_as_it_is(folder: Path) -> None:
    play(folder, 3)
    with closing(raw(folder)) as db:
        db.execute("PRAGMA user_version = 99")
    path = folder / "bankroll.sqlite3"
    before = path.read_bytes()
    with pytest.raises(NewerSchemaError) as refused:
        Bankroll.open(folder)
    named(
        str(refused.value),
        path,
        " was written by a newer casino (schema 99; this one reads up to schema "
        f"{SCHEMA_VERSION}). The file "
        "was left as it is. Run the newer version, or start this one with another --data-dir.",
    )
    assert path.read_bytes() == before
    assert not list(folder.glob("bankroll.sqlite3.*-*"))


@pytest.fixture
def shared_folder(tmp_path: Path) -> Iterator[Path]:
    """A data folder that a process without root's powers can reach (tmp_path's parents are
    private to root)."""
    if os.name != "posix" or os.geteuid() != 0:
        yield tmp_path / "casino"
        return
    with reachable_folder() as folder:
        yield folder


def open_without_root(folder: Path) -> tuple[str, str]:
    """Open the bankroll as an ordinary user: (the error's class, its message), or
    ("", "opened")."""
    if os.geteuid() != 0:
        try:
            Bankroll.open(folder).close()
        except StoreError as error:
            return type(error).__name__, str(error)
        return "", "opened"
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's report is what the test reads
        try:
            os.close(reader)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            try:
                Bankroll.open(folder).close()
                report = "\nopened"
            except StoreError as error:
                report = f"{type(error).__name__}\n{error}"
            except BaseException:
                report = f"unexpected\n{traceback.format_exc()}"
            os.write(writer, report.encode())
        finally:
            os._exit(0)
    os.close(writer)
    with os.fdopen(reader, "rb") as pipe:
        report = pipe.read().decode()
    os.waitpid(child, 0)
    kind, _, message = report.partition("\n")
    return kind, message


def start_and_hand_over(folder: Path) -> Path:
    """Create a bankroll, then leave the folder to any user (as root: a folder nobody may
    write in, a lock file nobody may take, and the owner of any other file would refuse)."""
    play(folder, 2)
    folder.chmod(0o777)
    (folder / "casino_gui.lock").unlink()
    shutil.rmtree(folder / "backups")
    return folder / "bankroll.sqlite3"


@posix_only
def test_an_unreadable_file_is_named_and_left_as_it_is(shared_folder: Path) -> None:
    path = start_and_hand_over(shared_folder)
    before = path.read_bytes()
    path.chmod(0o000)
    try:
        kind, message = open_without_root(shared_folder)
    finally:
        path.chmod(0o644)
    assert kind == UnreadableFileError.__name__, message
    assert message == (
        f"{path} cannot be read: permission denied. The file was left as it is. Let your "
        "user read and write it and its folder, or start the casino with another --data-dir."
    )
    assert path.read_bytes() == before
    assert files_in(shared_folder) == ["bankroll.sqlite3", "casino_gui.lock", "wallet-opened.txt"]


@posix_only
def test_a_read_only_file_is_named_and_left_as_it_is(shared_folder: Path) -> None:
    path = start_and_hand_over(shared_folder)
    before = path.read_bytes()
    path.chmod(0o444)
    kind, message = open_without_root(shared_folder)
    assert kind == ReadOnlyError.__name__, message
    assert message.startswith(f"{path} is read-only: the casino cannot save your bankroll.")
    assert "start the casino with --data-dir set to a folder you can write" in message
    assert path.read_bytes() == before


@posix_only
def test_a_read_only_folder_is_named(shared_folder: Path) -> None:
    path = start_and_hand_over(shared_folder)
    play(shared_folder, 3)  # the lock file is made again, by root
    shutil.rmtree(shared_folder / "backups")
    before = path.read_bytes()
    shared_folder.chmod(0o555)
    try:
        kind, message = open_without_root(shared_folder)
    finally:
        shared_folder.chmod(0o755)
    assert kind == ReadOnlyError.__name__, message
    assert str(shared_folder) in message
    assert "read-only" in message
    assert "--data-dir set to a folder you can write" in message
    assert path.read_bytes() == before


# --- A full disk ----------------------------------------------------------------------------


def test_a_full_disk_stops_the_step_whole_and_the_game_goes_on_with_space(
    folder: Path,
) -> None:
    play(folder, 5)
    # SQLite's max_page_count: the file may not grow by a page, as on a full disk.
    bankroll = Bankroll.open(folder, max_pages=1)
    player = SeededPlayer(bankroll, base=3)
    with pytest.raises(DiskFullError) as refused:
        player.play_until(500)
    message = str(refused.value)
    named(
        message,
        folder / "bankroll.sqlite3",
        " could not be written: the disk is full. The last change was not saved and your "
        "bankroll is as it was before it. The file was left as it is. Free some disk space, "
        "then go on playing.",
    )
    # The store's round, if any, is the one on file, and it agrees with the ledger.
    result = verify(folder)
    assert result.agrees, result.report()
    # Here (SQLite 3.40) the file fills up on an answer in the middle of round 7: the round
    # stays open, rebuilt from its journal, without the answer. Had it filled up on a deal,
    # there would be no round at all.
    if result.open_round is not None:
        assert bankroll.table is not None and bankroll.round_open
        assert actions_of(bankroll.table) == journaled_actions(folder, result.open_round.round_id)
    else:
        assert bankroll.table is None
    bankroll.close()
    assert not list(folder.glob("bankroll.sqlite3.*-*"))  # nothing set aside
    # With room again, the interrupted round is resumed and play goes on to the same end.
    with Bankroll.open(folder) as bankroll:
        SeededPlayer(bankroll, base=3).play_until(40)
        balance = bankroll.balance
    assert balance == play(folder.parent / "never full", 40)


def journaled_actions(folder: Path, round_id: int) -> list[str]:
    with closing(raw(folder)) as db:
        rows = db.execute(
            "SELECT action FROM actions WHERE round_id = ? ORDER BY number", (round_id,)
        )
        return [action for (action,) in rows]


@posix_only
def test_an_unreadable_file_with_a_good_backup_offers_the_restore(shared_folder: Path) -> None:
    play(shared_folder, 2)
    with Bankroll.open(shared_folder):  # a backup of the two rounds
        pass
    shared_folder.chmod(0o777)
    (shared_folder / "casino_gui.lock").unlink()
    path = shared_folder / "bankroll.sqlite3"
    before = path.read_bytes()
    path.chmod(0o000)
    try:
        kind, message = open_without_root(shared_folder)
    finally:
        path.chmod(0o644)
    assert kind == BankrollMissingError.__name__, message
    found = re.search(r"restore the newest \((\$[0-9,.]+)\)", message)
    assert found is not None, message
    named(
        message,
        path,
        " cannot be read: permission denied. The file was left as "
        f"it is. Let your user read and write it, or restore the newest ({found[1]}): "
        f"`python -m casino_gui.store restore --data-dir {shared_folder}`.",
    )
    assert path.read_bytes() == before
