"""Bankroll ▸ History: the settled rounds, newest first, with the lifetime figures."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine.games import GAMES
from casino_gui.engine.money import dollars
from casino_gui.store import HistoryEntry, Lifetime

COLUMNS = ("When", "Game", "Bets", "Dealer", "Your hands", "Net")


def _net(entry: HistoryEntry) -> int:
    bankroll = entry.result["bankroll"]
    return int(bankroll["after"]) - int(bankroll["before"])


class HistoryDialog(QDialog):
    def __init__(
        self, entries: list[HistoryEntry], lifetime: Lifetime, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("History")
        self.resize(900, 520)
        layout = QVBoxLayout(self)
        summary = QLabel(
            f"{lifetime.rounds} rounds since {lifetime.since:%d %b %Y} · wagered "
            f"{dollars(lifetime.wagered)} · paid {dollars(lifetime.paid)} · biggest win "
            f"{dollars(lifetime.biggest_win)} · refills {lifetime.refills}"
        )
        summary.setWordWrap(True)
        layout.addWidget(summary)
        self.table = QTableWidget(len(entries), len(COLUMNS))
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
                dollars(_net(entry)),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == len(cells) - 1:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, item)
        self.table.resizeColumnsToContents()
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
