"""Keys, speed, clicks during animations, menus and remembered settings on the real window."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from casino_gui.engine import actions_of
from casino_gui.engine.round import Action, Phase
from casino_gui.gui.dialogs.restore import taken_at
from casino_gui.gui.settings import load_settings
from casino_gui.gui.table.controller import Speed
from tests.gui.conftest import Table

Open = Callable[..., Table]


def menu_action(table: Table, text: str) -> QAction:
    for action in table.window.findChildren(QAction):
        if action.text().replace("&", "") == text:
            return action
    raise AssertionError(f"no menu item {text!r}")


def test_every_move_is_reachable_from_the_keyboard(open_table: Open) -> None:
    # Enter deals (the selected $5 chip on spot 1); H hits 5S 6H with 2C; S stands on 13
    # against the dealer's 9C 8D: lost. Then 1 selects the $1 chip.
    table = open_table()
    table.controller.next_shoe = "5S 9C 6H 8D 2C"
    table.key(Qt.Key.Key_Return)
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.PLAYER_TURNS
    table.key(Qt.Key.Key_H)
    assert [str(c) for c in round_.hands[0].cards] == ["5S", "6H", "2C"]
    table.key(Qt.Key.Key_S)
    assert round_.phase is Phase.SETTLED
    assert table.controller.bankroll.balance == 100_000 - 500
    table.qtbot.keyClick(table.window, Qt.Key.Key_1)
    assert table.window.rack.selected_chip == 100


def test_a_key_for_an_unlit_button_says_why_and_plays_nothing(open_table: Open) -> None:
    table = open_table()
    table.controller.next_shoe = "5S 9C 6H 8D 2C"
    table.key(Qt.Key.Key_Return)
    round_ = table.controller.table
    assert round_ is not None
    table.qtbot.keyClick(table.window, Qt.Key.Key_P)  # no pair: SPLIT is dark
    assert "split" in table.window.status.message_text.lower()
    table.qtbot.keyClick(table.window, Qt.Key.Key_I)  # no ace up: no insurance
    assert "insurance" in table.window.status.message_text.lower()
    assert actions_of(round_) == []
    assert len(round_.hands) == 1


def test_clicks_during_the_deal_never_act_between_two_steps_nor_on_an_unseen_hand(
    open_table: Open,
) -> None:
    table = open_table()
    table.controller.speed = Speed.NORMAL
    table.select_chip(1_000)
    table.click_circle(1)
    table.controller.next_shoe = "5S 9C 6H 8D 2C 7H"
    table.qtbot.mouseClick(table.window.bar.button(Action.DEAL), Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: table.controller.animator.tempo.moving)  # cards sliding
    assert table.controller.busy
    assert table.lit == frozenset()
    table.click_circle(2)  # bets are locked once the round is dealt: it says so
    table.qtbot.mouseClick(table.window.bar.button(Action.HIT), Qt.MouseButton.LeftButton)
    table.qtbot.keyClick(table.window, Qt.Key.Key_S)
    round_ = table.controller.table
    assert round_ is not None
    # HIT and S came before the hand was shown as the hand to play: each says so, in turn.
    table.qtbot.waitUntil(
        lambda: (
            not table.controller.busy
            and table.window.status.message_text.startswith("Not played: STAND")
        )
    )
    assert actions_of(round_) == []
    assert [str(c) for c in round_.hands[0].cards] == ["5S", "6H"]
    assert list(round_.spots) == [1]


def test_the_speed_menu_sets_the_animation_speed(open_table: Open) -> None:
    table = open_table()
    menu_action(table, "Fast").trigger()
    assert table.controller.speed is Speed.FAST
    menu_action(table, "Instant").trigger()
    assert table.controller.speed is Speed.INSTANT


def test_refill_from_the_bankroll_menu_tops_the_wallet_up(open_table: Open) -> None:
    table = open_table()
    table.select_chip(10_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9C 6H 8D")  # 16 against 17: stand and lose $100
    table.press(Action.STAND)
    assert table.controller.bankroll.balance == 90_000
    menu_action(table, "Refill to $1,000").trigger()
    assert table.controller.bankroll.balance == 100_000
    assert table.window.status.bankroll_text == "$1,000.00"
    assert table.window.status.message_text == "$100.00 added: your bankroll is $1,000.00."


def test_the_window_remembers_its_size_and_its_table(open_table: Open, tmp_path: Path) -> None:
    folder = tmp_path / "remember"
    first = open_table("pontoon", folder=folder)
    first.window.resize(1300, 860)
    first.window.close()
    first.controller.bankroll.close()
    settings = load_settings(folder)
    assert settings.game == "pontoon"
    from casino_gui.gui.window import CasinoWindow
    from casino_gui.store import Bankroll

    with Bankroll.open(folder) as bankroll:
        window = CasinoWindow(bankroll)
        first.qtbot.addWidget(window)
        assert window.controller.rules.game == "pontoon"
        assert (window.width(), window.height()) == (1300, 860)
        window.close()


def test_restore_from_backup_puts_the_backup_in_place(open_table: Open, tmp_path: Path) -> None:
    folder = tmp_path / "restore"
    table = open_table(folder=folder)
    table.select_chip(10_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9C 6H 8D")
    table.press(Action.STAND)  # 16 against 17: $100 lost
    assert table.controller.bankroll.balance == 90_000
    backup = table.window.bankroll.backups()[0]  # taken at this start: $1,000
    table.window.money.restore_backup(backup)
    assert table.window.bankroll.balance == 100_000
    assert table.controller.bankroll is table.window.bankroll
    assert table.window.status.message_text == (
        f"Restored the backup of {taken_at(backup):%d %B %Y, %H:%M}: your bankroll is $1,000.00."
    )
    # The bankroll it replaced ($900) is kept as the newest backup, not thrown away.
    from casino_gui.store.backups import check_backup

    kept = [path for path in table.window.bankroll.backups() if path != backup]
    assert 90_000 in [check_backup(path, folder) for path in kept]
    table.select_chip(500)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9C TH 8D")  # the restored bankroll plays on: 20 wins
    table.press(Action.STAND)
    assert table.window.bankroll.balance == 100_500
    table.window.bankroll.close()
