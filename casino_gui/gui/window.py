"""The main window: the lobby and the table, the bottom bar, menus and remembered settings."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from casino_gui import __version__
from casino_gui.engine.errors import RulesError
from casino_gui.engine.games import rules_for
from casino_gui.engine.money import dollars
from casino_gui.engine.rules import Rules, from_overrides, rules_to_json
from casino_gui.gui.dialogs.custom_table import cents_to_entry, dollars_to_cents
from casino_gui.gui.dialogs.history import HistoryDialog
from casino_gui.gui.dialogs.rules import RulesDialog
from casino_gui.gui.dialogs.strategy_chart import StrategyChartDialog
from casino_gui.gui.lobby.house_edges import HouseEdges
from casino_gui.gui.lobby.page import LobbyPage
from casino_gui.gui.panels.action_bar import SHORTCUTS, ActionBar
from casino_gui.gui.panels.chip_rack import ChipRack
from casino_gui.gui.panels.status_panel import StatusPanel
from casino_gui.gui.table.controller import Speed, TableController, resolve_once
from casino_gui.gui.table.scene import TableScene
from casino_gui.gui.table.viewport import TableView
from casino_gui.gui.workers import WorkerProcess
from casino_gui.store import Bankroll, StoreError

SETTINGS_FILE = "settings.json"
BAR_STYLE = """
QFrame#bottomBar {
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #3b2616, stop:1 #1c120a);
    border-top: 2px solid #8a6a2a;
}
"""


def load_settings(folder: Path) -> dict[str, Any]:
    """The remembered window and table; a damaged file is ignored (it holds no money)."""
    try:
        data = json.loads((folder / SETTINGS_FILE).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_settings(folder: Path, settings: dict[str, Any]) -> None:
    """Written to a temporary file and renamed, so a crash never leaves half a file."""
    path = folder / SETTINGS_FILE
    temporary = path.with_suffix(".tmp")
    try:
        temporary.write_text(json.dumps(settings, indent=2), "utf-8")
        os.replace(temporary, path)
    except OSError:
        pass  # losing the window size is no reason to stop the casino


def remembered_rules(settings: dict[str, Any]) -> Rules | None:
    try:
        return from_overrides(rules_for(str(settings["game"])), dict(settings.get("rules", {})))
    except (KeyError, TypeError, ValueError, RulesError):
        return None


class CasinoWindow(QMainWindow):
    def __init__(self, bankroll: Bankroll, rules: Rules | None = None) -> None:
        super().__init__()
        self.bankroll = bankroll
        self.settings = load_settings(bankroll.folder)
        rules = rules or remembered_rules(self.settings) or rules_for("blackjack")
        self.setWindowTitle("Casino")
        self.scene = TableScene(rules)
        self.view = TableView(self.scene)
        self.rack = ChipRack()
        self.bar = ActionBar()
        self.status = StatusPanel()
        self.controller = TableController(
            self.scene, self.bar, self.rack, self.status, bankroll, rules, self.ask_insurance
        )
        # A resumed round can bring its own table: the title follows the rules on the table.
        self.controller.rules_changed.connect(lambda _rules: self.show_table())
        # Charts and house edges are worked out in this child process, never on the UI thread.
        self.worker = WorkerProcess(self)
        self.edges = HouseEdges(bankroll.folder, self.worker)
        self.lobby = LobbyPage(edges=self.edges)
        self.lobby.game_chosen.connect(self.sit_at)
        # The lobby opens its own rules pages.
        self.pages = QStackedWidget()
        self.pages.addWidget(self.lobby)
        self.pages.addWidget(self._table_page())
        self.setCentralWidget(self.pages)
        self.bar.install_shortcuts(self)
        self.rack.install_shortcuts(self)
        self.controller.warn_mistakes = self.settings.get("warn_mistakes") is True
        self.controller.speed = Speed.__members__.get(
            str(self.settings.get("speed", "")).upper(), Speed.NORMAL
        )
        self._menus()
        self._restore_geometry()
        self.show_table()

    def _table_page(self) -> QWidget:
        page = QWidget()
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.view, 1)
        bottom = QFrame()
        bottom.setObjectName("bottomBar")
        bottom.setStyleSheet(BAR_STYLE)
        # Two rows, so that the table fits a 1280-pixel screen: the chips and the panel above,
        # the buttons at the base of the table below (seed 002).
        rows = QVBoxLayout(bottom)
        rows.setContentsMargins(12, 8, 12, 8)
        rows.setSpacing(8)
        top = QHBoxLayout()
        top.addWidget(self.rack)
        top.addWidget(self.status, 1)
        rows.addLayout(top)
        rows.addWidget(self.bar)
        column.addWidget(bottom)
        return page

    # --- Menus ---------------------------------------------------------------------------

    def _menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self._item(game, "&Lobby", self.show_lobby, "Ctrl+L")
        self._item(game, "&Table", self.show_table, "Ctrl+T")
        self._item(game, "&New custom table…", self.lobby.open_custom_table, "Ctrl+N")
        speed = game.addMenu("&Speed")
        group = QActionGroup(self)
        for choice in Speed:
            action = QAction(choice.name.title(), self, checkable=True)
            action.setChecked(choice is self.controller.speed)
            action.triggered.connect(lambda _=False, s=choice: self.set_speed(s))
            group.addAction(action)
            speed.addAction(action)
        warn = QAction("&Warn me of mistakes", self, checkable=True)
        warn.setChecked(self.controller.warn_mistakes)
        warn.toggled.connect(self.set_warn_mistakes)
        game.addAction(warn)
        game.addSeparator()
        self._item(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        money = self.menuBar().addMenu("&Bankroll")
        self._item(money, "&Refill to $1,000", self.refill)
        self._item(money, "&History…", self.show_history, "Ctrl+H")
        self._item(money, "Restore from &backup…", self.restore_backup)
        help_ = self.menuBar().addMenu("&Help")
        self._item(
            help_, "&Rules of this game", lambda: self.show_rules(self.controller.rules), "F1"
        )
        self._item(help_, "&Strategy chart", self.show_strategy_chart, "Ctrl+K")
        self._item(help_, "&Keyboard shortcuts", self.show_shortcuts)
        self._item(help_, "&About", self.show_about)

    def _item(
        self, menu: Any, text: str, slot: Any, key: str | QKeySequence.StandardKey | None = None
    ) -> QAction:
        action = QAction(text, self)
        if key is not None:
            action.setShortcut(QKeySequence(key))
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)
        return action

    # --- Pages ---------------------------------------------------------------------------

    def show_lobby(self) -> None:
        self.pages.setCurrentWidget(self.lobby)

    def show_table(self) -> None:
        self.pages.setCurrentIndex(1)
        self.setWindowTitle(f"Casino — {self.controller.rules.name}")

    def sit_at(self, rules: Rules) -> None:
        if self.controller.round_in_play:
            self.show_table()
            self.controller.say("Finish the round on the table first.", "error")
            return
        self.controller.set_rules(rules)
        self.show_table()

    def set_speed(self, speed: Speed) -> None:
        self.controller.speed = speed

    # --- Dialogs -------------------------------------------------------------------------

    def show_rules(self, rules: Rules) -> None:
        RulesDialog(
            rules, self, house_edge=self.lobby.house_edges.get(rules), edges=self.edges
        ).exec()

    def set_warn_mistakes(self, on: bool) -> None:
        self.controller.warn_mistakes = on
        self.settings["warn_mistakes"] = on

    def strategy_chart(self) -> StrategyChartDialog:
        """The chart of this table, the decision on the table (if any) highlighted."""
        table, hand = self.controller.table, None
        if table is not None and self.controller.round_in_play:
            hand = table.active_hand
        dealer = table.visible_dealer_cards() if table is not None else []
        return StrategyChartDialog(
            self.controller.rules, self.worker, hand.cards if hand else (), dealer, self
        )

    def show_strategy_chart(self) -> None:
        dialog = self.strategy_chart()
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def show_shortcuts(self) -> None:
        keys = "\n".join(
            f"{action.value.replace('_', ' ').upper():<14} {key}"
            for action, key in SHORTCUTS.items()
        )
        QMessageBox.information(
            self,
            "Keyboard shortcuts",
            f"{keys}\n1–6            select a chip\nCtrl+L         lobby\nF1             rules",
        )

    def show_about(self) -> None:
        QMessageBox.about(
            self,
            "About Casino",
            f"Casino {__version__}\nSeven blackjack games with exact rules.\n"
            f"Your files: {self.bankroll.folder}",
        )

    def show_history(self) -> None:
        HistoryDialog(self.bankroll.history(), self.bankroll.lifetime(), self).exec()

    def refill(self) -> None:
        try:
            added = self.bankroll.refill()
        except StoreError as error:
            self.controller.say(str(error), "error")
        else:
            self.controller.say(f"{dollars(added)} added: your bankroll is $1,000.00.", "info")

    def restore_backup(self, backup: Path | None = None) -> None:
        """Put a backup in place of the bankroll: the casino lets go of its file, the store
        restores the copy (setting the replaced file aside) and the casino opens it again."""
        if self.controller.round_in_play:
            self.controller.say("Finish the round on the table before restoring.", "error")
            return
        backups = self.bankroll.backups()
        if not backups:
            QMessageBox.information(self, "Restore from backup", "There is no backup yet.")
            return
        if backup is None:
            names = [path.name for path in backups]
            name, chosen = QInputDialog.getItem(
                self,
                "Restore from backup",
                "Your bankroll will be replaced by this backup (the current file is kept "
                "aside). Backups, newest first:",
                names,
                0,
                False,
            )
            if not chosen:
                return
            backup = backups[names.index(name)]
        folder = self.bankroll.folder
        self.bankroll.close()
        try:
            restored = Bankroll.restore(folder, backup)
        finally:
            self.bankroll = Bankroll.open(folder)
            self.controller.bankroll = self.bankroll
            self.controller.set_rules(self.controller.rules)
        self.controller.say(
            f"Restored {restored.backup.name}: your bankroll is {dollars(self.bankroll.balance)}.",
            "info",
        )

    async def ask_insurance(self, room: int) -> int | None:
        """Caribbean 21's late insurance: how much, in dollars and cents, up to the cap."""
        dialog = QInputDialog(self)
        dialog.setWindowTitle("Late insurance")
        dialog.setLabelText(f"Insure how much? Up to {dollars(room)}.")
        dialog.setTextValue(cents_to_entry(room))
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        dialog.finished.connect(lambda code: resolve_once(done, code == 1))
        dialog.open()
        if not await done:
            return None
        try:
            return dollars_to_cents(dialog.textValue())
        except ValueError as error:
            self.controller.say(str(error), "error")
            return None

    # --- Closing -------------------------------------------------------------------------

    def _restore_geometry(self) -> None:
        # The size itself, not Qt's geometry blob: the blob is clamped to the screen it was
        # saved on, and a size is what the player chose.
        size = self.settings.get("size")
        if isinstance(size, list) and len(size) == 2 and all(isinstance(n, int) for n in size):
            self.resize(max(800, size[0]), max(600, size[1]))
        else:
            self.resize(1280, 820)
        if self.settings.get("maximized") is True:
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)

    def closeEvent(self, event: QCloseEvent) -> None:
        rules = self.controller.rules
        base = rules_for(rules.game)
        mine, preset = rules_to_json(rules), rules_to_json(base)
        overrides = {name: value for name, value in mine.items() if value != preset[name]}
        self.settings.update(
            game=rules.game,
            rules=overrides,
            speed=self.controller.speed.name.lower(),
            size=[self.normalGeometry().width(), self.normalGeometry().height()],
            maximized=self.isMaximized(),
        )
        save_settings(self.bankroll.folder, self.settings)
        self.worker.shutdown()
        event.accept()
