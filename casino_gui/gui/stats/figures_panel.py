"""The figures of a selection in readable groups (results, doubles and splits, money, side
bets, play quality), each value in a label found by its key (`FiguresPanel.value`).

The words are the window's; the numbers are the store's (`Figures`, `Quality`), never
recomputed here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import GAMES, dollars
from casino_gui.engine.practice import Kind
from casino_gui.gui.table.wording import WORD_JOINER, signed, unbroken
from casino_gui.gui.theme import sans
from casino_gui.store.practice import PracticeProgress
from casino_gui.store.practice_counts import count_drill_label, count_figures_text
from casino_gui.store.stats import Fared, Figures, JudgedDecision, Quality, SideBets, Statistics
from casino_gui.store.stats.report import damaged_ids

# Opens the replay viewer at a decision: (round id, the action's number in the round, from 1);
# the window's opener takes first the widget to open it over.
OpenDecision = Callable[[int, int], None]
OpenDecisionOver = Callable[[QWidget, int, int], None]
BY_GAME_COLUMNS = ("Game", "Rounds", "Hands", "Net", "Best moves", "Given up")
COSTLIEST_COLUMNS = ("Round", "Game", "Decision", "You played", "Best", "Bet", "Gave up", "")
NOTHING = "\N{EM DASH}"


def game_name(game: str) -> str:
    return GAMES[game].name if game in GAMES else game


def counted(figures: Figures, count: int) -> str:
    """'5 (62.5%)': a count and its share of the hands."""
    return f"{count} ({figures.percent(count)}%)"


def fared_text(fared: Fared) -> str:
    """'2: 2 won, 0 lost, 0 pushed, +$20.00' (a surrender counts as lost), or a dash."""
    if not fared.count:
        return NOTHING
    return (
        f"{fared.count}: {fared.wins} won, {fared.losses} lost, {fared.pushes} pushed, "
        f"{signed(fared.net)}"
    )


def side_bet_text(bets: SideBets) -> str:
    """'1 made for $5.00, 1 paid, +$10.00', or a dash."""
    if not bets.bets:
        return NOTHING
    return f"{bets.bets} made for {dollars(bets.staked)}, {bets.won} paid, {signed(bets.net)}"


# A rate over less play than this says nothing (one hand in 3 s is not 1,200 an hour).
LEAST_SECONDS_FOR_A_RATE = 60


def rate_text(figures: Figures) -> str:
    """Hands per hour, or a dash until a minute has been played."""
    if figures.seconds < LEAST_SECONDS_FOR_A_RATE:
        return "\N{EM DASH}"
    return f"{figures.hands_per_hour}"


def biggest_text(mark: tuple[int, int] | None) -> str:
    return f"{signed(mark[0])} (round {mark[1]})" if mark else NOTHING


def duration_text(seconds: float) -> str:
    """'10 min 30 s', '1 h 05 min'."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"


def quality_texts(quality: Quality) -> tuple[str, str]:
    """('6 of 8 (75.0%)', '$0.42 (0.32% of the amount bet)')."""
    if not quality.decisions:
        return NOTHING, NOTHING
    return (
        f"{quality.matched} of {quality.decisions} ({quality.matched_percent}%)",
        f"{dollars(quality.given_up)} ({quality.given_up_percent}% of the amount bet)",
    )


def figure_rows(found: Statistics) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """The groups of the page: (title, [(key, name, value)])."""
    figures = found.overall
    return [
        (
            "Rounds and results",
            [
                ("rounds", "Rounds", str(figures.rounds)),
                ("hands", "Hands", str(figures.hands_played)),
                ("wins", "Wins", counted(figures, figures.wins)),
                ("losses", "Losses", counted(figures, figures.losses)),
                ("pushes", "Pushes", counted(figures, figures.pushes)),
                ("surrenders", "Surrenders", counted(figures, figures.surrenders)),
                ("naturals", "Naturals", str(figures.naturals)),
            ],
        ),
        (
            "Money",
            [
                ("net", "Net", signed(figures.net)),
                ("wagered", "Amount bet", dollars(figures.wagered)),
                ("biggest_win", "Biggest win", biggest_text(figures.biggest_win)),
                ("biggest_loss", "Biggest loss", biggest_text(figures.biggest_loss)),
                ("average_bet", "Average bet", dollars(figures.average_bet)),
                ("hands_per_hour", "Hands per hour", rate_text(figures)),
                ("time", "Time at the table", duration_text(figures.seconds)),
            ],
        ),
        (
            "Doubles and splits",
            [
                ("doubles", "Doubled hands", fared_text(figures.doubles)),
                ("splits", "Splits", str(figures.splits)),
                ("split_hands", "Hands from splits", fared_text(figures.split_hands)),
            ],
        ),
        (
            "Side bets and refills",
            [
                ("insurance", "Insurance", side_bet_text(figures.insurance)),
                ("buster", "Buster bets", side_bet_text(figures.buster)),
                ("refills", "Refills", f"{found.refills} ({dollars(found.refilled)})"),
                ("refunded", "Refunded rounds", str(found.refunded)),
                *(
                    [("damaged", "Damaged rounds left out", damaged_ids(found))]
                    if found.damaged
                    else []
                ),
            ],
        ),
        *([practice_group(found.practice)] if found.practice.drilled else []),
    ]


def kind_label(kind: str) -> str:
    """'Soft totals' for 'soft'; a kind this version does not know, as the file has it."""
    try:
        return Kind(kind).label
    except ValueError:
        return kind


def practice_group(progress: PracticeProgress) -> tuple[str, list[tuple[str, str, str]]]:
    """Practice's figures (its chips are not money): shown once the player has drilled."""
    figures = progress.overall
    decisions = [
        (
            "practice_right",
            "Right answers",
            f"{figures.right} of {figures.decisions} ({figures.accuracy}%)",
        ),
        ("practice_lost", "Lost per 100 decisions", dollars(figures.lost_per_100)),
        ("practice_streak", "Streak", f"{figures.streak} (best {figures.best_streak})"),
        *(
            (f"practice_{kind}", kind_label(kind), f"{f.accuracy}% right")
            for kind, f in sorted(progress.kinds.items())
        ),
        (
            "practice_mistakes",
            "Mistakes drilled",
            f"{progress.mistakes_drilled} ({progress.mistakes_retired} learnt)",
        ),
    ]
    counting = [
        (f"practice_{drill}", count_drill_label(drill), count_figures_text(drill, f))
        for drill, f in sorted(progress.counting.items())
    ]
    return ("Practice (no money)", (decisions if figures.decisions else []) + counting)


def opened_over(dialog: QWidget, open_decision: OpenDecisionOver | None) -> OpenDecision | None:
    """The replay viewer opened over `dialog` (the window behind a modal dialog is blocked)."""
    if open_decision is None:
        return None
    return lambda round_id, number: open_decision(dialog, round_id, number)


def felt_table(columns: tuple[str, ...]) -> QTableWidget:
    """A read-only table in the felt's dress whose second column (a game's name) stretches."""
    table = QTableWidget(0, len(columns))
    table.setProperty("felt", True)
    table.setHorizontalHeaderLabels(columns)
    table.verticalHeader().hide()
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1 if columns[0] != "Game" else 0, QHeaderView.ResizeMode.Stretch)
    return table


def fill_table(
    table: QTableWidget, rows: Sequence[tuple[str, ...]], right: tuple[int, ...]
) -> None:
    """Put `rows` in `table` (the columns in `right` aligned right) and fit its height."""
    table.setRowCount(len(rows))
    for row, cells in enumerate(rows):
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column in right:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, column, item)
    fit_height(table)


def fit_width(table: QTableWidget) -> None:
    """The table at least as wide as its columns' words: the session report's page scrolls
    sideways where it is narrow (twice the scale), and a table's name is never squeezed to
    dots. (The statistics page narrows its tables instead: it has the room of a page.)"""
    header = table.horizontalHeader()
    widths = [
        table.columnWidth(column)
        if header.sectionResizeMode(column) is QHeaderView.ResizeMode.Fixed
        else max(table.sizeHintForColumn(column), header.sectionSizeHint(column))
        for column in range(table.columnCount())
        if not table.isColumnHidden(column)
    ]
    table.setMinimumWidth(sum(widths) + 2 * table.frameWidth())


def fit_height(table: QTableWidget) -> None:
    """The table as tall as its rows: the page scrolls, not the table inside it."""
    table.resizeRowsToContents()
    rows_height = sum(table.rowHeight(r) for r in range(table.rowCount()))
    table.setFixedHeight(rows_height + table.horizontalHeader().sizeHint().height() + 6)


def by_game_rows(found: Statistics) -> list[tuple[str, ...]]:
    """One row a game played: rounds, hands, net and its play quality."""
    rows: list[tuple[str, ...]] = []
    for game, figures in sorted(found.games.items(), key=lambda item: game_name(item[0])):
        quality = found.game_quality.get(game) if found.quality is not None else None
        matched = f"{quality.matched_percent}%" if quality and quality.decisions else NOTHING
        given_up = dollars(quality.given_up) if quality else "\N{HORIZONTAL ELLIPSIS}"
        net = signed(figures.net)
        rows.append(
            (
                game_name(game),
                str(figures.rounds),
                str(figures.hands_played),
                net,
                matched,
                given_up,
            )
        )
    return rows


class FiguresPanel(QWidget):
    """The groups of figures and the play quality with its costliest decisions.

    `open_decision(round_id, number)`, when given, is what a costliest decision's REPLAY
    button calls: the replay viewer, at that decision of that round.
    """

    def __init__(
        self,
        open_decision: OpenDecision | None = None,
        parent: QWidget | None = None,
        *,
        compact: bool = False,
    ) -> None:
        super().__init__(parent)
        self._open_decision = open_decision
        self._compact = compact  # the session report: fewer groups, two columns
        self._labels: dict[str, QLabel] = {}
        self.replay_buttons: list[QPushButton] = []
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._grid = QGridLayout()
        self._grid.setSpacing(10)
        self._layout.addLayout(self._grid)
        self.by_game = felt_table(BY_GAME_COLUMNS)
        self._by_game = QGroupBox("By game")
        QVBoxLayout(self._by_game).addWidget(self.by_game)
        self._quality = QGroupBox("Play quality")
        quality = QVBoxLayout(self._quality)
        self._quality_rows = QGridLayout()
        self._quality_rows.setColumnStretch(1, 1)
        quality.addLayout(self._quality_rows)
        self.costliest = felt_table(COSTLIEST_COLUMNS)
        self._costliest_title = QLabel("The costliest decisions")
        self._costliest_title.setProperty("role", "heading")
        quality.addWidget(self._costliest_title)
        quality.addWidget(self.costliest)
        self._layout.addWidget(self._quality)
        self._layout.addWidget(self._by_game)
        self._layout.addStretch(1)  # groups keep their height; the room left goes below

    # --- Public -------------------------------------------------------------------------

    def value(self, key: str) -> str:
        """The text shown for a figure ('wins', 'net', 'matched', 'given_up', ...)."""
        return self._labels[key].text().replace(WORD_JOINER, "")

    def shown(self) -> dict[str, str]:
        """Every figure's text by its key, in the page's order."""
        return {key: self.value(key) for key in self._labels}

    def show_statistics(self, found: Statistics) -> None:
        self._clear()
        groups = figure_rows(found)
        if self._compact:
            groups = [groups[0], groups[1]]
        for index, (title, rows) in enumerate(groups):
            box = QGroupBox(title)
            grid = QGridLayout(box)
            grid.setColumnStretch(1, 1)
            for row, (key, name, text) in enumerate(rows):
                self._add_row(grid, row, key, name, text)
            grid.setRowStretch(len(rows), 1)
            self._grid.addWidget(box, index // 2, index % 2)
        quality = found.quality or Quality()
        # No quality yet: the advisor is still judging the decisions in the worker.
        matched, given_up = (
            quality_texts(quality) if found.quality else ("\N{HORIZONTAL ELLIPSIS}",) * 2
        )
        self._add_row(
            self._quality_rows, 0, "matched", "Decisions that were the best move", matched
        )
        self._add_row(self._quality_rows, 1, "given_up", "Expected value given up", given_up)
        # While rounds wait to be judged, the quality shown is of those judged so far.
        judging = found.judging
        self._quality.setTitle(
            "Play quality"
            if judging is None
            else f"Play quality so far ({judging.judged:,} of {judging.rounds:,} rounds judged)"
        )
        self._show_costliest(quality.costliest, found.tables)
        # All games: each game's own line (one game's page is that line, in full).
        self._by_game.setVisible(not self._compact and found.game is None and bool(found.games))
        fill_table(self.by_game, by_game_rows(found), (1, 2, 3, 4, 5))

    # --- Inside -------------------------------------------------------------------------

    def _add_row(self, grid: QGridLayout, row: int, key: str, name: str, text: str) -> None:
        caption = QLabel(name)
        caption.setFont(sans(14))
        caption.setProperty("role", "hint")
        shown = QLabel(unbroken(text))
        shown.setFont(sans(14, bold=True))
        shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The page's long values wrap in a narrow window ('1: 1 won, 0 lost, ...'); the
        # report's are short, and wrapped they would break '+$10.00' after its sign.
        shown.setWordWrap(not self._compact)
        grid.addWidget(caption, row, 0)
        grid.addWidget(shown, row, 1)
        self._labels[key] = shown

    def _clear(self) -> None:
        self._labels.clear()
        for grid in (self._grid, self._quality_rows):
            while grid.count():
                item = grid.takeAt(0)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    widget.deleteLater()

    def _show_costliest(self, costliest: list[JudgedDecision], tables: dict[int, str]) -> None:
        """The costliest decisions, each round named by its table: a custom table by the name
        its window had, the game's own by the game's."""
        shown = costliest[:3] if self._compact else costliest
        self._costliest_title.setVisible(bool(shown))
        self.costliest.setVisible(bool(shown))
        self.costliest.setColumnHidden(len(COSTLIEST_COLUMNS) - 1, self._open_decision is None)
        rows = [
            (
                str(verdict.round_id),
                tables.get(verdict.round_id) or game_name(verdict.game),
                f"no. {verdict.number}",
                verdict.taken.replace("_", " ").upper(),
                verdict.best.replace("_", " ").upper(),
                dollars(verdict.bet),
                dollars(verdict.given_up),
            )
            for verdict in shown
        ]
        fill_table(self.costliest, rows, (0, 5, 6))
        self.replay_buttons = []
        if self._open_decision is not None:
            last = len(COSTLIEST_COLUMNS) - 1
            for row, verdict in enumerate(shown):
                self.costliest.setCellWidget(row, last, self._replay_button(verdict))
            if self.replay_buttons:
                # The header sizes a column by its items; this one holds buttons only.
                header = self.costliest.horizontalHeader()
                header.setSectionResizeMode(last, QHeaderView.ResizeMode.Fixed)
                self.costliest.setColumnWidth(last, self.replay_buttons[0].sizeHint().width() + 12)
            fit_height(self.costliest)  # the buttons make the rows taller
        if self._compact:
            fit_width(self.costliest)

    def _replay_button(self, verdict: JudgedDecision) -> QWidget:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(4, 1, 4, 1)
        button = QPushButton("Replay")
        button.setToolTip(f"Step through round {verdict.round_id} in the replay viewer")
        button.clicked.connect(lambda _=False, v=verdict: self._replay(v))
        row.addWidget(button)
        self.replay_buttons.append(button)
        return holder

    def _replay(self, verdict: JudgedDecision) -> None:
        if self._open_decision is not None:
            self._open_decision(verdict.round_id, verdict.number)
