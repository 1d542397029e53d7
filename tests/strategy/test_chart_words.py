"""The chart's words are the game's: a game whose aces count one has no soft 17 in its title,
and the columns of a game with the dealer's cards face down are named in a sentence."""

from __future__ import annotations

from casino_gui.analysis.chart_text import chart_text
from casino_gui.engine.games import rules_for


def test_caribbean_21s_chart_says_the_dealer_stands_on_17() -> None:
    title = chart_text(rules_for("caribbean_21")).splitlines()[0]
    assert "soft" not in title
    assert "dealer stands on 17 (house edge" in title


def test_pontoons_chart_names_its_columns_in_a_sentence() -> None:
    text = chart_text(rules_for("pontoon")).splitlines()
    assert "dealer hits soft 17" in text[0]
    assert text[1] == "Columns: the dealer's hand, face down."
