"""An answer graded by the advisor: every move's value, the cost, the chart cell and the why."""

from __future__ import annotations

from itertools import islice

import pytest

from casino_gui.engine.errors import IllegalActionError
from casino_gui.engine.games import rules_for
from casino_gui.engine.practice import Kind, draw, grade
from casino_gui.engine.round import Action, Round
from casino_gui.engine.rules import Odds
from casino_gui.engine.shoe import Shoe
from casino_gui.engine.strategy import advise, chart, value_in_cents
from casino_gui.engine.strategy.chart import Cell, Section
from casino_gui.game_ids import GAME_IDS

H, S, D, P, R = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER


def dealt(game: str, cards: str, *moves: Action) -> Round:
    """A round of one $10 bet over a stacked shoe (dealt in order: player, dealer, player,
    dealer), with `moves` made."""
    rules = rules_for(game)
    table = Round(rules, Shoe.stacked(rules, cards), bankroll=100_000)
    table.bet(1, 1_000)
    table.deal()
    for move in moves:
        getattr(table, move.value)()
    return table


def test_hard_16_against_a_9_is_graded_in_cents_and_percent_of_the_bet() -> None:
    table = dealt("blackjack", "TS 9H 6C 7D")
    stood = grade(table, S)
    # The doubled hand's card leaves the shoe before the dealer draws: -1011.497 cents by the
    # independent enumerator (tests/strategy/exact_reference.py); drawn from the shoe as it
    # was, the dealer's cards made it -1012.
    assert stood.values == {H: -506, S: -543, D: -1011}
    assert (stood.right, stood.best, stood.cost, stood.cost_percent) == (False, H, 37, 3.69)
    assert stood.cell == Cell(Section.HARD, "16", "9")
    assert stood.kinds == {Kind.HARD}
    hit = grade(table, H)
    assert (hit.right, hit.cost, hit.cost_percent) == (True, 0, 0.0)
    assert stood.why is None  # Standard BlackJack is the yardstick


def test_insurance_is_graded_without_a_chart_cell() -> None:
    asked = grade(dealt("blackjack", "8S AH 8C 7D"), Action.INSURE)
    assert asked.values == {Action.NO_INSURANCE: -667, Action.INSURE: -702}
    assert (asked.right, asked.best, asked.cost, asked.cell) == (
        False,
        Action.NO_INSURANCE,
        35,
        None,
    )


def test_a_move_that_is_not_legal_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="split is not a move here"):
        grade(dealt("blackjack", "TS 9H 6C 7D"), P)


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_grade_is_the_advisors_for_every_move_of_every_game(game: str) -> None:
    for card in islice(draw(rules_for(game), seed=17), 12):
        table = card.table()
        advice = advise(table)
        for action in advice.values:
            graded = grade(table, action)
            assert graded.values == {a: advice.cents(a) for a in advice.values}
            assert graded.best is advice.best
            assert graded.cost == value_in_cents(advice.shortfall(action), advice.bet)
            assert graded.right == (advice.shortfall(action) <= 0.0)


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_two_card_decision_sits_in_a_cell_of_the_games_chart(game: str) -> None:
    rules = rules_for(game)
    table_chart = chart(rules)
    for card in islice(draw(rules, seed=2, kinds=[Kind.HARD, Kind.SOFT, Kind.PAIR]), 10):
        table = card.table()
        if len(table.active_hand.cards) != 2:  # type: ignore[union-attr]
            continue
        cell = grade(table, next(iter(table.legal_actions()))).cell
        if cell is not None:
            assert table_chart.code(cell.section, cell.row, cell.column) is not None


@pytest.mark.parametrize(
    ("game", "cards", "moves", "cell"),
    [
        ("blackjack", "AS 6H 2C 7D 4S", (H,), Cell(Section.SOFT, "A,6", "6")),
        ("blackjack", "KS AH QC 7D", (), None),  # insurance first
        ("face_up_21", "TS 9H 2C 7D", (), Cell(Section.HARD, "12", "16")),
        ("pontoon", "8S 9H 8C 7D", (), Cell(Section.PAIRS, "8,8", "any")),
        ("pontoon", "KS 9H QC 7D", (), Cell(Section.HARD, "20", "any")),  # K-Q: no pair in Pontoon
        ("caribbean_21", "AS 9H 6C", (), Cell(Section.HARD, "7", "9")),  # aces count 1
    ],
)
def test_the_chart_cell_of_a_decision(
    game: str, cards: str, moves: tuple[Action, ...], cell: Cell | None
) -> None:
    table = dealt(game, cards, *moves)
    assert grade(table, next(iter(table.legal_actions()))).cell == cell


@pytest.mark.parametrize(
    ("game", "cards", "moves", "why"),
    [
        (
            "no_bust_21",
            "TS 2C 3H 7D",
            (),
            "a three-card 23–25 pushes when the dealer ends higher, so a hit risks less",
        ),
        ("pontoon", "TS 9H 2C 7D", (), "Pontoon lets a hand stand only on 15 or more"),
        (
            "face_up_21",
            "TS 9H 2C 7D",
            (),
            "both the dealer's cards are face up: you play against his total",
        ),
        ("blackjack", "TS 9H 6C 7D", (), None),
        ("super_21", "2S 9H 3C 7D 4H", (H,), None),  # hit 9 against a 9: as Standard would
    ],
)
def test_the_why_where_the_games_rules_change_the_play(
    game: str, cards: str, moves: tuple[Action, ...], why: str | None
) -> None:
    table = dealt(game, cards, *moves)
    assert grade(table, H).why == why


@pytest.mark.parametrize("pays", [Odds(2, 1), Odds(3, 1)])
def test_super_21s_why_names_the_tables_own_five_card_21_payout(pays: Odds) -> None:
    # $10 on spot 1: 5H 2H against the dealer's AS (9C in the hole), no insurance, hits 2C 8H:
    # 17 in four cards against an ace, where Super 21 hits for the six-card win.
    rules = rules_for("super_21").replace(five_card_21_pays=pays)
    table = Round(rules, Shoe.stacked(rules, "5H AS 2H 9C 2C 8H"), bankroll=100_000)
    table.bet(1, 1_000)
    table.deal()
    table.decline_insurance()
    table.hit()
    table.hit()
    assert grade(table, H).why == (
        f"six cards that do not bust win at once, and a 21 of five or more pays {pays}"
    )


def test_standard_blackjack_never_needs_a_why() -> None:
    for card in islice(draw(rules_for("blackjack"), seed=9), 30):
        table = card.table()
        assert grade(table, next(iter(table.legal_actions()))).why is None


@pytest.mark.parametrize("game", ["pontoon", "super_21", "no_bust_21", "caribbean_21"])
def test_each_variant_says_why_somewhere(game: str) -> None:
    whys = set()
    for card in islice(draw(rules_for(game), seed=9), 60):
        table = card.table()
        whys.add(grade(table, next(iter(table.legal_actions()))).why)
    assert whys - {None}
