"""Pictures of the settings dialog and of a table on another felt with another card back.

They are written to a temporary folder; set CASINO_SCREENSHOTS to a folder to keep them (the
README's pictures in docs/ are made so)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from casino_gui.engine.round import Action
from casino_gui.gui.dialogs.settings_dialog import SettingsDialog
from casino_gui.gui.settings import CardBack, Felt
from tests.gui.conftest import Table, drain

Open = Callable[..., Table]


def saved(table: Table, widget: QWidget, path: Path) -> Path:
    drain(table.qtbot)
    assert widget.grab().save(str(path))
    return path


def test_picture_of_the_settings_dialog(open_table: Open, pictures: Path) -> None:
    table = open_table()
    window = table.window
    window.preferences.apply(
        dataclasses.replace(
            window.settings, felt=Felt.BLUE, card_back=CardBack.LATTICE, warn_mistakes=True
        )
    )
    table.qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    table.qtbot.waitUntil(lambda: bool(window.findChildren(SettingsDialog)))
    (dialog,) = window.findChildren(SettingsDialog)
    path = saved(table, dialog, pictures / "settings-dialog.png")
    assert path.stat().st_size > 20_000  # a painted dialog, not an empty box


def test_picture_of_a_blue_table_with_gold_lattice_backs(open_table: Open, pictures: Path) -> None:
    # Player TS 6H against the dealer's TC, his 7D face down in the lattice back.
    table = open_table()
    window = table.window
    window.preferences.apply(
        dataclasses.replace(window.settings, felt=Felt.BLUE, card_back=CardBack.LATTICE)
    )
    table.select_chip(2_500)
    table.click_circle(2)
    table.press(Action.DEAL, shoe="TS TC 6H 7D 5C 9S")
    assert not window.scene.dealer_cards[1].face_up
    path = saved(table, window, pictures / "table-blue-felt.png")
    assert path.stat().st_size > 50_000
