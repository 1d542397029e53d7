"""The player's look of the table, one value: the scene holds it and every item paints from it.

Game ▸ Settings sets it (`look_of`); the table, the replay viewer and practice all show the
same look. Where the player left the contrast to the desktop, Qt's accessibility hint says
whether the desktop asks for high contrast (docs/decisions.md, "The look adapts").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from casino_gui.gui.settings import CardBack, Contrast, Felt

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsItem

    from casino_gui.gui.settings import Settings


@dataclass(frozen=True)
class TableLook:
    felt: Felt = Felt.GREEN
    card_back: CardBack = CardBack.RED
    four_colour: bool = False  # diamonds blue, clubs green
    high_contrast: bool = False  # the high-contrast theme
    text_scale: float = 1.0  # the felt's words, 1.0 to 2.0 (`settings.TEXT_SIZES` / 100)


def look_of(settings: Settings) -> TableLook:
    """The look the player's settings give, the desktop asked where they leave it to it."""
    return TableLook(
        felt=settings.felt,
        card_back=settings.card_back,
        four_colour=settings.four_colour,
        high_contrast=wants_high_contrast(settings.contrast),
        text_scale=settings.text_size / 100,
    )


def wants_high_contrast(choice: Contrast) -> bool:
    """The settings' contrast: high, normal, or the desktop's (Qt's hint, when the
    application is up; a desktop that says nothing asks for no high contrast)."""
    if choice is not Contrast.DESKTOP:
        return choice is Contrast.HIGH
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        return False
    # The style hints held while asked: the accessibility hints are theirs, and PySide deletes
    # them with a wrapper of the style hints dropped at once.
    style = QGuiApplication.styleHints()
    return style.accessibility().contrastPreference() is Qt.ContrastPreference.HighContrast


def look_at(item: QGraphicsItem) -> TableLook:
    """The look an item paints with: its scene's (`TableScene.set_look`), else the default."""
    return getattr(item.scene(), "look", None) or TableLook()


def scene_pen(item: QGraphicsItem, width: float) -> float:
    """A pen `width` scene units wide, in the item's own units (it may be scaled)."""
    turn = item.sceneTransform()
    scale = (turn.m11() ** 2 + turn.m12() ** 2) ** 0.5  # turned or not (a double's card)
    return width / scale if scale > 0 else width
