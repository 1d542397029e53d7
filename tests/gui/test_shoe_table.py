"""The shoe at the table (docs/decisions.md, "The shoe at the table"): a shoe game's tray keeps
its cards across rounds, a plate says the cards left and the cut card, both as the store has
them after a restart or a kill -9 mid-hand; the round that reaches the cut card says so, and
the next deal shows the shuffle without losing a click made during it.

One deck cut at half (26 cards). Seed 2026's shuffle burns 8S, then deals, standing each
round with no insurance: 8H 7D JC 3C | 7S (the dealer hits) · 2H KD AC TD · AD JD 4C 6D QD ·
3D 3H AS 6S KC · 6H 9C 4S 7C 9D · 5D 9H 5C KH, which takes the shoe past its cut card (29 cards
out). Seed 2027's round, dealt next from a new shuffle: player 4D AS, dealer 6S (3C) and 8H
(tests/store/test_shoe_games.py deals the same shoe at the store).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from casino_gui.engine.round import Action
from casino_gui.engine.shoe import Shoe
from casino_gui.gui.table.animation import Speed
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.shoe_picture import shoe_picture_of
from casino_gui.gui.table.shuffle import SHUFFLING
from casino_gui.gui.table.spoken import felt_words
from tests.gui.conftest import Table

Open = Callable[..., Table]
SHOE_GAME = {"decks": 1, "penetration": 0.5}
ROOT = Path(__file__).resolve().parents[2]


def deal(table: Table, seed: int = 2026) -> None:
    """$5 on circle 1, dealt; a new shuffle is of `seed` (a shoe that goes on ignores it)."""
    table.click_circle(1)
    table.controller.next_shoe = seed
    table.press(Action.DEAL)


def stand_out(table: Table) -> None:
    """No insurance, and the hand stands, until the round is settled."""
    while table.controller.round_in_play:
        table.press(Action.NO_INSURANCE if Action.NO_INSURANCE in table.lit else Action.STAND)


def plate(table: Table) -> str:
    return table.window.scene.tray.plate.text


def tray(table: Table) -> int:
    """The tray's pile as drawn; the picture says the same."""
    count = table.window.scene.tray.count
    assert count == table.controller.picture().discards
    return count


def player_cards(table: Table) -> list[str]:
    round_ = table.controller.table
    assert round_ is not None
    return [str(card) for card in round_.hands[0].cards]


def reopened(open_table: Open, folder: Path) -> Table:
    """The casino started again on `folder`, a round left open resumed as the window does."""
    table = open_table("blackjack", folder=folder, **SHOE_GAME)
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        resuming = asyncio.ensure_future(table.controller.resume())
    assert resuming.done()
    return table


def test_the_tray_keeps_a_shoe_games_cards_and_the_plate_counts_them_down(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "casino"
    table = open_table("blackjack", folder=folder, **SHOE_GAME)
    assert plate(table) == "52 cards left · cut card in 26"
    assert tray(table) == 0
    deal(table)
    assert player_cards(table) == ["8H", "JC"]
    assert tray(table) == 1  # the burn card; 8H 7D JC 3C are on the felt
    assert plate(table) == "47 cards left · cut card in 21"
    stand_out(table)  # the dealer draws 7S
    assert plate(table) == "46 cards left · cut card in 20"
    assert tray(table) == 1  # the round's cards stay on the felt until the next deal
    table.click_circle(1)
    assert tray(table) == 1  # the next bet waits beside them
    # A new start finds the same shoe in the store: the tray and the plate are as they were.
    table.controller.bankroll.close()
    table.window.hide()
    again = reopened(open_table, folder)
    assert tray(again) == 6
    assert plate(again) == "46 cards left · cut card in 20"
    said = {thing.key: thing.name for thing in felt_words(again.controller.picture())}
    assert said["tray"] == "Discard tray: 6 cards; 46 cards left · cut card in 20"
    deal(again)
    assert player_cards(again) == ["2H", "AC"]  # the shoe goes on: no shuffle
    assert tray(again) == 6
    assert plate(again) == "42 cards left · cut card in 16"


def test_a_casino_killed_mid_hand_comes_back_with_its_tray_and_cards_left(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "casino"
    # A casino plays seed 2026's first round, deals the second and is killed (SIGKILL).
    script = (
        "import os, signal, sys\n"
        "from casino_gui.engine import Bet, rules_for\n"
        "from casino_gui.store import Bankroll\n"
        "rules = rules_for('blackjack').replace(decks=1, penetration=0.5)\n"
        "bankroll = Bankroll.open(__import__('pathlib').Path(sys.argv[1]))\n"
        "bankroll.deal(rules, [Bet(1, 500)], seed=2026)\n"
        "bankroll.act('stand')\n"
        "bankroll.deal(rules, [Bet(1, 500)], seed=2027)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    killed = subprocess.run(
        [sys.executable, "-c", script, str(folder)], check=False, env=env, cwd=ROOT, timeout=60
    )
    assert killed.returncode == -9
    table = reopened(open_table, folder)
    assert player_cards(table) == ["2H", "AC"]  # the second round, resumed
    assert tray(table) == 6  # the burn card and the first round's five cards
    assert plate(table) == "42 cards left · cut card in 16"


def test_the_round_that_reaches_the_cut_card_says_so_and_the_next_deal_shuffles(
    open_table: Open,
) -> None:
    table = open_table("blackjack", **SHOE_GAME)
    for _ in range(5):
        deal(table)
        stand_out(table)
    assert plate(table) == "27 cards left · cut card in 1"
    deal(table)  # 5D 9H 5C KH: the 26th card comes out
    assert plate(table) == "Cut card out: shuffle after this round"
    assert table.window.scene.tray.plate.tone == "active"
    stand_out(table)
    table.click_circle(1)
    assert plate(table) == "Cut card out: a new shoe at the next deal"
    assert tray(table) == 25  # the round's 4 cards stay on the felt until DEAL
    # The new shoe's deal at the normal speed: the shuffle is shown, and STAND clicked while
    # it plays, before any hand is shown to play, is refused once the cards are down.
    table.controller.speed = Speed.NORMAL
    table.controller.next_shoe = 2027
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.mouseClick(table.window.bar.button(Action.DEAL), Qt.MouseButton.LeftButton)
        table.qtbot.waitUntil(lambda: banner_shown(table), timeout=10_000)
        assert table.window.scene.tray.count == 0  # the pile went back into the shoe
        table.qtbot.mouseClick(table.window.bar.button(Action.STAND), Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: not table.controller.busy, timeout=10_000)
    assert not banner_shown(table)
    round_ = table.controller.table
    assert round_ is not None
    assert [str(card) for card in round_.hands[0].cards] == ["4D", "AS"]
    assert round_.moves == []  # the click was not played on a hand it had not seen
    assert table.window.status.message_text.startswith("Not played: STAND was pressed before")
    table.press(Action.STAND)
    assert not table.controller.round_in_play  # the dealer drew 8H: 17 beats soft 15
    assert plate(table) == "46 cards left · cut card in 20"


def banner_shown(table: Table) -> bool:
    return any(
        isinstance(item, Badge) and item.text == SHUFFLING for item in table.window.scene.items()
    )


def test_the_custom_tables_cut_card_makes_a_shoe_table_in_the_window(open_table: Open) -> None:
    table = open_table()
    window = table.window
    window.show_lobby()
    dialog = window.lobby.open_custom_table()
    for name, typed in (("penetration", "75"), ("decks", "6")):
        field = dialog.field(name)
        assert isinstance(field, QSpinBox)
        field.setFocus()
        field.selectAll()  # the player's own selection, then his keys over it
        table.qtbot.keyClicks(field, typed)
    table.qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(window.table_shown, timeout=10_000)
    assert table.controller.rules.penetration == 0.75
    assert plate(table) == "312 cards left · cut card in 234"  # 75% of six decks
    window.show_lobby()
    assert "6 decks, a cut card at 75%" in window.lobby.tile("custom").decks_label.text()


@pytest.mark.parametrize("in_play", [True, False])
def test_the_longest_plates_stand_on_the_felt(open_table: Open, in_play: bool) -> None:
    table = open_table("blackjack", decks=8, penetration=0.9)
    scene = table.window.scene
    plate = scene.tray.plate
    assert plate.text == "416 cards left · cut card in 374"
    assert plate.sceneBoundingRect().left() >= scene.sceneRect().left() + 10
    # The cut card's news, the longest wording, moves right to stay on the felt.
    shoe = Shoe.shuffled(table.window.controller.rules, 7, 380)
    scene.tray.set_shoe(shoe_picture_of(table.window.controller.rules, shoe, in_play))
    assert plate.text.startswith("Cut card out: ")
    assert plate.sceneBoundingRect().left() >= scene.sceneRect().left() + 10
