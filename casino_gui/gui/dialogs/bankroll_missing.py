"""The bankroll is missing or empty where one was kept: offer to restore it, never a silent
new wallet.

The window's twin of the one-line refusal on the command line: it names the file, the newest
good backup and its balance, and lets the player restore it, start over with $1,000 on
purpose, or quit. It only asks; `casino_gui.app` does what was chosen, through the store.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from casino_gui.engine import dollars
from casino_gui.gui.dialogs.restore import taken_at
from casino_gui.store import STARTING_BALANCE, BankrollMissingError
from casino_gui.store.backups import list_backups


def taken(backup: Path) -> str:
    """When a backup was taken, in words (its name is the store's: a date, a number and its
    line's id); the name where the file cannot say."""
    try:
        return f"taken {taken_at(backup):%A %d %B %Y at %H:%M}"
    except OSError:
        return backup.name


class Answer(Enum):
    RESTORE = "restore"
    NEW_WALLET = "new wallet"
    QUIT = "quit"


class BankrollMissingDialog(QMessageBox):
    def __init__(
        self,
        error: BankrollMissingError,
        parent: QWidget | None = None,
        cause: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Warning)
        # `cause`: what happened to the file at this start (set aside as damaged), if anything.
        self.setWindowTitle("Your bankroll is damaged" if cause else "Your bankroll is missing")
        self.setText(cause or f"{error.path} {error.problem}.")
        self.restore_button: QPushButton | None = None
        if error.newest is not None:
            backup, balance = error.newest
            self.setInformativeText(
                f"The newest good backup, {taken(backup)}, holds {dollars(balance)}. Restore it "
                "to play on from there; the casino keeps every backup either way."
            )
            self.restore_button = self.addButton(
                f"Restore {dollars(balance)}", QMessageBox.ButtonRole.AcceptRole
            )
        elif list_backups(error.path.parent):
            # Only backups of bankrolls left behind (docs/decisions.md, "Lines of play"):
            # never offered as this one's, named on purpose from the command line.
            self.setInformativeText(
                "No good backup of the bankroll you were playing remains; backups of "
                f"bankrolls you left do, to restore by name: {error.remedy}"
            )
        else:
            self.setInformativeText(
                f"No good backup of it remains. Put your {error.path.name} back and start "
                "the casino again, or start over."
            )
        self.new_wallet_button = self.addButton(
            f"Start a new {dollars(STARTING_BALANCE)} wallet",
            QMessageBox.ButtonRole.DestructiveRole,
        )
        self.quit_button = self.addButton("Quit", QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.restore_button or self.quit_button)
        self.setEscapeButton(self.quit_button)

    def answer(self) -> Answer:
        """What the clicked button asks for (Quit when the dialog was closed otherwise)."""
        clicked = self.clickedButton()
        if clicked is not None and clicked is self.restore_button:
            return Answer.RESTORE
        if clicked is self.new_wallet_button:
            return Answer.NEW_WALLET
        return Answer.QUIT

    def ask(self) -> Answer:
        self.exec()
        return self.answer()
