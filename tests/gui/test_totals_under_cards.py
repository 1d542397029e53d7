"""A hand's total stands under its cards without touching them, nor the shadow they throw: for
every game's round that fills the felt (split hands, a double), after the deal and at the end."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.gui.conftest import Table
from tests.gui.felt_layout import ROUNDS, bet_and_deal, play_out

Open = Callable[..., Table]


def totals_on_cards(table: Table) -> list[str]:
    """Totals whose pill touches a card as drawn (its face and its shadow)."""
    scene = table.window.scene
    cards = [card for hand in scene.hand_cards.values() for card in hand]
    return [
        f"total {badge.text!r} of hand {hand_id} at {badge.sceneBoundingRect().getRect()}"
        for hand_id, badge in scene.totals.items()
        if badge.text
        and any(badge.sceneBoundingRect().intersects(card.sceneBoundingRect()) for card in cards)
    ]


@pytest.mark.parametrize("game", ["blackjack", "caribbean_21", "no_bust_21"])
def test_no_total_touches_a_card_or_its_shadow(open_table: Open, game: str) -> None:
    table = open_table(game)
    bet_and_deal(table, ROUNDS[game])
    assert len([b for b in table.window.scene.totals.values() if b.text]) == 2
    assert totals_on_cards(table) == []
    play_out(table)
    assert len([b for b in table.window.scene.totals.values() if b.text]) == 3  # a split
    assert totals_on_cards(table) == []
