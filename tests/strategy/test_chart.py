"""The basic-strategy chart of the standard game, cell by cell against the published one."""

from __future__ import annotations

import pytest

from casino_gui.engine.games import BLACKJACK, GAMES
from casino_gui.engine.round import Action
from casino_gui.engine.strategy import chart
from casino_gui.engine.strategy.chart import ChartCode, Section, code_of
from tests.strategy.conftest import StrategyOf

UP_CARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")

# The Wizard of Odds' basic strategy for 4 to 8 decks, dealer hits soft 17, double after split
# allowed, no surrender (https://wizardofodds.com/games/blackjack/strategy/4-decks/, the chart
# the site's strategy engine draws for those rules), copied cell by cell: the rows of hard
# totals "8 or less" and "17+" written out. H hit, S stand, D double (else hit), Ds double
# (else stand), P split.
WIZARD_4_TO_8_DECKS_H17_DAS: dict[str, dict[str, str]] = {
    "Hard": {
        "5": "H H H H H H H H H H",
        "6": "H H H H H H H H H H",
        "7": "H H H H H H H H H H",
        "8": "H H H H H H H H H H",
        "9": "H D D D D H H H H H",
        "10": "D D D D D D D D H H",
        "11": "D D D D D D D D D D",
        "12": "H H S S S H H H H H",
        "13": "S S S S S H H H H H",
        "14": "S S S S S H H H H H",
        "15": "S S S S S H H H H H",
        "16": "S S S S S H H H H H",
        "17": "S S S S S S S S S S",
        "18": "S S S S S S S S S S",
        "19": "S S S S S S S S S S",
        "20": "S S S S S S S S S S",
    },
    "Soft": {
        "A,2": "H H H D D H H H H H",
        "A,3": "H H H D D H H H H H",
        "A,4": "H H D D D H H H H H",
        "A,5": "H H D D D H H H H H",
        "A,6": "H D D D D H H H H H",
        "A,7": "Ds Ds Ds Ds Ds S S H H H",
        "A,8": "S S S S Ds S S S S S",
        "A,9": "S S S S S S S S S S",
    },
    "Pairs": {
        "A,A": "P P P P P P P P P P",
        "2,2": "P P P P P P H H H H",
        "3,3": "P P P P P P H H H H",
        "4,4": "H H H P P H H H H H",
        "5,5": "D D D D D D D D H H",
        "6,6": "P P P P P H H H H H",
        "7,7": "P P P P P P H H H H",
        "8,8": "P P P P P P P P P P",
        "9,9": "P P P P P S P P S S",
        "T,T": "S S S S S S S S S S",
    },
}


def published_cells() -> list[tuple[Section, str, str, ChartCode]]:
    return [
        (Section(section), row, up, ChartCode(code))
        for section, rows in WIZARD_4_TO_8_DECKS_H17_DAS.items()
        for row, codes in rows.items()
        for up, code in zip(UP_CARDS, codes.split(), strict=True)
    ]


def test_the_standard_six_deck_chart_is_the_published_one_cell_by_cell() -> None:
    # 6 decks, H17, DAS, split to four hands, split aces once, no surrender, 3:2, peek.
    drawn = chart(BLACKJACK.replace(decks=6, split_max_hands=4))
    assert drawn.columns == UP_CARDS
    cells = published_cells()
    assert len(cells) == 340
    wrong = [
        f"{section} {row} v {up}: {drawn.code(section, row, up)} (published {code})"
        for section, row, up, code in cells
        if drawn.code(section, row, up) != code
    ]
    assert wrong == []
    drawn_rows = {(s.title, r.label) for s in drawn.sections for r in s.rows}
    assert drawn_rows == {(section, row) for section, row, _, _ in cells}


def test_the_eight_deck_game_of_the_casino_has_the_same_chart() -> None:
    drawn = chart(BLACKJACK)  # 8 decks, split to three hands
    for section, row, up, code in published_cells():
        assert drawn.code(section, row, up) == code, (section, row, up)


def test_codes_name_the_best_move_and_what_to_do_when_it_is_not_allowed() -> None:
    hit, stand, double = Action.HIT, Action.STAND, Action.DOUBLE
    split, surrender = Action.SPLIT, Action.SURRENDER
    assert code_of({hit: 0.1, stand: -0.2, double: 0.15}) == "D"
    assert code_of({hit: 0.1, stand: 0.12, double: 0.15}) == "Ds"
    assert code_of({hit: -0.53, stand: -0.54, surrender: -0.5}) == "Rh"
    assert code_of({hit: -0.6, stand: -0.55, surrender: -0.5}) == "Rs"
    assert code_of({hit: -0.6, split: -0.55, surrender: -0.5}) == "Rp"
    assert code_of({hit: -0.6, split: -0.45, surrender: -0.5}) == "P"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_a_full_chart(game: str, strategy_of: StrategyOf) -> None:
    strategy_of(game)  # analysed once for the whole run
    drawn = chart(GAMES[game])
    assert drawn.sections
    for section in drawn.sections:
        for row in section.rows:
            assert len(row.cells) == len(drawn.columns)
    pairs = next(s for s in drawn.sections if s.title == "Pairs")
    assert pairs.rows[0].label == "A,A"
