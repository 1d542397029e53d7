"""The four-colour deck (a setting): diamonds blue and clubs green, hearts red, spades black,
so a suit is never told by red and black alone (docs/decisions.md, "The look adapts")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from casino_gui.engine import Card, rules_for
from casino_gui.gui.painting.card_face import CARD_HEIGHT, CARD_WIDTH, paint_card
from casino_gui.gui.settings import Settings, load_settings, save_settings
from casino_gui.gui.table.card_item import CardItem
from casino_gui.gui.table.look import TableLook
from casino_gui.gui.table.scene import TableScene


def inks(card: Card, *, four_colour: bool) -> dict[str, int]:
    """How many pixels of each ink the card's face prints."""
    image = QImage(round(CARD_WIDTH), round(CARD_HEIGHT), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_card(painter, card, True, four_colour=four_colour)
    painter.end()
    counts = {"red": 0, "black": 0, "blue": 0, "green": 0}
    for x in range(image.width()):
        for y in range(image.height()):
            c = image.pixelColor(x, y)
            if c.alpha() < 200:
                continue
            if c.red() > 150 and c.green() < 90 and c.blue() < 100:
                counts["red"] += 1
            elif max(c.red(), c.green(), c.blue()) < 70:
                counts["black"] += 1
            elif c.blue() > 140 and c.red() < 60 and c.green() < 120:
                counts["blue"] += 1
            elif c.green() > 90 and c.red() < 60 and c.blue() < 90:
                counts["green"] += 1
    return counts


@pytest.mark.parametrize(
    ("suit", "two", "four"),
    [("S", "black", "black"), ("H", "red", "red"), ("D", "red", "blue"), ("C", "black", "green")],
)
def test_each_suit_prints_its_own_ink_in_a_four_colour_deck(
    qapp: QApplication, suit: str, two: str, four: str
) -> None:
    plain, coloured = (
        inks(Card("7", suit), four_colour=False),
        inks(Card("7", suit), four_colour=True),
    )
    assert max(plain, key=plain.__getitem__) == two
    assert max(coloured, key=coloured.__getitem__) == four
    assert coloured[four] > 500


def test_the_scene_paints_its_cards_in_the_deck_chosen(qapp: QApplication) -> None:
    def greens(four_colour: bool) -> int:
        scene = TableScene(rules_for("blackjack"))
        card = CardItem(Card("9", "C"), True)
        scene.addItem(card)
        scene.set_look(TableLook(four_colour=four_colour))
        image = QImage(round(CARD_WIDTH), round(CARD_HEIGHT), QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.white)
        painter = QPainter(image)
        scene.render(painter, QRectF(image.rect()), card.sceneBoundingRect())
        painter.end()
        return sum(
            1
            for x in range(image.width())
            for y in range(image.height())
            if (c := image.pixelColor(x, y)).green() > 90 and c.red() < 60 and c.blue() < 90
        )

    assert greens(True) > greens(False) + 300


def test_the_choice_is_kept_in_the_settings(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert save_settings(tmp_path, Settings(four_colour=True))
    assert load_settings(tmp_path).four_colour
    assert not Settings().four_colour  # two colours unless asked
