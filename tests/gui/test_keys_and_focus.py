"""Every part of the table is reached by Tab and the arrows, with the focus drawn
(docs/decisions.md, "Keys and focus"): real keys sent to the widget that has the keyboard's
focus, in the real window, over a real SQLite bankroll in a temporary folder.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QWidget

from casino_gui.engine.round import Action
from casino_gui.gui.panels.one_tab_stop import RING_BRIGHT
from casino_gui.gui.table.felt_focus import thing_bounds
from casino_gui.gui.table.felt_key import DEALER, TRAY, FeltKey, circle, hand
from casino_gui.gui.table.picture import Convenience
from casino_gui.gui.table.spoken import felt_words
from tests.gui.conftest import Table, drain

Open = Callable[..., Table]

# Two hands: 8S 8D against the dealer's 9H (hole TD); the player splits nothing.
TWO_HANDS = "TS 8S 9H 7C TD 5D 9C"


def focused() -> QWidget | None:
    return QApplication.focusWidget()


def key(table: Table, which: Qt.Key) -> None:
    """A key pressed where the keyboard's focus is, as a player presses it."""
    widget = focused()
    assert widget is not None, "nothing on the table has the keys"
    table.qtbot.keyClick(widget, which)
    drain(table.qtbot)


def bright(image: QImage, box: QRectF) -> int:
    """Pixels of the focus ring's colour in `box` of `image`."""
    count = 0
    left, top = max(0, int(box.left())), max(0, int(box.top()))
    right, bottom = min(image.width(), int(box.right())), min(image.height(), int(box.bottom()))
    for x in range(left, right):
        for y in range(top, bottom):
            colour = image.pixelColor(x, y)
            if _near(colour, RING_BRIGHT):
                count += 1
    return count


def _near(colour: QColor, other: QColor) -> bool:
    return (
        abs(colour.red() - other.red()) + abs(colour.green() - other.green()) < 60
        and abs(colour.blue() - other.blue()) < 60
    )


def test_tab_goes_round_the_table_as_a_player_reads_it(open_table: Open) -> None:
    table = open_table()
    window = table.window
    assert focused() is window.view  # the felt has the keys at the table
    order = [window.rack, window.status, window.bar, window.mute, window.view]
    for expected in order:
        key(table, Qt.Key.Key_Tab)
        assert focused() is expected
    for expected in reversed(order[:-1]):
        table.qtbot.keyClick(focused(), Qt.Key.Key_Backtab)
        assert focused() is expected


def test_the_felts_arrows_walk_its_things_in_the_tables_order(open_table: Open) -> None:
    table = open_table()
    table.select_chip(1_000)
    table.click_circle(1)
    table.click_circle(2)
    table.press(Action.DEAL, shoe=TWO_HANDS)
    view, scene = table.window.view, table.window.scene
    view.setFocus()
    assert scene.shown is not None
    keys = [thing.key for thing in felt_words(scene.shown)]
    assert view.focus.key == hand(1)  # the table leads to the hand whose turn it is
    for _ in keys:
        key(table, Qt.Key.Key_Up)
    walked = [view.focus.key]
    for _ in keys[1:]:
        key(table, Qt.Key.Key_Down)
        walked.append(view.focus.key)
    assert walked == keys
    assert keys == [DEALER, TRAY, circle(1), hand(1), circle(2), hand(2), circle(3)]
    key(table, Qt.Key.Key_Down)  # the end of the felt: the focus stays
    assert view.focus.key == circle(3)
    # Outside betting ← and → walk it too.
    key(table, Qt.Key.Key_Left)
    assert view.focus.key == hand(2)


def test_the_ring_is_drawn_while_the_keyboard_walks_the_felt_and_not_for_the_mouse(
    open_table: Open,
) -> None:
    table = open_table()
    view, scene = table.window.view, table.window.scene

    def ring_around(thing: FeltKey) -> int:
        box = view.mapFromScene(thing_bounds(scene, thing).adjusted(-20, -20, 20, 20))
        drain(table.qtbot)
        view.viewport().repaint()
        return bright(view.viewport().grab().toImage(), QRectF(box.boundingRect()))

    assert view.focus.key is not None
    assert ring_around(view.focus.key) == 0  # no ring before the keyboard walks the felt
    key(table, Qt.Key.Key_Down)
    thing = view.focus.key
    assert thing is not None
    assert ring_around(thing) > 40
    key(table, Qt.Key.Key_Tab)  # the keys go to the rack
    assert ring_around(thing) == 0
    for _ in range(4):
        key(table, Qt.Key.Key_Tab)  # round again to the felt: Tab shows the ring
    assert focused() is view and ring_around(thing) > 40
    table.click_circle(1)  # the mouse plays: the ring goes
    assert ring_around(thing) == 0


def test_while_bets_are_open_the_arrows_choose_a_circle_and_the_focus_goes_with_it(
    open_table: Open,
) -> None:
    table = open_table()
    view = table.window.view
    key(table, Qt.Key.Key_Right)
    [(spot, _kind)] = table.chosen()
    key(table, Qt.Key.Key_Left)
    [(other, _kind)] = table.chosen()
    assert other != spot
    assert view.focus.key == circle(other)
    key(table, Qt.Key.Key_Plus)  # the selected chip on it, as before
    assert table.controller.pending.bets == {other: table.window.rack.selected_chip}
    key(table, Qt.Key.Key_Up)  # ↑ walks the felt, and the chosen circle stays chosen
    assert view.focus.key != circle(other)
    assert table.chosen() == [(other, "main")]


def test_the_racks_arrows_choose_among_the_chips_the_bankroll_covers(open_table: Open) -> None:
    table = open_table()
    window = table.window
    rack = window.rack
    table.select_chip(500)
    key(table, Qt.Key.Key_Tab)
    assert focused() is rack
    key(table, Qt.Key.Key_Right)
    assert rack.selected_chip == 1_000
    key(table, Qt.Key.Key_Left)
    key(table, Qt.Key.Key_Left)
    assert rack.selected_chip == 100
    # The ring stands around the selected chip, drawn over the rack.
    assert rack.tab_stop.ring.isVisible()
    assert rack.tab_stop.ring.geometry().contains(rack.chip_button(100).geometry().center())
    # ← → are the rack's while it has the keys: no circle was chosen.
    assert table.chosen() == []
    # A chip the bankroll no longer covers is passed over: $900 bet of $1,000 leaves $100.
    table.select_chip(10_000)
    for spot in (1, 1, 1, 1, 1, 2, 2, 2, 2):  # $500 is a circle's most
        table.click_circle(spot)
    rack.setFocus()
    assert not rack.chip_button(50_000).isEnabled()
    key(table, Qt.Key.Key_Right)
    assert rack.selected_chip == 10_000
    key(table, Qt.Key.Key_Left)
    assert rack.selected_chip == 2_500


def test_the_bars_arrows_reach_every_lamp_and_space_presses_it_as_its_key(
    open_table: Open,
) -> None:
    table = open_table()
    window = table.window
    bar = window.bar
    for _ in range(3):
        key(table, Qt.Key.Key_Tab)
    assert focused() is bar
    lamps = bar.shown_buttons()
    assert bar.tab_stop.part() is lamps[0] is bar.button(Action.DEAL)
    key(table, Qt.Key.Key_Right)
    undo = bar.convenience(Convenience.UNDO)
    assert bar.tab_stop.part() is undo and not undo.is_lit()
    # UNDO is dark with no bet placed: Space says why, as its key U does.
    key(table, Qt.Key.Key_Space)
    said = window.status.message_text
    table.qtbot.keyClick(window, Qt.Key.Key_U)
    assert said and window.status.message_text == said
    for _ in lamps:
        key(table, Qt.Key.Key_Right)
    assert bar.tab_stop.part() is lamps[-1]
    table.select_chip(1_000)  # a click on a chip leaves the keys where they were
    assert focused() is bar
    table.click_circle(1)  # a click on the felt gives it the keys, as a click does
    assert focused() is window.view
    bar.setFocus()
    for _ in lamps:
        key(table, Qt.Key.Key_Left)
    table.controller.next_shoe = TWO_HANDS
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.keyClick(bar, Qt.Key.Key_Space)
    assert table.controller.round_in_play


def test_the_status_panels_arrows_read_its_figures(open_table: Open) -> None:
    table = open_table()
    window = table.window
    for _ in range(2):
        key(table, Qt.Key.Key_Tab)
    stop = window.status.tab_stop
    assert focused() is window.status
    part = stop.part()
    assert part is not None and part.accessibleName().startswith("Bankroll: $")
    key(table, Qt.Key.Key_Right)
    part = stop.part()
    assert part is not None and part.accessibleName().startswith("On the table: $")


def test_space_on_the_mute_lamp_toggles_the_sound(open_table: Open) -> None:
    table = open_table()
    window = table.window
    for _ in range(4):
        key(table, Qt.Key.Key_Tab)
    assert focused() is window.mute
    sound = window.settings.sound
    key(table, Qt.Key.Key_Space)
    assert window.settings.sound is not sound
    assert window.mute.isChecked() is not sound
