"""The Bankroll menu's items: the history, the refill and the restore from a backup.

`BankrollMenu` acts on the table the window sits at (`BankrollTable`: the table's controller in
the window, a plain stand-in in a test of the menu alone): the bankroll it plays, and what it
says. The window owns one; the menu, the smoke run and the benches call `window.money.refill()`.
What it needs is imported when it runs, as the window's dialogs are: the window's opening loads
this module before the engine and the store (docs/decisions.md, "Startup and memory").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    from PySide6.QtWidgets import QWidget

    from casino_gui.engine.rules import Rules
    from casino_gui.gui.table.messages import Severity
    from casino_gui.store import Bankroll


class BankrollTable(Protocol):
    """What the Bankroll menu needs of the table: the bankroll it plays, which a restore
    replaces, its round and its rules, and where to say the result."""

    bankroll: Bankroll
    rules: Rules

    @property
    def round_in_play(self) -> bool: ...

    def say(self, text: str, severity: Severity) -> None: ...

    def set_rules(self, rules: Rules) -> None: ...


class BankrollMenu:
    """The Bankroll menu's actions on `table`, their dialogs over `parent`."""

    def __init__(self, table: BankrollTable, parent: QWidget | None) -> None:
        self._table, self._parent = table, parent

    def show_history(self) -> None:
        from casino_gui.gui.dialogs.history import HistoryDialog

        HistoryDialog(self._table.bankroll, self._parent).exec()

    def refill(self) -> None:
        """Refill to $1,000 (docs/rules.md, "Money"), or the store's reason why not."""
        from casino_gui.engine import dollars
        from casino_gui.gui.table.messages import Severity
        from casino_gui.gui.table.wording import sentence
        from casino_gui.store import StoreError

        table = self._table
        try:
            added = table.bankroll.refill()
        except StoreError as error:
            table.say(sentence(str(error)), Severity.ERROR)
        else:
            table.say(f"{dollars(added)} added: your bankroll is $1,000.00.", Severity.INFO)

    def restore_backup(self, backup: Path | None = None) -> None:
        """Put a backup in place of the bankroll: the casino lets go of its file, the store
        restores the copy (setting the replaced file aside) and the casino opens it again.
        With no `backup`, the player picks one."""
        from casino_gui.engine import dollars
        from casino_gui.gui.dialogs.restore import taken_at
        from casino_gui.gui.table.messages import Severity
        from casino_gui.gui.table.wording import sentence
        from casino_gui.store import Bankroll, StoreError

        table = self._table
        if table.round_in_play:
            table.say("Finish the round on the table before restoring.", Severity.ERROR)
            return
        backup = backup or self._picked()
        if backup is None:
            return
        try:
            when = f"the backup of {taken_at(backup):%d %B %Y, %H:%M}"
        except OSError:
            when = backup.name
        folder = table.bankroll.folder
        table.bankroll.close()
        try:
            Bankroll.restore(folder, backup)
        except StoreError as error:
            table.say(sentence(str(error)), Severity.ERROR)
            return
        finally:
            table.bankroll = Bankroll.open(folder)
            table.set_rules(table.rules)
        balance = dollars(table.bankroll.balance)
        table.say(f"Restored {when}: your bankroll is {balance}.", Severity.INFO)

    def _picked(self) -> Path | None:
        """The backup the player picks, None if there is none or the player cancels."""
        from PySide6.QtWidgets import QMessageBox

        from casino_gui.gui.dialogs.restore import RestoreDialog, backup_choices

        choices = backup_choices(self._table.bankroll)
        if not choices:
            QMessageBox.information(self._parent, "Restore from backup", "There is no backup yet.")
            return None
        picker = RestoreDialog(choices, self._parent)
        if not picker.exec():
            return None
        return picker.chosen().path
