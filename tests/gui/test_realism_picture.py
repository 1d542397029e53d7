"""The picture's realism fields, Qt-free, with the cards spelled out and exact cents: the discard
tray's count, the card a double drew laid sideways, and split hands' own stacks."""

from __future__ import annotations

from casino_gui.engine import parse_move
from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Bet, Round
from casino_gui.engine.shoe import Shoe
from casino_gui.gui.table.picture import Betting, TablePicture, picture_of
from casino_gui.gui.table.sideways import sideways_cards
from casino_gui.gui.table.stacks import chip_stacks

START = 100_000
# Spot 1 bets $10: 8S 8D against the dealer's 6H (TD in the hole). Split: 8S draws 3C and
# doubles into KC (21); 8D draws 2S (dealt in the same step as KC) and doubles into 9C (19);
# the dealer draws 7S and busts with 23. Nine cards are dealt.
SHOE = "8S 6H 8D TD 3C KC 2S 9C 7S"


def played(*actions: str) -> Round:
    rules = rules_for("blackjack")
    table = Round(rules, Shoe.stacked(rules, SHOE), START).place([Bet(1, 1_000)])
    table.deal()
    for action in actions:
        table.apply(parse_move(action))
    return table


def picture(
    table: Round | None, last: Round | None = None, game: str = "blackjack"
) -> TablePicture:
    return picture_of(rules_for(game), table, Betting(), START, last_round=last)


def test_only_the_card_a_double_drew_lies_sideways() -> None:
    table = played("split", "double")
    first, second = picture(table).hands
    assert [str(c.card) for c in first.cards] == ["8S", "3C", "KC"]
    assert [c.sideways for c in first.cards] == [False, False, True]
    # 2S came in the same step as KC, to the next hand: it stands upright.
    assert [(str(c.card), c.sideways) for c in second.cards] == [("8D", False), ("2S", False)]
    table.apply(parse_move("double"))
    first, second = picture(table).hands
    assert [c.sideways for c in second.cards] == [False, False, True]
    assert sideways_cards(table) == {(first.hand_id, 2), (second.hand_id, 2)}


def test_split_hands_carry_their_own_stakes_and_the_circle_none() -> None:
    table = played("split", "double")
    shown = picture(table)
    first, second = shown.hands
    assert (first.chips, second.chips) == (2_000, 1_000)  # the double shows
    circle = shown.circle(1)
    assert (circle.stake, circle.chips) == (3_000, 0)
    unsplit = picture(played())
    assert unsplit.circle(1).chips == unsplit.circle(1).stake == 1_000
    assert unsplit.hands[0].chips == 0


def test_the_tray_holds_the_cards_dealt_once_they_leave_the_felt() -> None:
    table = played("split", "double", "double")
    assert table.shoe.dealt == 9 and table.bankroll == START + 4_000  # two $20 hands win
    assert picture(played()).discards == 0  # in play: every card dealt is on the felt
    assert picture(table).discards == 0  # settled, still on the felt to be read
    assert picture(None, last=table).discards == 9  # cleared: in the tray
    assert picture(None, last=table, game="pontoon").discards == 0  # another table's tray
    assert picture(None).discards == 0


def test_a_bet_stands_in_stacks_of_at_most_1000_dollars_from_the_fewest_chips() -> None:
    assert chip_stacks(250_000) == ((50_000, 50_000), (50_000, 50_000), (50_000,))
    assert chip_stacks(126_000) == ((50_000, 50_000), (10_000, 10_000, 2_500, 2_500, 1_000))
    assert chip_stacks(750) == ((500, 100, 100),)  # the odd 50 cents only on the plate
    assert chip_stacks(0) == ()
