"""The settings put in force, alone: `SettingsInForce` on the table's real parts (a controller
over a bankroll in a tmp folder, the felt, the panels, the sound, a menu bar), no window."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenuBar
from pytestqt.qtbot import QtBot

from casino_gui.engine.games import BLACKJACK
from casino_gui.gui.panels.action_bar import ActionBar
from casino_gui.gui.panels.chip_rack import ChipRack
from casino_gui.gui.panels.status_panel import StatusPanel
from casino_gui.gui.settings import Contrast, Settings, Speed
from casino_gui.gui.sound.mixing import TableSound
from casino_gui.gui.sound.mute_button import MuteButton
from casino_gui.gui.table.controller import TableController
from casino_gui.gui.table.page import TablePage
from casino_gui.gui.table.scene import TableScene
from casino_gui.gui.table.viewport import TableView
from casino_gui.gui.theme import HIGH_CONTRAST_MENUS, apply_theme
from casino_gui.gui.window_settings import SettingsInForce
from casino_gui.store import Bankroll


class Parts:
    """The parts of a table the settings act on, without the window around them."""

    def __init__(self, bankroll: Bankroll) -> None:
        self.scene = TableScene(BLACKJACK)
        rack, bar, self.status = ChipRack(), ActionBar(), StatusPanel()
        self.controller = TableController(self.scene, bar, rack, self.status, bankroll, BLACKJACK)
        self.sound, self.mute = TableSound(), MuteButton()
        self.table_page = TablePage(TableView(self.scene), rack, self.status, bar, self.mute)
        self.menu_bar = QMenuBar()
        self.shown: list[Settings] = []  # what the menu items were asked to show
        self.menus = self
        self.settings = Settings()
        self.in_force = SettingsInForce(self)

    def show_settings(self, settings: Settings) -> None:
        self.shown.append(settings)

    def menuBar(self) -> QMenuBar:  # noqa: N802 (Qt's name, the window's own)
        return self.menu_bar

    def desktop_contrast_changed(self, preference: Qt.ContrastPreference) -> None:
        self.in_force.desktop_contrast_changed(preference)


@pytest.fixture
def parts(qtbot: QtBot, tmp_path: Path) -> Iterator[Parts]:
    with Bankroll.open(tmp_path / "casino") as bankroll:
        parts = Parts(bankroll)
        qtbot.addWidget(parts.table_page)
        qtbot.addWidget(parts.menu_bar)
        yield parts
    apply_theme(False)  # the application's palette as the other tests find it


def test_every_setting_is_put_in_force_on_the_parts(parts: Parts) -> None:
    settings = dataclasses.replace(
        Settings(),
        speed=Speed.FAST,
        warn_mistakes=True,
        show_totals=False,
        auto_rebet=True,
        confirm_over=50_000,
        sound=False,
        volume=30,
        contrast=Contrast.HIGH,
        text_size=150,
    )
    parts.in_force.obey(settings)
    controller = parts.controller
    assert (controller.speed, controller.warn_mistakes, controller.show_totals) == (
        Speed.FAST,
        True,
        False,
    )
    assert (controller.auto_rebet, controller.confirm_over) == (True, 50_000)
    assert (parts.sound.on, parts.sound.volume, parts.mute.isChecked()) == (False, 30, False)
    assert parts.scene.look.high_contrast and parts.scene.look.text_scale == 1.5
    assert HIGH_CONTRAST_MENUS in parts.menu_bar.styleSheet()
    assert parts.shown == [settings]
    parts.in_force.obey(Settings())
    assert not parts.scene.look.high_contrast
    assert HIGH_CONTRAST_MENUS not in parts.menu_bar.styleSheet()


def test_the_desktops_contrast_is_followed_only_where_the_player_left_it_to_the_desktop(
    parts: Parts,
) -> None:
    high = Qt.ContrastPreference.HighContrast
    parts.settings = dataclasses.replace(Settings(), contrast=Contrast.DESKTOP)
    parts.in_force.desktop_contrast_changed(high)
    assert parts.scene.look.high_contrast
    parts.in_force.desktop_contrast_changed(Qt.ContrastPreference.NoPreference)
    assert not parts.scene.look.high_contrast
    parts.settings = dataclasses.replace(Settings(), contrast=Contrast.NORMAL)
    parts.in_force.desktop_contrast_changed(high)
    assert not parts.scene.look.high_contrast
