"""The dialogs and menus follow the high-contrast theme too: white and yellow on black,
measured on the pixels of a real dialog over the real window (docs/decisions.md, "The look
adapts")."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from casino_gui.gui.dialogs.settings_dialog import SettingsDialog
from casino_gui.gui.painting.contrast import contrast_ratio
from tests.gui.conftest import Table, drain

Open = Callable[..., Table]


def settings_dialog(table: Table) -> SettingsDialog:
    table.window.show_settings()
    drain(table.qtbot)
    dialog = QApplication.activeModalWidget() or table.window.findChild(SettingsDialog)
    assert isinstance(dialog, SettingsDialog)
    table.qtbot.waitExposed(dialog)
    return dialog


def ground_and_ink(dialog: SettingsDialog) -> tuple[QColor, QColor]:
    """The dialog's ground beside its first group, and the darkest or lightest pixel of its
    OK button's words: what a reader sees."""
    image = dialog.grab().toImage()
    ground = image.pixelColor(4, dialog.height() // 2)
    button = dialog.ok_button
    corner = button.mapTo(dialog, button.rect().center())
    label_pixels = [
        image.pixelColor(corner.x() + dx, corner.y() + dy)
        for dx in range(-20, 20)
        for dy in range(-4, 5)
    ]
    ink = max(label_pixels, key=lambda c: abs(c.lightness() - ground.lightness()))
    return ground, ink


def test_a_dialog_in_high_contrast_is_black_with_white_words(open_table: Open) -> None:
    table = open_table()
    window = table.window
    dialog = settings_dialog(table)
    normal_ground, _ = ground_and_ink(dialog)
    assert normal_ground.green() > normal_ground.red() + 20  # the casino's green
    dialog.reject()
    window.apply_settings(dataclasses.replace(window.settings, contrast="high"))
    dialog = settings_dialog(table)
    ground, _ink = ground_and_ink(dialog)
    assert ground.lightness() < 10  # black
    labels = [w for w in dialog.findChildren(QLabel) if w.isVisible() and w.text()]
    words = labels[0].palette().color(labels[0].foregroundRole())
    assert contrast_ratio(words, ground) >= 7.0
    cancel = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Cancel")
    assert contrast_ratio(cancel.palette().color(cancel.foregroundRole()), ground) >= 7.0
    dialog.reject()
    window.apply_settings(dataclasses.replace(window.settings, contrast="normal"))
    dialog = settings_dialog(table)
    assert ground_and_ink(dialog)[0].green() > 20  # back to the casino's green
    dialog.reject()
