"""One line under a table's options: its house edge, a spinner while the worker computes it."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from casino_gui.engine.rules import Rules
from casino_gui.gui.lobby.game_tile import edge_text
from casino_gui.gui.lobby.house_edges import HouseEdges
from casino_gui.gui.spinner import Spinner
from casino_gui.gui.workers import Pending


class HouseEdgeLine(QWidget):
    """Shows the edge of the table last asked for; asking again withdraws the previous job."""

    def __init__(self, edges: HouseEdges, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._edges = edges
        self._job: Pending | None = None
        self.spinner = Spinner(18)
        self.spinner.hide()
        self._label = QLabel()
        self._label.setProperty("role", "hint")
        # A longer text never widens the dialog.
        self._label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.spinner)
        row.addWidget(self._label, 1)
        self.show_edge(None)

    def show_for(self, rules: Rules) -> None:
        """The edge of this table: at once when known, else worked out in the worker."""
        self.cancel()
        known = self._edges.known(rules)
        if known is not None:
            self.show_edge(known)
            return
        job = self._edges.request(rules, urgent=True)
        if job is None:
            return
        self._job = job
        job.finished.connect(self.show_edge)
        job.failed.connect(lambda _: self.show_edge(None))
        self._label.setText("Working out the house edge…")
        self.spinner.show()

    def show_edge(self, edge: float | None) -> None:
        """An edge, or none (a refused table): the line stops waiting."""
        self.cancel()
        self._label.setText(
            "House edge with basic strategy: "
            + ("—" if edge is None else f"{edge_text(edge)} of the bet")
        )

    def cancel(self) -> None:
        """Withdraw the job under way, if any (a table changed since, or a dialog closed)."""
        self.spinner.hide()
        if self._job is not None:
            self._job.cancel()
            self._job = None

    def text(self) -> str:
        return self._label.text()

    def is_computing(self) -> bool:
        return self._job is not None
