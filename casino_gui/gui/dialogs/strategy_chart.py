"""Help ▸ Strategy chart: the table's basic strategy, with the decision at hand highlighted.

Working a chart out takes seconds for some tables, so the worker process does it while the
dialog shows a spinner; the window never waits for it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import Card, Rules
from casino_gui.engine.strategy import Chart, ChartCode, ChartSection, Section, chart, chart_shape
from casino_gui.engine.strategy import cell_of as chart_cell
from casino_gui.gui.dialogs.screen_fit import resize_within_screen
from casino_gui.gui.spinner import Spinner
from casino_gui.gui.workers import WorkerProcess

# Printed charts colour their cells by move; these follow the usual ones.
CODE_COLOURS = {
    ChartCode.HIT: "#f4f1e8",
    ChartCode.STAND: "#f3d27a",
    ChartCode.DOUBLE_HIT: "#7fb3e6",
    ChartCode.DOUBLE_STAND: "#a9cdef",
    ChartCode.SPLIT: "#9fd49a",
    ChartCode.SURRENDER_HIT: "#e59a9a",
    ChartCode.SURRENDER_STAND: "#eab5b5",
    ChartCode.SURRENDER_SPLIT: "#eab5b5",
}
NO_DEAL = "#dddddd"  # a cell no deal is played in
HIGHLIGHT = QColor("#c8102e")

Cell = tuple[Section, str, str]  # section, row, column
WIDEST_FRAME = 12  # a grid's frame, both sides and their padding, before it is styled
SECTION_GAP = 12  # the spacing between sections, and some


def cell_of(table_chart: Chart, hand: Sequence[Card], dealer: Sequence[Card]) -> Cell | None:
    """The chart cell of a decision (the engine's `cell_of`: a pair by its pair, else by its
    soft or hard total), where the chart has it."""
    if not hand:
        return None
    pair = len(hand) == 2 and hand[0].value == hand[1].value
    ranks, up = [card.rank for card in hand], [card.rank for card in dealer]
    found = chart_cell(table_chart.rules, ranks, up, pair)
    if found is None:
        return None
    return in_chart(table_chart, (found.section, found.row, found.column))


def in_chart(table_chart: Chart, cell: Cell) -> Cell | None:
    """The cell, if the chart has its row and column."""
    section = next((s for s in table_chart.sections if s.title == cell[0]), None)
    if section is None or cell[2] not in table_chart.columns:
        return None
    return cell if any(r.label == cell[1] for r in section.rows) else None


class StrategyChartDialog(QDialog):
    """The chart, worked out in the worker process while a spinner turns (seconds, cold)."""

    chart_ready = Signal()
    chart_failed = Signal(str)

    def __init__(
        self,
        rules: Rules,
        worker: WorkerProcess,
        hand: Sequence[Card] = (),
        dealer: Sequence[Card] = (),
        parent: QWidget | None = None,
        cell: Cell | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Strategy chart — {rules.name}")
        self.rules = rules
        self.chart: Chart | None = None
        self.highlighted: Cell | None = None
        self.tables: dict[str, QTableWidget] = {}
        self._hand, self._dealer = tuple(hand), tuple(dealer)
        self._cell = cell  # the cell to highlight, where the caller knows it (Practice)
        layout = QVBoxLayout(self)
        self._heading = QLabel(f"<b>{rules.name}</b>: the best first move for each hand.")
        self._heading.setWordWrap(True)
        layout.addWidget(self._heading)

        self._pages = QStackedWidget()
        waiting = QWidget()
        row = QHBoxLayout(waiting)
        row.addStretch(1)
        self.spinner = Spinner(28)
        row.addWidget(self.spinner)
        self._waiting_text = QLabel(f"Working out the best play at {rules.name}…")
        row.addWidget(self._waiting_text)
        row.addStretch(1)
        self._pages.addWidget(waiting)
        layout.addWidget(self._pages, 1)

        self._legend = QLabel()
        self._legend.setWordWrap(True)
        layout.addWidget(self._legend)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        # Opened at the size of the whole chart (as far as the screen allows) and its legend
        # said already: the window neither grows nor moves when the chart arrives.
        # A sentence, so that the red cell's sentence can follow it.
        self._legend.setText(" · ".join(f"<b>{code}</b> {code.words}" for code in ChartCode) + ".")
        columns, sections = chart_shape(rules)
        section = self._grid_width(columns, ("T,T", "A,9"), WIDEST_FRAME) + SECTION_GAP
        wanted = len(sections) * section + 60
        resize_within_screen(self, max(1100, wanted), 640)

        self.pending = worker.submit(chart, rules, urgent=True)
        self.pending.finished.connect(self._show_chart)
        self.pending.failed.connect(self._show_failure)

    # --- Public -------------------------------------------------------------------------

    def is_computing(self) -> bool:
        return self.chart is None and not self.pending.done

    def computed_by(self) -> int | None:
        """The id of the process that worked the chart out (never this one)."""
        return self.pending.pid

    def code_at(self, cell: Cell) -> ChartCode | None:
        assert self.chart is not None, "the chart is still being worked out"
        section, row, column = cell
        return self.chart.code(section, row, column)

    def done(self, result: int) -> None:
        # Closed before the chart came: the worker stops working it out.
        self.pending.cancel()
        super().done(result)

    # --- Inside -------------------------------------------------------------------------

    def _show_failure(self, message: str) -> None:
        self.spinner.hide()
        self._waiting_text.setText(f"The chart could not be worked out: {message}")
        self.chart_failed.emit(message)

    def _show_chart(self, table_chart: Chart) -> None:
        self.chart = table_chart
        self.highlighted = (
            in_chart(table_chart, self._cell)
            if self._cell is not None
            else cell_of(table_chart, self._hand, self._dealer)
        )
        self._heading.setText(
            f"<b>{self.rules.name}</b>: the best first move for each hand, against the "
            f"{table_chart.dealer}. Computed from the table's rules."
        )
        self._sections = QWidget()
        QHBoxLayout(self._sections).setContentsMargins(0, 0, 0, 0)
        self._to_build = list(table_chart.sections)
        self._build_section()

    def _build_section(self) -> None:
        # One section per turn of the event loop: the few hundred cells of a whole chart made
        # at once held the loop for tens of milliseconds.
        assert self.chart is not None
        section = self._to_build.pop(0)
        column = QVBoxLayout()
        column.addWidget(QLabel(f"<b>{section.title}</b>"))
        grid = self._grid(self.chart, section)
        column.addWidget(grid)
        column.addStretch(1)  # a short section sits at the top, not stretched over felt
        row = self._sections.layout()
        assert isinstance(row, QHBoxLayout)
        row.addLayout(column)
        self.tables[section.title] = grid
        if self._to_build:
            QTimer.singleShot(0, self, self._build_section)
        else:
            self._chart_built()

    def _chart_built(self) -> None:
        row = self._sections.layout()
        assert isinstance(row, QHBoxLayout)
        row.addStretch(1)
        scroller = QScrollArea()
        scroller.setWidget(self._sections)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        # The felt shows through: the scroll area and its page are not painted.
        scroller.setStyleSheet(
            "QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }"
        )
        self._pages.addWidget(scroller)
        self._pages.setCurrentWidget(scroller)
        self.spinner.hide()
        if self.highlighted is not None:
            self._legend.setText(
                f"{self._legend.text()} The red cell is the decision on the table."
            )
        self.chart_ready.emit()

    def _grid_width(self, columns: Sequence[str], labels: Sequence[str], frame: int) -> int:
        """A section's width: its row labels and its columns, each as wide as the widest."""
        metrics = _header_metrics(self)
        return (
            _labels_width(metrics, labels) + _column_width(metrics, columns) * len(columns) + frame
        )

    def _grid(self, table_chart: Chart, section: ChartSection) -> QTableWidget:
        grid = QTableWidget(len(section.rows), len(table_chart.columns))
        grid.setProperty("felt", True)  # the application's style sheet dresses it as the felt
        grid.setHorizontalHeaderLabels(list(table_chart.columns))
        grid.setVerticalHeaderLabels([r.label for r in section.rows])
        grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        grid.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        for r, chart_row in enumerate(section.rows):
            for c, code in enumerate(chart_row.cells):
                item = QTableWidgetItem(code or "")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setBackground(QColor(NO_DEAL if code is None else CODE_COLOURS[code]))
                item.setForeground(QColor("#15171c"))
                if self.highlighted == (section.title, chart_row.label, table_chart.columns[c]):
                    item.setBackground(HIGHLIGHT)
                    item.setForeground(QColor("#ffffff"))
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                grid.setItem(r, c, item)
        # Sized from the font, not by Qt measuring every cell: that took tens of milliseconds.
        grid.ensurePolished()
        metrics = _header_metrics(grid)
        width = _column_width(metrics, table_chart.columns)
        grid.horizontalHeader().setDefaultSectionSize(width)
        grid.horizontalHeader().setMinimumSectionSize(width)
        grid.verticalHeader().setDefaultSectionSize(metrics.height() + 8)
        # Never larger than its cells: a one-column chart (Pontoon's) is not a page of felt.
        labels = _labels_width(metrics, [row.label for row in section.rows])
        grid.verticalHeader().setFixedWidth(labels)
        # Exactly as large as its cells: no scroll bar inside a section, no empty field beside
        # it; on a small screen the whole chart scrolls instead (see _chart_built).
        frame = 2 * grid.frameWidth() + 4
        grid.setFixedSize(
            self._grid_width(table_chart.columns, [row.label for row in section.rows], frame),
            (metrics.height() + 14) + (metrics.height() + 8) * len(section.rows) + frame,
        )
        grid.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        grid.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return grid


def _header_metrics(widget: QWidget) -> QFontMetrics:
    """The headers are bold and padded by the style sheet: measured in their own font."""
    bold = QFont(widget.font())
    bold.setBold(True)
    return QFontMetrics(bold)


def _column_width(metrics: QFontMetrics, columns: Sequence[str]) -> int:
    texts = [*columns, *ChartCode]
    return max(metrics.horizontalAdvance(text) for text in texts) + 26


def _labels_width(metrics: QFontMetrics, labels: Sequence[str]) -> int:
    return max(metrics.horizontalAdvance(label) for label in labels) + 26
