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
from casino_gui.gui.settings import Contrast
from tests.gui.conftest import Table, drain

Open = Callable[..., Table]


def settings_dialog(table: Table) -> SettingsDialog:
    table.window.preferences.show_dialog(table.window)
    drain(table.qtbot)
    dialog = QApplication.activeModalWidget() or table.window.findChild(SettingsDialog)
    assert isinstance(dialog, SettingsDialog)
    table.qtbot.waitExposed(dialog)
    return dialog


def ground(dialog: SettingsDialog) -> QColor:
    """The dialog's ground, beside its groups."""
    return dialog.grab().toImage().pixelColor(4, dialog.height() // 2)


def test_a_dialog_in_high_contrast_is_black_with_white_words(open_table: Open) -> None:
    table = open_table()
    window = table.window
    dialog = settings_dialog(table)
    normal = ground(dialog)
    assert normal.green() > normal.red() + 20  # the casino's green
    dialog.reject()
    window.preferences.apply(dataclasses.replace(window.settings, contrast=Contrast.HIGH))
    dialog = settings_dialog(table)
    black = ground(dialog)
    assert black.lightness() < 10
    labels = [w for w in dialog.findChildren(QLabel) if w.isVisible() and w.text()]
    words = labels[0].palette().color(labels[0].foregroundRole())
    assert contrast_ratio(words, black) >= 7.0
    cancel = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Cancel")
    assert contrast_ratio(cancel.palette().color(cancel.foregroundRole()), black) >= 7.0
    dialog.reject()
    window.preferences.apply(dataclasses.replace(window.settings, contrast=Contrast.NORMAL))
    dialog = settings_dialog(table)
    back = ground(dialog)
    assert back.green() > back.red() + 20  # the casino's green again
    dialog.reject()
