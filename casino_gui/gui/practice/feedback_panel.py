"""The practice window's feedback: right or wrong at once, every legal move's value in dollars
of the bet (the best in bold, the one chosen marked), the cost, the chart cell with a button
that opens the strategy chart on it, and the why."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QWidget

from casino_gui.gui.practice.wording import Feedback
from casino_gui.gui.theme import ERROR, sans

RIGHT = "#8fe08a"
CHART_KEY = "K"


class FeedbackPanel(QFrame):
    """What the last answer was worth; empty while a decision waits."""

    chart_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("practiceFeedback")
        self.setStyleSheet(
            "#practiceFeedback { background: rgba(0, 0, 0, 90); border-radius: 6px; }"
        )
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 8, 12, 8)
        grid.setHorizontalSpacing(12)
        self.verdict = QLabel()
        self.verdict.setFont(sans(16, bold=True))
        self.verdict.setWordWrap(True)
        self.values = QLabel()
        self.values.setTextFormat(Qt.TextFormat.RichText)
        self.cell = QLabel()
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.chart_button = QPushButton(f"Chart ({CHART_KEY})")
        self.chart_button.setToolTip("The strategy chart, on this decision's cell")
        self.chart_button.clicked.connect(self.chart_requested.emit)
        grid.addWidget(self.verdict, 0, 0, 1, 2)
        grid.addWidget(self.values, 1, 0, 1, 2)
        grid.addWidget(self.cell, 2, 0)
        grid.addWidget(self.chart_button, 2, 1, Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self.why, 3, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        self.clear("")

    def clear(self, prompt: str) -> None:
        """No answer yet: `prompt` says what to do."""
        self.verdict.setText(prompt)
        self.verdict.setStyleSheet("")
        for label in (self.values, self.cell, self.why):
            label.clear()
        self.chart_button.setEnabled(False)

    def show_feedback(self, said: Feedback) -> None:
        self.verdict.setText(said.verdict)
        self.verdict.setStyleSheet(f"color: {RIGHT if said.right else ERROR};")
        parts = []
        for move in said.values:
            text = f"{escape(move.name)} {escape(move.value)}"
            if move.best:
                text = f"<b>{text}</b>"
            if move.chosen:
                text = f"<u>{text}</u>"
            parts.append(text)
        self.values.setText("Each move is worth: " + " &nbsp;·&nbsp; ".join(parts))
        self.cell.setText(f"Chart: {said.cell}" if said.cell else "No chart cell for this decision")
        self.chart_button.setEnabled(said.cell is not None)
        self.why.setText(f"Why: {said.why}" if said.why else "")

    @property
    def verdict_text(self) -> str:
        return self.verdict.text()
