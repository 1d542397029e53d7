"""The chip chosen in the rack is kept in the settings as each round settles and when the window
closes, and selected again at the next start."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from casino_gui.engine.betting import CHIPS
from casino_gui.engine.round import Action
from casino_gui.gui.panels.chip_rack import ChipRack
from casino_gui.gui.settings import SETTINGS_FILE, load_settings
from casino_gui.gui.window import CasinoWindow
from casino_gui.store import Bankroll
from tests.gui.conftest import Table

Open = Callable[..., Table]


def selected(rack: ChipRack) -> list[int]:
    """The chips drawn selected (checked) in a rack."""
    return [cents for cents in CHIPS if rack.chip_button(cents).isChecked()]


def open_window(qtbot: QtBot, folder: Path) -> CasinoWindow:
    """A start's window on `folder`, built and shown."""
    window = CasinoWindow(Bankroll.open(folder))
    qtbot.addWidget(window)
    with qtbot.waitActive(window):
        window.show()
    return window


def test_the_chip_chosen_is_selected_again_at_the_next_start(
    open_table: Open, qtbot: QtBot
) -> None:
    table = open_table()
    table.select_chip(2_500)
    folder = table.window.bankroll.folder
    table.window.close()
    table.window.bankroll.close()
    assert load_settings(folder).chip == 2_500
    window = open_window(qtbot, folder)
    try:
        assert window.rack.selected_chip == 2_500 and selected(window.rack) == [2_500]
        # The rack bets it: a click on circle 1 puts $25 there.
        qtbot.mouseClick(
            window.view.viewport(),
            Qt.MouseButton.LeftButton,
            pos=window.view.mapFromScene(window.scene.circles[1].scenePos()),
        )
        assert window.controller.pending.bets == {1: 2_500}
        assert window.bar.lit() == {Action.DEAL}
    finally:
        window.close()
        window.bankroll.close()


@pytest.mark.parametrize(
    ("kept", "chip"), [("10000", 10_000), ("2600", 2_500), ("-4", 100), ('"$25"', 500)]
)
def test_a_hand_edited_chip_is_clamped_to_the_racks_chips(
    open_table: Open, qtbot: QtBot, kept: str, chip: int
) -> None:
    table = open_table()
    folder: Path = table.window.bankroll.folder
    table.window.close()
    table.window.bankroll.close()
    path = folder / SETTINGS_FILE
    text = path.read_text("utf-8")
    assert '"chip": 500' in text  # the chip a first session leaves selected
    path.write_text(text.replace('"chip": 500', f'"chip": {kept}'), "utf-8")
    window = open_window(qtbot, folder)
    try:
        assert window.rack.selected_chip == chip and selected(window.rack) == [chip]
    finally:
        window.close()
        window.bankroll.close()
    assert load_settings(folder).chip == chip  # written back as the chip it is


def test_the_chip_is_kept_as_a_round_settles(open_table: Open) -> None:
    # A program killed after the round (no close) still knows the chip the round was bet with.
    table = open_table()
    folder: Path = table.window.bankroll.folder
    table.select_chip(2_500)
    assert load_settings(folder).chip == 500  # a click does not wait for the disk
    table.click_circle(1)
    table.press(Action.DEAL, "TS 9H 7C TD")  # 17 against the dealer's 19
    assert load_settings(folder).chip == 500  # nor does DEAL: the round is open
    table.press(Action.STAND)
    assert table.window.session_rounds == 1
    assert load_settings(folder).chip == 2_500
