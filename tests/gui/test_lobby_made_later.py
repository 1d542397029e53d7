"""A window that opens at a table makes its lobby on first use (docs/decisions.md, "Startup and
memory"); the
lobby then shows what was learnt before it existed, and the menu items reach it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from casino_gui.engine import GAMES
from tests.gui.conftest import Table

Open = Callable[..., Table]


def test_a_house_edge_learnt_before_the_lobby_was_made_shows_on_its_tile(
    open_table: Open,
) -> None:
    table = open_table("blackjack")
    window = table.window
    assert window.pages.count() == 1  # the table page only: no lobby yet
    # The worker's answer for Super 21, announced while nobody shows the lobby.
    window.edges._learn(GAMES["super_21"], 0.0123)
    window.show_lobby()
    assert window.pages.count() == 2
    assert (
        window.lobby.tile("super_21").decks_label.text() == "6 decks · 3 circles · house edge 1.23%"
    )
    assert window.lobby.tile("blackjack").decks_label.text() == "8 decks · 3 circles"


def test_new_custom_table_from_the_table_makes_the_lobby_and_opens_the_dialog(
    open_table: Open,
) -> None:
    window = open_table("blackjack").window
    item: QAction = window.menu_action("New custom table…")
    item.trigger()
    dialogs = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w is not window]
    assert any(type(d).__name__ == "CustomTableDialog" for d in dialogs)
    for dialog in dialogs:
        dialog.close()
