"""The table's words (docs/decisions.md, "The table's picture"): one badge per fact (the
dealer's settled hand is one badge, split hands' labels stand apart), and LAST RESULT is the
table's own."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Action
from casino_gui.gui.table.badge import Badge
from tests.gui.conftest import Table
from tests.gui.felt_layout import outline

Open = Callable[..., Table]


def badges(table: Table) -> list[str]:
    return [
        item.text
        for item in table.window.scene.items()
        if isinstance(item, Badge) and item.isVisible() and item.text
    ]


def test_the_dealers_bust_is_one_badge(open_table: Open) -> None:
    # $10 on TS 8C = 18 against the dealer's 6H TD, who draws 9C: 25.
    table = open_table("blackjack")
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 6H 8C TD 9C")
    table.press(Action.STAND)
    shown = badges(table)
    assert [text for text in shown if "25" in text] == ["BUST 25"]
    assert table.window.scene.dealer_total.tone == "lose"


def test_the_dealers_blackjack_is_one_gold_badge(open_table: Open) -> None:
    # $10 on TS 8C against the dealer's AH KD: no insurance, and his blackjack shows.
    table = open_table("blackjack")
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS AH 8C KD")
    table.press(Action.NO_INSURANCE)
    assert [text for text in badges(table) if "lackjack" in text] == ["Blackjack"]
    assert table.window.scene.dealer_total.tone == "natural"


def test_split_hands_labels_stand_apart(open_table: Open) -> None:
    # $75 on 8S 8D against the dealer's 6H: split, each hand draws a 5 (13), the first stands.
    table = open_table("blackjack")
    table.select_chip(2_500)
    for _ in range(3):
        table.click_circle(1)
    table.press(Action.DEAL, shoe="8S 6H 8D TD 5C 5D")
    table.press(Action.SPLIT)
    table.press(Action.STAND)
    totals = [table.window.scene.totals[h.hand_id] for h in table.controller.picture().hands]
    assert [label.text for label in totals] == ["13 · $75.00"] * 2
    first, second = (outline(label) for label in totals)
    assert not first.intersects(second)


def test_last_result_belongs_to_its_table(open_table: Open) -> None:
    # $10 on TS 9C = 19 against the dealer's 7H TD = 17: WIN at Standard BlackJack.
    table = open_table("blackjack")
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 7H 9C TD")
    table.press(Action.STAND)
    status = table.window.status
    assert status.last_result_text == "WIN +$10.00"
    table.window.sit_at(rules_for("face_up_21"))
    assert status.last_result_text == "\N{EM DASH}"
    table.window.sit_at(rules_for("blackjack"))
    assert status.last_result_text == "WIN +$10.00"  # back at its table, its result again


def test_pontoons_buttons_say_twist_stick_and_buy_on_the_keys_of_hit_stand_double(
    open_table: Open,
) -> None:
    table = open_table("pontoon")
    bar = table.window.bar
    words = {a: bar.button(a).text() for a in (Action.HIT, Action.STAND, Action.DOUBLE)}
    assert words == {Action.HIT: "TWIST", Action.STAND: "STICK", Action.DOUBLE: "BUY"}
    assert bar.button(Action.HIT).accessibleName() == "Twist (H)"
    # $10 on circle 1: 5S 4H = 9 against two cards face down; H twists (KC: 19), S sticks.
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="5S 9C 4H 8D KC")
    table.key(Qt.Key.Key_H)
    round_ = table.controller.table
    assert round_ is not None and [str(c) for c in round_.hands[0].cards] == ["5S", "4H", "KC"]
    # Standard BlackJack's buttons keep their names.
    other = open_table("blackjack", folder=table.window.bankroll.folder.parent / "other")
    assert other.window.bar.button(Action.HIT).text() == "HIT"
