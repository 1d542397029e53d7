"""Pictures of the look that adapts: the high-contrast theme at 1280 x 800 and 800 x 600 (a
round with a split, every kind of result, chips), and the four-colour deck (a hand showing
diamonds and clubs). Each round is checked to the cent first.

They are written to a temporary folder; set CASINO_SCREENSHOTS to a folder to keep them (the
pictures in docs/ are made so)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from casino_gui.engine.round import Action, Phase
from casino_gui.gui.settings import Contrast
from casino_gui.gui.table.wording import Result
from tests.gui.conftest import Table
from tests.gui.test_screenshots import SIZES, save, sized

Open = Callable[..., Table]

# Spot 1 splits 8-8: 8S 2C doubled with 9H (19) wins, 8D 6C hit with KD busts; spot 2 stands
# on 17 against the dealer's 17 (TH 7D): a push; spot 3 has a blackjack (AH KS).
EVERY_RESULT = "8S TC AH TH 8D 7C KS 7D 2C 9H 6C KD"
# Spot 1 holds 9D 7C, spot 2 AC 3D, the dealer shows 5D: diamonds and clubs in every hand.
DIAMONDS_AND_CLUBS = "9D AC 5D 7C 3D QC"


def with_look(table: Table, **changes: object) -> None:
    """The player's settings changed as Game ▸ Settings' OK changes them."""
    window = table.window
    window.preferences.apply(dataclasses.replace(window.settings, **changes))


def play_to_the_second_circle(table: Table) -> None:
    """Spot 1 split and played: its first hand doubled, its second bust; spot 2 to play."""
    for spot, chip in ((1, 2_500), (2, 1_000), (3, 500)):
        table.select_chip(chip)
        table.click_circle(spot)
    table.press(Action.DEAL, shoe=EVERY_RESULT)
    table.press(Action.SPLIT)
    table.press(Action.DOUBLE)  # 8S 2C: 9H, 19
    table.press(Action.HIT)  # 8D 6C: KD, bust
    picture = table.controller.picture()
    assert [hand.active for hand in picture.hands] == [False, False, True, False]
    assert [bool(hand.banner) for hand in picture.hands] == [False, True, False, False]


def play_every_result(table: Table) -> None:
    play_to_the_second_circle(table)
    table.press(Action.STAND)  # spot 2: TC 7C, 17
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED
    # +$50.00 and -$25.00 at spot 1, a push at spot 2, +$7.50 for the blackjack.
    assert table.controller.bankroll.balance == 100_000 + 5_000 - 2_500 + 750
    results = {hand.banner.result for hand in table.controller.picture().hands if hand.banner}
    assert results == {Result.WIN, Result.BUST, Result.PUSH, Result.NATURAL}


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_high_contrast_pictures(open_table: Open, pictures: Path, width: int, height: int) -> None:
    """At 1280 x 800 the settled round, a result of every kind; at 800 x 600 the round at
    the second circle: chips in the circles and by the split hands, the pointer, a bust."""
    table = open_table()
    with_look(table, contrast=Contrast.HIGH)
    assert table.window.scene.look.high_contrast
    sized(table, width, height)
    if width == 1280:
        play_every_result(table)
    else:
        play_to_the_second_circle(table)
    save(table, pictures / f"high-contrast-{width}x{height}.png")


def test_four_colour_picture(open_table: Open, pictures: Path) -> None:
    table = open_table()
    with_look(table, four_colour=True)
    sized(table, 1280, 800)
    for spot in (1, 2):
        table.select_chip(2_500)
        table.click_circle(spot)
    table.press(Action.DEAL, shoe=DIAMONDS_AND_CLUBS)
    hands = table.controller.picture().hands
    assert [[str(card.card) for card in hand.cards] for hand in hands] == [
        ["9D", "7C"],
        ["AC", "3D"],
    ]
    save(table, pictures / "four-colour-1280x800.png")
