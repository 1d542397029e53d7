"""Help ▸ Strategy chart: the table's basic strategy, with the decision at hand highlighted."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine.cards import Card
from casino_gui.engine.hand import hand_value
from casino_gui.engine.rules import Rules
from casino_gui.engine.strategy.chart import LEGEND, Chart, card_name, chart

# Printed charts colour their cells by move; these follow the usual ones.
CODE_COLOURS = {
    "H": "#f4f1e8",
    "S": "#f3d27a",
    "D": "#7fb3e6",
    "Ds": "#a9cdef",
    "P": "#9fd49a",
    "Rh": "#e59a9a",
    "Rs": "#eab5b5",
    "Rp": "#eab5b5",
}
HIGHLIGHT = QColor("#c8102e")

Cell = tuple[str, str, str]  # section, row, column


def cell_of(table_chart: Chart, hand: Sequence[Card], dealer: Sequence[Card]) -> Cell | None:
    """The chart cell of a decision: a pair by its pair, else by its soft or hard total."""
    rules = table_chart.rules
    if not hand:
        return None
    value = hand_value(list(hand), rules.aces_eleven)
    if len(hand) == 2 and hand[0].value == hand[1].value:
        row: Cell = ("Pairs", f"{card_name(hand[0].value)},{card_name(hand[1].value)}", "")
    elif value.soft:
        row = ("Soft", f"A,{card_name(value.total - 11)}", "")
    else:
        row = ("Hard", str(value.total), "")
    columns = table_chart.columns
    if columns == ("any",):
        column = "any"
    elif len(dealer) == 1 or rules.dealer_cards.value != "both_up":
        column = card_name(dealer[0].value) if dealer else ""
    else:
        dealer_value = hand_value(list(dealer), rules.aces_eleven)
        other = dealer_value.total - 11
        column = f"A,{card_name(other)}" if dealer_value.soft else str(dealer_value.total)
    found = next((s for s in table_chart.sections if s.title == row[0]), None)
    if found is None or column not in columns or all(r.label != row[1] for r in found.rows):
        return None
    return row[0], row[1], column


class StrategyChartDialog(QDialog):
    def __init__(
        self,
        rules: Rules,
        hand: Sequence[Card] = (),
        dealer: Sequence[Card] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Strategy chart — {rules.name}")
        self.chart = chart(rules)
        self.highlighted = cell_of(self.chart, hand, dealer)
        layout = QVBoxLayout(self)
        heading = QLabel(
            f"<b>{rules.name}</b>: the best first move for each hand, against the "
            f"{self.chart.dealer}. Computed from the table's rules."
        )
        heading.setWordWrap(True)
        layout.addWidget(heading)
        row = QHBoxLayout()
        self.tables: dict[str, QTableWidget] = {}
        for section in self.chart.sections:
            column = QVBoxLayout()
            title = QLabel(f"<b>{section.title}</b>")
            column.addWidget(title)
            grid = QTableWidget(len(section.rows), len(self.chart.columns))
            grid.setHorizontalHeaderLabels(list(self.chart.columns))
            grid.setVerticalHeaderLabels([r.label for r in section.rows])
            grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
            grid.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
            for r, chart_row in enumerate(section.rows):
                for c, code in enumerate(chart_row.cells):
                    item = QTableWidgetItem(code)
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    item.setBackground(QColor(CODE_COLOURS.get(code, "#dddddd")))
                    item.setForeground(QColor("#15171c"))
                    if self.highlighted == (section.title, chart_row.label, self.chart.columns[c]):
                        item.setBackground(HIGHLIGHT)
                        item.setForeground(QColor("#ffffff"))
                        font = QFont(item.font())
                        font.setBold(True)
                        item.setFont(font)
                    grid.setItem(r, c, item)
            grid.resizeColumnsToContents()
            grid.resizeRowsToContents()
            column.addWidget(grid)
            row.addLayout(column)
            self.tables[section.title] = grid
        layout.addLayout(row)
        legend = " · ".join(f"<b>{code}</b> {meaning}" for code, meaning in LEGEND)
        note = "" if self.highlighted is None else " The red cell is the decision on the table."
        text = QLabel(legend + "." + note)
        text.setWordWrap(True)
        layout.addWidget(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(1100, 640)

    def code_at(self, cell: Cell) -> str:
        section, row, column = cell
        return self.chart.code(section, row, column)
