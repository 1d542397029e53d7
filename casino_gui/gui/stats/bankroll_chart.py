"""The bankroll chart (QtCharts): the wallet after each round, over rounds or over time, with
each refill marked; for one game, that game's running net (a wallet is shared by the games).
The line starts at the selection's opening point (round 0): one round is a line, not a dot.

QtCharts comes with PySide6-Addons, already a dependency for the sound cues; it draws axes,
dates and markers that a hand-painted chart would have to reimplement (docs/decisions.md,
"Statistics and the session report").
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from PySide6.QtCharts import (
    QAbstractAxis,
    QChart,
    QChartView,
    QDateTimeAxis,
    QLineSeries,
    QScatterSeries,
    QValueAxis,
)
from PySide6.QtCore import QDateTime, QMargins, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

from casino_gui.gui.theme import CREAM, FELT_DEEP, GOLD, GOLD_BRIGHT, sans
from casino_gui.store.stats import Point

REFILL_COLOUR = QColor("#7fb3e6")  # a blue that stands apart from the gold line


class Axis(Enum):
    ROUNDS = "rounds"
    TIME = "time"


REFILL_STEP = 0.5  # a refill on the rounds axis: between the round it followed and the next


def x_of(point: Point, rounds_before: int, axis: Axis) -> float:
    """A point's place on the x axis: its round's number (a refill halfway between the round
    it followed and the next, never on a round's own point), or its moment in milliseconds
    since 1970 (QDateTimeAxis's unit)."""
    if axis is Axis.TIME:
        return float(point.at.timestamp() * 1000)
    return rounds_before + (REFILL_STEP if point.refill else 0.0)


class BankrollChart(QChartView):
    """`show_points` draws a selection; `balance` holds the opening point and one point per
    round (x, dollars), `refills` one per refill."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Low enough for twice the scale on a 1280 x 800 screen (640 x 400 to Qt).
        self.setMinimumHeight(140)
        chart = QChart()
        chart.setBackgroundBrush(QBrush(FELT_DEEP))
        chart.setBackgroundRoundness(8)
        chart.setMargins(QMargins(6, 6, 6, 6))
        chart.setTitleBrush(QBrush(GOLD_BRIGHT))
        chart.setTitleFont(sans(15, bold=True))
        chart.legend().setLabelColor(CREAM)
        chart.legend().setFont(sans(12))
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        self.setChart(chart)
        self.setStyleSheet("background: transparent;")
        self.balance = QLineSeries()
        self.refills = QScatterSeries()
        self.axis = Axis.ROUNDS
        self.game: str | None = None

    def show_points(
        self, points: Sequence[Point], *, game: str | None = None, axis: Axis = Axis.ROUNDS
    ) -> None:
        chart = self.chart()
        chart.removeAllSeries()
        for old in chart.axes():
            chart.removeAxis(old)
        self.axis, self.game = axis, game
        self.balance = QLineSeries()
        self.balance.setName("Your bankroll" if game is None else "Net at this game")
        pen = QPen(GOLD, 2.5)
        self.balance.setPen(pen)
        self.balance.setPointsVisible(len(points) <= 60)
        self.refills = QScatterSeries()
        self.refills.setName("Refill")
        self.refills.setMarkerShape(QScatterSeries.MarkerShape.MarkerShapeTriangle)
        self.refills.setMarkerSize(13)
        self.refills.setColor(REFILL_COLOUR)
        self.refills.setBorderColor(CREAM)
        rounds = 0  # the opening point is round 0, where the line starts
        for point in points:
            # A long selection is drawn through some of its rounds: each says its number.
            rounds = point.number or rounds + (point.round_id is not None)
            marks = self.refills if point.refill else self.balance
            marks.append(QPointF(x_of(point, rounds, axis), point.value / 100))
        # The rounds axis ends at the last round, or at a refill after it.
        end = max(1.0, x_of(points[-1], rounds, Axis.ROUNDS)) if points else 1.0
        chart.addSeries(self.balance)
        if self.refills.count():
            chart.addSeries(self.refills)
        chart.legend().setVisible(self.refills.count() > 0)
        chart.setTitle("Your bankroll" if game is None else "Your net at this game")
        x_axis = self._x_axis(points, end, axis)
        y_axis = QValueAxis()
        # Qt's printf format would print "$-5": the unit goes in the axis's title instead.
        y_axis.setLabelFormat("%.0f")
        y_axis.setTitleText("Bankroll ($)" if game is None else "Net ($)")
        self._dress(y_axis)
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        for series in chart.series():
            series.attachAxis(x_axis)
            series.attachAxis(y_axis)
        values = [point.value / 100 for point in points] or [0.0]
        low, high = min(values), max(values)
        # A flat curve (one round) still gets a scale of dollars, not of cents.
        room = max((high - low) * 0.08, 10.0)
        y_axis.setRange(low - room, high + room)
        y_axis.applyNiceNumbers()

    def _x_axis(self, points: Sequence[Point], end: float, axis: Axis) -> QAbstractAxis:
        if axis is Axis.TIME:
            time_axis = QDateTimeAxis()
            time_axis.setFormat("dd MMM HH:mm")
            time_axis.setTitleText("Time")
            if points:
                first = QDateTime.fromMSecsSinceEpoch(int(points[0].at.timestamp() * 1000))
                last = QDateTime.fromMSecsSinceEpoch(int(points[-1].at.timestamp() * 1000))
                time_axis.setRange(first, last if last > first else first.addSecs(60))
            time_axis.setTickCount(5)
            self._dress(time_axis)
            return time_axis
        round_axis = QValueAxis()
        round_axis.setLabelFormat("%d")
        round_axis.setTitleText("Rounds")
        round_axis.setRange(0, end)
        round_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        round_axis.setTickAnchor(0)
        round_axis.setTickInterval(max(1, round(end / 8)))
        self._dress(round_axis)
        return round_axis

    @staticmethod
    def _dress(axis: QAbstractAxis) -> None:
        axis.setLabelsColor(CREAM)
        axis.setLabelsFont(sans(12))
        axis.setTitleBrush(QBrush(CREAM))
        axis.setTitleFont(sans(12))
        axis.setGridLineColor(QColor(226, 184, 79, 50))
        axis.setLinePenColor(QColor(226, 184, 79, 140))
