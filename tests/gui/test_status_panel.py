"""The status panel: the player's money and the table's news, written exactly."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QFont, QTextLayout, QTextOption
from pytestqt.qtbot import QtBot

from casino_gui.gui.panels.status_panel import ERROR, INFO, LOSE, PUSH, WIN, StatusPanel
from casino_gui.gui.table.messages import Severity
from casino_gui.gui.table.wording import unbroken
from tests.gui.conftest import shown


@pytest.fixture
def panel(qtbot: QtBot) -> StatusPanel:
    return shown(qtbot, StatusPanel(), 720)


def test_a_new_player_sees_1000_dollars_and_nothing_on_the_table(panel: StatusPanel) -> None:
    panel.set_bankroll(100_000)
    panel.set_on_table(0)

    assert panel.bankroll_text == "$1,000.00"
    assert panel.on_table_text == "$0.00"


def test_amounts_keep_their_cents(panel: StatusPanel) -> None:
    panel.set_bankroll(123_456_789)
    panel.set_on_table(2_550)

    assert panel.bankroll_text == "$1,234,567.89"
    assert panel.on_table_text == "$25.50"


def test_before_the_first_round_the_last_result_is_a_dash(panel: StatusPanel) -> None:
    assert panel.last_result_text == "\N{EM DASH}"
    assert panel.last_result_kind == "none"


def test_a_win_is_green_with_a_plus(panel: StatusPanel) -> None:
    panel.set_last_result(1_500)

    assert panel.last_result_text == "WIN +$15.00"
    assert panel.last_result_kind == "win"
    assert panel.last_result_colour == WIN


def test_a_push_is_neutral_and_names_no_amount(panel: StatusPanel) -> None:
    panel.set_last_result(0)

    assert panel.last_result_text == "PUSH"
    assert panel.last_result_colour == PUSH


def test_a_loss_is_red_with_a_true_minus_sign(panel: StatusPanel) -> None:
    panel.set_last_result(-1_000)

    assert panel.last_result_text == "LOSE \N{MINUS SIGN}$10.00"
    assert panel.last_result_colour == LOSE


def test_the_word_can_be_the_games_own(panel: StatusPanel) -> None:
    panel.set_last_result(750, "Blackjack")
    assert panel.last_result_text == "BLACKJACK +$7.50"

    panel.set_last_result(-250, "surrender")
    assert panel.last_result_text == "SURRENDER \N{MINUS SIGN}$2.50"
    assert panel.last_result_colour == LOSE


def test_the_default_limits_read_1_to_500_dollars(panel: StatusPanel) -> None:
    panel.set_limits(100, 50_000)

    assert panel.limits_text == "$1\N{EN DASH}$500"


def test_limits_show_cents_only_when_there_are_some(panel: StatusPanel) -> None:
    panel.set_limits(250, 100_000)

    assert panel.limits_text == "$2.50\N{EN DASH}$1,000"


def test_a_refusal_is_shown_in_amber(panel: StatusPanel) -> None:
    panel.show_message("$510.00 on circle 2 is over the table maximum of $500.00", Severity.ERROR)

    assert panel.message_text == "$510.00 on circle 2 is over the table maximum of $500.00"
    assert panel.message_kind is Severity.ERROR
    assert panel.message_colour == ERROR


def test_news_is_shown_in_white_and_can_be_cleared(panel: StatusPanel) -> None:
    panel.show_message("Insurance? The dealer shows an ace.")

    assert panel.message_colour == INFO
    assert panel.message_kind is Severity.INFO

    panel.clear_message()

    assert panel.message_text == ""


def test_a_long_message_keeps_its_whole_text(panel: StatusPanel) -> None:
    text = "your bets would come to $1,010.00; you have $1,000.00 " * 4

    panel.show_message(text, Severity.ERROR)

    assert panel.message_text == text


def _colours_in(panel: StatusPanel) -> list[QColor]:
    image = panel.grab().toImage()
    return [
        image.pixelColor(x, y)
        for x in range(0, image.width(), 2)
        for y in range(0, image.height(), 2)
    ]


def test_the_panel_is_dark_glass_with_lit_green_text_after_a_win(panel: StatusPanel) -> None:
    panel.set_last_result(1_500)

    colours = _colours_in(panel)

    dark = sum(1 for colour in colours if colour.lightness() < 40)
    assert dark > len(colours) / 2
    # Glyphs really drawn (no font would leave the glass blank): the green of the win.
    assert any(c.green() > 180 and c.red() < 150 and c.blue() < 170 for c in colours)


def test_a_loss_paints_red_text(panel: StatusPanel) -> None:
    panel.set_last_result(-1_000)

    colours = _colours_in(panel)

    assert any(c.red() > 200 and c.green() < 130 and c.blue() < 120 for c in colours)


def _lines(text: str, font: QFont, width: int) -> list[str]:
    """`text` wrapped at `width` pixels as Qt wraps it, line by line."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        lines.append(text[line.textStart() : line.textStart() + line.textLength()].rstrip())
    layout.endLayout()
    return lines


def test_a_wrapped_message_never_parts_a_minus_sign_from_its_amount(panel: StatusPanel) -> None:
    # The summary of a lost round of three hands, as the table says it.
    summary = (
        "Dealer has 17 \N{MIDDLE DOT} Hand 1 (circle 1): Bust \N{MINUS SIGN}$5.00 \N{MIDDLE DOT} "
        "Hand 2 (circle 2): Bust \N{MINUS SIGN}$5.00 \N{MIDDLE DOT} Hand 3 (circle 3): Bust "
        "\N{MINUS SIGN}$5.00 \N{MIDDLE DOT} Round \N{MINUS SIGN}$15.00"
    )
    panel.resize(1000, panel.height())
    panel.show_message(summary)
    line = panel._message
    drawn = line.drawn()
    assert drawn == unbroken(panel.message_shown) and "\N{WORD JOINER}" in drawn
    # Widths at which Qt, left to itself, ends a line on a minus sign; what the line draws
    # never does.
    parting = [
        width
        for width in range(300, 1300)
        if any(text.endswith("\N{MINUS SIGN}") for text in _lines(summary, line.font(), width))
    ]
    assert parting
    for width in parting:
        lines = _lines(unbroken(summary), line.font(), width)
        assert not any(text.endswith("\N{MINUS SIGN}") for text in lines)


def test_a_message_of_two_lines_is_shown_whole_not_a_shorter_wording(panel: StatusPanel) -> None:
    # Two lines of the line's own width: its box held one line and a little less before.
    words = "a fairly long message about the round " * 12
    metrics = panel._message.fontMetrics()
    width = panel._message.width() - 28
    text = ""
    for word in words.split():
        if metrics.horizontalAdvance(f"{text} {word}") > 1.6 * width:
            break
        text = f"{text} {word}".strip()
    panel.show_message(text, Severity.INFO, shorter=("short",))
    assert panel.message_shown == text
