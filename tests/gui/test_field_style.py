"""The Fusion style the dialogs' fields are drawn with outlives every dialog.

A widget does not own the style it is given, and the style sheet's proxy keeps a bare pointer to
it: a style owned by its dialog was deleted among the dialog's children before a focused field,
and the field's giving up its focus then called into freed memory (a crash of a later test's
event loop, one full run in two).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QStyle, QWidget
from pytestqt.qtbot import QtBot

from casino_gui.gui.dialogs.custom_table import CustomTableDialog
from casino_gui.gui.dialogs.settings_dialog import SettingsDialog
from casino_gui.gui.settings import Settings
from casino_gui.gui.theme import fusion_style
from tests.gui.conftest import Table, drain
from tests.gui.test_custom_table_dialog import open_dialog, type_into
from tests.gui.test_statistics_page import open_statistics

ROOT = Path(__file__).resolve().parents[2]


def _address(style: QStyle | None) -> int:
    # PySide drops its wrapper of a style when a widget given it dies (it guesses the widget
    # owns it): the C++ object is what must live on.
    assert style is not None and shiboken6.isValid(style)
    address: int = shiboken6.getCppPointer(style)[0]
    return address


def _styled_fields(dialog: QWidget) -> list[QWidget]:
    return [
        w for w in dialog.findChildren(QWidget) if w.testAttribute(Qt.WidgetAttribute.WA_SetStyle)
    ]


def test_one_fusion_style_belongs_to_the_application(qapp: QApplication) -> None:
    style = fusion_style()

    assert _address(style) == _address(fusion_style())
    assert style is not None and style.parent() is qapp


def test_no_dialog_owns_the_style_its_fields_are_drawn_with(qtbot: QtBot) -> None:
    custom, settings = CustomTableDialog(), SettingsDialog(Settings())
    for dialog in (custom, settings):
        qtbot.addWidget(dialog)
        assert _styled_fields(dialog)
        assert not dialog.findChildren(QStyle)


def test_the_statistics_page_owns_no_style_either(open_table: Callable[..., Table]) -> None:
    page = open_statistics(open_table())

    assert _styled_fields(page)
    assert not page.findChildren(QStyle)


def test_the_style_lives_on_after_a_dialog_with_a_focused_field_is_deleted(qtbot: QtBot) -> None:
    style = _address(fusion_style())
    dialog = CustomTableDialog()
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    dialog.findChildren(QComboBox)[0].setFocus()

    dialog.deleteLater()
    drain(qtbot)

    assert not shiboken6.isValid(dialog)
    assert _address(fusion_style()) == style


def test_a_field_is_dressed_again_after_another_dialog_died(qtbot: QtBot) -> None:
    # PySide takes a widget given a style for the style's owner and drops its wrapper when that
    # widget dies: a wrapper kept by a dialog then failed on its next refusal's outline.
    first, dialog = open_dialog(qtbot), open_dialog(qtbot)
    first.deleteLater()
    drain(qtbot)

    type_into(qtbot, dialog.field("natural_pays"), "9:1")

    qtbot.waitUntil(lambda: dialog.is_highlighted("natural_pays"), timeout=3000)


def test_a_run_that_crashed_on_freed_memory_now_passes() -> None:
    # The run that crashed: a dialog test whose field kept the focus, then a test that turns the
    # event loop (where the dialog is deleted). glibc fills freed memory with MALLOC_PERTURB_'s
    # byte, so a call through the freed style crashes every time instead of now and then.
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-q", "-p", "no:cacheprovider",
         "tests/gui/test_custom_table_dialog.py", "tests/gui/test_painting.py",
         "-k", "ends_of_the_typed_ranges or slides_the_card"],
        cwd=ROOT, env={**os.environ, "MALLOC_PERTURB_": "165", "PYTEST_ADDOPTS": ""},
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip

    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "6 passed" in run.stdout
