"""My mistakes on a spaced schedule, with a fake clock: sooner after a miss, later after a
right answer, retired after three right answers on different days, costliest first."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from casino_gui.engine.practice import Review, answered, due_deck

MONDAY = datetime(2026, 3, 2, 19, 0, tzinfo=timezone(timedelta(hours=1)))


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = MONDAY

    def wait(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def test_a_new_mistake_is_due_at_once() -> None:
    assert due_deck([Review(1, 1, "blackjack", 50)], MONDAY) == [Review(1, 1, "blackjack", 50)]


def test_a_miss_comes_back_in_ten_minutes_and_not_before() -> None:
    clock = Clock()
    card = answered(Review(1, 1, "blackjack", 50), False, clock.now)
    assert due_deck([card], clock.wait(minutes=9)) == []
    assert due_deck([card], clock.wait(minutes=1)) == [card]


def test_right_answers_come_back_later_each_time_and_retire_on_the_third_day() -> None:
    clock = Clock()
    card = answered(Review(1, 1, "pontoon", 80), True, clock.now)
    assert (card.box, card.due) == (1, MONDAY + timedelta(days=1))
    assert due_deck([card], clock.wait(hours=23)) == []
    card = answered(card, True, clock.wait(hours=1))  # Tuesday
    assert (card.box, card.due) == (2, clock.now + timedelta(days=3))
    assert due_deck([card], clock.wait(days=2)) == []
    card = answered(card, True, clock.wait(days=1))  # Friday
    assert card.retired
    assert due_deck([card], clock.wait(days=365)) == []


def test_right_answers_on_one_day_count_once() -> None:
    clock = Clock()
    card = Review(1, 1, "super_21", 80)
    for _ in range(3):
        card = answered(card, True, clock.wait(minutes=30))
    assert (card.box, card.retired) == (1, False)


def test_the_day_is_the_players_own() -> None:
    # 23:30 and 00:30 in his zone are two days, though the same day in UTC.
    late = datetime(2026, 3, 2, 23, 30, tzinfo=timezone(timedelta(hours=-5)))
    card = answered(Review(1, 1, "blackjack", 5), True, late)
    card = answered(card, True, late + timedelta(hours=1))
    assert card.box == 2


def test_a_miss_starts_the_count_again() -> None:
    clock = Clock()
    card = answered(Review(1, 1, "no_bust_21", 80), True, clock.now)
    card = answered(card, True, clock.wait(days=1))
    card = answered(card, False, clock.wait(days=3))
    assert (card.box, card.due) == (0, clock.now + timedelta(minutes=10))


def test_the_deck_is_the_costliest_due_mistakes_first() -> None:
    clock = Clock()
    cheap = Review(1, 2, "blackjack", 12)
    dear = Review(5, 1, "blackjack", 310)
    dear_older = Review(3, 4, "blackjack", 310)
    waiting = answered(Review(2, 1, "blackjack", 999), True, clock.now)
    retired = Review(4, 1, "blackjack", 500, right_days=(MONDAY.date(),) * 3)
    deck = due_deck([cheap, dear, waiting, retired, dear_older], clock.wait(minutes=1))
    assert deck == [dear_older, dear, cheap]
