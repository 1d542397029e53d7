"""The count systems' tags, the running and true counts, and the bet ramp."""

from __future__ import annotations

import pytest

from casino_gui.engine import Action, Bet, Card, Move, Round, Shoe, rules_for
from casino_gui.engine.cards import RANKS
from casino_gui.engine.counting import (
    HI_LO,
    KO,
    SYSTEMS,
    bet_units,
    cards_seen,
    floored_true_count,
    suggested_bet,
    system_named,
    true_count,
)

# Each system's tag by rank, A 2 3 4 5 6 7 8 9 T J Q K, as its author publishes it.
PUBLISHED = {
    "hilo": "-1 +1 +1 +1 +1 +1 0 0 0 -1 -1 -1 -1",
    "ko": "-1 +1 +1 +1 +1 +1 +1 0 0 -1 -1 -1 -1",
    "hiopt2": "0 +1 +1 +2 +2 +1 +1 0 0 -2 -2 -2 -2",
    "omega2": "0 +1 +1 +2 +2 +2 +1 0 -1 -2 -2 -2 -2",
    "zen": "-1 +1 +1 +2 +2 +2 +1 0 0 -2 -2 -2 -2",
}


@pytest.mark.parametrize("key", sorted(PUBLISHED))
def test_each_rank_has_its_published_tag(key: str) -> None:
    system = SYSTEMS[key]
    assert [system.tag(rank) for rank in RANKS] == [int(t) for t in PUBLISHED[key].split()]


def test_only_ko_is_unbalanced_and_starts_below_zero() -> None:
    assert [key for key, s in SYSTEMS.items() if not s.balanced] == ["ko"]
    assert KO.start(1) == 0 and KO.start(6) == -20 and KO.start(8) == -28
    assert HI_LO.start(6) == 0


def test_a_full_shoe_counted_down_ends_at_zero_or_ko_pivot() -> None:
    deck = [Card(rank, suit) for rank in RANKS for suit in "SHDC"]
    for system in SYSTEMS.values():
        end = system.running(deck * 6, decks=6)
        assert end == (4 if system is KO else 0)


def test_running_count_of_cards_seen() -> None:
    cards = [Card.parse(text) for text in ["2S", "5H", "KD", "AC", "6C", "9S", "4D"]]
    assert HI_LO.running(cards, decks=6) == 1 + 1 - 1 - 1 + 1 + 0 + 1


def test_true_count_per_deck_left_floored() -> None:
    assert true_count(6, 156) == 2.0  # three decks left
    assert floored_true_count(8, 156) == 2  # +2.67
    assert floored_true_count(-1, 156) == -1  # -0.33 floors to -1
    assert true_count(3, 1) == 12.0  # never divided by less than a quarter deck


def test_bet_ramp_reaches_the_spread_top_at_plus_five() -> None:
    assert [bet_units(t, 12) for t in range(-2, 8)] == [1, 1, 1, 1, 2, 4, 8, 12, 12, 12]
    assert [bet_units(t, 6) for t in range(2, 6)] == [2, 4, 6, 6]
    with pytest.raises(ValueError, match="at least 1 unit"):
        bet_units(3, 0)


def test_unknown_system_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"unknown count system 'wong'.*hilo"):
        system_named("wong")


def test_the_cards_seen_at_a_shoe_game_are_the_earlier_rounds_and_the_cards_face_up() -> None:
    # One deck cut at half; seed 2026 burns 8S, deals 8H 7D JC 3C and the dealer draws 7S
    # (tests/store/test_shoe_games.py): the second round opens after those six cards.
    rules = rules_for("blackjack").replace(decks=1, penetration=0.5)
    first = Round(rules, Shoe.shuffled(rules, 2026, 1), 100_000).place([Bet(1, 500)])
    first.deal()
    assert [str(card) for card in cards_seen(first)] == ["8H", "JC", "7D"]  # 3C face down
    first.apply(Move(Action.STAND))
    assert [str(card) for card in cards_seen(first)] == ["8H", "JC", "7D", "3C", "7S"]
    between = Shoe.shuffled(rules, 2026, first.shoe.dealt)
    assert [str(card) for card in cards_seen(between)] == ["8H", "7D", "JC", "3C", "7S"]
    second = Round(rules, Shoe.shuffled(rules, 2026, 6), 100_000).place([Bet(1, 500)])
    second.deal()  # 2H KD AC, TD face down
    seen = [str(card) for card in cards_seen(second)]
    assert seen == ["8H", "7D", "JC", "3C", "7S", "2H", "AC", "KD"]
    assert HI_LO.running(cards_seen(second), rules.decks) == -1  # 0, then +1 -1 -1


def test_the_suggested_bet_is_units_of_the_minimum_never_above_the_maximum() -> None:
    assert [suggested_bet(true, 8, 500, 50_000) for true in (-2, 1, 2, 3, 4, 5, 9)] == [
        500,
        500,
        1_000,
        2_000,
        4_000,
        4_000,
        4_000,
    ]
    assert suggested_bet(5, 20, 2_500, 40_000) == 40_000  # 20 units of $25 is over $400
