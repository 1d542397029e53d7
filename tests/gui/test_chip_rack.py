"""The chip rack: choosing the chip a left-click on a circle adds (seed 002, "Placing Bets")."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from casino_gui.engine.betting import CHIPS, affordable_chips
from casino_gui.gui.panels.chip_rack import CHIP_RADIUS, SHORTCUTS, ChipButton, ChipRack
from tests.gui.conftest import keyed_window, shown


@pytest.fixture
def rack(qtbot: QtBot) -> ChipRack:
    return shown(qtbot, ChipRack())


@pytest.fixture
def window(qtbot: QtBot) -> tuple[QWidget, ChipRack]:
    rack = ChipRack()
    return keyed_window(qtbot, rack, rack.install_shortcuts), rack


def _record(rack: ChipRack) -> list[int]:
    selected: list[int] = []
    rack.chip_selected.connect(selected.append)
    return selected


def _click_chip(qtbot: QtBot, rack: ChipRack, cents: int) -> None:
    chip = rack.chip_button(cents)
    qtbot.mouseClick(chip, Qt.MouseButton.LeftButton, pos=chip.chip_centre().toPoint())


def _checked(rack: ChipRack) -> list[int]:
    return [cents for cents in CHIPS if rack.chip_button(cents).isChecked()]


def test_the_rack_holds_the_six_chips_and_starts_on_5_dollars(rack: ChipRack) -> None:
    assert [rack.chip_button(cents).text() for cents in CHIPS] == [
        "$1",
        "$5",
        "$10",
        "$25",
        "$100",
        "$500",
    ]
    assert rack.selected_chip == 500
    assert _checked(rack) == [500]


def test_clicking_a_chip_selects_it(qtbot: QtBot, rack: ChipRack) -> None:
    selected = _record(rack)

    _click_chip(qtbot, rack, 2_500)

    assert rack.selected_chip == 2_500
    assert _checked(rack) == [2_500]
    assert selected == [2_500]


def test_clicking_the_selected_chip_keeps_it_selected(qtbot: QtBot, rack: ChipRack) -> None:
    selected = _record(rack)

    _click_chip(qtbot, rack, 500)

    assert rack.selected_chip == 500
    assert _checked(rack) == [500]
    assert selected == []


def test_a_click_beside_the_round_chip_selects_nothing(qtbot: QtBot, rack: ChipRack) -> None:
    chip = rack.chip_button(10_000)

    qtbot.mouseClick(chip, Qt.MouseButton.LeftButton, pos=QPoint(1, 1))

    assert rack.selected_chip == 500


def test_chips_the_bankroll_cannot_cover_are_dimmed_and_refuse_clicks(
    qtbot: QtBot, rack: ChipRack
) -> None:
    selected = _record(rack)
    # $40 left: the $100 and $500 chips are out of reach.
    rack.set_affordable(affordable_chips({}, 4_000))

    _click_chip(qtbot, rack, 10_000)
    _click_chip(qtbot, rack, 50_000)

    assert rack.affordable() == {100, 500, 1_000, 2_500}
    assert not rack.chip_button(10_000).isEnabled()
    assert rack.selected_chip == 500
    assert _checked(rack) == [500]
    assert selected == []


def test_cursor_is_a_pointing_hand_only_over_affordable_chips(rack: ChipRack) -> None:
    rack.set_affordable([100, 500])

    shapes = {cents: rack.chip_button(cents).cursor().shape() for cents in CHIPS}

    hand, arrow = Qt.CursorShape.PointingHandCursor, Qt.CursorShape.ArrowCursor
    assert shapes == {
        100: hand,
        500: hand,
        1_000: arrow,
        2_500: arrow,
        10_000: arrow,
        50_000: arrow,
    }


def test_the_selected_chip_stays_selected_when_it_becomes_unaffordable(
    qtbot: QtBot, rack: ChipRack
) -> None:
    _click_chip(qtbot, rack, 2_500)

    rack.set_affordable([100, 500, 1_000])

    assert rack.selected_chip == 2_500
    assert _checked(rack) == [2_500]
    assert not rack.chip_button(2_500).isEnabled()


def test_a_dimmed_selected_chip_can_be_left_for_an_affordable_one(
    qtbot: QtBot, rack: ChipRack
) -> None:
    _click_chip(qtbot, rack, 2_500)
    rack.set_affordable([100, 500])

    _click_chip(qtbot, rack, 100)

    assert rack.selected_chip == 100
    assert _checked(rack) == [100]


def test_select_from_the_program_emits_the_change(rack: ChipRack) -> None:
    selected = _record(rack)

    rack.select(10_000)
    rack.select(10_000)

    assert rack.selected_chip == 10_000
    assert selected == [10_000]


def test_select_refuses_a_chip_the_casino_does_not_make(rack: ChipRack) -> None:
    with pytest.raises(ValueError, match=r"there is no \$2\.00 chip"):
        rack.select(200)


def test_number_keys_choose_chips(qtbot: QtBot, window: tuple[QWidget, ChipRack]) -> None:
    window_widget, rack = window
    selected = _record(rack)

    qtbot.keyClick(window_widget, Qt.Key.Key_4)
    assert rack.selected_chip == 2_500
    qtbot.keyClick(window_widget, Qt.Key.Key_6)
    assert rack.selected_chip == 50_000
    qtbot.keyClick(window_widget, Qt.Key.Key_1)
    assert rack.selected_chip == 100

    assert selected == [2_500, 50_000, 100]
    assert _checked(rack) == [100]


def test_keypad_digits_choose_chips_too(qtbot: QtBot, window: tuple[QWidget, ChipRack]) -> None:
    window_widget, rack = window

    qtbot.keyClick(window_widget, Qt.Key.Key_3, Qt.KeyboardModifier.KeypadModifier)

    assert rack.selected_chip == 1_000


def test_the_key_of_a_dimmed_chip_does_nothing(
    qtbot: QtBot, window: tuple[QWidget, ChipRack]
) -> None:
    window_widget, rack = window
    selected = _record(rack)
    rack.set_affordable([100, 500, 1_000])

    qtbot.keyClick(window_widget, Qt.Key.Key_5)
    qtbot.keyClick(window_widget, Qt.Key.Key_6)

    assert rack.selected_chip == 500
    assert selected == []


def test_the_number_keys_are_printed_in_the_tooltips() -> None:
    assert SHORTCUTS == {100: "1", 500: "2", 1_000: "3", 2_500: "4", 10_000: "5", 50_000: "6"}


def _is_gold(colour: QColor) -> bool:
    return colour.red() > 200 and colour.green() > 160 and colour.blue() < 170


def _gold_ring_directions(image: QImage, rack: ChipRack, cents: int) -> int:
    """In how many of 72 directions the band just outside the chip's edge glows gold."""
    chip: ChipButton = rack.chip_button(cents)
    centre = chip.mapTo(rack, chip.chip_centre().toPoint())
    ratio = image.devicePixelRatio()
    gold = 0
    for step in range(72):
        angle = 2 * math.pi * step / 72
        band = [
            image.pixelColor(
                round((centre.x() + radius * math.cos(angle)) * ratio),
                round((centre.y() + radius * math.sin(angle)) * ratio),
            )
            for radius in (CHIP_RADIUS + 1, CHIP_RADIUS + 2, CHIP_RADIUS + 3, CHIP_RADIUS + 4)
        ]
        gold += any(_is_gold(colour) for colour in band)
    return gold


def test_the_selected_chip_is_ringed_with_gold_in_the_picture(qtbot: QtBot, rack: ChipRack) -> None:
    _click_chip(qtbot, rack, 2_500)

    image = rack.grab().toImage()

    assert _gold_ring_directions(image, rack, 2_500) > 66
    for cents in CHIPS:
        if cents != 2_500:
            assert _gold_ring_directions(image, rack, cents) == 0, cents


def test_a_dimmed_chip_is_drained_of_its_colour(rack: ChipRack) -> None:
    def mean_saturation() -> float:
        chip = rack.chip_button(500)  # the red chip
        image = chip.grab().toImage()
        centre = chip.chip_centre().toPoint()
        samples = [
            image.pixelColor(centre.x() + dx, centre.y() + dy).hsvSaturation()
            for dx in range(-24, 25, 3)
            for dy in range(-24, 25, 3)
            if dx * dx + dy * dy < 24 * 24
        ]
        return sum(samples) / len(samples)

    rack.select(100)
    vivid = mean_saturation()
    rack.set_affordable([100])

    assert mean_saturation() < vivid / 2
