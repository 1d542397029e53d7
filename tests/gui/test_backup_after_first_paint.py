"""The casino paints its table first and backs the bankroll up right after (docs/decisions.md,
"Startup and memory"): the real program, a kept bankroll in a temporary folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from casino_gui.app import back_up_after_first_paint
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Action, Bet, Move
from casino_gui.gui.window import CasinoWindow
from casino_gui.store import Bankroll, StoreError
from casino_gui.store.backups import check_backup, list_backups

# Counts the backups at the first paint and once the start's backup, set going after it, is
# taken; then ends.
WATCHED_START = """
import os, sys
from pathlib import Path
import casino_gui.app as app
from casino_gui.store import Bankroll
from casino_gui.store.backups import list_backups

folder, seen = Path(sys.argv[1]), []

def at_first_paint(program: str, text: str) -> None:
    seen.append(len(list_backups(folder)))

set_going = Bankroll.back_up_soon

def back_up_soon(self: Bankroll) -> None:
    set_going(self)
    backup = self.back_up()  # the copy it set going, once taken
    print(seen[0], len(list_backups(folder)), backup, flush=True)
    os._exit(0)

app.write_output = at_first_paint
Bankroll.back_up_soon = back_up_soon
sys.exit(app.main(["--data-dir", str(folder), "--game", "blackjack", "--timings"]))
"""


def test_the_table_is_painted_before_the_start_backup_which_follows_at_once(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "data"
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")  # 19 against 17
        bankroll.act(Move(Action.STAND))
    kept = len(list_backups(folder))
    done = subprocess.run(
        [sys.executable, "-c", WATCHED_START, str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    at_paint, after, backup = done.stdout.split()
    assert (int(at_paint), int(after)) == (kept, kept + 1)
    assert check_backup(Path(backup), folder) == 101_000


def test_a_backup_that_cannot_be_written_is_said_on_the_table_and_no_round_is_dealt(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    with Bankroll.open(folder) as bankroll:
        pass
    for old in list_backups(folder):
        old.unlink()
    (folder / "backups").rmdir()
    (folder / "backups").write_text("a file where the backups' folder was")
    with Bankroll.open(folder, backup_later=True) as bankroll:
        window = CasinoWindow(bankroll, BLACKJACK)
        qtbot.addWidget(window)
        back_up_after_first_paint(window)
        message = window.status.message_text
        assert "is a file, not the folder of backups" in message
        assert "cannot back up your bankroll" in message
        assert bankroll.backup is None
        with pytest.raises(StoreError):
            bankroll.deal(BLACKJACK, [Bet(1, 500)], shoe="9S 7H TH TC")
        assert bankroll.balance == 100_000 and not bankroll.round_open
        window.close()
