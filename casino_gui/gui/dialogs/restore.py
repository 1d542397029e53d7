"""Bankroll ▸ Restore from backup: the backups by date and balance, newest first.

A backup is described by the store's own check (`check_backup`: read only, sound, agreeing with
its ledger, and its balance); one that fails it is listed as such and cannot be chosen. The
backups of the bankroll being played come first; those of a bankroll left behind (by a restore
or a new wallet: docs/decisions.md, "Lines of play") come after, and say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import dollars
from casino_gui.gui.theme import sans, serif
from casino_gui.store import Bankroll, StoreError
from casino_gui.store.backups import check_backup, shelf


@dataclass(frozen=True)
class BackupChoice:
    path: Path
    taken: datetime  # local time
    balance: int | None  # cents; None when the backup is not a sound bankroll
    left: bool = False  # of a bankroll left behind, not of the one being played

    def text(self) -> str:
        when = f"{self.taken:%A %d %B %Y, %H:%M}"
        money = f"balance {dollars(self.balance)}" if self.balance is not None else "damaged"
        left = ", of a bankroll you left" if self.left else ""
        return f"{when}   \N{EM DASH}   {money}{left}"


def taken_at(path: Path) -> datetime:
    """When a backup was taken: its file's time, in local time."""
    return datetime.fromtimestamp(path.stat().st_mtime).astimezone()


def describe_backup(path: Path, folder: Path, *, left: bool = False) -> BackupChoice:
    """A backup's date and balance."""
    taken = taken_at(path)
    try:
        cents: int | None = check_backup(path, folder)
    except StoreError:
        cents = None
    return BackupChoice(path, taken, cents, left)


def backup_choices(bankroll: Bankroll) -> list[BackupChoice]:
    """The bankroll's backups, newest first, each with its date and balance: those of the
    bankroll being played (and what it grew from), then those of bankrolls left behind."""
    found = shelf(bankroll.folder)
    left = {kept.path for kept in found.others if kept.held is not None}
    choices = []
    for path in found.ordered():
        try:
            choices.append(describe_backup(path, bankroll.folder, left=path in left))
        except OSError:  # removed while we looked
            continue
    return choices


class RestoreDialog(QDialog):
    """Choose one backup; accepted with `chosen()`."""

    def __init__(self, choices: list[BackupChoice], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if not choices:
            raise ValueError("there is no backup to choose from")
        self.choices = choices
        self.setWindowTitle("Restore from backup")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 16)
        heading = QLabel("Restore your bankroll from a backup")
        heading.setFont(serif(20, bold=True))
        heading.setProperty("role", "heading")
        layout.addWidget(heading)
        explain = QLabel(
            "Your bankroll will be replaced by the backup you choose. The current file is kept "
            "aside, not deleted. A backup is taken each time the casino starts."
        )
        explain.setWordWrap(True)
        explain.setFont(sans(14))
        layout.addWidget(explain)
        self.list = QListWidget()
        self.list.setProperty("felt", True)
        self.list.setFont(sans(15))
        for choice in choices:
            item = QListWidgetItem(choice.text())
            item.setToolTip(str(choice.path))
            if choice.balance is None:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(item)
        layout.addWidget(self.list)
        self.buttons = QDialogButtonBox()
        self.restore_button = self.buttons.addButton(
            "Restore", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.restore_button.setProperty("primary", True)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.list.currentRowChanged.connect(self._chosen_changed)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        first = next((i for i, c in enumerate(choices) if c.balance is not None), None)
        if first is not None:
            self.list.setCurrentRow(first)
        self._chosen_changed(self.list.currentRow())
        self.resize(700 if any(choice.left for choice in choices) else 560, 360)

    def _chosen_changed(self, row: int) -> None:
        usable = 0 <= row < len(self.choices) and self.choices[row].balance is not None
        self.restore_button.setEnabled(usable)

    def chosen(self) -> BackupChoice:
        return self.choices[self.list.currentRow()]
