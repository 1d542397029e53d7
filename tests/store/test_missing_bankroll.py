"""A bankroll that once existed is never silently replaced by a new wallet, and a file that is
not a bankroll is read without being changed."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.engine import Action, Move
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import (
    Bankroll,
    BankrollMissingError,
    DamagedFileError,
    StoreError,
)
from casino_gui.store.__main__ import main as store_command
from casino_gui.store.verify import verify
from tests.store.bankroll_files import Clock, named, raw

LIVE = "bankroll.sqlite3"


def a_bankroll_of_1010(folder: Path) -> Path:
    """A bankroll holding $1,010.00, backed up by its second start; returns that backup."""
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act(Move(Action.STAND))
    with Bankroll.open(folder) as bankroll:
        assert bankroll.backup is not None
        return bankroll.backup


def test_a_0_byte_bankroll_with_backups_is_not_replaced_by_a_new_wallet(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backup = a_bankroll_of_1010(folder)
    (folder / LIVE).write_bytes(b"")
    with pytest.raises(BankrollMissingError) as refused:
        Bankroll.open(folder)
    said = (
        " is empty; backups remain, so no new wallet was started. The file was left as it is. "
        f"Restore the newest ($1,010.00): `python -m casino_gui.store restore --data-dir "
        f"{folder}` (or `new-wallet`)."
    )
    named(str(refused.value), folder / LIVE, said)
    # `verify` says what the start says of it, not "start the casino once to create it".
    assert store_command(["verify", "--data-dir", str(folder)]) == 2
    said = capsys.readouterr().err
    assert " is empty; backups remain, so no new wallet was started." in said
    assert "start the casino once" not in said
    assert refused.value.newest == (backup, 101_000)
    assert (folder / LIVE).read_bytes() == b""
    Bankroll.restore(folder)
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 101_000


def test_a_missing_bankroll_with_backups_is_refused_in_one_line_from_the_command_line(
    folder: Path,
) -> None:
    a_bankroll_of_1010(folder)
    (folder / LIVE).unlink()
    done = subprocess.run(
        [sys.executable, "-m", "casino_gui.store", "verify", "--data-dir", str(folder)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    named(
        done.stderr.removeprefix("python -m casino_gui.store: ").removesuffix("\n"),
        folder / LIVE,
        " is missing; backups remain, so no new wallet was started. Restore the newest "
        f"($1,010.00): `python -m casino_gui.store restore --data-dir {folder}` (or "
        "`new-wallet`).",
    )
    assert f"`python -m casino_gui.store restore --data-dir {folder}`" in done.stderr


def test_a_missing_bankroll_where_only_the_wallet_marker_remains_is_refused(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_bankroll_of_1010(folder)
    (folder / LIVE).unlink()
    for backup in (folder / "backups").iterdir():
        backup.unlink()
    with pytest.raises(BankrollMissingError) as refused:
        Bankroll.open(folder)
    named(
        str(refused.value),
        folder / LIVE,
        " is missing and no good backup of it remains: no new wallet was started. Put it "
        "back, or start over with $1,000: "
        f"`python -m casino_gui.store new-wallet --data-dir {folder}`.",
    )
    assert not (folder / LIVE).exists()
    # The player asks for a new wallet: then, and only then, one is opened.
    assert store_command(["new-wallet", "--data-dir", str(folder)]) == 0
    assert capsys.readouterr().out == (f"a new wallet of $1,000.00 was opened in {folder / LIVE}\n")
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 100_000


def test_new_wallet_never_replaces_a_bankroll_that_opens(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_bankroll_of_1010(folder)
    assert store_command(["new-wallet", "--data-dir", str(folder)]) == 2
    assert capsys.readouterr().out == (f"{folder / LIVE} holds $1,010.00: it was left as it is\n")
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 101_000


def test_a_first_start_opens_a_wallet_and_leaves_the_marker(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 100_000
    assert "A casino wallet was opened in this folder" in (folder / "wallet-opened.txt").read_text()


def test_another_programs_database_stays_byte_identical(folder: Path) -> None:
    folder.mkdir()
    with closing(sqlite3.connect(folder / LIVE)) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
        db.execute("INSERT INTO recipes VALUES ('pancakes')")
        db.commit()
    before = (folder / LIVE).read_bytes()
    with pytest.raises(StoreError, match="an SQLite database of another program"):
        Bankroll.open(folder)
    (aside,) = folder.glob(f"{LIVE}.bad-*")
    assert aside.read_bytes() == before  # not switched to WAL, not touched at all
    assert not list(folder.glob(f"{aside.name}-*"))


def drop_the_wallet(folder: Path) -> None:
    with closing(raw(folder)) as db:
        db.execute("DROP TABLE wallet")


def damage_the_schema(folder: Path) -> None:
    with closing(raw(folder)) as db:
        db.execute("PRAGMA writable_schema = ON")
        db.execute("UPDATE sqlite_schema SET sql = 'CREATE TABLE wallet (' WHERE name = 'wallet'")


@pytest.mark.parametrize(
    ("spoil", "problem"),
    [
        (drop_the_wallet, "is damaged: its table wallet is missing"),
        (damage_the_schema, "is damaged: its list of tables cannot be read"),
    ],
    ids=["dropped table", "damaged schema"],
)
def test_verify_and_a_start_say_the_same_of_a_damaged_bankroll(
    folder: Path, capsys: pytest.CaptureFixture[str], spoil: object, problem: str
) -> None:
    a_bankroll_of_1010(folder)
    spoil(folder)  # type: ignore[operator]
    assert store_command(["verify", "--data-dir", str(folder)]) == 2
    said = capsys.readouterr().err
    assert said.startswith("python -m casino_gui.store: ")
    assert f" {problem}. " in said
    assert "SQLite" not in said
    with pytest.raises(DamagedFileError) as refused:
        Bankroll.open(folder)
    assert f" {problem}. It was renamed {LIVE}.bad-" in str(refused.value)


def test_failed_starts_never_rotate_out_the_good_backups(folder: Path) -> None:
    a_bankroll_of_1010(folder)
    for _ in range(4):
        with Bankroll.open(folder):
            pass
    good = sorted((folder / "backups").iterdir())
    assert len(good) == 5
    drop_the_wallet(folder)
    with pytest.raises(DamagedFileError):
        Bankroll.open(folder)
    for _ in range(6):
        with pytest.raises(BankrollMissingError):
            Bankroll.open(folder)
    assert sorted((folder / "backups").iterdir()) == good
    restored = Bankroll.restore(folder)
    assert (restored.backup, restored.balance) == (good[-1], 101_000)
    assert verify(folder).agrees


def test_a_bankroll_whose_ledger_disagrees_is_not_backed_up(folder: Path) -> None:
    a_bankroll_of_1010(folder)
    backups = sorted((folder / "backups").iterdir())
    with closing(raw(folder)) as db:
        db.execute("UPDATE wallet SET balance = 99999999")
    with pytest.raises(DamagedFileError, match=r"does not add up: its wallet holds \$999,999.99"):
        Bankroll.open(folder)
    assert sorted((folder / "backups").iterdir()) == backups


def test_an_unreadable_opened_at_in_an_open_round_is_answered_not_a_crash(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 2_500)], shoe="8S 9H 8C 7D 3H TC 2D")
    with closing(raw(folder)) as db:
        db.execute("UPDATE rounds SET opened_at = 'last Tuesday'")
    assert store_command(["verify", "--data-dir", str(folder)]) == 0
    assert "open round: 1 (blackjack, opened at an unreadable date" in capsys.readouterr().out
    with Bankroll.open(folder) as bankroll:
        assert bankroll.resumed is not None
        assert "interrupted" in bankroll.resumed.message
        assert bankroll.balance == 100_000
        assert not bankroll.round_open
