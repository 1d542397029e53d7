"""The main window's menu bar: Game, Bankroll and Help, and the items that follow the settings.

The speed and the warnings here and in the settings dialog are one setting each: the window's
`Preferences.apply` checks these items through `SettingsInForce` (`show_settings`), and these
items change the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from casino_gui.gui.opening import MENU_TITLES
from casino_gui.gui.settings import Settings
from casino_gui.gui.table.controller import Speed

if TYPE_CHECKING:
    from casino_gui.gui.window import CasinoWindow


def _open_practice(window: CasinoWindow) -> None:
    from casino_gui.gui.practice import open_practice  # on first use, never at the start

    open_practice(window)


class WindowMenus:
    """The window's menus; `items` lists every plain item in order (the shortcuts page)."""

    def __init__(self, window: CasinoWindow) -> None:
        self._window = window
        self.items: list[QAction] = []
        self._table_items: list[QAction] = []  # disabled while the lobby is shown
        self._speeds: dict[Speed, QAction] = {}
        game_title, money_title, help_title = MENU_TITLES
        game = window.menuBar().addMenu(game_title)
        self._item(game, "&Lobby", window.show_lobby, "Ctrl+L")
        self._item(game, "&Table", window.show_table, "Ctrl+T")
        self._item(game, "&New custom table…", window.open_custom_table, "Ctrl+N")
        speed = game.addMenu("&Speed")
        group = QActionGroup(window)
        for choice in Speed:
            action = QAction(choice.name.title(), window, checkable=True)
            action.triggered.connect(lambda _=False, s=choice: window.preferences.set_speed(s))
            group.addAction(action)
            speed.addAction(action)
            self._speeds[choice] = action
        self._warn = QAction("&Warn me of mistakes", window, checkable=True)
        self._warn.toggled.connect(window.preferences.set_warn_mistakes)
        game.addAction(self._warn)
        settings = self._item(
            game, "&Settings…", lambda: window.preferences.show_dialog(window), "Ctrl+,"
        )
        # Ctrl+, everywhere (no platform theme binds Preferences on Linux), and the platform's
        # own Preferences key too where it has one (Cmd+, on a Mac).
        keys = [
            QKeySequence("Ctrl+,"),
            *QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences),
        ]
        settings.setShortcuts(list(dict.fromkeys(keys)))
        game.addSeparator()
        self._item(game, "&Practice…", lambda: _open_practice(window), "Ctrl+P")
        simulate = self._item(game, "Si&mulate…", window.show_simulation)
        self._table_items.append(simulate)
        self._item(game, "S&tatistics…", window.show_statistics, "Ctrl+I")
        self._item(game, "Session &report…", window.show_session_report)
        game.addSeparator()
        # Ctrl+Q on every system (Cmd+Q on a Mac): not every platform theme binds StandardKey.Quit.
        self._item(game, "&Quit", window.quit, "Ctrl+Q")
        money = window.menuBar().addMenu(money_title)
        self._item(money, "&Refill to $1,000", window.money.refill)
        self._item(money, "&History…", window.money.show_history, "Ctrl+H")
        self._item(money, "Restore from &backup…", window.money.restore_backup)
        help_ = window.menuBar().addMenu(help_title)
        rules = self._item(
            help_, "&Rules of this game", lambda: window.show_rules(window.controller.rules), "F1"
        )
        chart = self._item(help_, "&Strategy chart", window.show_strategy_chart, "Ctrl+K")
        self._table_items += [rules, chart]
        self._item(help_, "&Keyboard shortcuts", window.show_shortcuts)
        self._item(help_, "&About", window.show_about)

    def _item(
        self, menu: Any, text: str, slot: Any, key: str | QKeySequence.StandardKey | None = None
    ) -> QAction:
        action = QAction(text, self._window)
        if key is not None:
            action.setShortcut(QKeySequence(key))
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)
        self.items.append(action)
        return action

    def action(self, text: str) -> QAction:
        """A menu item by its text without the '&'."""
        for action in self._window.findChildren(QAction):
            if action.text().replace("&", "") == text:
                return action
        raise KeyError(text)

    def enable_table_items(self, table: bool) -> None:
        for action in self._table_items:
            action.setEnabled(table)

    def show_settings(self, settings: Settings) -> None:
        """Check the speed and the warnings the settings hold."""
        for choice, action in self._speeds.items():
            action.setChecked(choice is settings.speed)
        with QSignalBlocker(self._warn):
            self._warn.setChecked(settings.warn_mistakes)
