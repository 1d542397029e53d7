"""My mistakes: the decisions missed at the real tables, on a spaced schedule (Leitner boxes).

A mistake enters the deck new, due at once. A miss puts it back in the first box, due again
after `AFTER_MISS`; a right answer moves it up a box, due after the box's interval (a day,
then three); three right answers on different days retire it. A miss starts the count again.
The clock is passed in (`now`, an aware datetime in the player's time zone: its date is his
day), so the schedule is the same for the same answers at the same moments.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta

AFTER_MISS = timedelta(minutes=10)
# The wait after a right answer, by the number of days answered right so far.
AFTER_RIGHT = {1: timedelta(days=1), 2: timedelta(days=3)}
RETIRE_AFTER = 3  # right answers on different days


@dataclass(frozen=True)
class Review:
    """One mistake of the real tables and its place on the schedule.

    The decision is the `number`th answer of round `round_id`; `cost` is what it gave up there,
    in cents. `due` None: never drilled, due now.
    """

    round_id: int
    number: int
    game: str
    cost: int
    due: datetime | None = None
    right_days: tuple[date, ...] = ()

    @property
    def box(self) -> int:
        """The Leitner box: how many days it has been answered right since its last miss."""
        return len(self.right_days)

    @property
    def retired(self) -> bool:
        return self.box >= RETIRE_AFTER

    def is_due(self, now: datetime) -> bool:
        return not self.retired and (self.due is None or self.due <= now)


def answered(review: Review, right: bool, now: datetime) -> Review:
    """The mistake's place after an answer at `now`.

    >>> from datetime import timezone
    >>> start = datetime(2026, 1, 5, 20, 0, tzinfo=timezone.utc)
    >>> missed = answered(Review(7, 2, "blackjack", 310), False, start)
    >>> missed.box, missed.due - start
    (0, datetime.timedelta(seconds=600))
    >>> right = answered(missed, True, start + timedelta(minutes=10))
    >>> right.box, right.due - start
    (1, datetime.timedelta(days=1, seconds=600))
    """
    if not right:
        return replace(review, due=now + AFTER_MISS, right_days=())
    days = review.right_days
    if now.date() not in days:
        days = (*days, now.date())
    due = now + AFTER_RIGHT.get(len(days), timedelta(0))
    return replace(review, due=due, right_days=days)


def due_deck(reviews: Iterable[Review], now: datetime) -> list[Review]:
    """The mistakes due at `now`, costliest first (then the oldest round's first)."""
    due = [review for review in reviews if review.is_due(now)]
    return sorted(due, key=lambda review: (-review.cost, review.round_id, review.number))
