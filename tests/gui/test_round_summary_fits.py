"""The status panel says the whole round at 1280 x 800, however large the round: where every
hand's result does not fit on its line, each circle's net (docs/decisions.md), never a line cut
with "…"; the full summary stays in the tooltip."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from casino_gui.engine.round import Action, Phase, Round
from casino_gui.gui.table.wording import signed
from tests.gui.conftest import Table

Open = Callable[..., Table]
ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"

# Every circle is dealt a pair of eights against the dealer's ace (AS 9D: no blackjack); the
# eights that follow are split till the circles hold four hands, the tens stand.
DEALS = {3: "8S 8C 8H AS 8D 8S 8C 9D", 5: "8S 8C 8H 8D 8H AS 8D 8S 8C 8H 8D 9D"}
SPLITS = " ".join(["8H 8D 8S 8C 8H 8D 8S 8C 8H 8D 8S 8C 8H 8D 8S"] + ["TS TC TD TH"] * 6)


def circle_nets(round_: Round) -> list[tuple[int, int]]:
    """Each circle's hands' and insurance's payouts less their stakes."""
    return [
        (
            spot.number,
            sum(h.payout - h.stake for h in round_.hands if h.spot == spot.number)
            + (spot.insurance_payout or 0)
            - spot.insurance,
        )
        for spot in sorted(round_.spots.values(), key=lambda spot: spot.number)
    ]


def play_everything(table: Table) -> None:
    """Insure every circle, split every pair, stand on the rest."""
    for _ in range(60):
        round_ = table.controller.table
        if round_ is None or round_.phase is Phase.SETTLED:
            return
        lit = table.lit
        table.press(next(a for a in (Action.INSURE, Action.SPLIT, Action.STAND) if a in lit))
    raise AssertionError("the round did not settle")


@pytest.mark.parametrize("circles", [3, 5])
def test_the_largest_rounds_summary_is_shown_whole_at_1280_by_800(
    open_table: Open, circles: int
) -> None:
    table = open_table(
        "blackjack", name="Custom table", circles=circles, split_max_hands=4, decks=8
    )
    table.window.resize(1280, 800)
    table.qtbot.waitUntil(lambda: table.window.width() == 1280, timeout=2_000)
    table.select_chip(1_000)
    for spot in range(1, circles + 1):
        table.click_circle(spot)
    table.press(Action.DEAL, shoe=f"{DEALS[circles]} {SPLITS}")
    play_everything(table)
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED
    assert len(round_.hands) >= 3 * circles, "most circles were split to four hands"
    assert all(spot.insurance for spot in round_.spots.values())
    status = table.window.status
    full = status.message_text
    assert full.count("Insurance on circle") == circles
    shown = status.message_shown
    m = status._message
    print(
        repr(m.shorter[0]),
        m.fontMetrics().horizontalAdvance(m.shorter[0]),
        m.width(),
        len(round_.hands),
    )
    assert ELLIPSIS not in shown
    nets = ", ".join(f"{spot} {signed(net)}" for spot, net in circle_nets(round_))
    assert shown == f"Dealer has 20 · Circles {nets} {full[full.index('· Round ') :]}"
    assert status._message.toolTip() == full


def test_a_small_rounds_summary_is_shown_word_for_word(open_table: Open) -> None:
    # $10 on TS 9C = 19 against the dealer's 7H TD = 17.
    table = open_table("blackjack")
    table.window.resize(1280, 800)
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 7H 9C TD")
    table.press(Action.STAND)
    status = table.window.status
    assert status.message_text == "Dealer has 17 · Circle 1: Win +$10.00 · Round +$10.00"
    assert status.message_shown == status.message_text
