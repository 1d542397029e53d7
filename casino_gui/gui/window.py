"""The main window: the lobby and the table, the bottom bar and remembered settings.

Keys belong to the page that is shown: the table's keys (the buttons' letters, Enter, 1 to 6, ?)
are shortcuts of the table page, and Qt ignores the shortcuts of a hidden widget, so in the lobby
Enter and R reach the focused tile instead. The menu items that act on the table are disabled
while the lobby is shown. The menus are `menus.py` (the Bankroll menu's items `bankroll_menu.py`),
the kept size `remembered_size.py`, the player's settings and their putting in force
`window_settings.py`: objects the window owns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMainWindow, QWidget

from casino_gui import __version__
from casino_gui.gui.bankroll_menu import BankrollMenu
from casino_gui.gui.window_settings import Preferences, SettingsInForce

if TYPE_CHECKING:
    from datetime import datetime

    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAction, QCloseEvent
    from PySide6.QtWidgets import QStackedWidget

    from casino_gui.engine.rules import Rules
    from casino_gui.gui.dialogs.strategy_chart import StrategyChartDialog
    from casino_gui.gui.lobby.house_edges import HouseEdges
    from casino_gui.gui.lobby.page import LobbyPage
    from casino_gui.gui.menus import WindowMenus
    from casino_gui.gui.panels.action_bar import ActionBar
    from casino_gui.gui.panels.chip_rack import ChipRack
    from casino_gui.gui.panels.status_panel import StatusPanel
    from casino_gui.gui.remembered_size import RememberedSize
    from casino_gui.gui.settings import Settings
    from casino_gui.gui.sound.mixing import TableSound
    from casino_gui.gui.sound.mute_button import MuteButton
    from casino_gui.gui.stats.judging import BackgroundJudging
    from casino_gui.gui.stats.page import StatisticsDialog
    from casino_gui.gui.stats.session_report import SessionReportDialog
    from casino_gui.gui.table.controller import TableController
    from casino_gui.gui.table.page import TablePage
    from casino_gui.gui.table.scene import TableScene
    from casino_gui.gui.table.viewport import TableView
    from casino_gui.gui.workers import WorkerProcess
    from casino_gui.store import Bankroll

# This module imports only Qt's classes the window's opening needs (`opening.py`): a start shows
# it before the engine, the store and the table's modules are loaded, and `furnish` loads them. Even Qt's `Qt`
# namespace waits (its ninety enums take ~15 ms to make): the methods import it when they run.
# The dialogs are imported by the methods that open them, on first use: none is needed for the
# first painted page, and importing them all delayed it (docs/decisions.md, "Startup and memory").

APP_NAME = "Casino"


def window_title(page: str | None) -> str:
    """ "Casino — Standard BlackJack" at a table, "Casino — Lobby" in the lobby."""
    return f"{APP_NAME} \N{EM DASH} {page}" if page else APP_NAME


def _now() -> datetime:
    from datetime import UTC, datetime

    return datetime.now(UTC)


def _delete_on_close(dialog: QWidget) -> None:
    from PySide6.QtCore import Qt

    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)


class CasinoWindow(QMainWindow):
    """The casino's one window. `CasinoWindow(bankroll)` builds it whole; a start shows it
    as it opens (`opening.py`) and builds the rest with `furnish(bankroll)`."""

    preferences: Preferences  # the player's settings, kept
    in_force: SettingsInForce  # and put in force on the window's parts
    money: BankrollMenu  # the Bankroll menu's items
    scene: TableScene
    view: TableView
    rack: ChipRack
    bar: ActionBar
    status: StatusPanel
    controller: TableController
    sound: TableSound
    mute: MuteButton
    table_page: TablePage
    pages: QStackedWidget
    menus: WindowMenus
    size_kept: RememberedSize
    session_started: datetime

    def __init__(self, bankroll: Bankroll | None = None, rules: Rules | None = None) -> None:
        super().__init__()
        self._furnished = False
        if bankroll is not None:
            self.furnish(bankroll, rules)

    def furnish(self, bankroll: Bankroll, rules: Rules | None = None) -> None:
        """Build the window: the table page, its panels and sound, the menus, the size kept."""
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QKeySequence, QShortcut
        from PySide6.QtWidgets import QStackedWidget

        from casino_gui.engine import rules_for
        from casino_gui.gui.menus import WindowMenus
        from casino_gui.gui.panels.action_bar import ActionBar
        from casino_gui.gui.panels.chip_rack import ChipRack
        from casino_gui.gui.panels.status_panel import COUNT_KEY, StatusPanel
        from casino_gui.gui.remembered_size import RememberedSize
        from casino_gui.gui.settings import load_settings
        from casino_gui.gui.sound.mixing import TableSound
        from casino_gui.gui.sound.mute_button import MUTE_KEY, MuteButton
        from casino_gui.gui.sound.player import QtSoundPlayer
        from casino_gui.gui.table.controller import TableController
        from casino_gui.gui.table.page import TablePage
        from casino_gui.gui.table.scene import TableScene
        from casino_gui.gui.table.viewport import TableView
        from casino_gui.gui.theme import apply_theme

        apply_theme()
        self.in_force = SettingsInForce(self)
        self.preferences = Preferences(
            bankroll.folder, load_settings(bankroll.folder), self.in_force.obey
        )
        remembered = rules or self.settings.table_rules()
        rules = remembered or rules_for("blackjack")
        self.scene = TableScene(rules)
        self.view = TableView(self.scene)
        self.rack = ChipRack()
        self.rack.select(self.settings.chip)  # the chip selected when the last session ended
        self.bar = ActionBar()
        self.status = StatusPanel()
        self.controller = TableController(
            self.scene,
            self.bar,
            self.rack,
            self.status,
            bankroll,
            rules,
            self.ask_insurance,
            confirm_deal=self.confirm_deal,
        )
        self.money = BankrollMenu(self.controller, self)
        # A resumed round can bring its own table: the title follows the rules on the table.
        self.controller.rules_changed.connect(lambda _rules: self._page_changed())
        # This session: the rounds settled from now on (a resumed round's settlement too).
        self.session_started = _now()
        self.session_rounds = 0
        self.controller.round_settled.connect(self._round_settled)
        self._quitting = False  # Game ▸ Quit asked for: the session report comes first
        self.quit_report: SessionReportDialog | None = None
        self._quit_report_seen = False
        # The worker, the house edges and the lobby are made on first use (properties below),
        # not before a start's first paint (docs/decisions.md, "Startup and memory").
        self._worker: WorkerProcess | None = None
        self._judging: BackgroundJudging | None = None
        self._edges: HouseEdges | None = None
        self._lobby: LobbyPage | None = None
        # The cues' player imports QtMultimedia on the first cue, not here (startup).
        self.sound = TableSound(
            QtSoundPlayer(self), on=self.settings.sound, volume=self.settings.volume
        )
        self.controller.animator.sound = self.sound
        self.mute = MuteButton()
        self.mute.set_on(self.settings.sound)
        self.mute.toggled.connect(lambda on: self.preferences.apply_sound(on, self.settings.volume))
        self.table_page = TablePage(self.view, self.rack, self.status, self.bar, self.mute)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.table_page)
        self.setCentralWidget(self.pages)
        # Shortcuts of the table page: inert while the page is hidden behind the lobby.
        self.bar.install_shortcuts(self.table_page)
        self.rack.install_shortcuts(self.table_page)
        self.mute_shortcut = QShortcut(QKeySequence(MUTE_KEY), self.table_page)
        self.mute_shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        self.mute_shortcut.setAutoRepeat(False)
        self.mute_shortcut.activated.connect(self.mute.toggle)
        self.count_shortcut = QShortcut(QKeySequence(COUNT_KEY), self.table_page)
        self.count_shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        self.count_shortcut.setAutoRepeat(False)
        self.count_shortcut.activated.connect(self.controller.toggle_count)
        self.menuBar().clear()  # the opening's dark titles
        self.menus = WindowMenus(self)
        self._menu_actions = self.menus.items  # the shortcuts page lists them
        self.in_force.obey(self.settings)
        self.in_force.follow_desktop_contrast()
        self.size_kept = RememberedSize(self)
        self.size_kept.restore()
        if self.isVisible():  # opened before the table was built: fitted to its screen now
            self.size_kept.shown()
        # The first start opens the lobby; later ones the table played last (or a round to finish).
        if remembered is None and not bankroll.round_open:
            self.show_lobby()
        else:
            self.show_table()
            self.preferences.remember(self.settings.with_table(rules))
        self._furnished = True
        if self.isVisible():
            # Laid out now, before the next paint: left to the event loop, the live table was
            # painted first with its bar at its size before the table's lamps were set, then
            # jumped 4 pixels into place (under Xvfb with the window's light grey below it).
            self.lay_out_now()

    def lay_out_now(self) -> None:
        """Every layout of the window done now, the page's scale set for its size (which
        changes the bar's size, hence twice). The new central widget is shown now, not on the
        next turn of the event loop as Qt shows a widget given to a shown window."""
        self.pages.show()
        for _ in range(2):
            for widget in (self, *self.findChildren(QWidget)):
                layout = widget.layout()
                if layout is not None and widget.isVisibleTo(self):
                    layout.activate()

    def menu_action(self, text: str) -> QAction:
        """A menu item by its text without the '&' (tests and the shortcuts page use it)."""
        return self.menus.action(text)

    # --- Made on first use ----------------------------------------------------------------

    @property
    def worker(self) -> WorkerProcess:
        """The child process that works out charts and house edges, never on the UI thread."""
        if self._worker is None:
            from casino_gui.gui.workers import WorkerProcess

            self._worker = WorkerProcess(self)
        return self._worker

    @property
    def judging(self) -> BackgroundJudging:
        """Play judged in the worker as rounds settle, and what is left to judge, in the
        background (docs/architecture.md, "The store")."""
        if self._judging is None:
            from casino_gui.gui.stats.judging import BackgroundJudging

            self._judging = BackgroundJudging(lambda: self.worker, self.bankroll.folder, self)
        return self._judging

    @property
    def edges(self) -> HouseEdges:
        if self._edges is None:
            from casino_gui.gui.lobby.house_edges import HouseEdges

            self._edges = HouseEdges(self.bankroll.folder, self.worker)
        return self._edges

    @property
    def lobby(self) -> LobbyPage:
        if self._lobby is None:
            from casino_gui.gui.lobby.page import LobbyPage

            lobby = LobbyPage(edges=self.edges)
            lobby.game_chosen.connect(self.sit_at)
            # Edges announced before the lobby existed are shown all the same.
            for tile in lobby.tiles():
                edge = self.edges.known(tile.rules())
                if edge is not None:
                    lobby.set_house_edge(tile.rules(), edge)
            self.pages.insertWidget(0, lobby)
            self._lobby = lobby
        return self._lobby

    def open_custom_table(self) -> None:
        self.lobby.open_custom_table()  # the lobby made now if it was not yet

    # --- Pages ---------------------------------------------------------------------------

    def table_shown(self) -> bool:
        return self.pages.currentWidget() is self.table_page

    def show_lobby(self) -> None:
        self.pages.setCurrentWidget(self.lobby)
        # The keyboard starts on the tile of the table the player comes from.
        self.lobby.focus_table(self.controller.rules)
        self._page_changed()

    def show_table(self) -> None:
        self.pages.setCurrentWidget(self.table_page)
        from PySide6.QtCore import Qt

        # The felt has the keys (its arrows walk it; the table's letters are shortcuts): focus
        # left on a lobby tile would be hidden with it.
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        self._page_changed()

    def _page_changed(self) -> None:
        table = self.table_shown()
        self.menus.enable_table_items(table)
        self.setWindowTitle(window_title(self.controller.rules.name if table else "Lobby"))

    def sit_at(self, rules: Rules) -> None:
        from casino_gui.gui.table.messages import Severity

        if self.controller.round_in_play:
            self.show_table()
            self.controller.say("Finish the round on the table first.", Severity.ERROR)
            return
        self.controller.set_rules(rules)
        self.preferences.remember(self.settings.with_table(rules))
        self.show_table()

    @property
    def settings(self) -> Settings:
        """The player's settings as kept (`self.preferences` changes them)."""
        return self.preferences.settings

    @property
    def bankroll(self) -> Bankroll:
        """The bankroll the table plays (a restore from a backup opens another)."""
        return self.controller.bankroll

    def desktop_contrast_changed(self, preference: Qt.ContrastPreference) -> None:
        # A method of the window: Qt drops the connection when the window is deleted.
        self.in_force.desktop_contrast_changed(preference)

    async def resume(self) -> None:
        """Redraw a round the store resumed after a crash, on the table it was played at."""
        await self.controller.resume()
        if self.controller.round_in_play:
            self.preferences.remember(self.settings.with_table(self.controller.rules))
            self.show_table()

    # --- Dialogs -------------------------------------------------------------------------

    def show_rules(self, rules: Rules) -> None:
        from casino_gui.gui.dialogs.rules import RulesDialog  # on first use: see the imports

        RulesDialog(
            rules, self, house_edge=self.lobby.house_edges.get(rules), edges=self.edges
        ).exec()

    def strategy_chart(self) -> StrategyChartDialog:
        """The chart of this table, the decision on the table (if any) highlighted."""
        from casino_gui.gui.dialogs.strategy_chart import StrategyChartDialog  # on first use

        table, hand = self.controller.table, None
        if table is not None and self.controller.round_in_play:
            hand = table.active_hand
        dealer = table.visible_dealer_cards() if table is not None else []
        return StrategyChartDialog(
            self.controller.rules, self.worker, hand.cards if hand else (), dealer, self
        )

    def show_simulation(self) -> None:
        """Game ▸ Simulate…: the table's rules simulated in the worker (never the bankroll)."""
        from casino_gui.gui.simulation.page import SimulationDialog  # on first use

        dialog = SimulationDialog(self.controller.rules, self.worker, self)
        _delete_on_close(dialog)
        dialog.open()

    def show_strategy_chart(self) -> None:
        dialog = self.strategy_chart()
        _delete_on_close(dialog)
        dialog.open()

    async def confirm_deal(self, total: int) -> bool:
        """ "Deal $1,500.00?" before bets above the amount set in the settings are dealt."""
        from casino_gui.gui.dialogs.settings_dialog import ask_deal  # on first use

        return await ask_deal(total, self.settings.confirm_over, self)

    def show_shortcuts(self) -> None:
        from casino_gui.gui.dialogs.shortcuts import ShortcutsDialog  # on first use

        ShortcutsDialog(self._menu_actions, self).exec()

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(
            self,
            f"About {APP_NAME}",
            f"{APP_NAME} {__version__}: seven blackjack games with exact rules.\n\n"
            f"Your bankroll and settings are kept in {self.bankroll.folder}.",
        )

    def show_statistics(self) -> StatisticsDialog:
        from casino_gui.gui.stats.page import StatisticsDialog  # on first use: QtCharts too

        dialog = StatisticsDialog(
            self.worker,
            self.bankroll.folder,
            self.session_started,
            self.open_decision,
            self,
            judging=self.judging,
        )
        _delete_on_close(dialog)
        dialog.open()
        return dialog

    def session_report(self, *, at_quit: bool = False) -> SessionReportDialog:
        from casino_gui.gui.stats.session_report import SessionReportDialog  # on first use

        dialog = SessionReportDialog(
            self.worker,
            self.bankroll.folder,
            self.session_started,
            show_at_quit=self.settings.session_report,
            at_quit=at_quit,
            open_decision=self.open_decision,
            parent=self,
        )
        dialog.show_at_quit_changed.connect(self.preferences.set_session_report)
        _delete_on_close(dialog)
        return dialog

    def open_decision(self, parent: QWidget, round_id: int, number: int) -> None:
        """The replay viewer over `parent`, at decision `number` of round `round_id`."""
        from casino_gui.gui.replay.viewer import open_replay  # on first use

        open_replay(parent, self.bankroll, round_id).show_decision(number)

    def show_session_report(self) -> None:
        self.session_report().open()

    def _round_settled(self) -> None:
        self.session_rounds += 1
        # The rack's chip is kept as a round settles, when the bankroll is written too (and at
        # close): a chip click never waits for the disk, and a killed program forgets at most
        # a chip chosen since the last round.
        self.preferences.remember(self.settings.with_chip(self.rack.selected_chip))
        # Its play is judged in a moment, in the worker, the round committed: the page never
        # waits for it.
        self.judging.soon()

    async def ask_insurance(self, room: int) -> int | None:
        """Caribbean 21's late insurance: how much, chosen with chips, up to the cap."""
        from casino_gui.gui.dialogs.late_insurance import ask_late_insurance  # on first use

        return await ask_late_insurance(room, self.controller.rules.insurance_pays, self)

    # --- Quitting -------------------------------------------------------------------------

    def quit(self) -> None:
        """Game ▸ Quit: the player's own quit, which shows the session report first."""
        self._quitting = True
        self.close()

    def _report_first(self, event: QCloseEvent) -> bool:
        """Whether the quit waits for the session report: the player quits (Game ▸ Quit or
        the window's close button, not a close by the program), played a round this session
        and wants the report. Closing the report closes the window; a second quit meanwhile
        closes both."""
        asked, self._quitting = self._quitting or event.spontaneous(), False
        if self.quit_report is not None:
            self.quit_report.reject()  # its end closes the window
            return True
        if (
            not asked
            or self._quit_report_seen
            or not self.settings.session_report
            or not self.session_rounds
        ):
            return False
        self._quit_report_seen = True
        report = self.quit_report = self.session_report(at_quit=True)
        report.finished.connect(lambda _result: self._report_closed())
        report.open()
        return True

    def _report_closed(self) -> None:
        self.quit_report = None
        # After the dialog's own closing is done: the window's close is not re-entered.
        QTimer.singleShot(0, self, self.close)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._furnished:  # closed while it opened: nothing to keep yet
            event.accept()
            return
        if self._report_first(event):
            event.ignore()
            return
        self.size_kept.save()
        # The table is kept as the player sits at it; one never sat at is not (a first
        # session closed in the lobby opens in the lobby again).
        self.preferences.remember(self.settings.with_chip(self.rack.selected_chip))
        if self._worker is not None:
            self._worker.shutdown()
        event.accept()
