"""Bankroll ▸ History: the settled rounds, newest first, with the lifetime figures.

Every figure is the store's: a round's side bets (insurance, Buster) are listed with their
stakes and results, and its net is the store's (`HistoryEntry.net`), side bets included.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import GAMES, dollars
from casino_gui.gui.table.wording import signed
from casino_gui.store import HistoryEntry, Lifetime

COLUMNS = ("When", "Game", "Bets", "Dealer", "Your hands", "Side bets", "Net")
SIDE_BETS = (("insurance", "Insurance"), ("buster", "Buster"))


def side_bets_text(result: dict[str, Any]) -> str:
    """'Insurance on 1: $5.00, +$10.00 · Buster on 2: $1.00, −$1.00', or a dash."""
    parts = [
        f"{name} on {bet['spot']}: {dollars(int(bet['stake']))}, {signed(int(bet['net']))}"
        for key, name in SIDE_BETS
        for bet in result.get(key, [])
    ]
    return " · ".join(parts) or "\N{EM DASH}"


class HistoryDialog(QDialog):
    def __init__(
        self, entries: list[HistoryEntry], lifetime: Lifetime, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("History")
        self.resize(1000, 520)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 14)
        rounds = f"{lifetime.rounds} round{'s' if lifetime.rounds != 1 else ''}"
        refills = f"{lifetime.refills} refill{'s' if lifetime.refills != 1 else ''}"
        summary = QLabel(
            f"{rounds} played since {lifetime.since:%d %B %Y}. Wagered "
            f"{dollars(lifetime.wagered)}, paid {dollars(lifetime.paid)}, biggest win "
            f"{dollars(lifetime.biggest_win)}, {refills}."
        )
        summary.setWordWrap(True)
        layout.addWidget(summary)
        self.table = QTableWidget(len(entries), len(COLUMNS))
        self.table.setProperty("felt", True)
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        for row, entry in enumerate(sorted(entries, key=lambda e: e.settled_at, reverse=True)):
            result = entry.result
            hands = "; ".join(
                f"{' '.join(hand['cards'])} {hand['outcome']}" for hand in result["hands"]
            )
            cells = (
                f"{entry.settled_at.astimezone():%Y-%m-%d %H:%M}",
                GAMES[entry.game].name if entry.game in GAMES else entry.game,
                ", ".join(f"{bet.spot}: {dollars(bet.amount)}" for bet in entry.record.bets),
                " ".join(result["dealer"]["cards"]),
                hands,
                side_bets_text(result),
                signed(entry.net),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == len(cells) - 1:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
