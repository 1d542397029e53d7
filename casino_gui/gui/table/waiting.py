"""Input that came while a step of the round played: kept in order, acted on once it is over.

A click or key while the table animates is never dropped (docs/architecture.md, "The window"): it
hurries the animation to its end (`hurry`) and waits its turn here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable


class Waiting:
    """The inputs waiting for the step playing to end, in the order they came."""

    def __init__(self, hurry: Callable[[], None]) -> None:
        self._hurry = hurry
        self._acts: list[Callable[[], Awaitable[None]]] = []

    def keep(self, act: Callable[[], Awaitable[None]]) -> None:
        """Keep `act` for when the step is over, and hurry the step to its end."""
        self._acts.append(act)
        self._hurry()

    def keep_call(self, act: Callable[[], object]) -> None:
        """`keep` for an input whose handling is a plain call."""

        async def later() -> None:
            act()

        self.keep(later)

    def turn(self, busy: bool, act: Callable[[], object]) -> bool:
        """While a step plays (`busy`), `act` waits its turn here; False if it may go now."""
        if busy:
            self.keep_call(act)
        return busy

    async def catch_up(self, busy: Callable[[], bool]) -> None:
        """Act on what waited, in order, for as long as no new step plays."""
        while self._acts and not busy():
            await self._acts.pop(0)()
