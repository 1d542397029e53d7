"""The shuffle shown between rounds: the tray's pile goes back into the shoe and, at a shoe
game, a short banner says so while the burn card slides from the shoe to the tray
(docs/decisions.md, "The shoe at the table").

It plays as one step of DEAL, before the new round's cards come; a click or key during it
hurries it to its end and then acts (docs/architecture.md, "The window": input is never
dropped).
"""

from __future__ import annotations

from PySide6.QtCore import QParallelAnimationGroup, QPauseAnimation, QPointF

from casino_gui.engine import Shoe
from casino_gui.gui.table import tempo
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.card_item import CardItem
from casino_gui.gui.table.geometry import CARD_SCALE, SHOE
from casino_gui.gui.table.scene import TableScene
from casino_gui.gui.table.tempo import Tempo

SHUFFLING = "Shuffling: new shoe, one card burnt"
BANNER = QPointF(800.0, 390.0)  # in the middle of the felt, under its print, above the circles
NOTICE = 4.0  # the banner's time, a share of a card's slide (about a second at normal speed)
SHOE_MOUTH = SHOE - QPointF(40, 60)  # where a card leaves the shoe and a pile goes back in


def shuffles(shoe: Shoe) -> bool:
    """Whether the round dealt from `shoe` opened a new shuffle: every round of the seven
    games, and a shoe game's first round after its cut card came out."""
    return shoe.cut is None or shoe.fresh


async def show(scene: TableScene, pace: Tempo, shoe: Shoe) -> None:
    """The tray back into the shoe, then a shoe game's burn card to the tray under the banner;
    the tray then holds what the new shoe has dealt before its round (the burn card)."""
    scene.tray.set_shoe(None)  # the old shoe's plate goes with it; the new round brings its own
    if scene.tray.count and not pace.instant:
        scene.tray.set_count(0)
        pile = _card_at(scene, scene.tray.landing())
        await pace.run(pile.move_animation(SHOE_MOUTH, pace.ms(tempo.RESHUFFLE)))
        scene.removeItem(pile)
    scene.tray.set_count(0)
    if not shoe.fresh:
        return
    if not pace.instant:
        banner = Badge(30.0)
        banner.setPos(BANNER)
        banner.set_text(SHUFFLING, "active")
        scene.addItem(banner)
        burn = _card_at(scene, SHOE_MOUTH)
        together = QParallelAnimationGroup()
        together.addAnimation(burn.move_animation(scene.tray.landing(), pace.ms(tempo.GATHER)))
        together.addAnimation(QPauseAnimation(pace.ms(NOTICE)))
        await pace.run(together)
        together.deleteLater()
        scene.removeItem(burn)
        scene.removeItem(banner)
    scene.tray.set_count(shoe.dealt)


def _card_at(scene: TableScene, point: QPointF) -> CardItem:
    card = CardItem(None, face_up=False)
    card.setScale(CARD_SCALE)
    card.setPos(point)
    card.setZValue(50)
    scene.addItem(card)
    return card
