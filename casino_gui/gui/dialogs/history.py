"""Bankroll ▸ History: every closed round, newest first, a page at a time, with filters.

The rows are the store's readable entries (`history_query`): the date, the game, the
dealer's hand, each hand's cards as symbols with its result and net, the side bets, refunded
rounds marked. The list fetches more rounds as it scrolls, so 100,000 rounds open at once;
the totals of the filter (rounds, amount bet, net) are counted on a thread meanwhile. A
double-click or Enter on a round opens its step-by-step replay; the filtered rounds export
to CSV or JSON (the replay format), written whole or not at all.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDate, QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import GAMES, dollars
from casino_gui.gui.dialogs.history_export import Background, ExportFormat, export
from casino_gui.gui.dialogs.history_rows import COLUMNS, NET, HistoryRows
from casino_gui.gui.dialogs.screen_fit import resize_within_screen
from casino_gui.gui.replay.viewer import ReplayViewer, open_replay
from casino_gui.gui.table.wording import signed
from casino_gui.gui.theme import ERROR
from casino_gui.store import Bankroll, HistoryFilter, ResultFilter
from casino_gui.store.database import connect_read_only, read_damaged_text
from casino_gui.store.history_query import Totals, amount_bet, totals

RESULTS = (
    ("All results", None),
    ("Wins", ResultFilter.WIN),
    ("Losses", ResultFilter.LOSS),
    ("Pushes", ResultFilter.PUSH),
    ("Mixed", ResultFilter.MIXED),
    ("Refunded", ResultFilter.REFUNDED),
)
HEADER_PADDING = 10  # each side of a column's title, as the style sheet pads it
HANDS_SHARE = 0.32  # of the table's width, at least, for "Your hands"


def natural_widths(metrics: QFontMetrics) -> dict[str, int]:
    """The columns' widths where room allows (the hands take what is left)."""
    return {
        "Round": metrics.horizontalAdvance("Round 9") + 16,
        "When": metrics.horizontalAdvance("2026-12-31 23:59") + 16,
        "Game": max(metrics.horizontalAdvance(rules.name) for rules in GAMES.values()) + 16,
        "Dealer": metrics.horizontalAdvance("10♥ 10♦ 10♣ (30)") + 16,
        "Side bets": metrics.horizontalAdvance("Insurance on 1: $5.00, −$5.00") + 16,
        "Net": metrics.horizontalAdvance("−$10,000.00") + 16,
    }


FLOORS = {"Game": 80, "Dealer": 100, "Side bets": 80}  # what they shrink to first


def fitted_widths(natural: dict[str, int], width: int) -> dict[str, int]:
    """Every column within `width`: the hands keep HANDS_SHARE of it, the round, date and net
    their natural widths; the game, dealer and side bets shrink toward FLOORS (eliding their
    words; each row's tooltip has the whole round), so no column is ever off-screen.

    >>> natural = {"When": 120, "Game": 200, "Dealer": 140, "Side bets": 200, "Net": 80}
    >>> fitted = fitted_widths(natural, 760)
    >>> fitted["Game"], fitted["Dealer"], fitted["Side bets"], fitted["Net"]
    (104, 108, 104, 80)
    >>> fitted_widths(natural, 2000) == natural
    True
    """
    kept = natural.get("Round", 0) + natural["When"] + natural["Net"]
    room = max(0, int(width * (1 - HANDS_SHARE)) - kept)
    floors = {name: min(floor, natural[name]) for name, floor in FLOORS.items()}
    spare = {name: natural[name] - floors[name] for name in floors}
    above = room - sum(floors.values())
    fitted = dict(natural)
    for name, floor in floors.items():
        if above < 0:  # not even the floors fit: all alike
            fitted[name] = floor * room // sum(floors.values())
        elif sum(spare.values()):
            fitted[name] = floor + min(spare[name], spare[name] * above // sum(spare.values()))
    return fitted


def count_totals(bankroll_file: Path, selection: HistoryFilter) -> tuple[Totals, int]:
    """The filter's totals and the amount bet, read on a connection of the calling thread."""
    db = read_damaged_text(connect_read_only(bankroll_file))
    try:
        return totals(db, selection), amount_bet(db, selection)
    finally:
        db.close()


def totals_text(found: Totals, bet: int) -> str:
    """'1,234 rounds · bet $2,529.42 · net −$945.82 · 300 won, 900 lost, 34 pushed', and
    ', 2 mixed' for even rounds that were no push (one hand won what another lost)."""
    rounds = f"{found.rounds:,} round{'s' if found.rounds != 1 else ''}"
    refunded = f" ({found.refunded:,} refunded)" if found.refunded else ""
    mixed = f", {found.mixed:,} mixed" if found.mixed else ""
    return (
        f"{rounds}{refunded} · bet {dollars(bet)} · net {signed(found.net)} · "
        f"{found.wins:,} won, {found.losses:,} lost, {found.pushes:,} pushed{mixed}"
    )


class HistoryDialog(QDialog):
    def __init__(self, bankroll: Bankroll, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bankroll = bankroll
        self.setWindowTitle("History")
        resize_within_screen(self, 1000, 560)
        # Within twice the scale on a 1280 x 800 screen (640 x 400 to Qt, less the frame).
        self.setMinimumSize(600, 320)
        self._db = read_damaged_text(connect_read_only(bankroll.path))
        self._background = Background(self)
        self._background.finished.connect(self._answered)
        self._background.failed.connect(self._job_failed)
        self._totals_job = self._export_job = 0
        self.export_path: Path | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addLayout(self._filters())
        self.totals = QLabel()
        self.totals.setObjectName("totals")
        layout.addWidget(self.totals)
        self.rows = HistoryRows(self._db)
        self.table = self._table()
        layout.addWidget(self.table, 1)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.hide()
        layout.addWidget(self.status)
        layout.addLayout(self._buttons())
        self.file_dialog = QFileDialog(self, "Export the rounds shown")
        self.file_dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        self.file_dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        self.file_dialog.fileSelected.connect(self._export_chosen)
        self._form = ExportFormat.CSV
        self._count_totals()

    # --- Building ------------------------------------------------------------------------

    def _filters(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.game = QComboBox()
        # As wide as the shorter names: the longest (No Bust 21st Century Blackjack) is cut
        # short in the closed box rather than pushing the dialog past a small screen.
        self.game.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.game.setMinimumContentsLength(16)
        self.game.addItem("All games", None)
        for game_id, rules in GAMES.items():
            self.game.addItem(rules.name, game_id)
        self.outcome = QComboBox()
        for text, value in RESULTS:
            self.outcome.addItem(text, value)
        self.dated = QCheckBox("From")
        today = QDate.currentDate()
        self.since = QDateEdit(today.addMonths(-1))
        self.until = QDateEdit(today)
        for edit in (self.since, self.until):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setEnabled(False)
        self.dated.toggled.connect(self.since.setEnabled)
        self.dated.toggled.connect(self.until.setEnabled)
        for widget in (self.game, self.outcome):
            widget.currentIndexChanged.connect(self.apply_filter)
        self.dated.toggled.connect(self.apply_filter)
        for edit in (self.since, self.until):
            edit.dateChanged.connect(self.apply_filter)
        row.addWidget(self.game)
        row.addWidget(self.outcome)
        row.addSpacing(8)
        row.addWidget(self.dated)
        row.addWidget(self.since)
        row.addWidget(QLabel("to"))
        row.addWidget(self.until)
        row.addStretch(1)
        return row

    def _table(self) -> QTableView:
        table = QTableView()
        table.setProperty("felt", True)
        table.setModel(self.rows)
        table.verticalHeader().hide()
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        rows = table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # no measuring row by row
        rows.setDefaultSectionSize(QFontMetrics(table.font()).height() + 10)
        header = table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(40)
        for column in range(len(COLUMNS)):
            fixed = column == NET
            header.setSectionResizeMode(
                column,
                QHeaderView.ResizeMode.Fixed if fixed else QHeaderView.ResizeMode.Interactive,
            )
        self._widths = natural_widths(QFontMetrics(table.font()))
        table.viewport().installEventFilter(self)  # its width is the room the columns share
        table.activated.connect(self._replay)
        return table

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.csv_button = QPushButton("Export CSV…")
        self.json_button = QPushButton("Export JSON…")
        self.replay_button = QPushButton("Replay")
        close = QPushButton("Close")
        self.csv_button.clicked.connect(lambda: self.ask_export(ExportFormat.CSV))
        self.json_button.clicked.connect(lambda: self.ask_export(ExportFormat.JSON))
        self.replay_button.clicked.connect(lambda: self._replay(self.table.currentIndex()))
        close.clicked.connect(self.reject)
        for button in (self.csv_button, self.json_button, self.replay_button, close):
            button.setAutoDefault(False)  # Enter opens the round, it never closes the dialog
        row.addWidget(self.csv_button)
        row.addWidget(self.json_button)
        row.addStretch(1)
        row.addWidget(self.replay_button)
        row.addWidget(close)
        return row

    # --- Filter and totals ---------------------------------------------------------------

    def selection(self) -> HistoryFilter | None:
        """The filter the controls set, or None (and a message) when the dates are reversed."""
        since = until = None
        if self.dated.isChecked():
            first, last = self.since.date(), self.until.date()
            if first > last:
                self.say(
                    f"The first date ({first.toString('yyyy-MM-dd')}) is after the last "
                    f"({last.toString('yyyy-MM-dd')}): the list is unchanged.",
                    error=True,
                )
                return None
            since, until = _midnight(first), _midnight(last.addDays(1))
        outcome = self.outcome.currentData()  # Qt hands the enum back as its text
        result = ResultFilter(outcome) if outcome is not None else None
        return HistoryFilter(self.game.currentData(), since, until, result)

    def apply_filter(self) -> None:
        selection = self.selection()
        if selection is None:
            return
        self.say("")
        self.rows.set_filter(selection)
        self._count_totals()

    def _count_totals(self) -> None:
        self.totals.setText("Counting…")
        path, selection = self.bankroll.path, self.rows.selection
        self._totals_job = self._background.run(lambda: count_totals(path, selection))

    # --- Replay and export ---------------------------------------------------------------

    def _replay(self, index: QModelIndex) -> ReplayViewer | None:
        if not index.isValid():
            self.say("Choose a round to replay.")
            return None
        return open_replay(self, self.bankroll, self.rows.line(index.row()).round_id)

    def ask_export(self, form: ExportFormat) -> None:
        if self.rows.selection.result is ResultFilter.REFUNDED:
            self.say("Refunded rounds have no result to replay: there is nothing to export.")
            return
        self._form = form
        self.file_dialog.setNameFilter(f"{form.upper()} files (*.{form})")
        self.file_dialog.setDefaultSuffix(str(form))
        self.file_dialog.selectFile(f"history.{form}")
        self.file_dialog.open()

    def _export_chosen(self, name: str) -> None:
        self.export_to(Path(name), self._form)

    def export_to(self, path: Path, form: ExportFormat) -> None:
        """Write the rounds of the filter to `path`, on a thread; the status line tells."""
        self.export_path = path
        self.csv_button.setEnabled(False)
        self.json_button.setEnabled(False)
        self.say(f"Exporting to {path.name}…")
        file, selection = self.bankroll.path, self.rows.selection
        self._export_job = self._background.run(lambda: export(file, selection, form, path))

    def _answered(self, token: int, answer: Any) -> None:
        if token == self._totals_job:
            self.totals.setText(totals_text(*answer))
        elif token == self._export_job:
            self._export_done()
            self.say(answer.said(self.export_path))

    def _job_failed(self, token: int, message: str) -> None:
        if token == self._totals_job:
            self.totals.setText(f"The totals cannot be counted: {message}")
        elif token == self._export_job:
            self._export_done()
            self.say(message, error=True)

    def _export_done(self) -> None:
        self.csv_button.setEnabled(True)
        self.json_button.setEnabled(True)

    def say(self, text: str, *, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))
        self.status.setStyleSheet(f"color: {ERROR}" if error else "")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self.fit_columns()
        return super().eventFilter(watched, event)

    def fit_columns(self) -> None:
        width = self.table.viewport().width()
        header = self.table.horizontalHeader()
        # A column is never narrower than its title: squeezed, "Side bets" read "de be".
        self.ensurePolished()
        bold = QFont(header.font())
        bold.setBold(True)  # as a style sheet may set it
        titles = QFontMetrics(bold)
        sizes = {
            name: max(size, titles.horizontalAdvance(name) + 2 * HEADER_PADDING)
            for name, size in fitted_widths(self._widths, width).items()
        }
        # The hands take the rest, never less than their title: on the least screens the
        # table then scrolls sideways a little rather than cut a title.
        hands = titles.horizontalAdvance("Your hands") + 2 * HEADER_PADDING
        sizes["Your hands"] = max(hands, width - sum(sizes.values()))
        for name, size in sizes.items():
            header.resizeSection(COLUMNS.index(name), size)

    def done(self, result: int) -> None:
        self.rows.stop()
        self._db.close()
        super().done(result)


def _midnight(day: QDate) -> datetime:
    """The player's local midnight at the start of `day`, in UTC."""
    local = datetime(day.year(), day.month(), day.day()).astimezone()
    return local.astimezone(UTC)
