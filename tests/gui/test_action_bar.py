"""The action bar: lamp buttons lit exactly when the engine says so, with their keys on them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from casino_gui.engine.round import Action
from casino_gui.gui.panels.action_bar import KEY_CAPS, LABELS, SHORTCUTS, ActionBar
from casino_gui.gui.panels.lamp_button import GLOW, CasinoButton
from tests.gui.conftest import keyed_window, shown

FACE_UP_21 = {Action.DEAL, Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT}


@pytest.fixture
def bar(qtbot: QtBot) -> ActionBar:
    return shown(qtbot, ActionBar(), 1100)


@pytest.fixture
def window(qtbot: QtBot) -> tuple[QWidget, ActionBar]:
    """A window holding a bar whose keys are installed, shown and active (keys need that)."""
    bar = ActionBar()
    return keyed_window(qtbot, bar, bar.install_shortcuts, (1100, 300)), bar


def _record(bar: ActionBar) -> list[Action]:
    triggered: list[Action] = []
    bar.action_triggered.connect(triggered.append)
    return triggered


def _centre(button: CasinoButton) -> QPoint:
    return button.rect().center()


def test_every_button_starts_unlit(bar: ActionBar) -> None:
    assert bar.lit() == frozenset()
    assert not any(bar.button(action).isEnabled() for action in Action)


def test_exactly_the_given_actions_are_lit(bar: ActionBar) -> None:
    bar.set_lit([Action.HIT, Action.STAND, Action.DOUBLE])

    assert {action for action in Action if bar.button(action).isEnabled()} == {
        Action.HIT,
        Action.STAND,
        Action.DOUBLE,
    }

    bar.set_lit([Action.DEAL])

    assert {action for action in Action if bar.button(action).is_lit()} == {Action.DEAL}


def test_face_up_21_hides_insurance_and_surrender(bar: ActionBar) -> None:
    bar.set_offered(FACE_UP_21)

    assert {action for action in Action if bar.button(action).isVisible()} == FACE_UP_21
    for action in (Action.INSURE, Action.NO_INSURANCE, Action.SURRENDER):
        assert bar.button(action).isHidden()


def test_buttons_read_their_labels_in_the_engines_action_order(bar: ActionBar) -> None:
    layout = bar.layout()
    buttons = [layout.itemAt(i).widget() for i in range(layout.count())]
    labels = [button.text() for button in buttons if isinstance(button, CasinoButton)]

    assert labels == [
        "DEAL",
        "HIT",
        "STAND",
        "DOUBLE",
        "SPLIT",
        "INSURE",
        "NO INSURANCE",
        "SURRENDER",
        "HINT",
    ]


def test_clicking_a_lit_button_emits_its_action(qtbot: QtBot, bar: ActionBar) -> None:
    triggered = _record(bar)
    bar.set_lit([Action.HIT, Action.STAND])

    button = bar.button(Action.STAND)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=_centre(button))

    assert triggered == [Action.STAND]


def test_clicking_an_unlit_button_emits_nothing(qtbot: QtBot, bar: ActionBar) -> None:
    triggered = _record(bar)
    bar.set_lit([Action.HIT, Action.STAND])

    for action in (Action.DOUBLE, Action.DEAL, Action.SURRENDER):
        button = bar.button(action)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=_centre(button))

    assert triggered == []


def test_a_button_that_goes_dark_stops_answering(qtbot: QtBot, bar: ActionBar) -> None:
    triggered = _record(bar)
    bar.set_lit([Action.DEAL])
    bar.set_lit([])

    button = bar.button(Action.DEAL)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=_centre(button))

    assert triggered == []


def test_lit_buttons_show_a_pointing_hand_and_unlit_ones_the_arrow(bar: ActionBar) -> None:
    bar.set_lit([Action.INSURE, Action.NO_INSURANCE])

    for action in Action:
        expected = (
            Qt.CursorShape.PointingHandCursor
            if action in {Action.INSURE, Action.NO_INSURANCE}
            else Qt.CursorShape.ArrowCursor
        )
        assert bar.button(action).cursor().shape() == expected, action


def test_the_shortcut_table() -> None:
    assert {action: SHORTCUTS[action] for action in Action} == {
        Action.DEAL: "Return",
        Action.HIT: "H",
        Action.STAND: "S",
        Action.DOUBLE: "D",
        Action.SPLIT: "P",
        Action.INSURE: "I",
        Action.NO_INSURANCE: "N",
        Action.SURRENDER: "R",
    }


def test_each_button_carries_its_key(bar: ActionBar) -> None:
    assert {action: bar.button(action).key_cap() for action in Action} == {
        Action.DEAL: "Enter",
        Action.HIT: "H",
        Action.STAND: "S",
        Action.DOUBLE: "D",
        Action.SPLIT: "P",
        Action.INSURE: "I",
        Action.NO_INSURANCE: "N",
        Action.SURRENDER: "R",
    }
    assert bar.button(Action.HIT).accessibleName() == "Hit (H)"


def test_the_key_is_painted_on_the_second_line(qtbot: QtBot) -> None:
    # Two buttons alike but for the key: their pictures differ only below the label.
    pictures = []
    for key in ("H", "S"):
        button = CasinoButton(LABELS[Action.HIT], key)
        qtbot.addWidget(button)
        button.set_lit(True)
        button.resize(button.sizeHint())
        pictures.append(button.grab().toImage())
    first, second = pictures
    height = first.height()

    def rows_that_differ() -> set[int]:
        return {
            y
            for y in range(height)
            for x in range(first.width())
            if first.pixel(x, y) != second.pixel(x, y)
        }

    differing = rows_that_differ()
    assert differing, "the key cap is not painted"
    assert min(differing) > height // 2


def _mean_face_colour(button: CasinoButton) -> QColor:
    # Inside the lamp's face only: around it a lone widget's grab shows the window colour.
    image = button.grab().toImage()
    inset = int(GLOW) + 4
    face = [
        image.pixelColor(x, y)
        for x in range(inset, image.width() - inset)
        for y in range(inset, image.height() - inset)
    ]
    return QColor(
        sum(colour.red() for colour in face) // len(face),
        sum(colour.green() for colour in face) // len(face),
        sum(colour.blue() for colour in face) // len(face),
    )


def test_a_lit_button_glows_amber_and_an_unlit_one_is_dark(bar: ActionBar) -> None:
    bar.set_lit([Action.HIT])

    lit = _mean_face_colour(bar.button(Action.HIT))
    unlit = _mean_face_colour(bar.button(Action.STAND))

    # Amber: strong red, less green, little blue. Dark: nothing above a dim grey.
    assert lit.red() > 200 and 120 < lit.green() < lit.red() and lit.blue() < 120, lit.name()
    assert max(unlit.red(), unlit.green(), unlit.blue()) < 80, unlit.name()


def test_keys_trigger_lit_buttons(qtbot: QtBot, window: tuple[QWidget, ActionBar]) -> None:
    window_widget, bar = window
    triggered = _record(bar)
    bar.set_lit([Action.HIT, Action.STAND, Action.DOUBLE])

    qtbot.keyClick(window_widget, Qt.Key.Key_H)
    qtbot.keyClick(window_widget, Qt.Key.Key_D)
    qtbot.keyClick(window_widget, Qt.Key.Key_S)

    assert triggered == [Action.HIT, Action.DOUBLE, Action.STAND]


def test_keys_of_unlit_buttons_do_nothing(qtbot: QtBot, window: tuple[QWidget, ActionBar]) -> None:
    window_widget, bar = window
    triggered = _record(bar)
    bar.set_lit([Action.HIT])

    for key in (Qt.Key.Key_S, Qt.Key.Key_D, Qt.Key.Key_P, Qt.Key.Key_Return, Qt.Key.Key_R):
        qtbot.keyClick(window_widget, key)

    assert triggered == []


def test_enter_and_return_both_deal(qtbot: QtBot, window: tuple[QWidget, ActionBar]) -> None:
    window_widget, bar = window
    triggered = _record(bar)
    bar.set_lit([Action.DEAL])

    qtbot.keyClick(window_widget, Qt.Key.Key_Return)
    qtbot.keyClick(window_widget, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)

    assert triggered == [Action.DEAL, Action.DEAL]


def test_insurance_keys(qtbot: QtBot, window: tuple[QWidget, ActionBar]) -> None:
    window_widget, bar = window
    triggered = _record(bar)
    bar.set_lit([Action.INSURE, Action.NO_INSURANCE])

    qtbot.keyClick(window_widget, Qt.Key.Key_N)
    qtbot.keyClick(window_widget, Qt.Key.Key_I)

    assert triggered == [Action.NO_INSURANCE, Action.INSURE]


def test_keys_work_from_anywhere_in_the_window(
    qtbot: QtBot, window: tuple[QWidget, ActionBar]
) -> None:
    window_widget, bar = window
    triggered = _record(bar)
    bar.set_lit([Action.HIT])
    table = window_widget.layout().itemAt(0).widget()
    table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    table.setFocus()

    qtbot.keyClick(table, Qt.Key.Key_H)

    assert triggered == [Action.HIT]


def test_the_key_of_a_game_that_never_offers_the_action_does_nothing(
    qtbot: QtBot, window: tuple[QWidget, ActionBar]
) -> None:
    window_widget, bar = window
    triggered = _record(bar)
    bar.set_offered(FACE_UP_21)
    bar.set_lit([Action.SURRENDER, Action.HIT])  # a controller mistake must not leak through

    qtbot.keyClick(window_widget, Qt.Key.Key_R)

    assert triggered == []


def test_installing_the_keys_again_keeps_one_shortcut_per_key(
    qtbot: QtBot, window: tuple[QWidget, ActionBar]
) -> None:
    # Two live shortcuts on one key would be ambiguous, and neither would fire.
    window_widget, bar = window
    triggered = _record(bar)
    bar.install_shortcuts(window_widget)
    bar.set_lit([Action.HIT])

    qtbot.keyClick(window_widget, Qt.Key.Key_H)

    assert triggered == [Action.HIT]


def test_a_key_press_shows_the_button_pushed_in_for_a_moment(
    qtbot: QtBot, window: tuple[QWidget, ActionBar]
) -> None:
    window_widget, bar = window
    bar.set_lit([Action.HIT])

    qtbot.keyClick(window_widget, Qt.Key.Key_H)

    assert bar.button(Action.HIT).isDown()
    qtbot.waitUntil(lambda: not bar.button(Action.HIT).isDown(), timeout=1000)


def test_key_caps_match_the_shortcuts_but_for_enter() -> None:
    assert {action: cap for action, cap in KEY_CAPS.items() if cap != SHORTCUTS[action]} == {
        Action.DEAL: "Enter"
    }
