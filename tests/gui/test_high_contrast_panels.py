"""The high-contrast theme below the felt: lit and dark lamps told apart by light and shape
(a yellow face in a white frame, a black face in a dim thin outline), the selected chip in a
thick yellow ring, the status panel's figures and line at 7:1 or more on plain black glass;
and the theme following the desktop's contrast live and Game ▸ Settings' choice at once and
after a restart (docs/decisions.md, "The look adapts")."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage

from casino_gui.engine.round import Action
from casino_gui.gui.painting.contrast import (
    BLACK,
    DIM,
    MIN_RATIO,
    WHITE,
    YELLOW,
    contrast_ratio,
)
from casino_gui.gui.panels.chip_rack import CHIP_RADIUS
from casino_gui.gui.panels.lamp_button import GLOW, CasinoButton
from casino_gui.gui.settings import Contrast
from casino_gui.gui.table.chip_item import HC_RING_WIDTH
from casino_gui.gui.table.messages import Severity
from casino_gui.gui.table.picture import Convenience
from tests.gui.conftest import Table, drain
from tests.gui.test_screenshots import sized
from tests.gui.test_settings_dialog import click, open_with_keys, saved

Open = Callable[..., Table]


def high(table: Table, contrast: Contrast = Contrast.HIGH) -> None:
    window = table.window
    window.preferences.apply(dataclasses.replace(window.settings, contrast=contrast))
    sized(table, 1280, 800)
    drain(table.qtbot)


def colours_along(image: QImage, y: int, xs: range) -> list[str]:
    return [image.pixelColor(x, y).name() for x in xs]


def face_and_frame(button: CasinoButton, scale: float) -> tuple[str, list[QColor]]:
    """The lamp's face colour beside its words, and the pixels along its left edge inwards."""
    image = button.grab().toImage()
    glow = math.ceil(GLOW * scale)  # the first pixel wholly in the face, at the bar's scale
    middle = image.height() // 2
    edge = [image.pixelColor(x, middle) for x in range(glow, glow + 4)]
    return image.pixelColor(glow + 8, middle).name(), edge


def test_lit_and_dark_lamps_differ_in_light_and_frame_not_hue(open_table: Open) -> None:
    table = open_table()
    high(table)
    bar = table.window.bar
    lit, dark = bar.button(Action.DEAL), bar.convenience(Convenience.UNDO)
    assert lit.is_lit() and not dark.is_lit()
    lit_face, lit_edge = face_and_frame(lit, bar.scale())
    dark_face, dark_edge = face_and_frame(dark, bar.scale())
    assert (lit_face, dark_face) == (YELLOW.name(), BLACK.name())
    assert [c.name() for c in lit_edge].count(WHITE.name()) >= 2  # a bright frame, 2 px at least
    # A dim outline: something there, nothing brighter than the dim grey, one pixel at most.
    assert all(c.lightness() <= DIM.lightness() for c in dark_edge)
    assert sum(c.lightness() > 40 for c in dark_edge) in (1, 2)
    # Their words read on their faces: black on yellow, dim grey on black.
    for button in (lit, dark):
        face = QColor(YELLOW if button.is_lit() else BLACK)
        assert contrast_ratio(button.ink(button.is_lit()), face) >= MIN_RATIO
    # Back to normal: the amber lamp is no longer a flat yellow.
    high(table, Contrast.NORMAL)
    assert face_and_frame(lit, bar.scale())[0] != YELLOW.name()


def test_the_selected_chip_is_ringed_thick_and_yellow(open_table: Open) -> None:
    table = open_table()
    high(table)
    table.select_chip(2_500)
    rack = table.window.rack
    chosen, other = rack.chip_button(2_500), rack.chip_button(500)

    def ring(chip: object) -> int:
        button = rack.chip_button(chip)  # type: ignore[arg-type]
        image = button.grab().toImage()
        centre = button.chip_centre().toPoint()
        reach = round(1.35 * button.chip_radius())
        along = colours_along(image, centre.y(), range(centre.x(), centre.x() + reach))
        return along.count(YELLOW.name())

    assert chosen.isChecked() and not other.isChecked()
    assert ring(2_500) >= HC_RING_WIDTH * CHIP_RADIUS - 2  # ~5 px of solid yellow
    assert ring(500) == 0


def test_the_panels_figures_and_line_read_at_seven_to_one(open_table: Open) -> None:
    table = open_table()
    high(table)
    status = table.window.status
    image = status.grab().toImage()
    # The glass is plain black (sampled between the readouts and the line).
    ground = image.pixelColor(QPoint(image.width() // 2, image.height() - 8))
    assert ground.name() == BLACK.name()
    inks = []
    for net in (1_500, -1_000, 0, None):
        status.set_last_result(net)
        inks.append(status.last_result_colour)
    for kind in Severity:
        status.show_message("A message", kind)
        inks.append(status.message_colour)
    for readout in status._readouts:
        inks += [readout.value.palette().color(readout.value.foregroundRole())]
        inks += [readout.caption.palette().color(readout.caption.foregroundRole())]
        assert readout.value.graphicsEffect() is None  # no glow to blur the figures
    for ink in inks:
        assert contrast_ratio(ink, ground) >= MIN_RATIO, ink.name()


def test_the_desktop_asking_for_high_contrast_changes_the_table_at_once(
    open_table: Open,
) -> None:
    table = open_table()
    window = table.window
    assert window.settings.contrast is Contrast.DESKTOP
    assert not window.scene.look.high_contrast
    style = QGuiApplication.styleHints()  # held: its accessibility hints are its own
    hints = style.accessibility()
    # What Qt emits when the desktop's contrast changes.
    hints.contrastPreferenceChanged.emit(Qt.ContrastPreference.HighContrast)
    assert window.scene.look.high_contrast
    assert face_and_frame(window.bar.button(Action.DEAL), window.bar.scale())[0] == YELLOW.name()
    hints.contrastPreferenceChanged.emit(Qt.ContrastPreference.NoPreference)
    assert not window.scene.look.high_contrast
    # A player who chose a contrast keeps it whatever the desktop says.
    window.preferences.apply(dataclasses.replace(window.settings, contrast=Contrast.NORMAL))
    hints.contrastPreferenceChanged.emit(Qt.ContrastPreference.HighContrast)
    assert not window.scene.look.high_contrast
    hints.contrastPreferenceChanged.emit(Qt.ContrastPreference.NoPreference)


def test_the_settings_contrast_applies_at_once_and_after_a_restart(
    open_table: Open, tmp_path: Path
) -> None:
    table = open_table()
    qtbot = table.qtbot
    dialog = open_with_keys(table)
    dialog.groups_area.ensureWidgetVisible(dialog.contrast_combo)
    dialog.contrast_combo.setFocus()
    qtbot.keyClick(dialog.contrast_combo, Qt.Key.Key_Down)  # As the desktop asks: High contrast
    assert dialog.contrast_combo.currentText() == "High contrast"
    click(qtbot, dialog.ok_button)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    window = table.window
    assert window.scene.look.high_contrast
    assert face_and_frame(window.bar.button(Action.DEAL), window.bar.scale())[0] == YELLOW.name()
    folder = tmp_path / "data"
    assert saved(folder)["contrast"] == "high"

    window.close()
    window.bankroll.close()
    again = open_table(folder=folder)
    assert again.window.scene.look.high_contrast
    bar = again.window.bar
    assert face_and_frame(bar.button(Action.DEAL), bar.scale())[0] == YELLOW.name()
    assert open_with_keys(again).contrast_combo.currentText() == "High contrast"
