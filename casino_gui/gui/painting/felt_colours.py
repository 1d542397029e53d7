"""The felt's colours, by the settings' `Felt`: a lit centre fading to a dark edge.

Qt-free apart from `QColor`; the table's felt (`table/felt.py`) and the settings dialog's
swatches paint from this one palette, so a swatch shows exactly the felt it chooses.

>>> felt_colours(Felt.BLUE).title
'Royal blue'
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor

from casino_gui.gui.settings import Felt


@dataclass(frozen=True)
class FeltColours:
    """One felt: its name in the dialog, the colour under the lamp and the colour at the rail."""

    title: str
    centre: str  # "#rrggbb"
    edge: str

    def centre_colour(self) -> QColor:
        return QColor(self.centre)

    def edge_colour(self) -> QColor:
        return QColor(self.edge)


# Dark enough that cream print, gold lines and white cards stand out on each of them.
FELT_COLOURS: dict[Felt, FeltColours] = {
    Felt.GREEN: FeltColours("Casino green", "#1f8a45", "#0b4f26"),
    Felt.BLUE: FeltColours("Royal blue", "#1f5fa0", "#0b2c55"),
    Felt.RED: FeltColours("Burgundy", "#962a36", "#4a0c16"),
    Felt.GREY: FeltColours("Charcoal", "#55605c", "#23292a"),
}


def felt_colours(felt: Felt) -> FeltColours:
    return FELT_COLOURS[felt]
