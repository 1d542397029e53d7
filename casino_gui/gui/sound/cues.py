"""The table's sound cues: what each is, how long it lasts and where its file is.

Qt-free. The files are the project's own, synthesized by `casino_gui.gui.sound.synthesis`
(`python -m casino_gui.gui.sound.synthesis` writes them) into `casino_gui/resources/sounds/`,
inside the package so that `pip install` and the frozen bundle carry them.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import casino_gui

SOUNDS = Path(casino_gui.__file__).resolve().parent / "resources" / "sounds"
RATE = 22_050  # samples per second: plenty for short cues, half the bytes of CD rate


class Cue(Enum):
    """One sound of the table. The value is the file's stem; `seconds` its length."""

    CARD_DEALT = "card_dealt"
    CARD_TURNED = "card_turned"
    CHIP_PLACED = "chip_placed"
    CHIP_REMOVED = "chip_removed"
    CHIPS_PAID = "chips_paid"
    CHIPS_COLLECTED = "chips_collected"
    SHUFFLE = "shuffle"
    BUTTON = "button"
    WIN = "win"
    NATURAL = "natural"
    LOSE = "lose"
    PUSH = "push"
    BUST = "bust"
    INSURANCE = "insurance"

    @property
    def seconds(self) -> float:
        return LENGTHS[self]

    @property
    def path(self) -> Path:
        return SOUNDS / f"{self.value}.wav"

    @property
    def is_result(self) -> bool:
        """A round's result: at most one a round, and the one cue the instant speed keeps."""
        return self in RESULTS


LENGTHS: dict[Cue, float] = {
    Cue.CARD_DEALT: 0.12,
    Cue.CARD_TURNED: 0.09,
    Cue.CHIP_PLACED: 0.14,
    Cue.CHIP_REMOVED: 0.12,
    Cue.CHIPS_PAID: 0.30,
    Cue.CHIPS_COLLECTED: 0.28,
    Cue.SHUFFLE: 0.40,
    Cue.BUTTON: 0.04,
    Cue.WIN: 0.36,
    Cue.NATURAL: 0.40,
    Cue.LOSE: 0.34,
    Cue.PUSH: 0.24,
    Cue.BUST: 0.30,
    Cue.INSURANCE: 0.26,
}

# From the best result for the player to the worst: a round's settlement plays the first of
# these that one of its hands got.
RESULTS: tuple[Cue, ...] = (Cue.NATURAL, Cue.WIN, Cue.PUSH, Cue.LOSE, Cue.BUST)
