"""The table's tempo: how long each motion takes, and one place that starts, awaits and hurries
every motion of a step.

A speed is the time of a card's slide from the shoe; every other motion and pause is a share
of it, so the speeds scale together (docs/decisions.md, "The pace of the table"). The deal and
the settlement overlap: a card leaves the shoe before the last one has landed, a bet is swept
while the one before is still on its way.

A player's click or key while a step plays hurries it (`hurry`): what moves jumps to its end and
the rest of the step plays at the instant speed, so that the input acts at once
(docs/architecture.md, "The window": input is never dropped).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QAbstractAnimation

from casino_gui.gui.settings import Speed

if TYPE_CHECKING:
    import asyncio

T = TypeVar("T")


def running_loop() -> asyncio.AbstractEventLoop:
    """The event loop the table's steps run on. asyncio is loaded by the first motion, after
    the table's paint (docs/decisions.md, "Startup and memory")."""
    import asyncio

    return asyncio.get_running_loop()


# Milliseconds for a card to slide from the shoe, by speed; everything else is a share of it.
SLIDE_MS = {Speed.NORMAL: 270, Speed.FAST: 100, Speed.INSTANT: 0}


# Shares of a card's slide.
FLIP = 0.5  # a card turned over, once it has landed
DEAL_GAP = 0.6  # between two cards dealt in a row: the next leaves before the last lands
CHIPS = 1.25  # a stack of chips slid across the felt (bets swept, winnings, chips home)
SETTLE_GAP = 0.5  # between two bets settled in a row
RESULTS = 0.6  # the results read before the chips go home
GATHER = 0.5  # each of the dealer's two strokes: cards swept together, then into the tray
RESHUFFLE = 0.5  # the tray's pile back into the shoe before a deal
PEEK = 1.5  # the dealer looks under his card for a natural
PLACED = 1.0  # a chip from the rack to a circle


class Tempo:
    """Runs the motions of one table at its speed; `hurry` ends them all at once."""

    def __init__(self) -> None:
        self.speed = Speed.NORMAL
        self.hurried = False  # a player's input came: the rest of the step is instant
        self.played = 0  # animations that took time (none at the instant speed)
        self._running: dict[QAbstractAnimation, asyncio.Future[None]] = {}
        self._pauses: set[asyncio.Future[None]] = set()

    @property
    def instant(self) -> bool:
        return self.speed is Speed.INSTANT or self.hurried

    def ms(self, share: float) -> int:
        """The milliseconds of a motion of this `share` of a card's slide, now."""
        return 0 if self.instant else round(SLIDE_MS[self.speed] * share)

    def start(self, animation: QAbstractAnimation) -> asyncio.Future[None]:
        """Start `animation`; the future is done when it ends (at once when instant)."""
        done: asyncio.Future[None] = running_loop().create_future()
        if self.instant or animation.totalDuration() == 0:
            animation.start()
            animation.setCurrentTime(animation.totalDuration())
            done.set_result(None)
            return done
        self.played += 1
        self._running[animation] = done

        def ended() -> None:
            self._running.pop(animation, None)
            resolve_once(done, None)

        animation.finished.connect(ended)
        animation.start()
        return done

    def forget(self, animation: QAbstractAnimation) -> None:
        """`animation` is stopped by its owner before its end: no one waits for it now."""
        self._running.pop(animation, None)

    async def run(self, animation: QAbstractAnimation) -> None:
        await self.start(animation)

    async def run_all(self, animations: Sequence[QAbstractAnimation]) -> None:
        """Play `animations` together."""
        await wait_all([self.start(animation) for animation in animations])

    async def pause(self, share: float) -> None:
        """Wait `share` of a card's slide (a hurry ends the wait)."""
        seconds = self.ms(share) / 1000
        if not seconds:
            return
        done: asyncio.Future[None] = running_loop().create_future()
        handle = running_loop().call_later(seconds, resolve_once, done, None)
        self._pauses.add(done)
        try:
            await done
        finally:
            handle.cancel()
            self._pauses.discard(done)

    def hurry(self) -> None:
        """Finish every motion and pause now; the rest of the step plays instantly."""
        self.hurried = True
        for animation in list(self._running):
            animation.setCurrentTime(animation.totalDuration())  # emits `finished`
        for pause in list(self._pauses):
            resolve_once(pause, None)

    def steady(self) -> None:
        """A new step plays at the table's speed again."""
        self.hurried = False

    @property
    def moving(self) -> bool:
        """Whether a motion of the step is still playing."""
        return bool(self._running)


async def wait_all(futures: Sequence[asyncio.Future[None]]) -> None:
    """Wait for `futures`; without a turn of the event loop when all are done (at the instant
    speed a turn would paint the table between two steps)."""
    pending = [future for future in futures if not future.done()]
    if pending:
        import asyncio

        await asyncio.gather(*pending)


def resolve_once(future: asyncio.Future[T], value: T) -> None:
    """Complete a future from a Qt signal, once (a signal may fire after a cancel)."""
    if not future.done():
        future.set_result(value)
