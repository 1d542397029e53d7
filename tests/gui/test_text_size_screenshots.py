"""Pictures of the table at 200% text (docs/decisions.md, "The look adapts"), at 1280 x 800
and 800 x 600: No Bust 21's filling round settled (a split hand doubled, a Buster bet, every
hand paid), its words clear of each other and of the felt's print.

They are written to a temporary folder; set CASINO_SCREENSHOTS to a folder to keep them (the
pictures in docs/ are made so)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.gui.conftest import Table
from tests.gui.felt_layout import ROUNDS, bet_and_deal, collisions, play_out
from tests.gui.test_screenshots import SIZES, save, sized
from tests.gui.test_text_size_layout import at_size

Open = Callable[..., Table]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_text_at_200_percent_pictures(
    open_table: Open, pictures: Path, width: int, height: int
) -> None:
    table = open_table("no_bust_21")
    sized(table, width, height)
    at_size(table, 200)
    bet_and_deal(table, ROUNDS["no_bust_21"])
    play_out(table)
    assert table.controller.bankroll.balance == 108_600  # $1,000 + $85 + the Buster's $1
    assert collisions(table) == []
    save(table, pictures / f"text-200-{width}x{height}.png")
