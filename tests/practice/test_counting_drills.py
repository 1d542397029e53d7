"""The counting drills' logic: seeded decks with exact running counts, true-count questions
floored and their rule written out, and the count check's question at a shoe table."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from casino_gui.engine import GAMES, Round, Shoe
from casino_gui.engine.cards import Card
from casino_gui.engine.counting import HI_LO, HI_OPT_II, KO, SYSTEMS
from casino_gui.engine.practice.counting import (
    CountAnswer,
    CountDrill,
    check_due,
    count_check_question,
    count_down,
    decks_text,
    draw_true_count,
    drilled_system,
    rule_of,
    seen_since_shuffle,
    true_count_question,
    true_count_system,
)
from casino_gui.engine.shoe import BURN
from tests.engine.test_shoe_game import play_standing

SHOE_TABLE = GAMES["blackjack"].replace(name="Custom table", decks=6, penetration=0.75)


def test_a_seeded_deck_is_the_same_deck_and_its_count_is_its_tags_added() -> None:
    deck = count_down(HI_LO, seed=11, cards=10)
    assert deck == count_down(HI_LO, seed=11, cards=10)
    assert " ".join(map(str, deck.cards)) == "6H 5S 5H 3H KD 6D TC JS 9S 4S"
    # +1 +1 +1 +1 -1 +1 -1 -1 0 +1
    assert deck.question.expected == 3
    assert deck.question.asked == "10 cards" and deck.question.cards == 10


@pytest.mark.parametrize("key", sorted(SYSTEMS))
def test_a_whole_deck_counts_down_to_zero_but_ko_to_four(key: str) -> None:
    deck = count_down(SYSTEMS[key], seed=5)
    assert Counter(card.rank for card in deck.cards) == Counter("A23456789TJQK" * 4)
    assert deck.question.expected == (4 if key == "ko" else 0)


def test_pairs_show_two_cards_a_step_and_an_odd_last_one() -> None:
    deck = count_down(HI_OPT_II, seed=3, cards=7, pairs=True)
    assert deck.steps == 4
    assert [len(deck.shown(step)) for step in range(4)] == [2, 2, 2, 1]
    assert tuple(card for step in range(4) for card in deck.shown(step)) == deck.cards
    assert deck.question.asked == "7 cards in pairs"


def test_a_count_down_refuses_more_than_a_deck() -> None:
    with pytest.raises(ValueError, match="1 to 52 cards, not 53"):
        count_down(HI_LO, seed=1, cards=53)


@pytest.mark.parametrize(
    ("running", "cards_left", "expected", "rule"),
    [
        (9, 130, 3, "+9 over 2.5 decks left = +3.6, floored +3"),
        (
            -7,
            104,
            -4,
            "\N{MINUS SIGN}7 over 2 decks left = \N{MINUS SIGN}3.5, floored \N{MINUS SIGN}4",
        ),
        (
            -1,
            26,
            -2,
            "\N{MINUS SIGN}1 over 0.5 decks left = \N{MINUS SIGN}2, floored \N{MINUS SIGN}2",
        ),
        (5, 52, 5, "+5 over 1 deck left = +5, floored +5"),
        (10, 156, 3, "+10 over 3 decks left = +3.33, floored +3"),
        (
            -10,
            156,
            -4,
            "\N{MINUS SIGN}10 over 3 decks left = \N{MINUS SIGN}3.33, floored \N{MINUS SIGN}4",
        ),
        (2, 39, 2, "+2 over 0.75 decks left = +2.66, floored +2"),
    ],
)
def test_the_true_count_is_floored_and_its_rule_written_out(
    running: int, cards_left: int, expected: int, rule: str
) -> None:
    question = true_count_question(HI_LO, running, cards_left)
    assert question.expected == expected
    assert rule_of(question) == rule


def test_true_count_questions_come_in_half_decks_a_shoe_may_have_left_and_never_a_zero_count() -> (
    None
):
    source = random.Random(4)
    for _ in range(300):
        question = draw_true_count(HI_LO, source, 6)
        assert question.cards_left % 26 == 0 and 52 <= question.cards_left <= 286
        assert question.running != 0 and abs(question.running) <= 12
    one_deck = [draw_true_count(HI_LO, source, 1).cards_left for _ in range(100)]
    assert set(one_deck) == {13, 26, 39}


def test_decks_in_words() -> None:
    assert [decks_text(n) for n in (26, 52, 78, 39)] == [
        "0.5 decks",
        "1 deck",
        "1.5 decks",
        "0.75 decks",
    ]


def test_the_drills_count_with_the_settings_system_hi_lo_when_off() -> None:
    assert drilled_system(None) is HI_LO
    assert drilled_system("zen") is SYSTEMS["zen"]
    # KO is read as a running count: its true count drill is Hi-Lo's conversion.
    assert true_count_system(KO) is HI_LO and true_count_system(HI_OPT_II) is HI_OPT_II


def test_an_answer_is_right_only_when_it_is_the_count() -> None:
    question = true_count_question(HI_LO, 9, 130)
    assert CountAnswer(question, 3, 1_000).right
    assert not CountAnswer(question, 4, 1_000).right
    assert not CountAnswer(question, None, 1_000).right  # skipped


def play_shoe_rounds(seed: int, rounds: int) -> list[Round]:
    """Rounds of a six-deck shoe game from the shuffle of `seed`, every hand standing."""
    played: list[Round] = []
    last: tuple[int, int] | None = None
    for _ in range(rounds):
        shoe = Shoe.next_for(SHOE_TABLE, last, seed)
        played.append(play_standing(SHOE_TABLE, shoe))
        assert shoe.seed is not None
        last = (shoe.seed, shoe.dealt)
    return played


def test_the_count_check_counts_every_card_dealt_since_the_shuffle_but_the_burn() -> None:
    rounds = play_shoe_rounds(seed=99, rounds=3)
    dealt = Shoe.shuffled(SHOE_TABLE, 99)
    cards = [dealt.draw() for _ in range(rounds[-1].shoe.dealt)]
    seen = seen_since_shuffle(rounds[-1])
    assert seen is not None
    assert sorted(map(str, seen)) == sorted(map(str, cards[BURN:]))  # in the table's order
    question = count_check_question(HI_LO, rounds[-1])
    assert question is not None
    assert question.drill is CountDrill.COUNT_CHECK
    assert question.expected == sum(HI_LO.tag(card) for card in cards[BURN:])
    assert question.cards == len(cards) - 1
    assert question.asked == f"the running count after {len(cards) - 1} cards"
    ko = count_check_question(KO, rounds[-1])
    assert ko is not None and ko.expected == -20 + sum(KO.tag(c) for c in cards[BURN:])


def test_no_count_check_where_every_round_is_shuffled_or_stacked() -> None:
    shuffled = Round(GAMES["blackjack"], Shoe.shuffled(GAMES["blackjack"], 5), 100_000)
    stacked = Round(SHOE_TABLE, Shoe.stacked(SHOE_TABLE, "TS 9H 6C 7D 5S 8C 9D"), 100_000)
    for table in (shuffled, stacked):
        assert count_check_question(HI_LO, play_standing(table.rules, table.shoe)) is None


def test_a_check_comes_at_every_shuffle_and_one_round_in_eight_by_seed() -> None:
    rounds = play_shoe_rounds(seed=7, rounds=60)
    source = random.Random(1)
    asked = [check_due(table, source) for table in rounds]
    cut = [table.shoe.cut_out for table in rounds]
    assert all(asked[i] for i in range(60) if cut[i])
    assert any(cut)
    by_chance = [asked[i] for i in range(60) if not cut[i]]
    again = random.Random(1)
    assert asked == [check_due(table, again) for table in rounds]  # the same seed, the same
    assert 0 < sum(by_chance) < len(by_chance) / 2


def test_cards_are_cards() -> None:
    assert Card.parse("TS") in count_down(HI_LO, seed=0).cards
