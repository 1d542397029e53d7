"""The history's rounds as a table model that fetches pages as the player scrolls.

Rows come from `history_query.older_lines` a page at a time (seeking by round id), so a
bankroll of 100,000 rounds shows its newest rounds at once and scrolls on demand; the
totals of the filter are counted elsewhere (`history_totals`), off the UI thread. Every
figure is the store's: the model only writes them out.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont

from casino_gui.engine import GAMES, dollars
from casino_gui.gui.table.wording import signed
from casino_gui.store.history_query import HistoryFilter, RoundLine, older_lines

# The round's number is the store's round id: the one the statistics, the session report and
# the replay viewer name ("biggest win +$50.00 (round 4)").
COLUMNS = ("Round", "When", "Game", "Dealer", "Your hands", "Side bets", "Net")
NET = COLUMNS.index("Net")
PAGE = 100  # rows fetched at a time: a few screens, read and written out in a few ms
SIDE_BET_NAMES = {"insurance": "Insurance", "buster": "Buster"}
_REFUNDED_INK = QColor("#c9b98f")

Index = QModelIndex | QPersistentModelIndex
_TOP = QModelIndex()  # the table's root: Qt's default parent


def game_name(game: str) -> str:
    return GAMES[game].name if game in GAMES else game


def hands_text(line: RoundLine) -> str:
    """'8♠ 3♥ 10♣ 21 win +$20.00 · 8♦ 9♠ 17 lose −$10.00'; a refunded or damaged round says so."""
    if line.damage:
        return f"Damaged: {line.damage}"
    if line.refunded:
        return f"Refunded: {line.reason}" if line.reason else "Refunded"
    several = len({hand.spot for hand in line.player_hands}) > 1
    return " · ".join(
        f"{f'{hand.spot}: ' if several else ''}{hand.cards} {hand.total} {hand.outcome} "
        f"{signed(hand.net)}"
        for hand in line.player_hands
    )


def side_bets_text(line: RoundLine) -> str:
    """'Insurance on 1: $5.00, −$5.00 · Buster on 2: $1.00, +$1.00', or a dash."""
    parts = [
        f"{SIDE_BET_NAMES.get(bet.name, bet.name)} on {bet.spot}: {dollars(bet.stake)}, "
        f"{signed(bet.net)}"
        for bet in line.side_bets
    ]
    return " · ".join(parts) or "\N{EM DASH}"


def cells(line: RoundLine) -> tuple[str, ...]:
    """A round's row, column by column."""
    dealer = f"{line.dealer} ({line.dealer_total})" if line.dealer else "\N{EM DASH}"
    closed = line.closed_at
    blank = line.refunded or bool(line.damage)
    return (
        str(line.round_id),
        f"{closed.astimezone():%Y-%m-%d %H:%M}" if closed is not None else "\N{EM DASH}",
        game_name(line.game),
        dealer if not blank else "\N{EM DASH}",
        hands_text(line),
        side_bets_text(line) if not blank else "\N{EM DASH}",
        "damaged" if line.damage else "refunded" if line.refunded else signed(line.net),
    )


class HistoryRows(QAbstractTableModel):
    """The rounds of one filter, newest first, fetched a page at a time."""

    def __init__(self, db: sqlite3.Connection, selection: HistoryFilter | None = None) -> None:
        super().__init__()
        self._db = db
        self.selection = selection or HistoryFilter()
        self.lines: list[RoundLine] = []
        self._cells: list[tuple[str, ...]] = []
        self._more = True
        self.fetchMore(QModelIndex())

    def set_filter(self, selection: HistoryFilter) -> None:
        self.beginResetModel()
        self.selection, self.lines, self._cells, self._more = selection, [], [], True
        self.endResetModel()
        self.fetchMore(QModelIndex())

    def stop(self) -> None:
        """Fetch no more: the dialog is closing its connection."""
        self._more = False

    def line(self, row: int) -> RoundLine:
        return self.lines[row]

    # --- QAbstractTableModel ---------------------------------------------------------------

    def rowCount(self, parent: Index = _TOP) -> int:
        return 0 if parent.isValid() else len(self.lines)

    def columnCount(self, parent: Index = _TOP) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def canFetchMore(self, parent: Index = _TOP) -> bool:
        return not parent.isValid() and self._more

    def fetchMore(self, parent: Index = _TOP) -> None:
        if parent.isValid() or not self._more:
            return
        before = self.lines[-1].round_id if self.lines else None
        found = older_lines(self._db, self.selection, before, PAGE)
        self._more = len(found) == PAGE
        if not found:
            return
        first = len(self.lines)
        self.beginInsertRows(QModelIndex(), first, first + len(found) - 1)
        self.lines += found
        self._cells += [cells(line) for line in found]
        self.endInsertRows()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cells[row][column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.lines[row].summary if column != 0 else None
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (0, NET):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if self.lines[row].refunded or self.lines[row].damage:
            if role == Qt.ItemDataRole.ForegroundRole:
                return _REFUNDED_INK
            if role == Qt.ItemDataRole.FontRole:
                font = QFont()
                font.setItalic(True)
                return font
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None
