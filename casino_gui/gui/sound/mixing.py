"""When a cue is heard: the mixing policy, Qt-free, and the table's sound on top of a player.

The table asks for a cue at each event it shows; the policy decides whether it is heard, so
that a fast deal does not become noise:

- a cue is not repeated within its own minimum gap (`MIN_GAP`), and no more than `AT_ONCE`
  cues sound together (the others are dropped, never queued: a late sound is a wrong one);
- a round's settlement plays one result cue, the best result among its hands
  (`RESULTS`: blackjack, win, push, lose, bust); a bust is heard when it happens, so a
  settlement whose best is that bust does not repeat it;
- the speed setting: fast drops the minor cues (`MINOR`), instant (no animation) plays
  nothing but the settlement's cue.

>>> sound = TableSound(SilentPlayer(), clock=lambda: 0.0)
>>> sound.play(Cue.CARD_DEALT), sound.play(Cue.CARD_DEALT)  # the second is within its gap
(True, False)
>>> sound.settle([Result.LOSE, Result.NATURAL, Result.PUSH])
<Cue.NATURAL: 'natural'>
>>> sound.settle([Result.WIN]) is None  # one result cue a round
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from casino_gui.gui.settings import MAX_VOLUME, Speed
from casino_gui.gui.sound.cues import RESULTS, Cue
from casino_gui.gui.sound.player import Player, SilentPlayer
from casino_gui.gui.table.wording import Result

# Seconds before the same cue may sound again. A card every 60 ms (the fast deal, tempo.py)
# keeps all its snaps; a double click on a circle gives one clink, not a rattle.
MIN_GAP: dict[Cue, float] = {
    Cue.CARD_DEALT: 0.05,
    Cue.CARD_TURNED: 0.07,
    Cue.CHIP_PLACED: 0.06,
    Cue.CHIP_REMOVED: 0.06,
    Cue.CHIPS_PAID: 0.25,
    Cue.CHIPS_COLLECTED: 0.25,
    Cue.SHUFFLE: 1.0,
    Cue.BUTTON: 0.05,
    Cue.INSURANCE: 1.0,
    Cue.BUST: 0.3,
}
AT_ONCE = 2  # cues sounding together at most; a settlement's cue is never the one dropped
# What "fast" leaves out: sounds that only decorate what the eye already follows.
MINOR = frozenset({Cue.CARD_TURNED, Cue.BUTTON, Cue.SHUFFLE, Cue.CHIPS_COLLECTED})

# A hand's result as the table shows it (its banner) and the cue that says it; a surrender
# gives up half the bet, a loss to the ear.
RESULT_CUES: dict[Result, Cue] = {
    Result.NATURAL: Cue.NATURAL,
    Result.WIN: Cue.WIN,
    Result.PUSH: Cue.PUSH,
    Result.SURRENDER: Cue.LOSE,
    Result.LOSE: Cue.LOSE,
    Result.BUST: Cue.BUST,
}


def gain(volume: int) -> float:
    """The player's volume (0..100 %) as an amplitude factor: squared, so that the slider's
    steps sound even (the ear hears loudness roughly logarithmically).

    >>> gain(100), gain(50), gain(0), gain(250)
    (1.0, 0.25, 0.0, 1.0)
    """
    share = max(0, min(volume, MAX_VOLUME)) / MAX_VOLUME
    return share * share


def best_result(results: Iterable[Result]) -> Cue | None:
    """The cue of the best of these results for the player, or None for no result."""
    cues = {RESULT_CUES[result] for result in results}
    return next((cue for cue in RESULTS if cue in cues), None)


class Mixer:
    """The policy alone: `admit` answers whether a cue asked for now is heard."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._last: dict[Cue, float] = {}
        self._sounding: list[float] = []  # when each cue heard now ends
        self._settled = False
        self._bust_heard = False

    def new_round(self) -> None:
        self._settled = self._bust_heard = False

    def admit(self, cue: Cue, speed: Speed = Speed.NORMAL) -> bool:
        """Whether an event's cue is heard (not a settlement's: `admit_settlement`)."""
        if speed is Speed.INSTANT or (speed is Speed.FAST and cue in MINOR):
            return False
        now = self.clock()
        self._sounding = [end for end in self._sounding if end > now]
        last = self._last.get(cue)
        if last is not None and now - last < MIN_GAP.get(cue, 0.0):
            return False
        if len(self._sounding) >= AT_ONCE:
            return False
        self._start(cue, now)
        if cue is Cue.BUST:
            self._bust_heard = True
        return True

    def admit_settlement(self, results: Iterable[Result]) -> Cue | None:
        """The one result cue of a round's settlement, at any speed; None after the first."""
        if self._settled:
            return None
        self._settled = True
        cue = best_result(results)
        if cue is None or (cue is Cue.BUST and self._bust_heard):
            return None
        now = self.clock()
        self._sounding = [end for end in self._sounding if end > now]
        self._start(cue, now)
        return cue

    def _start(self, cue: Cue, now: float) -> None:
        self._last[cue] = now
        self._sounding.append(now + cue.seconds)


class TableSound:
    """The table's sound: the policy in front of a player, with the mute and the volume."""

    def __init__(
        self,
        player: Player | None = None,
        *,
        on: bool = True,
        volume: int = 70,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.mixer = Mixer(clock)
        self.on, self.volume = on, volume
        self._player: Player = player or SilentPlayer()
        self._player.set_volume(gain(volume))

    @property
    def player(self) -> Player:
        return self._player

    @player.setter
    def player(self, player: Player) -> None:
        self._player = player
        player.set_volume(gain(self.volume))

    def configure(self, on: bool, volume: int) -> None:
        """Sound on or muted, and the volume in percent (clamped to 0..100)."""
        self.on, self.volume = on, max(0, min(volume, MAX_VOLUME))
        self._player.set_volume(gain(self.volume))

    def new_round(self) -> None:
        self.mixer.new_round()

    def play(self, cue: Cue, speed: Speed = Speed.NORMAL) -> bool:
        """An event's cue; whether it was played."""
        if not self.on or not self.mixer.admit(cue, speed):
            return False
        self._player.play(cue)
        return True

    def settle(self, results: Iterable[Result]) -> Cue | None:
        """The round's settlement: its best result's cue, once a round (also when muted, so
        that unmuting in the middle of a settlement does not sound it late)."""
        cue = self.mixer.admit_settlement(results)
        if cue is None or not self.on:
            return None
        self._player.play(cue)
        return cue
