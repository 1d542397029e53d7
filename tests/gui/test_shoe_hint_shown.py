"""HINT at a shoe table says the deviation and the count (docs/decisions.md, "Counting").

One deck cut at 90%, shuffled from seed 14: six rounds standing on circle 1 are in the
bankroll before the window opens; the seventh, dealt at the table, gives circle 1 6S KD
against the dealer's JC with the tray's cards ten-poor (tests/strategy/test_shoe_hints.py).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt

from casino_gui.engine import Move, hint_words
from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Action, Bet, Phase
from casino_gui.store import Bankroll
from tests.gui.conftest import Table

Open = Callable[..., Table]
RULES = rules_for("blackjack").replace(decks=1, penetration=0.9)


def six_rounds_standing(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        for _ in range(6):
            bankroll.deal(RULES, [Bet(1, 1_000)], seed=14)
            while bankroll.table is not None and bankroll.table.phase is not Phase.SETTLED:
                legal = bankroll.table.legal_actions()
                bankroll.act(
                    Move(Action.NO_INSURANCE if Action.NO_INSURANCE in legal else Action.STAND)
                )


def test_hint_at_a_shoe_table_says_the_deviation_and_the_count(
    open_table: Open, tmp_path: Path
) -> None:
    folder = tmp_path / "shoe"
    six_rounds_standing(folder)
    table = open_table("blackjack", folder, decks=1, penetration=0.9)
    table.window.resize(800, 600)
    table.qtbot.waitUntil(lambda: table.window.width() == 800, timeout=2_000)
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL)
    round_ = table.controller.table
    assert round_ is not None
    assert [str(card) for card in round_.hands[0].cards] == ["6S", "KD"]
    assert round_.shoe.first == 29
    # Its tooltip says what the values take into account, as Help ▸ Rules does.
    tip = table.window.bar.hint_button.toolTip()
    # One paragraph a line, rich text that Qt wraps to a small screen.
    assert tip == "".join(f"<p>{html.escape(line)}</p>" for line in hint_words(round_.rules))
    assert "every card dealt since the shuffle" in tip and "every card you draw" in tip
    table.qtbot.mouseClick(table.window.bar.hint_button, Qt.MouseButton.LeftButton)
    status = table.window.status
    table.qtbot.waitUntil(lambda: "Hi-Lo" in status.message_text, timeout=5_000)
    # The values for the 19 cards left, the hit's card taken out of the dealer's shoe, and
    # the index's count computed for this table (tests/strategy/test_shoe_hints.py).
    assert status.message_text == (
        "Circle 1: Best: STAND \N{MINUS SIGN}$5.31 · HIT \N{MINUS SIGN}$6.44 · "
        "DOUBLE \N{MINUS SIGN}$12.89 · Deviation: the chart says HIT · "
        "Hi-Lo running +3, true +8 · 16 v T: stand at +4 or more (this table: 1 deck, H17); "
        "at +8: STAND"
    )
    # At 800 px the panel shows the first shorter wording that fits, never cut.
    assert "\N{HORIZONTAL ELLIPSIS}" not in status.message_shown
    assert status.message_shown == (
        "Circle 1: Best: STAND \N{MINUS SIGN}$5.31 · HIT \N{MINUS SIGN}$6.44 · "
        "DOUBLE \N{MINUS SIGN}$12.89 · Deviation (chart: HIT) · RC +3, TC +8 · "
        "16 v T: stand at +4 or more; at +8: STAND"
    )
    assert table.window.bar.button(Action.STAND).is_lit()
