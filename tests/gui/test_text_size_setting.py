"""Game ▸ Settings' "Table text" (docs/decisions.md, "The look adapts"): 150% chosen with the
keyboard in the real dialog rescales the live table mid-round, with nothing colliding, and
comes back after a restart from the real settings.json; the status panel's words grow with
it up to 125% (less in a smaller window), and the felt keeps its room at 1280 x 800 and
800 x 600."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from casino_gui.engine.round import Action
from casino_gui.gui.panels.lamp_button import CasinoButton
from casino_gui.gui.table.labels import tall
from tests.gui.conftest import Table, drain
from tests.gui.felt_layout import collisions
from tests.gui.test_screenshots import SIZES, inside, sized
from tests.gui.test_settings_dialog import open_with_keys, saved
from tests.gui.test_text_size_layout import at_size

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
    # The pointer stands before the active total, off it and off the circle's chips.
    pointer = scene.pointer.sceneBoundingRect()
    assert scene.pointer.isVisible() and pointer.right() <= total.sceneBoundingRect().left()
    assert not pointer.intersects(scene.circles[1].chips.sceneBoundingRect())
    assert saved(folder)["text_size"] == 150

    table.window.close()
    table.window.bankroll.close()
    again = open_table(folder=folder)
    assert again.window.scene.look.text_scale == 1.5
    reopened = open_with_keys(again)
    assert reopened.text_combo.currentText() == "150%"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_panels_words_grow_to_125_percent_and_the_felt_keeps_its_room(
    open_table: Open, width: int, height: int
) -> None:
    table = open_table()
    sized(table, width, height)
    status = table.window.status
    figure = status._bankroll.value.font().pixelSize()
    line = status._message.font().pixelSize()
    at_size(table, 200)
    sized(table, width, height)
    # 125% at 1280 x 800; in a smaller window, in proportion to its scale (0.62 here).
    grown = 1.25 if width == 1280 else 1 + 0.25 * table.window.table_page.scale
    assert abs(status._bankroll.value.font().pixelSize() - grown * figure) <= 1
    assert abs(status._message.font().pixelSize() - grown * line) <= 1
    assert status._message.lines == 3  # as many words as two lines held at 100%
    # The window keeps its size, every readout and button is whole, the felt keeps its share.
    assert (table.window.width(), table.window.height()) == (width, height)
    # Long figures: a bankroll of four figures, the table's top bet, a big net result.
    status.set_bankroll(999_999)
    status.set_on_table(50_000)
    status.set_result_line("NET +$1,500.00", 150_000)
    drain(table.qtbot)
    for widget in (*status._readouts, *table.window.bar.findChildren(CasinoButton)):
        assert inside(widget, table.window)
    for readout in status._readouts:
        assert readout.value.width() >= readout.value.sizeHint().width()
    assert table.window.view.height() >= 0.6 * table.window.table_page.height()
