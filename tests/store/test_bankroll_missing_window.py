"""The program at a start where the bankroll went missing: one line and status 2 on the
command line; in the window, a dialog that offers the restore (real clicks, real files)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from casino_gui import app
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import Bankroll
from casino_gui.store.backups import shelf
from tests.store.bankroll_files import named

LIVE = "bankroll.sqlite3"


def taken(backup: Path) -> str:
    """How the dialog names a backup: the day and time it was taken (the file's own time)."""
    return (
        f"taken {datetime.fromtimestamp(backup.stat().st_mtime).astimezone():%A %d %B %Y at %H:%M}"
    )


def a_lost_bankroll_of_1010(folder: Path) -> Path:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act("stand")
    with Bankroll.open(folder) as bankroll:
        assert bankroll.backup is not None
        backup = bankroll.backup
    (folder / LIVE).unlink()
    return backup


def test_the_program_refuses_in_one_line_with_the_restore_command(tmp_path: Path) -> None:
    a_lost_bankroll_of_1010(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "casino_gui", "--data-dir", str(tmp_path), "--smoke-test", "x.png"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("casino-gui: ") and done.stderr.endswith("\n")
    named(
        done.stderr.removeprefix("casino-gui: ").removesuffix("\n"),
        tmp_path / LIVE,
        " is missing; backups remain, so no new wallet was started. Restore the newest "
        f"($1,010.00): `python -m casino_gui.store restore --data-dir {tmp_path}` (or "
        "`new-wallet`).",
    )
    assert not (tmp_path / LIVE).exists()


def click_when_shown(label: str, seen: list[str]) -> None:
    """Click the button of the modal dialog whose text starts with `label`, once it shows."""

    def click() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QMessageBox):
            QTimer.singleShot(10, click)
            return
        seen.append(f"{dialog.text()}\n{dialog.informativeText()}")
        seen.extend(button.text() for button in dialog.buttons())
        (button,) = [b for b in dialog.buttons() if b.text().startswith(label)]
        button.click()

    QTimer.singleShot(0, click)


def restored_in_the_window(folder: Path) -> tuple[int, list[str]]:
    """Start the window's way and click Restore: the balance opened, and what the dialog said
    (its text and informative text, then its buttons)."""
    seen: list[str] = []
    click_when_shown("Restore", seen)
    opened = app._open_bankroll(folder, gui=True)
    assert isinstance(opened, Bankroll)
    with opened as bankroll:
        return bankroll.balance, seen


def test_the_window_offers_the_restore_and_the_player_takes_it(
    tmp_path: Path, qtbot: QtBot
) -> None:
    backup = a_lost_bankroll_of_1010(tmp_path)
    balance, seen = restored_in_the_window(tmp_path)
    assert balance == 101_000
    assert seen[0] == (
        f"{tmp_path / LIVE} is missing; backups remain, so no new wallet was started.\n"
        f"The newest good backup, {taken(backup)}, holds $1,010.00. Restore it to play on from "
        "there; the casino keeps every backup either way."
    )
    assert sorted(seen[1:]) == ["Quit", "Restore $1,010.00", "Start a new $1,000.00 wallet"]


def test_quitting_the_dialog_changes_nothing(tmp_path: Path, qtbot: QtBot) -> None:
    a_lost_bankroll_of_1010(tmp_path)
    click_when_shown("Quit", [])
    assert app._open_bankroll(tmp_path, gui=True) == app.EXIT_USAGE
    assert not (tmp_path / LIVE).exists()


def test_a_new_wallet_only_when_the_player_asks_for_it(tmp_path: Path, qtbot: QtBot) -> None:
    a_lost_bankroll_of_1010(tmp_path)
    seen: list[str] = []
    click_when_shown("Start a new", seen)
    opened = app._open_bankroll(tmp_path, gui=True)
    assert isinstance(opened, Bankroll)
    with opened as bankroll:
        assert bankroll.balance == 100_000
    assert seen, "the dialog was never shown"
    assert len(list((tmp_path / "backups").iterdir())) == 3  # the old ones kept


def test_a_damaged_bankroll_is_set_aside_and_its_backup_offered_at_the_same_start(
    tmp_path: Path, qtbot: QtBot
) -> None:
    # Not a command to type and a second start: the same start asks, in the window.
    backup = a_lost_bankroll_of_1010(tmp_path)
    (tmp_path / LIVE).write_bytes(b"x" * 4096)  # not SQLite at all
    balance, seen = restored_in_the_window(tmp_path)
    assert balance == 101_000
    (kept,) = tmp_path.glob(f"{LIVE}.bad-*")
    assert kept.read_bytes() == b"x" * 4096  # set aside, unchanged
    assert seen[0] == (
        f"{tmp_path / LIVE} is not a bankroll database (it lacks SQLite's header). "
        f"It was set aside, unchanged, as {kept.name}.\n"
        f"The newest good backup, {taken(backup)}, holds $1,010.00. Restore it to play on from "
        "there; the casino keeps every backup either way."
    )


def test_the_set_aside_words_fit_a_message_in_a_deep_folder(tmp_path: Path, qtbot: QtBot) -> None:
    folder = tmp_path / ("d" * 90) / ("e" * 90) / ("f" * 90)
    folder.mkdir(parents=True)
    a_lost_bankroll_of_1010(folder)
    (folder / LIVE).write_bytes(b"x" * 4096)
    seen: list[str] = []
    click_when_shown("Restore", seen)
    opened = app._open_bankroll(folder, gui=True)
    assert isinstance(opened, Bankroll)
    opened.close()
    cause = seen[0].split("\n")[0]
    assert len(cause) <= 300
    assert cause.endswith(
        f"It was set aside, unchanged, as {next(folder.glob(f'{LIVE}.bad-*')).name}."
    )


def test_the_window_offers_the_newest_backup_of_the_bankroll_being_played(
    tmp_path: Path, qtbot: QtBot
) -> None:
    """After a restore of an older backup and play on it, the one-click offer is the play
    since the restore, never the abandoned bankroll's higher ledger ids."""
    for _ in range(2):
        with Bankroll.open(tmp_path) as bankroll:
            first = bankroll.backup
            for _ in range(4):
                bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")  # 19 against 17
                bankroll.act("stand")
    assert first is not None  # $1,040.00; $1,080.00 was played after it
    Bankroll.restore(tmp_path, first)
    for _ in range(2):
        with Bankroll.open(tmp_path) as bankroll:
            played = bankroll.backup
            bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="TS 7H 6H TC")  # 16 against 17: lost
            bankroll.act("stand")
    assert played is not None  # $1,035.00, in rows numbered below the abandoned ones
    (tmp_path / LIVE).write_bytes(b"")
    balance, seen = restored_in_the_window(tmp_path)
    assert balance == 103_500
    assert f"The newest good backup, {taken(played)}, holds $1,035.00." in seen[0]
    assert "Restore $1,035.00" in seen[1:]


def test_the_window_offers_no_bankroll_left_behind_as_the_one_being_played(
    tmp_path: Path, qtbot: QtBot
) -> None:
    a_lost_bankroll_of_1010(tmp_path)
    with Bankroll.open(tmp_path, new_wallet=True):
        pass
    mine = shelf(tmp_path).played
    assert len(mine) == 1
    with closing(sqlite3.connect(mine[0].path)) as db:  # the new wallet's own backup, spoilt
        db.execute("UPDATE wallet SET balance = 1")
        db.commit()
    (tmp_path / LIVE).write_bytes(b"")
    seen: list[str] = []
    click_when_shown("Quit", seen)
    assert app._open_bankroll(tmp_path, gui=True) == app.EXIT_USAGE
    assert (
        "No good backup of the bankroll you were playing remains; backups of bankrolls "
        "you left do, to restore by name: `python -m casino_gui.store backups --data-dir "
        f"{tmp_path}` lists those of bankrolls you left."
    ) in seen[0]
    assert not [label for label in seen[1:] if label.startswith("Restore")]
