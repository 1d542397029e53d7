"""The lobby: the seven games and a custom table, each on a tile with its limits and rules page."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import GAMES, tagline
from casino_gui.engine.rules import Rules
from casino_gui.gui.lobby.game_tile import CUSTOM, Density, GameTile
from casino_gui.gui.lobby.house_edges import HouseEdges
from casino_gui.gui.lobby.practice_tile import PracticeTile
from casino_gui.gui.theme import (
    CREAM,
    GOLD,
    GOLD_BRIGHT,
    GOLD_DIM,
    paint_wood_and_felt,
    sans,
    serif,
)

if TYPE_CHECKING:
    from casino_gui.gui.dialogs.custom_table import CustomTableDialog
    from casino_gui.gui.dialogs.rules import RulesDialog
    from casino_gui.gui.window import CasinoWindow

# One line a player reads before sitting down: what makes this game different (docs/rules.md, "The games").
DESCRIPTIONS: dict[str, str] = {game: tagline(rules) for game, rules in GAMES.items()}
CUSTOM_DESCRIPTION = "Start from any game and choose your own decks, payouts and limits"

COLUMNS = 4
MARQUEE_LEAST_HEIGHT = 450
# The settings of the tiles, roomiest first: a density, and whether the description shows.
_LEVELS = (
    (Density.FULL, True),
    (Density.COMPACT, True),
    (Density.TINY, True),
    (Density.TINY, False),
    (Density.MINI, False),
)


class _Marquee(QWidget):
    """The lobby's sign: CASINO in gold leaf with its suits, and a line of welcome."""

    HEIGHT = 128

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._scale = 1.0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        self._scale = scale
        self.setFixedHeight(round(self.HEIGHT * scale))
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(800, round(self.HEIGHT * self._scale))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Drawn at full size on a canvas narrowed by the scale, then scaled down.
        painter.scale(self._scale, self._scale)
        width = self.width() / self._scale

        title_font = serif(66, bold=True)
        title_font.setLetterSpacing(title_font.SpacingType.AbsoluteSpacing, 10)
        title = "CASINO"
        metrics = QFontMetricsF(title_font)
        text_width = metrics.horizontalAdvance(title)
        baseline = 72.0
        path = QPainterPath()
        path.addText(QPointF((width - text_width) / 2, baseline), title_font, title)

        painter.translate(2.5, 3.5)
        painter.fillPath(path, QColor(0, 0, 0, 150))
        painter.translate(-2.5, -3.5)
        leaf = QLinearGradient(0, baseline - metrics.ascent(), 0, baseline)
        leaf.setColorAt(0.0, QColor("#fff4c9"))
        leaf.setColorAt(0.45, GOLD_BRIGHT)
        leaf.setColorAt(0.55, GOLD)
        leaf.setColorAt(1.0, QColor("#a87a1e"))
        painter.fillPath(path, leaf)
        painter.setPen(QPen(QColor("#5c4210"), 1))
        painter.drawPath(path)

        # Suits on either side, with gold rules running out to the edges.
        suit_font = serif(30, bold=True)
        painter.setFont(suit_font)
        middle = baseline - metrics.ascent() * 0.36
        left_end = (width - text_width) / 2 - 30
        right_start = (width + text_width) / 2 + 30
        for x, suits in ((left_end - 64, ("♠", "♥")), (right_start, ("♦", "♣"))):
            for index, suit in enumerate(suits):
                painter.setPen(QColor("#c8323c") if suit in "♥♦" else CREAM)
                painter.drawText(QPointF(x + index * 34, middle + 11), suit)
        painter.setPen(QPen(GOLD_DIM, 1.5))
        painter.drawLine(QPointF(60, middle), QPointF(left_end - 76, middle))
        painter.drawLine(QPointF(right_start + 76, middle), QPointF(width - 60, middle))

        painter.setFont(serif(20))
        painter.setPen(CREAM)
        painter.drawText(
            QRectF(0, baseline + 16, width, 32),
            Qt.AlignmentFlag.AlignCenter,
            "Seven games of twenty-one. Take a seat at any table.",
        )
        painter.end()


class LobbyPage(QWidget):
    """Where the player picks a table: one tile per game, in `GAMES` order, then a custom table.

    `game_chosen` carries the `Rules` of the table to open: a game's preset, or the custom table
    once its dialog is accepted. `rules_requested` carries the `Rules` whose page the player
    asked for; the lobby shows that page itself (a `RulesDialog`), the signal only reports it.
    """

    game_chosen = Signal(object)
    rules_requested = Signal(object)
    practice_chosen = Signal()

    def __init__(self, parent: QWidget | None = None, edges: HouseEdges | None = None) -> None:
        super().__init__(parent)
        # Where the tables' house edges come from (worked out in the worker process).
        self.edges = edges
        # The custom table starts as an unchanged copy of the first game.
        first = next(iter(GAMES.values()))
        self._custom_rules = first.replace(name=f"Custom table (from {first.name})")

        self.house_edges: dict[Rules, float] = {}
        self._tiles: list[GameTile] = []
        for game_id, rules in GAMES.items():
            self._tiles.append(GameTile(rules, DESCRIPTIONS[game_id], key=game_id))
        self._tiles.append(GameTile(self._custom_rules, CUSTOM_DESCRIPTION, key=CUSTOM))

        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(18)
        for index, tile in enumerate(self._tiles):
            grid.addWidget(tile, index // COLUMNS, index % COLUMNS)
            tile.step_requested.connect(lambda dx, dy, index=index: self._step_focus(index, dx, dy))
            if tile.key == CUSTOM:
                tile.play_clicked.connect(self.open_custom_table)
                tile.rules_clicked.connect(lambda: self.open_rules(self._custom_rules))
            else:
                tile.play_clicked.connect(lambda tile=tile: self.game_chosen.emit(tile.rules()))
                tile.rules_clicked.connect(lambda tile=tile: self.open_rules(tile.rules()))
        for column in range(COLUMNS):
            grid.setColumnStretch(column, 1)

        hint = QLabel(
            "Arrow keys choose a table   ·   Enter plays   ·   R reads its rules   ·   "
            "Limits are per betting circle"
        )
        hint.setWordWrap(True)
        hint.setFont(sans(13))
        hint.setStyleSheet("color: rgba(251, 243, 220, 150); background: transparent;")
        hint.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.practice_tile = PracticeTile()
        self.practice_tile.clicked.connect(self.open_practice)
        self.practice_tile.up_requested.connect(self._up_from_practice)
        self._practice_column = 0  # the column the arrow keys left for the Practice tile

        self._marquee = _Marquee()
        self._grid = grid
        self._layout = QVBoxLayout(self)
        self._layout.addWidget(self._marquee)
        self._layout.addStretch(1)
        self._layout.addLayout(grid, 100)
        self._layout.addStretch(1)
        self._layout.addWidget(self.practice_tile)
        self._layout.addWidget(hint)
        self._hint = hint
        self._density: Density | None = None
        self._described = True
        self._fit_to_size()
        self.setFocusProxy(self._tiles[0])
        if edges is not None:
            edges.computed.connect(self.set_house_edge)
            edges.computing.connect(self.set_house_edge_computing)
            edges.given_up.connect(lambda rules: self.set_house_edge_computing(rules, False))

    # --- Public -------------------------------------------------------------------------

    def tiles(self) -> list[GameTile]:
        """The tiles in lobby order: the seven games, then the custom table."""
        return list(self._tiles)

    def tile(self, key: str) -> GameTile:
        """The tile of a game id, or of `CUSTOM`."""
        return next(tile for tile in self._tiles if tile.key == key)

    def focus_table(self, rules: Rules) -> None:
        """Put the keyboard on the tile of `rules` (its game's tile, or the custom table's)."""
        tile = next((t for t in self._tiles if t.rules() == rules), None)
        if tile is None:
            tile = self.tile(
                rules.game if rules.game in GAMES and rules == GAMES[rules.game] else CUSTOM
            )
        tile.setFocus(Qt.FocusReason.OtherFocusReason)

    def custom_rules(self) -> Rules:
        """The custom table as last set up (a copy of Standard BlackJack until then)."""
        return self._custom_rules

    def set_house_edge(self, rules: Rules, edge: float) -> None:
        """Show a table's computed house edge on its tile and its rules page."""
        self.house_edges[rules] = edge
        for tile in self.tiles():
            if tile.rules() == rules:
                tile.set_house_edge(edge)
        self._refit()

    def set_house_edge_computing(self, rules: Rules, computing: bool = True) -> None:
        """A spinner on the tile of a table whose edge is being worked out (or no longer)."""
        for tile in self.tiles():
            if tile.rules() == rules:
                tile.set_house_edge_computing(computing)

    def open_rules(self, rules: Rules) -> RulesDialog:
        """Show the rules page of a table (and report the request on `rules_requested`)."""
        # The dialogs are imported on first use: the first painted page needs neither.
        from casino_gui.gui.dialogs.rules import RulesDialog

        self.rules_requested.emit(rules)
        dialog = RulesDialog(rules, self, house_edge=self.house_edges.get(rules), edges=self.edges)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def open_custom_table(self) -> CustomTableDialog:
        """Set up the custom table; accepting the dialog chooses it (`game_chosen`)."""
        from casino_gui.gui.dialogs.custom_table import CustomTableDialog  # on first use

        dialog = CustomTableDialog(self._custom_rules, self, edges=self.edges)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._custom_table_made(dialog.rules()))
        dialog.open()
        return dialog

    def open_practice(self) -> None:
        """Practice at the table played last, over the casino's window (`practice_chosen`
        reports it)."""
        self.practice_chosen.emit()
        window = self.window()
        if hasattr(window, "bankroll"):  # the casino's window, not a lobby on its own
            from casino_gui.gui.practice import open_practice  # on first use

            open_practice(cast("CasinoWindow", window))

    # --- Inside -------------------------------------------------------------------------

    def _custom_table_made(self, rules: Rules) -> None:
        self._custom_rules = rules
        self.tile(CUSTOM).set_house_edge(None)
        self.tile(CUSTOM).set_rules(rules)
        if self.edges is not None:
            self.edges.request(rules)
        self.game_chosen.emit(rules)

    def _step_focus(self, index: int, dx: int, dy: int) -> None:
        target = index + dx + dy * COLUMNS
        if 0 <= target < len(self._tiles):
            self._tiles[target].setFocus(Qt.FocusReason.OtherFocusReason)
        elif dy > 0:  # below the last row: the Practice tile, which keeps the column to go back
            self._practice_column = index % COLUMNS
            self.practice_tile.setFocus(Qt.FocusReason.OtherFocusReason)

    def _up_from_practice(self) -> None:
        last_row = (len(self._tiles) - 1) // COLUMNS * COLUMNS
        target = min(last_row + self._practice_column, len(self._tiles) - 1)
        self._tiles[target].setFocus(Qt.FocusReason.OtherFocusReason)

    def density(self) -> Density:
        """How tightly the tiles are set for the page's size now."""
        return self._density or Density.FULL

    def _fit_to_size(self) -> None:
        # Below about 1200 x 780 the full-size tiles would crowd each other: tighten everything;
        # below 1000 x 620 (800 x 600, a 1024 x 600 screen, 1600 x 1000 at 2x) set the
        # essentials small, with the description only where the page is tall enough for it.
        if self.height() < 600 or self.width() < 980:
            density = Density.TINY
        elif self.height() < 780 or self.width() < 1180:
            density = Density.COMPACT
        else:
            density = Density.FULL
        described = density is not Density.TINY or self.height() >= 540
        # Under 450 pixels (twice the scale on a 1280 x 800 screen) the marquee's and the key
        # hint's room goes to the tiles, which drop their decks line (still said to a screen
        # reader and in the tooltip): the window's title still says "Lobby".
        roomy = self.height() >= MARQUEE_LEAST_HEIGHT
        # The sizes are a first guess: the words of a tile (a name on two lines, a house edge
        # that lengthens the decks line) may need a tighter setting to show whole, never cut;
        # the last resort is the lean lobby's room.
        levels = [(*level, roomy) for level in _LEVELS[_LEVELS.index((density, described)) :]]
        if roomy:
            levels += [(Density.TINY, False, False), (Density.MINI, False, False)]
        for level in levels:
            self._set_density(*level)
            if level == levels[-1] or self.text_fits():
                break

    def _set_roomy(self, roomy: bool) -> None:
        self._marquee.setVisible(roomy)
        self._hint.setVisible(roomy)
        for tile in self._tiles:
            tile.set_lean(not roomy)

    def text_fits(self) -> bool:
        """Whether every tile shows all of its words at the page's size now."""
        self._layout.activate()
        return all(tile.text_fits() for tile in self._tiles)

    def _set_density(self, density: Density, described: bool, roomy: bool) -> None:
        self._set_roomy(roomy)
        if (density, described) == (self._density, self._described):
            return
        self._density, self._described = density, described
        self._marquee.set_scale(
            {Density.FULL: 1.0, Density.COMPACT: 0.72, Density.TINY: 0.5, Density.MINI: 0.5}[
                density
            ]
        )
        for tile in self._tiles:
            tile.set_density(density, described=described)
        spacing = {Density.FULL: 18, Density.COMPACT: 12, Density.TINY: 8, Density.MINI: 6}[density]
        self._grid.setHorizontalSpacing(spacing)
        self._grid.setVerticalSpacing(spacing)
        margins = {
            Density.FULL: (52, 34, 30),
            Density.COMPACT: (36, 22, 20),
            Density.TINY: (24, 10, 20),
            Density.MINI: (22, 10, 16),
        }
        side, top, bottom = margins[density]
        self._layout.setContentsMargins(side, top, side, bottom)
        self._layout.setSpacing(
            {Density.FULL: 14, Density.COMPACT: 8, Density.TINY: 4, Density.MINI: 4}[density]
        )
        self._hint.setFont(sans(11 if density.small else 13))
        self.practice_tile.set_small(density is not Density.FULL)

    def _refit(self) -> None:
        """Fit again from the first guess: a tile's words changed (a house edge came)."""
        self._density = None
        self._fit_to_size()

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._fit_to_size()
        super().resizeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not any(tile.hasFocus() for tile in self._tiles):
            self._tiles[0].setFocus(Qt.FocusReason.OtherFocusReason)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_wood_and_felt(painter, QRectF(self.rect()))
        painter.end()
