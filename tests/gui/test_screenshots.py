"""Pictures of the real window at 1280 x 800, at 800 x 600, and at twice the scale on a
1600 x 1000 screen: the lobby and, for four games, a table with bets, a split in progress and
the settlement, each round checked to the cent so the pictures show a correct table.

They are written to a temporary folder; set CASINO_SCREENSHOTS to a folder to keep them (the
README's pictures in docs/ are made so)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget

from casino_gui.engine.round import Action, Phase
from tests.gui.conftest import Table, drain
from tests.gui.test_settings import run_program
from tests.screens import offscreen_platform

Open = Callable[..., Table]
SIZES = [(1280, 800), (800, 600)]

# Spot 1 splits 8-8 (Caribbean 21: 9-5), doubles the first hand to 21 and hits the second to
# 19; spot 2 stands on 19; the dealer busts (or stands on 17): every hand wins, +$85.00.
ROUNDS = {
    "blackjack": "8S TC 6H 8D 9H TD 3C KC 2S 9C 7S",
    "face_up_21": "8S TC TD 8D 9H 7D 3C KC 2S 9C",
    "caribbean_21": "9S TC AH 5D 9H 9C 6C TD 7S 9D",
    "no_bust_21": "8S TC 6H 8D 9H TD 3C KC 2S 9C 7S",
}


def sized(table: Table, width: int, height: int) -> None:
    table.window.resize(width, height)
    table.qtbot.waitUntil(lambda: (table.window.width(), table.window.height()) == (width, height))
    drain(table.qtbot)


def save(table: Table, path: Path) -> Path:
    drain(table.qtbot)
    assert table.window.grab().save(str(path))
    return path


def inside(widget: QWidget, window: QWidget) -> bool:
    """The widget is drawn whole inside the window."""
    corner = widget.mapTo(window, widget.rect().topLeft())
    return window.rect().contains(QRect(corner, widget.size()))


def test_the_bar_and_rack_scale_with_the_window(open_table: Open) -> None:
    table = open_table()
    sized(table, 1280, 800)
    big = (table.window.bar.height(), table.window.rack.height())
    sized(table, 800, 600)
    small = (table.window.bar.height(), table.window.rack.height())
    assert small[0] < big[0] and small[1] < big[1]
    # The felt keeps its share: the view is at least 60% of the page's height.
    assert table.window.view.height() >= 0.6 * table.window.table_page.height()


@pytest.mark.parametrize(("width", "height"), [(800, 470), (800, 600), (1024, 600), (1280, 800)])
def test_every_button_and_chip_is_whole_in_a_small_window(
    open_table: Open, width: int, height: int
) -> None:
    """800 x 470 is what a 1600 x 1000 screen at twice the scale leaves for the window."""
    table = open_table()
    sized(table, width, height)
    window = table.window
    # Between rounds the bar shows DEAL and the betting conveniences; during a round, the
    # playing buttons and HINT: every one shown is whole in both.
    for phase in ("betting", "playing"):
        if phase == "playing":
            table.press(Action.DEAL, shoe="TS 6C 7H 9D 5S 5H 4C 4D")
            assert table.controller.round_in_play
            drain(table.qtbot)
        shown = window.bar.shown_buttons()
        assert window.bar.button(Action.DEAL) in shown
        assert (window.bar.button(Action.HIT) in shown) == (phase == "playing")
        for button in shown:
            assert inside(button, window), (phase, button.text())
            assert button.width() >= button.minimumSizeHint().width(), f"{button.text()} is cut"
    for chip in window.rack.affordable():
        assert inside(window.rack.chip_button(chip), window), chip
    assert inside(window.status, window)
    window.show_lobby()
    for tile in window.lobby.tiles():
        assert inside(tile.play_button, window) and inside(tile.rules_button, window)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_lobby_pictures(open_table: Open, pictures: Path, width: int, height: int) -> None:
    table = open_table()
    sized(table, width, height)
    table.window.show_lobby()
    for tile in table.window.lobby.tiles():
        assert inside(tile.play_button, table.window) and inside(tile.rules_button, table.window)
    path = save(table, pictures / f"lobby-{width}x{height}.png")
    assert path.stat().st_size > 10_000


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("game", list(ROUNDS))
def test_table_pictures(
    open_table: Open, pictures: Path, game: str, width: int, height: int
) -> None:
    table = open_table(game)
    sized(table, width, height)
    window = table.window
    for action in window.bar.offered():
        assert inside(window.bar.button(action), window), action
    for chip in window.rack.affordable():
        assert inside(window.rack.chip_button(chip), window), chip
    name = f"{game}-{width}x{height}"
    table.select_chip(2_500)
    table.click_circle(1)
    table.select_chip(1_000)
    table.click_circle(2)
    if game == "no_bust_21":
        table.select_chip(100)
        table.click_circle(1, kind="buster")
    save(table, pictures / f"{name}-1-bets.png")
    table.press(Action.DEAL, shoe=ROUNDS[game])
    table.press(Action.SPLIT)
    if game == "caribbean_21":
        save(table, pictures / f"{name}-2-split.png")
        table.press(Action.STAND)  # 9S 9C: 18
        table.press(Action.DOUBLE)  # 5D 6C doubled: TD, 21
    else:
        table.press(Action.DOUBLE)  # 8S 3C doubled: KC, 21
        save(table, pictures / f"{name}-2-split.png")
        table.press(Action.HIT)  # 8D 2S: 9C, 19
        table.press(Action.STAND)
    table.press(Action.STAND)  # spot 2: TC 9H, 19
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED
    assert all(hand.payout > hand.stake for hand in round_.hands)
    buster = 100 if game == "no_bust_21" else 0
    assert table.controller.bankroll.balance == 100_000 + 8_500 + buster
    save(table, pictures / f"{name}-3-settled.png")


@pytest.mark.parametrize(
    ("screen", "scale"), [((1600, 1000), "2"), ((1024, 600), "1"), ((800, 600), "1")]
)
def test_the_program_fits_and_plays_on_a_small_or_scaled_screen(
    tmp_path: Path, pictures: Path, screen: tuple[int, int], scale: str
) -> None:
    """QT_SCALE_FACTOR=2 on a 1600 x 1000 screen leaves 800 x 500 for the window; the saved
    size (1280 x 820) is fitted to it, and the smoke test plays a round by clicks."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "settings.json").write_text('{"size": [1280, 820], "game": "blackjack"}')
    picture = pictures / f"smoke-{screen[0]}x{screen[1]}-scale{scale}.png"
    done = run_program(
        folder,
        offscreen_platform(*screen, tmp_path),
        "--smoke-test",
        str(picture),
        scale=scale,
    )
    assert done.returncode == 0, done.stderr
    image = QImage(str(picture))
    assert 0 < image.width() <= screen[0] and 0 < image.height() <= screen[1]
