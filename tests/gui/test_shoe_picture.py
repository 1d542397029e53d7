"""The shoe's picture, Qt-free, with the cards spelled out: where the shoe stands between
rounds, the plate once the cut card is out, and the suggestion for the new shoe that comes.

One deck cut at half; seed 2026's sixth round (5D 9H 5C KH, first card 25) takes the shoe to
29 cards, past its cut card (tests/store/test_shoe_games.py deals the rounds before it)."""

from __future__ import annotations

from casino_gui.engine import Action, Bet, Move, Phase, Round, Shoe, rules_for
from casino_gui.gui.table.shoe_picture import (
    CountAids,
    count_picture_of,
    discards,
    shoe_picture_of,
    standing,
)

RULES = rules_for("blackjack").replace(decks=1, penetration=0.5, min_bet=500)
HI_LO_1_8 = CountAids("hilo", 8)


def sixth_round() -> Round:
    table = Round(RULES, Shoe.shuffled(RULES, 2026, 25), 100_000).place([Bet(1, 500)])
    table.deal()
    while table.phase is not Phase.SETTLED:
        table.apply(Move(Action.STAND))
    return table


def test_the_round_past_the_cut_card_suggests_the_bet_of_a_new_shoe() -> None:
    last = sixth_round()
    assert [str(card) for card in last.hands[0].cards] == ["5D", "5C"]
    where = standing(RULES, None, last, None)
    assert where is last
    assert discards(None, where) == 29
    shoe = shoe_picture_of(RULES, where, in_play=False)
    assert shoe is not None and shoe.cut_out and shoe.left == 23
    assert shoe.plate == "Cut card out: a new shoe at the next deal"
    count = count_picture_of(RULES, where, HI_LO_1_8, between_rounds=True)
    assert count is not None
    assert count.suggestion == (
        "New shoe: bet 1 unit, $5.00 (one unit is the table's minimum bet, $5.00)"
    )


def test_another_tables_last_round_is_not_this_tables_shoe() -> None:
    last = sixth_round()
    other = RULES.replace(decks=2)
    assert standing(other, None, last, None) is None
    shoe = shoe_picture_of(other, None, in_play=False)
    assert shoe is not None and shoe.plate == "104 cards in the shoe · cut card at 52"
    assert count_picture_of(rules_for("blackjack"), last, HI_LO_1_8, True) is None
