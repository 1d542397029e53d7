"""Game ▸ Simulate…: the table's rules simulated in the worker process, with a count, a
spread, a penetration and a number of rounds of the player's choosing.

The rounds are played a part at a time (`analysis.simulation_job.play_part`: a million on the
fast path, 5,000 on the engine), each part's sums added to the run's, so the progress bar,
the figures and the charts move as the parts come, and STOP withdraws the part under way (the
worker is stopped) and keeps what was played. Nothing here touches the bankroll: the page
has no bankroll to touch, its rounds are sums in memory (docs/decisions.md, "Simulations at
compiled speed").
"""

from __future__ import annotations

import secrets
import time

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from casino_gui.analysis.counter_figures import counter_figures, ramp_rows
from casino_gui.analysis.fast import fast_refusal
from casino_gui.analysis.simulation import BET, CountBets, Simulation, Tally, TrueCountRow
from casino_gui.analysis.simulation_job import Part, part_size, play_part
from casino_gui.engine import Rules
from casino_gui.engine.counting import SYSTEMS, count_text
from casino_gui.engine.rules.bounds import PENETRATION
from casino_gui.gui.dialogs.screen_fit import resize_within_screen
from casino_gui.gui.simulation.charts import CountShareChart, EdgeByCountChart, count_label
from casino_gui.gui.workers import Pending, WorkerProcess

ROUNDS = (100_000, 1_000_000, 10_000_000, 100_000_000)
PENETRATIONS = tuple(
    p / 100 for p in range(round(PENETRATION[0] * 100), round(PENETRATION[1] * 100) + 1, 5)
)
LOWEST, HIGHEST = -3, 6  # the charts' columns: the tails grouped, as the command's table
BANKROLL_UNITS = 1_000


class SimulationDialog(QDialog):
    """The page: choices, START and STOP, a progress bar, the figures and two charts."""

    part_played = Signal()
    run_ended = Signal()

    def __init__(self, rules: Rules, worker: WorkerProcess, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"Simulate — {rules.name}")
        self.rules = rules
        self._worker = worker
        self.pending: Pending | None = None
        self.tally = Tally()
        self.done_rounds = 0
        self.asked = 0
        self.stopped = False
        self.simulation: Simulation | None = None
        self._run_rules = rules
        self._count: CountBets | None = None
        self._seed = 0
        self._began = 0.0
        self._size = 1
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{rules.name}</b>, played by its basic-strategy chart."))
        form = QFormLayout()
        self.count = QComboBox()
        self.count.addItem("No count: a flat bet", None)
        for key, system in SYSTEMS.items():
            if system.balanced:
                self.count.addItem(system.name, key)
        self.spread = QSpinBox()
        self.spread.setRange(1, max(rules.max_bet // BET, 1))
        self.spread.setPrefix("1:")
        self.spread.setValue(min(12, self.spread.maximum()))
        self.penetration = QComboBox()
        self.penetration.addItem("Shuffled before every round", None)
        for share in PENETRATIONS:
            self.penetration.addItem(f"{share:.0%} of the shoe dealt", share)
        if rules.penetration is not None:
            self.penetration.setCurrentIndex(self._penetration_index(rules.penetration))
        self.rounds = QComboBox()
        for amount in ROUNDS:
            self.rounds.addItem(f"{amount:,} rounds", amount)
        self.rounds.setCurrentIndex(1)
        self.bankroll = QSpinBox()
        self.bankroll.setRange(1, 1_000_000)
        self.bankroll.setValue(BANKROLL_UNITS)
        self.bankroll.setSuffix(" units")
        form.addRow("Count", self.count)
        form.addRow("Bet spread (1, 2, 4, 8 units from +2, then the top)", self.spread)
        form.addRow("Penetration", self.penetration)
        form.addRow("Rounds", self.rounds)
        form.addRow("Bankroll for the risk of ruin", self.bankroll)
        layout.addLayout(form)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        buttons = QHBoxLayout()
        self.start = QPushButton("&Start")
        self.stop = QPushButton("St&op")
        self.stop.setEnabled(False)
        buttons.addWidget(self.start)
        buttons.addWidget(self.stop)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        buttons.addWidget(self.progress, 1)
        layout.addLayout(buttons)
        self.figures = QLabel("Choose, then Start.")
        self.figures.setWordWrap(True)
        layout.addWidget(self.figures)
        charts = QHBoxLayout()
        self.edge_chart = EdgeByCountChart()
        self.share_chart = CountShareChart()
        charts.addWidget(self.edge_chart)
        charts.addWidget(self.share_chart)
        layout.addLayout(charts, 1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self.start.clicked.connect(self._start)
        self.stop.clicked.connect(self._stop)
        for combo in (self.count, self.penetration):
            combo.currentIndexChanged.connect(self._choices_changed)
        self._choices_changed()
        resize_within_screen(self, 1100, 760)

    # --- Public -------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.pending is not None

    def done(self, result: int) -> None:
        # Closed during a run: the part under way is withdrawn and the worker stopped.
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        super().done(result)

    # --- Inside -------------------------------------------------------------------------

    def _penetration_index(self, share: float) -> int:
        nearest = min(PENETRATIONS, key=lambda p: abs(p - share))
        return self.penetration.findData(nearest)

    def _choices(self) -> tuple[Rules, CountBets | None] | str:
        """The run's rules and count, or why the choices cannot run."""
        key = self.count.currentData()
        share = self.penetration.currentData()
        if key is not None and share is None:
            return (
                "A count needs a shoe: choose a penetration (a table shuffled before every "
                "round leaves nothing to count)."
            )
        rules = self.rules.replace(penetration=share)
        count = None if key is None else CountBets(SYSTEMS[key], self.spread.value())
        return rules, count

    def _choices_changed(self) -> None:
        self.spread.setEnabled(self.count.currentData() is not None)
        choices = self._choices()
        if isinstance(choices, str):
            self.note.setText(choices)
            self.start.setEnabled(False)
            return
        refusal = fast_refusal(*choices)
        self.note.setText(
            "Played at compiled speed."
            if refusal is None
            else f"Played by the engine, a few thousand rounds a second: {refusal}."
        )
        self.start.setEnabled(not self.running)

    def _start(self) -> None:
        choices = self._choices()
        if isinstance(choices, str):
            return
        self._run_rules, self._count = choices
        self.tally, self.done_rounds, self.stopped = Tally(), 0, False
        self.asked = int(self.rounds.currentData())
        self._seed = secrets.randbits(32)
        self._began = time.perf_counter()
        self._size = part_size(*choices)
        self.progress.setValue(0)
        self.figures.setText(f"Dealing {self.asked:,} rounds…")
        for widget in (self.start, self.count, self.spread, self.penetration, self.rounds):
            widget.setEnabled(False)
        self.stop.setEnabled(True)
        self._next_part()

    def _next_part(self) -> None:
        index = self.done_rounds // self._size
        size = min(self._size, self.asked - self.done_rounds)
        part = Part(self._run_rules, self._count, self._seed, index, size)
        self.pending = self._worker.submit(play_part, part, urgent=True)
        self.pending.finished.connect(self._part_played)
        self.pending.failed.connect(self._part_failed)

    def _part_played(self, tally: Tally) -> None:
        self.pending = None
        self.tally += tally
        self.done_rounds += tally.total.rounds
        self.progress.setValue(1000 * self.done_rounds // self.asked)
        self._show()
        self.part_played.emit()
        if self.done_rounds < self.asked and not self.stopped:
            self._next_part()
        else:
            self._end()

    def _part_failed(self, message: str) -> None:
        self.pending = None
        self.figures.setText(f"The simulation stopped: {message}")
        self._end()

    def _stop(self) -> None:
        self.stopped = True
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
            self._end()

    def _end(self) -> None:
        self.stop.setEnabled(False)
        for widget in (self.count, self.penetration, self.rounds):
            widget.setEnabled(True)
        self._choices_changed()
        if self.stopped:
            self.figures.setText(
                f"Stopped after {self.done_rounds:,} rounds.<br>{self.figures.text()}"
            )
        self.run_ended.emit()

    def _show(self) -> None:
        seconds = time.perf_counter() - self._began
        sim = Simulation.of(self._run_rules, self.tally, self._seed, 1, seconds, self._count)
        self.simulation = sim
        figures = counter_figures(sim.sums, self.bankroll.value())
        n0 = "—" if figures.n0 is None else f"{figures.n0:,.0f} rounds"
        score = "—" if figures.score is None else f"{figures.score:.2f}"
        lines = [
            f"<b>House edge {100 * sim.house_edge:.3f}% ± {100 * sim.standard_error:.3f}%</b> "
            f"(one standard error) over {sim.rounds:,} rounds; average bet "
            f"{sim.average_bet_units:.2f} units of $10",
            f"Per round: standard deviation {figures.standard_deviation:.3f} units; win rate "
            f"{figures.win_per_100:.3f} units per 100 rounds",
            f"Risk of ruin of {figures.bankroll_units:,} units: {figures.risk_of_ruin:.2%}; "
            f"N0 {n0}; SCORE {score}",
            f"{sim.rounds_per_cpu_second:,.0f} rounds per CPU second; seed {self._seed}",
        ]
        if self._count is not None:
            ramp = " · ".join(
                f"{count_text(true)}: {units}" for true, units in ramp_rows(self._count.top)
            )
            lines.append(f"Bet ramp, units by true count: {ramp}")
        self.figures.setText("<br>".join(lines))
        rows = sim.true_count_rows(LOWEST, HIGHEST)
        if not rows:  # no count: every round in one column, at a true count of 0
            total = sim.sums
            rows = [
                TrueCountRow(
                    0, total.rounds, 1.0, total.units, total.per_unit, total.standard_error
                )
            ]
        seen = sim.by_true_count
        labels = [
            count_label(
                row,
                row.true_count == LOWEST and bool(seen) and min(seen) < LOWEST,
                row.true_count == HIGHEST and bool(seen) and max(seen) > HIGHEST,
            )
            for row in rows
        ]
        self.edge_chart.show_rows(rows, labels)
        self.share_chart.show_rows(rows, labels)
