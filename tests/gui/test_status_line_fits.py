"""The status line never cuts an instruction (docs/decisions.md, "The status line"): at
800 x 600 and 1280 x 800, at every text size, every message the table can show is drawn whole
on the panel's lines (two at 100%, more for larger words), or as one of its shorter wordings,
never cut with "…". Each message is written by the code that says it, at its longest (the
longest game names, hand names and amounts)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt

from casino_gui.engine import Action
from casino_gui.engine.games import GAMES
from casino_gui.engine.rulebook import refusal_to_bet
from casino_gui.engine.strategy import ShoeHint
from casino_gui.engine.strategy.advice import Advice
from casino_gui.engine.strategy.indices import FAB_4, ILLUSTRIOUS_18
from casino_gui.gui.settings import TEXT_SIZES
from casino_gui.gui.table.hints import hint, mistake_warning
from casino_gui.gui.table.messages import Lifetime, Message, Severity
from casino_gui.gui.table.wording import (
    Summary,
    below_minimum,
    insurance_question,
    not_saved,
    sentence,
)
from casino_gui.store.bankroll import Refunded
from tests.gui.conftest import Table, drain
from tests.gui.test_text_size_layout import at_size

Open = Callable[..., Table]
ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"
LONGEST_HAND = "Hand 16 (circle 5)"
MOVES = (Action.SURRENDER, Action.DOUBLE, Action.SPLIT, Action.STAND, Action.HIT)


def said(text: str, shorter: tuple[str, ...] = ()) -> Message:
    return Message(text, Severity.INFO, Lifetime.DECISION, shorter)


def every_message() -> Iterator[Message]:
    """The messages of the table at their longest, as their own code writes them."""
    worst = Advice({a: -1.0 + 0.25 * i for i, a in enumerate(MOVES)}, 50_000)
    for action in MOVES[:-1]:
        warning = mistake_warning(worst, action, LONGEST_HAND, 0)
        assert warning is not None
        yield said(*warning)
    yield said(*hint(LONGEST_HAND, worst))
    # A shoe game's hint: a deviation, counts of two digits and the longest index plays.
    for index in (FAB_4[0], ILLUSTRIOUS_18[0]):
        shoe = ShoeHint(Action.STAND, Action.SURRENDER, -23, -13, index)
        yield said(*hint(LONGEST_HAND, worst, shoe))
    yield said(below_minimum(499))
    yield said(*not_saved("dd/bankroll.sqlite3 cannot be written: the disk is full"))
    yield said("Finish the round on the table before restoring.")
    yield said("$1,000.00 added: your bankroll is $1,000.00.")
    yield said("Restored the backup of 28 September 2026, 23:59: your bankroll is $99,999.99.")
    for rules in GAMES.values():
        yield said(insurance_question(rules.circles, 25_000))
        refusals = [
            refusal_to_bet(rules, 9, 100),
            refusal_to_bet(rules, 5, 5_000_000, building=True),
            refusal_to_bet(rules, 5, 5_000_000),
            refusal_to_bet(rules, 5, 50_000, 1_000_000, building=True),
            refusal_to_bet(rules, 5, 0, 1_000),
            refusal_to_bet(rules, 5, 50_000, 1_000_000),
            refusal_to_bet(rules, 5, 50_000, 0, 200_000, 9_999_999, building=True),
        ]
        for refusal in refusals:
            if refusal is not None:
                yield said(sentence(refusal))
        for amount in (150_000, -150_000):
            refunded = Refunded(1, rules.game, datetime.now(UTC), amount, "a card is missing")
            yield said(refunded.message, refunded.shorter)
            yield said(f"Your {rules.name} round was interrupted; it goes on where it was.")
    summary = Summary("Dealer busts with 26", ("Circle 5: Five-card trick +$1,000.00",), 100_000)
    yield said(summary.text, summary.shorter)


@pytest.mark.parametrize("text", TEXT_SIZES)
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_every_message_is_shown_whole_or_said_shorter(
    open_table: Open, size: tuple[int, int], text: int
) -> None:
    table = open_table("blackjack")
    at_size(table, text)  # the player's text size: the line's words grow, and its lines
    table.window.resize(*size)
    table.qtbot.waitUntil(lambda: table.window.width() == size[0], timeout=2_000)
    drain(table.qtbot)  # the panel laid out at its new size and type
    status = table.window.status
    for message in every_message():
        status.show_picture(table.controller.picture().panel, message)
        shown = status.message_shown
        assert ELLIPSIS not in shown, message.text
        assert shown in (message.text, *message.shorter)


def test_a_mistake_warning_at_800_px_says_how_to_play_it_anyway(open_table: Open) -> None:
    table = open_table("blackjack")
    table.window.resize(800, 600)
    table.qtbot.waitUntil(lambda: table.window.width() == 800, timeout=2_000)
    # Circle 1: TS 6H = 16 against the dealer's TD; HIT is best, STAND is warned about.
    table.controller.warn_mistakes, table.controller.warn_threshold = True, 0
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 7C 6H TD 5S")
    table.qtbot.mouseClick(table.window.bar.button(Action.STAND), Qt.MouseButton.LeftButton)
    status = table.window.status
    table.qtbot.waitUntil(lambda: "anyway" in status.message_text, timeout=5_000)
    assert status.message_shown == status.message_text
    assert status.message_shown.endswith("press STAND again to play it anyway.")
