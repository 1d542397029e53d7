"""Game ▸ Settings (Ctrl+,): each control is kept in settings.json and comes back after a
restart, Cancel changes nothing, a bad file opens the dialog with the defaults, a bad amount
is refused with a message and changes nothing (docs/decisions.md, "Settings (Game ▸ Settings)")."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QRadioButton, QWidget
from pytestqt.qtbot import QtBot

from casino_gui.gui.dialogs.settings_dialog import SettingsDialog
from casino_gui.gui.settings import SETTINGS_FILE, Settings, load_settings
from casino_gui.gui.table.controller import Speed
from tests.gui.conftest import Table, drain

Open = Callable[..., Table]


def click(qtbot: QtBot, widget: QWidget) -> None:
    """A click on the box of a check box or radio button (its row may be wider than its text),
    in the middle of a picture tile or a push button."""
    if isinstance(widget, QCheckBox | QRadioButton):
        at = QPoint(8, widget.height() // 2)
    else:
        at = widget.rect().center()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=at)


def opened(table: Table) -> SettingsDialog:
    """The settings dialog the window opened (window-modal, the loop runs on)."""
    found: list[SettingsDialog] = []

    def shown() -> bool:
        found[:] = [d for d in table.window.findChildren(SettingsDialog) if d.isVisible()]
        return len(found) == 1

    table.qtbot.waitUntil(shown, timeout=5_000)
    return found[0]


def open_with_keys(table: Table) -> SettingsDialog:
    table.qtbot.keyClick(table.window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    return opened(table)


def saved(folder: Path) -> dict[str, object]:
    data = json.loads((folder / SETTINGS_FILE).read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def test_ctrl_comma_opens_the_settings_dialog(open_table: Open) -> None:
    table = open_table()
    dialog = open_with_keys(table)
    assert dialog.windowTitle() == "Settings"
    assert QApplication.activeModalWidget() is dialog


def test_ctrl_comma_opens_it_from_the_lobby_too(open_table: Open) -> None:
    table = open_table()
    table.window.show_lobby()
    assert open_with_keys(table).isVisible()


def test_game_settings_opens_the_dialog_and_is_bound_to_ctrl_comma(open_table: Open) -> None:
    table = open_table()
    action = table.window.menu_action("Settings…")
    game = table.window.menuBar().actions()[0].menu()
    assert action in game.actions()
    assert action.shortcut().toString() == "Ctrl+,"
    action.trigger()
    assert opened(table).isVisible()


def test_every_control_is_kept_and_comes_back_after_a_restart(
    open_table: Open, tmp_path: Path
) -> None:
    table = open_table()
    qtbot = table.qtbot
    dialog = open_with_keys(table)
    dialog.volume_slider.setFocus()
    qtbot.keyClick(dialog.volume_slider, Qt.Key.Key_Home)
    for _ in range(3):
        qtbot.keyClick(dialog.volume_slider, Qt.Key.Key_PageUp)
    assert dialog.volume_label.text() == "30%"
    click(qtbot, dialog.sound_check)  # off
    click(qtbot, dialog.speed_buttons["fast"])
    click(qtbot, dialog.felt_tiles["red"])
    click(qtbot, dialog.back_tiles["lattice"])
    click(qtbot, dialog.totals_check)  # off
    click(qtbot, dialog.four_check)  # on
    click(qtbot, dialog.warn_check)  # on
    dialog.threshold_spin.setFocus()
    for _ in range(3):  # 2.0% up by 0.5% steps
        qtbot.keyClick(dialog.threshold_spin, Qt.Key.Key_Up)
    click(qtbot, dialog.rebet_check)  # on
    dialog.groups_area.ensureWidgetVisible(dialog.report_check)
    click(qtbot, dialog.report_check)  # off
    dialog.confirm_edit.setFocus()
    dialog.confirm_edit.selectAll()
    qtbot.keyClicks(dialog.confirm_edit, "1,500.50")
    dialog.groups_area.ensureWidgetVisible(dialog.checks_check)
    dialog.count_combo.setFocus()
    for _ in range(2):  # Off, Hi-Lo, then KO
        qtbot.keyClick(dialog.count_combo, Qt.Key.Key_Down)
    dialog.spread_spin.setFocus()
    qtbot.keyClick(dialog.spread_spin, Qt.Key.Key_Up)  # 1:8 to 1:9
    click(qtbot, dialog.checks_check)  # on
    click(qtbot, dialog.ok_button)
    qtbot.waitUntil(lambda: not dialog.isVisible())

    folder = tmp_path / "data"
    data = saved(folder)
    expected = {
        "sound": False,
        "volume": 30,
        "speed": "fast",
        "felt": "red",
        "card_back": "lattice",
        "show_totals": False,
        "four_colour": True,
        "warn_mistakes": True,
        "warn_threshold": 35,
        "auto_rebet": True,
        "session_report": False,
        "confirm_over": 150_050,
        "count_system": "ko",
        "count_spread": 9,
        "count_checks": True,
    }
    assert {name: data[name] for name in expected} == expected
    # In force at once, and the menu shows the same speed and warnings.
    window = table.window
    assert (window.controller.speed, window.controller.warn_threshold) == (Speed.FAST, 35)
    assert (window.scene.look.felt, window.scene.look.card_back) == ("red", "lattice")
    assert window.scene.look.four_colour
    assert window.menu_action("Fast").isChecked()
    assert window.menu_action("Warn me of mistakes").isChecked()

    window.close()
    window.bankroll.close()
    again = open_table(folder=folder)
    assert again.window.settings == load_settings(folder)
    reopened = open_with_keys(again)
    assert not reopened.sound_check.isChecked()
    assert not reopened.volume_slider.isEnabled()  # muted: the volume is dimmed
    assert reopened.volume_slider.value() == 30
    assert reopened.speed_buttons["fast"].isChecked()
    assert reopened.felt_tiles["red"].isChecked()
    assert reopened.back_tiles["lattice"].isChecked()
    assert not reopened.totals_check.isChecked()
    assert reopened.four_check.isChecked()
    assert reopened.warn_check.isChecked()
    assert reopened.threshold_spin.value() == 3.5
    assert reopened.rebet_check.isChecked()
    assert not reopened.report_check.isChecked()
    assert reopened.confirm_edit.text() == "1500.50"
    assert reopened.count_combo.currentText() == "Knock-Out (KO)"
    assert (reopened.spread_spin.text(), reopened.checks_check.isChecked()) == ("1:9", True)
    # (The test table then plays at Speed.INSTANT: the fixture sets the controller's speed.)
    assert again.window.menu_action("Fast").isChecked()
    assert again.window.controller.warn_threshold == 35
    assert (again.window.scene.look.felt, again.window.scene.look.card_back) == ("red", "lattice")


def test_cancel_changes_nothing(open_table: Open, tmp_path: Path) -> None:
    table = open_table()
    window = table.window
    before = window.settings
    file = tmp_path / "data" / SETTINGS_FILE
    text = file.read_bytes()
    dialog = open_with_keys(table)
    for widget in (
        dialog.sound_check,
        dialog.speed_buttons["instant"],
        dialog.felt_tiles["blue"],
        dialog.back_tiles["blue"],
        dialog.totals_check,
        dialog.warn_check,
        dialog.rebet_check,
    ):
        click(table.qtbot, widget)
    click(table.qtbot, dialog.cancel_button)
    table.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert window.settings == before
    assert file.read_bytes() == text
    assert (window.scene.look.felt, window.scene.look.card_back) == ("green", "red")
    assert not window.controller.warn_mistakes and not window.controller.auto_rebet
    assert window.controller.show_totals


def test_a_bad_amount_is_refused_with_a_message_and_changes_nothing(
    open_table: Open, tmp_path: Path
) -> None:
    table = open_table()
    before = table.window.settings
    text = (tmp_path / "data" / SETTINGS_FILE).read_bytes()
    dialog = open_with_keys(table)
    click(table.qtbot, dialog.felt_tiles["grey"])
    dialog.confirm_edit.setFocus()
    dialog.confirm_edit.selectAll()
    table.qtbot.keyClicks(dialog.confirm_edit, "lots")
    click(table.qtbot, dialog.ok_button)
    assert dialog.isVisible()
    assert dialog.error.text() == (
        "Confirm bets over: 'lots' is not an amount in dollars like 500 or 1,000"
    )
    assert dialog.confirm_edit.property("invalid") is True
    assert table.window.settings == before
    assert (tmp_path / "data" / SETTINGS_FILE).read_bytes() == text
    # Corrected, it is taken.
    dialog.confirm_edit.selectAll()
    table.qtbot.keyClicks(dialog.confirm_edit, "2000000")
    click(table.qtbot, dialog.ok_button)
    assert dialog.error.text() == "Confirm bets over: at most $1,000,000.00"
    dialog.confirm_edit.selectAll()
    table.qtbot.keyClicks(dialog.confirm_edit, "250")
    click(table.qtbot, dialog.ok_button)
    table.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert (table.window.settings.confirm_over, table.window.settings.felt) == (25_000, "grey")


def test_a_hand_edited_file_with_bad_values_opens_the_dialog_with_the_defaults(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    bad = {
        "sound": "loud",
        "volume": 12.5,
        "speed": "warp",
        "felt": "purple",
        "card_back": 7,
        "show_totals": "no",
        "warn_mistakes": 1,
        "warn_threshold": "2%",
        "auto_rebet": None,
        "confirm_over": [500],
        "contrast": "loud",
        "text_size": 300,
    }
    (folder / SETTINGS_FILE).write_text(json.dumps(bad), "utf-8")
    table = open_table(folder=folder)
    dialog = open_with_keys(table)
    default = Settings()
    assert dialog.sound_check.isChecked() is default.sound
    assert dialog.volume_slider.value() == default.volume
    assert dialog.speed_buttons[default.speed].isChecked()
    assert dialog.felt_tiles[default.felt].isChecked()
    assert dialog.back_tiles[default.card_back].isChecked()
    assert dialog.totals_check.isChecked() is default.show_totals
    assert dialog.warn_check.isChecked() is default.warn_mistakes
    assert dialog.threshold_spin.value() == 2.0
    assert dialog.rebet_check.isChecked() is default.auto_rebet
    assert dialog.confirm_edit.text() == "0"
    assert dialog.contrast_combo.currentData() == "desktop"
    assert dialog.text_combo.currentText() == "100%"
    click(table.qtbot, dialog.ok_button)
    table.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert {k: saved(folder).get(k) for k in bad} == {
        "sound": True,
        "volume": 70,
        "speed": None,  # none chosen: the desktop's reduced motion is asked at each start
        "felt": "green",
        "card_back": "red",
        "show_totals": True,
        "warn_mistakes": False,
        "warn_threshold": 20,
        "auto_rebet": False,
        "confirm_over": 0,
        "contrast": "desktop",
        "text_size": 100,
    }


def test_values_beyond_their_range_are_clamped_into_the_dialog(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / SETTINGS_FILE).write_text(
        json.dumps({"volume": 900, "warn_threshold": -3, "confirm_over": 10**12}), "utf-8"
    )
    dialog = open_with_keys(open_table(folder=folder))
    assert dialog.volume_slider.value() == 100
    assert dialog.threshold_spin.value() == 0.0
    assert dialog.confirm_edit.text() == "1000000"


def test_the_game_menu_and_the_dialog_are_one_setting(open_table: Open, tmp_path: Path) -> None:
    table = open_table()
    window = table.window
    window.menu_action("Instant").trigger()
    window.menu_action("Warn me of mistakes").trigger()
    assert saved(tmp_path / "data")["speed"] == "instant"
    dialog = open_with_keys(table)
    assert dialog.speed_buttons["instant"].isChecked()
    assert dialog.warn_check.isChecked()
    click(table.qtbot, dialog.speed_buttons["normal"])
    click(table.qtbot, dialog.warn_check)
    click(table.qtbot, dialog.ok_button)
    table.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert window.menu_action("Normal").isChecked()
    assert not window.menu_action("Warn me of mistakes").isChecked()
    assert (window.controller.speed, window.controller.warn_mistakes) == (Speed.NORMAL, False)


def test_the_dialog_is_not_imported_before_it_is_opened() -> None:
    # Startup matters (docs/decisions.md, "Startup and memory"): the window module does not pull the
    # dialog in.
    code = (
        "import sys, casino_gui.gui.window; "
        "print('casino_gui.gui.dialogs.settings_dialog' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_the_dialogs_sound_reaches_the_table_and_the_mute_button_reaches_the_dialog(
    open_table: Open, tmp_path: Path
) -> None:
    table = open_table()
    window = table.window
    dialog = open_with_keys(table)
    dialog.volume_slider.setFocus()
    table.qtbot.keyClick(dialog.volume_slider, Qt.Key.Key_PageDown)  # 70% down to 60%
    click(table.qtbot, dialog.sound_check)  # muted
    click(table.qtbot, dialog.ok_button)
    table.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert (window.sound.on, window.sound.volume) == (False, 60)
    assert not window.mute.isChecked()
    # M at the table turns the sound on again: the dialog opens with it on.
    table.qtbot.keyClick(window, Qt.Key.Key_M)
    assert window.sound.on and window.mute.isChecked()
    assert saved(tmp_path / "data")["sound"] is True
    reopened = open_with_keys(table)
    assert reopened.sound_check.isChecked()
    assert reopened.volume_slider.value() == 60


def test_the_shortcuts_page_lists_ctrl_comma_for_the_settings(open_table: Open) -> None:
    from casino_gui.gui.dialogs.shortcuts import ShortcutsDialog, menu_rows

    table = open_table()
    rows = dict(menu_rows(table.window._menu_actions))
    assert rows[("Ctrl+,",)] == "Settings"
    page = ShortcutsDialog(table.window._menu_actions, table.window)
    table.qtbot.addWidget(page)
    assert "Ctrl+," in page.listed()


def test_the_pictures_are_chosen_with_the_keyboard(open_table: Open) -> None:
    table = open_table()
    dialog = open_with_keys(table)
    green = dialog.felt_tiles["green"]
    dialog.activateWindow()
    green.setFocus()
    table.qtbot.waitUntil(green.hasFocus)
    table.qtbot.keyClick(green, Qt.Key.Key_Right)  # to the blue felt
    blue = dialog.felt_tiles["blue"]
    assert blue.hasFocus()
    table.qtbot.keyClick(blue, Qt.Key.Key_Space)
    assert blue.isChecked() and not green.isChecked()
    table.qtbot.keyClick(dialog, Qt.Key.Key_Return)  # OK is the default button
    table.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert table.window.settings.felt == "blue"


def test_escape_is_cancel(open_table: Open) -> None:
    table = open_table()
    before = table.window.settings
    dialog = open_with_keys(table)
    click(table.qtbot, dialog.back_tiles["blue"])
    table.qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    table.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert table.window.settings == before


def test_ok_keeps_a_window_size_remembered_while_the_dialog_was_open(
    open_table: Open, tmp_path: Path
) -> None:
    table = open_table()
    window = table.window
    dialog = open_with_keys(table)
    window.resize(1000, 700)  # the player drags the window's edge meanwhile
    table.qtbot.waitUntil(lambda: window.settings.size == (1000, 700), timeout=5_000)
    click(table.qtbot, dialog.felt_tiles["blue"])
    click(table.qtbot, dialog.ok_button)
    table.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert (window.settings.size, window.settings.felt) == ((1000, 700), "blue")
    assert saved(tmp_path / "data")["size"] == [1000, 700]


@pytest.mark.parametrize(("width", "height"), [(800, 600), (800, 470)])
def test_on_a_small_screen_the_groups_scroll_between_the_title_and_the_buttons(
    open_table: Open, width: int, height: int
) -> None:
    """800 x 470 is a 1600 x 1000 screen at twice the scale. OK and Cancel stay in view, and
    every control can be scrolled to."""
    table = open_table()
    dialog = open_with_keys(table)
    assert dialog.groups_area.verticalScrollBar().maximum() == 0  # a big screen: all of it
    dialog.fit_to(QSize(width, height))
    drain(table.qtbot)
    assert dialog.height() <= height - 60 and dialog.width() <= width - 20
    for button in (dialog.ok_button, dialog.cancel_button):
        corner = button.mapTo(dialog, button.rect().bottomRight())
        assert dialog.rect().contains(corner)
    area = dialog.groups_area
    assert area.verticalScrollBar().maximum() > 0
    for control in (dialog.sound_check, dialog.report_check, dialog.confirm_edit):
        area.ensureWidgetVisible(control)
        top = control.mapTo(area.viewport(), control.rect().topLeft())
        assert area.viewport().rect().contains(top)
