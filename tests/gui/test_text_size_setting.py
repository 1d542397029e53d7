"""Game ▸ Settings' "Table text" (docs/decisions.md, "The look adapts"): 150% chosen with the
keyboard in the real dialog rescales the live table mid-round, with nothing colliding, and
comes back after a restart from the real settings.json."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt

from casino_gui.engine.round import Action
from casino_gui.gui.table.labels import tall
from tests.gui.conftest import Table, drain
from tests.gui.felt_layout import collisions
from tests.gui.test_settings_dialog import open_with_keys, saved

Open = Callable[..., Table]


def test_150_percent_rescales_the_round_in_play_and_survives_a_restart(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    table = open_table(folder=folder)
    table.select_chip(2_500)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="8S TC 8D 6H")  # 8-8 against the dealer's 10: a split offered
    scene = table.window.scene
    total = scene.totals[scene.hand_order[0]]
    assert (total.text, total.scale()) == ("16", 1.0)
    small = tall(total)

    dialog = open_with_keys(table)
    table.qtbot.keyClick(dialog.text_combo, Qt.Key.Key_Down)  # 100% to 125%
    table.qtbot.keyClick(dialog.text_combo, Qt.Key.Key_Down)  # to 150%
    assert dialog.text_combo.currentText() == "150%"
    table.qtbot.keyClick(dialog, Qt.Key.Key_Return)  # OK is the default button
    table.qtbot.waitUntil(lambda: scene.look.text_scale == 1.5, timeout=5_000)
    drain(table.qtbot)

    assert table.controller.table is not None and Action.SPLIT in table.lit  # still mid-round
    assert tall(total) == 1.5 * small
    assert scene.dealer_total.scale() == 1.5
    assert all(circle.label_font().pixelSize() > 16 for circle in scene.circles.values())
    assert collisions(table) == []
    assert saved(folder)["text_size"] == 150

    table.window.close()
    table.window.bankroll.close()
    again = open_table(folder=folder)
    assert again.window.scene.look.text_scale == 1.5
    reopened = open_with_keys(again)
    assert reopened.text_combo.currentText() == "150%"
