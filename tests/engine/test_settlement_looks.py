"""A hand's look (its suits, its special three cards) is read off its cards only where a pay
table of the rules reads it (`reads_look`): everywhere else the settlement passes `PLAIN`, and
no verdict of those games may depend on the look."""

from __future__ import annotations

from itertools import product

import pytest

from casino_gui.engine.cards import parse_cards
from casino_gui.engine.games import GAMES
from casino_gui.engine.rulebook import (
    PLAIN,
    SPECIAL_THREES,
    Facts,
    Look,
    Rank,
    facts_of,
    reads_look,
    settle,
    settle_early,
)
from casino_gui.engine.rules.pay_tables import SuitPattern

LOOKS = [Look(suits, pattern) for suits, pattern in product(SuitPattern, (None, *SPECIAL_THREES))]
HANDS = [
    Facts(hard, ace, cards, doubles, from_split, False)
    for hard, ace, cards, doubles, from_split in product(
        (7, 11, 12, 17, 18, 20, 21, 23), (False, True), (2, 3, 5, 6), (0, 1), (False, True)
    )
    if hard >= cards
]
DEALERS = [
    (Rank.BUST, 24),
    (Rank.TOTAL, 17),
    (Rank.TOTAL, 20),
    (Rank.TOTAL, 21),
    (Rank.NATURAL, 21),
]


def test_only_super_21_and_match_play_21_pay_by_a_hands_look() -> None:
    # Super 21 pays a diamond natural 2:1; Match Play 21 has its bonus table for 21s.
    assert {game for game, rules in GAMES.items() if reads_look(rules)} == {
        "super_21",
        "match_play_21",
    }


@pytest.mark.parametrize("game", [game for game, rules in GAMES.items() if not reads_look(rules)])
def test_a_game_that_reads_no_look_settles_every_hand_alike_whatever_its_look(game: str) -> None:
    rules = GAMES[game]
    for hand, up, look in product(HANDS, ("A", "7", "T"), LOOKS):
        for natural in (None, False, True):
            assert settle_early(rules, hand, natural, up, look) == settle_early(
                rules, hand, natural, up, PLAIN
            ), (hand, up, look, natural)
        for dealer in DEALERS:
            assert settle(rules, hand, dealer, up, look) == settle(rules, hand, dealer, up, PLAIN)


@pytest.mark.parametrize("game", ["super_21", "match_play_21"])
def test_a_game_that_reads_looks_pays_some_hand_by_its_look(game: str) -> None:
    # The other side: where reads_look is true, some hand's pay changes with its look, so
    # passing PLAIN there would pay it wrongly.
    rules = GAMES[game]
    cards = parse_cards("AD KD" if game == "super_21" else "7S 7S 7S")
    hand = facts_of(cards)
    dealer = (Rank.TOTAL, 18)
    pays = {settle(rules, hand, dealer, "7", look).payout(1_000, 0) for look in LOOKS}
    assert len(pays) > 1
