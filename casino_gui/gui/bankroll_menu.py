"""The Bankroll menu's items: the history, the refill and the restore from a backup.

The window takes them as its own methods (`window.py`): the menu, the smoke run and the benches
call `window.refill()`. What they need is imported when they run, as the window's dialogs are:
the window's opening loads this module before the engine and the store (docs/decisions.md,
"Startup and memory").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from casino_gui.gui.window import CasinoWindow


def show_history(window: CasinoWindow) -> None:
    from casino_gui.gui.dialogs.history import HistoryDialog

    HistoryDialog(window.bankroll, window).exec()


def refill(window: CasinoWindow) -> None:
    from casino_gui.engine import dollars
    from casino_gui.gui.table.messages import Severity
    from casino_gui.gui.table.wording import sentence
    from casino_gui.store import StoreError

    try:
        added = window.bankroll.refill()
    except StoreError as error:
        window.controller.say(sentence(str(error)), Severity.ERROR)
    else:
        window.controller.say(f"{dollars(added)} added: your bankroll is $1,000.00.", Severity.INFO)


def restore_backup(window: CasinoWindow, backup: Path | None = None) -> None:
    """Put a backup in place of the bankroll: the casino lets go of its file, the store
    restores the copy (setting the replaced file aside) and the casino opens it again."""
    from PySide6.QtWidgets import QMessageBox

    from casino_gui.engine import dollars
    from casino_gui.gui.dialogs.restore import RestoreDialog, backup_choices, taken_at
    from casino_gui.gui.table.messages import Severity
    from casino_gui.gui.table.wording import sentence
    from casino_gui.store import Bankroll, StoreError

    if window.controller.round_in_play:
        window.controller.say("Finish the round on the table before restoring.", Severity.ERROR)
        return
    if backup is None:
        choices = backup_choices(window.bankroll)
        if not choices:
            QMessageBox.information(window, "Restore from backup", "There is no backup yet.")
            return
        picker = RestoreDialog(choices, window)
        if not picker.exec():
            return
        backup = picker.chosen().path
    try:
        when = f"the backup of {taken_at(backup):%d %B %Y, %H:%M}"
    except OSError:
        when = backup.name
    folder = window.bankroll.folder
    window.bankroll.close()
    try:
        Bankroll.restore(folder, backup)
    except StoreError as error:
        window.controller.say(sentence(str(error)), Severity.ERROR)
        return
    finally:
        window.bankroll = Bankroll.open(folder)
        window.controller.bankroll = window.bankroll
        window.controller.set_rules(window.controller.rules)
    window.controller.say(
        f"Restored {when}: your bankroll is {dollars(window.bankroll.balance)}.",
        Severity.INFO,
    )
