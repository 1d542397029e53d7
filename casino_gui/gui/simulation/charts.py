"""The simulation page's two charts (QtCharts): the player's result by floored true count,
with one standard error either side, and how often each count comes.

An error bar is a candlestick whose body is flat (it opens and closes at the result) and whose
wicks reach one standard error up and down: QtCharts draws no error bars of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QCandlestickSeries,
    QCandlestickSet,
    QChart,
    QChartView,
    QValueAxis,
)
from PySide6.QtCore import QMargins, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

from casino_gui.analysis.simulation import TrueCountRow
from casino_gui.engine.counting import count_text
from casino_gui.gui.theme import CREAM, FELT_DEEP, GOLD, GOLD_BRIGHT, sans


def count_label(row: TrueCountRow, lowest: bool, highest: bool) -> str:
    """A column's true count: "≤−3" at a grouped low end, "≥+6" at the top (short: ten
    columns share the chart's width)."""
    text = count_text(row.true_count)
    if lowest:
        return f"≤{text}"
    if highest:
        return f"≥{text}"
    return text


class _ChartView(QChartView):
    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(220)
        chart = QChart()
        chart.setTitle(title)
        chart.setBackgroundBrush(QBrush(FELT_DEEP))
        chart.setBackgroundRoundness(8)
        chart.setMargins(QMargins(6, 6, 6, 6))
        chart.setTitleBrush(QBrush(GOLD_BRIGHT))
        chart.setTitleFont(sans(13, bold=True))
        chart.legend().hide()
        self.setChart(chart)
        self.setStyleSheet("background: transparent;")

    def _axes(self, labels: Sequence[str], low: float, high: float, title: str) -> None:
        chart = self.chart()
        for old in chart.axes():
            chart.removeAxis(old)
        categories = QBarCategoryAxis()
        categories.append(list(labels))
        categories.setTitleText("floored true count before the deal")
        values = QValueAxis()
        values.setRange(low, high)
        values.applyNiceNumbers()  # ticks at round values
        values.setTitleText(title)
        for axis in (categories, values):
            axis.setLabelsBrush(QBrush(CREAM))
            axis.setTitleBrush(QBrush(CREAM))
            axis.setLabelsFont(sans(10))
        chart.addAxis(categories, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(values, Qt.AlignmentFlag.AlignLeft)
        for series in chart.series():
            series.attachAxis(categories)
            series.attachAxis(values)


class EdgeByCountChart(_ChartView):
    """The player's net per unit bet at each count (percent), ± one standard error."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Player's result by true count, ± one standard error", parent)
        self.bars: list[tuple[float, float]] = []  # (result %, its error %) per column

    def show_rows(self, rows: Sequence[TrueCountRow], labels: Sequence[str]) -> None:
        chart = self.chart()
        chart.removeAllSeries()
        series = QCandlestickSeries()
        series.setIncreasingColor(QColor(GOLD))
        series.setDecreasingColor(QColor(GOLD))
        series.setPen(QPen(GOLD_BRIGHT, 2))
        series.setBodyWidth(0.3)
        self.bars = []
        for place, row in enumerate(rows):
            middle, error = 100 * row.net_per_unit, 100 * row.standard_error
            series.append(QCandlestickSet(middle, middle + error, middle - error, middle, place))
            self.bars.append((middle, error))
        chart.addSeries(series)
        low = min((m - e for m, e in self.bars), default=-1.0)
        high = max((m + e for m, e in self.bars), default=1.0)
        room = max(high - low, 0.5) * 0.1
        self._axes(labels, min(low - room, 0.0), max(high + room, 0.0), "player's net, % of bet")


class CountShareChart(_ChartView):
    """The share of the rounds dealt at each count (percent)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("How often each true count comes", parent)
        self.shares: list[float] = []

    def show_rows(self, rows: Sequence[TrueCountRow], labels: Sequence[str]) -> None:
        chart = self.chart()
        chart.removeAllSeries()
        bars = QBarSet("share of rounds")
        bars.setColor(QColor(GOLD))
        self.shares = [100 * row.share for row in rows]
        bars.append(self.shares)
        series = QBarSeries()
        series.append(bars)
        chart.addSeries(series)
        self._axes(labels, 0.0, max(self.shares, default=1.0) * 1.1 or 1.0, "% of rounds")
