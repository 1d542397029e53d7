"""Keys belong to the page that is shown (docs/architecture.md, "The window"), the window's title,
the first
start in the lobby, and the shortcuts page that lists every key."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from casino_gui.engine import actions_of
from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Action, Phase
from casino_gui.gui.dialogs.late_insurance import LateInsuranceDialog
from casino_gui.gui.dialogs.restore import RestoreDialog, backup_choices
from casino_gui.gui.dialogs.rules import RulesDialog
from casino_gui.gui.dialogs.shortcuts import ShortcutsDialog, table_sequences
from casino_gui.gui.lobby.game_tile import GameTile
from casino_gui.gui.theme import APP_STYLE
from casino_gui.gui.window import CasinoWindow, window_title
from casino_gui.store import Bankroll
from tests.gui.conftest import Table, drain

Open = Callable[..., Table]
CARIBBEAN = rules_for("caribbean_21")

# Every key the table answers, as a player types it (the keypad's digits included).
TABLE_KEYS: list[tuple[Qt.Key, Qt.KeyboardModifier]] = [
    *(
        (key, Qt.KeyboardModifier.NoModifier)
        for key in (
            Qt.Key.Key_H,
            Qt.Key.Key_S,
            Qt.Key.Key_D,
            Qt.Key.Key_P,
            Qt.Key.Key_I,
            Qt.Key.Key_N,
            Qt.Key.Key_Question,
            Qt.Key.Key_1,
            Qt.Key.Key_2,
            Qt.Key.Key_3,
            Qt.Key.Key_4,
            Qt.Key.Key_5,
            Qt.Key.Key_6,
        )
    ),
    (Qt.Key.Key_6, Qt.KeyboardModifier.KeypadModifier),
    (Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier),  # the strategy chart of the table
]


def ledger(table: Table) -> list[tuple[int, str, int]]:
    rows = table.window.bankroll.ledger()
    return [(row.id, row.kind.value, row.amount) for row in rows]


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def close_rules_pages(table: Table) -> list[str]:
    """Close the rules pages that are open (their titles); the window takes the keys again."""
    titles = []
    for page in QApplication.topLevelWidgets():
        if isinstance(page, RulesDialog) and page.isVisible():
            titles.append(page.windowTitle())
            page.close()
    if titles:
        table.window.activateWindow()
        table.qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=3_000)
    return titles


def press_in_lobby(table: Table, key: Qt.Key, modifier: Qt.KeyboardModifier) -> None:
    """A key as the keyboard sends it: to the focused widget (a tile), shortcuts first."""
    table.qtbot.keyClick(focused(), key, modifier)
    drain(table.qtbot)


def test_table_keys_do_nothing_in_the_lobby_between_rounds(open_table: Open) -> None:
    table = open_table()
    table.select_chip(2_500)
    table.click_circle(1)
    assert Action.DEAL in table.lit
    before, balance = ledger(table), table.window.bankroll.balance
    table.qtbot.keyClick(table.window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert not table.window.table_shown()
    assert isinstance(focused(), GameTile)
    for key, modifier in TABLE_KEYS:
        press_in_lobby(table, key, modifier)
        assert not table.window.table_shown(), key
    assert table.controller.table is None, "no round was dealt"
    assert table.window.rack.selected_chip == 2_500, "no chip was chosen by 1-6"
    assert ledger(table) == before and table.window.bankroll.balance == balance


def test_keys_in_the_lobby_cannot_play_a_hidden_round(open_table: Open) -> None:
    table = open_table()
    table.select_chip(2_500)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 6C 7H TD")  # 17 against a ten: the hand waits
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.PLAYER_TURNS
    actions, before = actions_of(round_), ledger(table)
    table.window.show_lobby()
    for key, modifier in [*TABLE_KEYS, (Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier)]:
        press_in_lobby(table, key, modifier)
        close_rules_pages(table)
    assert actions_of(round_) == actions, "no decision reached the hidden hand"
    assert ledger(table) == before
    # Enter asks to sit at the focused table: the round must be finished first.
    press_in_lobby(table, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier)
    assert table.window.table_shown()
    assert table.window.status.message_text == "Finish the round on the table first."
    assert actions_of(round_) == actions and ledger(table) == before


def test_enter_in_the_lobby_opens_the_focused_table_and_r_its_rules(open_table: Open) -> None:
    table = open_table()
    table.select_chip(500)
    table.click_circle(1)
    before = ledger(table)
    table.window.show_lobby()
    table.qtbot.keyClick(focused(), Qt.Key.Key_Right)
    table.qtbot.keyClick(focused(), Qt.Key.Key_Right)  # Pontoon
    press_in_lobby(table, Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier)
    assert close_rules_pages(table) == ["Rules of Pontoon"]
    assert table.controller.table is None
    press_in_lobby(table, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier)
    assert table.window.table_shown()
    assert table.controller.rules.game == "pontoon"
    assert table.controller.table is None, "Enter opened the table; it did not deal"
    assert ledger(table) == before


def test_menu_items_of_the_table_are_off_in_the_lobby(open_table: Open) -> None:
    table = open_table()
    table.window.show_lobby()
    assert not table.window.menu_action("Strategy chart").isEnabled()
    assert not table.window.menu_action("Rules of this game").isEnabled()
    table.window.show_table()
    assert table.window.menu_action("Strategy chart").isEnabled()


def test_the_title_names_the_page(open_table: Open) -> None:
    table = open_table("face_up_21")
    assert table.window.windowTitle() == "Casino — Face Up 21"
    table.window.show_lobby()
    assert table.window.windowTitle() == "Casino — Lobby"
    assert window_title(None) == "Casino"


def test_the_program_sets_no_display_name_that_qt_would_add_to_the_title() -> None:
    # On X11 Qt appends " — <display name>" to every title that does not end with it.
    from casino_gui import app

    assert "setApplicationDisplayName" not in Path(app.__file__).read_text("utf-8")


def test_the_first_start_opens_the_lobby_and_later_ones_the_last_table(
    qapp: QApplication, tmp_path: Path
) -> None:
    with Bankroll.open(tmp_path) as bankroll:
        first = CasinoWindow(bankroll)
        assert not first.table_shown()
        first.sit_at(first.lobby.tile("caribbean_21").rules())
        first.close()
    with Bankroll.open(tmp_path) as bankroll:
        later = CasinoWindow(bankroll)
        assert later.table_shown()
        assert later.controller.rules.game == "caribbean_21"
        later.close()


def test_a_first_session_closed_in_the_lobby_opens_the_lobby_again(
    qapp: QApplication, tmp_path: Path
) -> None:
    # No table was sat at: none is kept as the table played last.
    with Bankroll.open(tmp_path) as bankroll:
        first = CasinoWindow(bankroll)
        assert not first.table_shown()
        first.close()
    with Bankroll.open(tmp_path) as bankroll:
        later = CasinoWindow(bankroll)
        assert not later.table_shown()
        later.close()


def bound_sequences(window: CasinoWindow) -> set[str]:
    portable = QKeySequence.SequenceFormat.PortableText
    keys = {shortcut.key().toString(portable) for shortcut in window.findChildren(QShortcut)}
    return keys


def test_the_shortcuts_page_lists_every_key_of_the_window(open_table: Open) -> None:
    table = open_table()
    window = table.window
    dialog = ShortcutsDialog(window._menu_actions, window)
    table.qtbot.addWidget(dialog)
    listed = dialog.listed()
    # The table page's shortcuts are the ones the page describes.
    assert bound_sequences(window) == {QKeySequence(k).toString() for k in table_sequences()}
    for caps in ("Enter", "H", "S", "D", "P", "I", "N", "R", "?", "1–6"):
        assert caps in listed
    for action in window._menu_actions:
        if not action.shortcut().isEmpty():
            native = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            assert native in listed, action.text()
    for key in ("Ctrl+L", "Ctrl+T", "Ctrl+N", "Ctrl+H", "Ctrl+K", "Ctrl+Q", "F1"):
        assert key in listed


def test_the_shortcuts_page_is_a_grid_of_key_caps(open_table: Open) -> None:
    table = open_table()
    dialog = ShortcutsDialog(table.window._menu_actions, table.window)
    table.qtbot.addWidget(dialog)
    dialog.show()
    table.qtbot.waitExposed(dialog)
    lefts = {cap.mapTo(dialog, cap.rect().topLeft()).x() for cap in dialog.key_caps[:10]}
    assert len(lefts) == 1, "the keys of the table stand in one column"


@pytest.mark.parametrize("game", ["blackjack", "pontoon"])
def test_the_table_keys_still_play_at_the_table(open_table: Open, game: str) -> None:
    table = open_table(game)
    table.select_chip(2_500)
    table.click_circle(1)
    table.key(Qt.Key.Key_Return)
    assert table.controller.table is not None


# --- Dialogs in the table's style ------------------------------------------------------


def test_the_restore_picker_lists_date_and_balance_not_file_names(open_table: Open) -> None:
    table = open_table()
    table.select_chip(10_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9C 6H 8D")
    table.press(Action.STAND)  # $100 lost: the next backup would hold $900
    choices = backup_choices(table.window.bankroll)
    assert [choice.balance for choice in choices] == [100_000]  # taken at the start
    dialog = RestoreDialog(choices, table.window)
    table.qtbot.addWidget(dialog)
    text = dialog.list.item(0).text()
    assert "balance $1,000.00" in text
    assert f"{choices[0].taken:%d %B %Y, %H:%M}" in text
    assert ".sqlite3" not in text and "bankroll-" not in text
    assert dialog.restore_button.isEnabled()
    assert dialog.chosen().path == choices[0].path


def test_a_damaged_backup_is_listed_but_cannot_be_chosen(open_table: Open) -> None:
    table = open_table()
    good = table.window.bankroll.backups()[0]
    bad = good.with_name("bankroll-29990101T000000000000Z.sqlite3")
    bad.write_bytes(b"SQLite format 3\0" + b"\xff" * 4000)
    choices = backup_choices(table.window.bankroll)
    # Whatever its date, a backup that cannot be read holds no play anyone can see: it is last.
    assert [(c.path, c.balance) for c in choices] == [(good, 100_000), (bad, None)]
    dialog = RestoreDialog(choices, table.window)
    table.qtbot.addWidget(dialog)
    assert "damaged" in dialog.list.item(1).text()
    assert dialog.chosen().path == good, "the first sound backup is chosen"
    dialog.list.setCurrentRow(1)
    assert not dialog.restore_button.isEnabled()


def test_late_insurance_is_made_of_chips_bounded_by_the_cap(qtbot: QtBot) -> None:
    dialog = LateInsuranceDialog(1_250, CARIBBEAN.insurance_pays)  # half a $25 bet: $12.50
    qtbot.addWidget(dialog)
    assert dialog.amount() == 0, "it starts at nothing, never at the cap"
    assert not dialog.insure_button.isEnabled() and dialog.decline_button.isDefault()
    for chip in (1_000, 100, 100):
        button = dialog.chips[chip]
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=button.chip_centre().toPoint())
    assert dialog.amount() == 1_200 and dialog.insure_button.isDefault()
    # Another $1 would pass $12.50: that chip is dimmed and refuses the click.
    assert not dialog.chips[100].isEnabled()
    qtbot.mouseClick(dialog.chips[100], Qt.MouseButton.LeftButton)
    dialog.add(100)
    assert dialog.amount() == 1_200
    qtbot.mouseClick(dialog.cap_button, Qt.MouseButton.LeftButton)
    assert dialog.amount() == 1_250
    assert dialog.insure_button.text() == "Insure $12.50"
    assert "Insurance pays 9 to 1." in dialog.findChildren(QLabel)[1].text()
    with pytest.raises(ValueError, match=r"\$13.00 is not between \$0.00 and \$12.50"):
        dialog.set_amount(1_300)


def test_dialogs_take_the_applications_one_style_sheet(open_table: Open) -> None:
    table = open_table()
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert app.styleSheet() == APP_STYLE
    dialog = LateInsuranceDialog(500, CARIBBEAN.insurance_pays, table.window)
    table.qtbot.addWidget(dialog)
    dialog.show()
    table.qtbot.waitExposed(dialog)
    picture = dialog.grab().toImage()
    corner = picture.pixelColor(4, 4)
    assert corner.green() > corner.red() + 30, "the dialog is on the felt, not stock grey"


def test_the_rules_page_keeps_its_dark_ink_under_the_applications_style(
    open_table: Open,
) -> None:
    table = open_table()
    dialog = RulesDialog(table.window.controller.rules, table.window)
    table.qtbot.addWidget(dialog)
    dialog.show()
    table.qtbot.waitExposed(dialog)
    page = dialog._browser.viewport().grab().toImage()
    dark = sum(
        1
        for x in range(0, page.width(), 3)
        for y in range(0, page.height(), 3)
        if page.pixelColor(x, y).value() < 90
    )
    assert dark > 200, "the rules are printed in dark ink on the cream card"


def test_pontoons_chart_caption_reads_as_a_sentence(open_table: Open) -> None:
    table = open_table("pontoon")
    dialog = table.window.strategy_chart()
    table.qtbot.addWidget(dialog)
    with table.qtbot.waitSignal(dialog.chart_ready, timeout=60_000):
        pass
    caption = dialog._heading.text()
    assert "against the dealer's hand, face down." in caption
    assert "(" not in caption


def test_the_window_fits_twice_the_scale_on_a_1280_by_800_screen(
    open_table: Callable[..., Table],
) -> None:
    # 640 logical pixels wide: the window's minimum, the widest of its pages (the lobby's
    # four tiles a row, the table's bar), must fit, or its right side is off the screen.
    table = open_table()
    window = table.window
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 8S 9H 7C")  # the playing bar: its most lamps
    window.resize(640, 372)  # opened big, then made small: the bar's scale comes down
    drain(table.qtbot)
    assert window.width() <= 640
    window.show_lobby()
    window.resize(640, 360)  # the lobby in its smallest dress
    drain(table.qtbot)
    assert window.lobby.minimumSizeHint().width() <= 640
    # Nothing on a tile covers anything else: the marquee and the decks line give way.
    for tile in window.lobby.findChildren(GameTile):
        parts = [
            part
            for part in (
                tile.name_label,
                tile.description_label,
                tile.limits_label,
                tile.decks_label,
                tile.play_button,
                tile.rules_button,
            )
            if part.isVisible()
        ]
        boxes = [part.geometry() for part in parts]
        for index, box in enumerate(boxes):
            assert tile.rect().contains(box), tile.name_label.text()
            for other in boxes[index + 1 :]:
                assert not box.intersects(other), tile.name_label.text()
            assert box.height() >= _height_needed(parts[index]), tile.name_label.text()
        assert tile.rules_button.width() >= tile.rules_button.sizeHint().width()


def _height_needed(part: QWidget) -> int:
    """The height a label's words need at its width (a wrapped one's lines), or a button's."""
    if isinstance(part, QLabel) and part.wordWrap():
        return part.heightForWidth(part.width())
    return part.minimumSizeHint().height()
