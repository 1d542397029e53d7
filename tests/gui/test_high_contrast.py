"""The high-contrast theme on the felt: a dark plain felt, white and yellow print, outlines at
least 2 px wide at 1280 x 800, every badge's words at 7:1 or more against its ground (measured
on what is painted), and nothing told by colour alone: each result's badge has its own frame,
each chip prints its value (docs/decisions.md, "The look adapts")."""

from __future__ import annotations

import dataclasses
import doctest
from collections import Counter
from collections.abc import Callable

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsItem

from casino_gui.engine import rules_for
from casino_gui.engine.betting import CHIPS
from casino_gui.gui.painting import contrast
from casino_gui.gui.painting.card_face import STRONG_EDGE
from casino_gui.gui.painting.contrast import (
    BADGE_INKS,
    FRAMES,
    MIN_RATIO,
    PEN,
    WHITE,
    YELLOW,
    contrast_ratio,
    plain_felt,
)
from casino_gui.gui.settings import Contrast, Felt
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.chip_item import CHIP_COLOURS, HC_TEXT, chip_label, paint_chip, value_path
from casino_gui.gui.table.felt import GOLD, PRINT, print_ink
from casino_gui.gui.table.geometry import CARD_SCALE, TABLE_CENTRE
from casino_gui.gui.table.look import TableLook
from casino_gui.gui.table.scene import TONES, TableScene
from casino_gui.gui.table.wording import Result
from tests.gui.conftest import Table
from tests.gui.test_screenshots import sized

Open = Callable[..., Table]
HIGH = TableLook(high_contrast=True)
# A result's words on its badge, one of each tone.
WORDS = {
    "total": "9 / 19",
    "win": "WIN +$50.00",
    "natural": "BLACKJACK +$7.50",
    "push": "PUSH",
    "lose": "BUST \N{MINUS SIGN}$25.00",
    "active": "SHUFFLING",
}


def rendered(scene: TableScene, item: QGraphicsItem, scale: float = 2.0) -> QImage:
    """What the scene paints over the item's box, `scale` pixels a scene unit."""
    box = item.sceneBoundingRect()
    image = QImage(
        round(box.width() * scale), round(box.height() * scale), QImage.Format.Format_RGB32
    )
    image.fill(Qt.GlobalColor.magenta)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), box)
    painter.end()
    return image


def ground_and_words(image: QImage) -> tuple[QColor, QColor]:
    """A badge's ground and its words' ink: across the middle of the badge, where its words
    are, the colour most of it is, and the one that stands out most from it."""
    width, height = image.width(), image.height()
    middle = [
        QColor.fromRgb(image.pixel(x, y))
        for x in range(width // 5, width * 4 // 5)
        for y in range(height * 3 // 10, height * 7 // 10)
    ]
    ground = QColor.fromRgb(Counter(colour.rgb() for colour in middle).most_common(1)[0][0])
    words = max(middle, key=lambda colour: contrast_ratio(colour, ground))
    return ground, words


@pytest.mark.parametrize("tone", list(WORDS))
def test_every_badge_reads_at_seven_to_one_in_high_contrast(qapp: QApplication, tone: str) -> None:
    scene = TableScene(rules_for("blackjack"))
    scene.set_look(HIGH)
    badge = Badge(17.0)
    scene.addItem(badge)
    badge.setPos(TABLE_CENTRE)
    badge.set_text(WORDS[tone], tone)
    ground, words = ground_and_words(rendered(scene, badge))
    # What is painted is the theme's inks, and they read at 7:1 or more.
    assert (ground.name(), words.name()) == (
        BADGE_INKS[tone].ground.name(),
        BADGE_INKS[tone].ink.name(),
    )
    assert contrast_ratio(words, ground) >= MIN_RATIO, tone


def test_each_result_is_told_by_its_frame_as_well_as_its_colour_and_words() -> None:
    tones = {TONES[result] for result in Result} | {"total"}
    assert tones == {"total", "win", "natural", "push", "lose"}
    frames = [FRAMES[tone] for tone in tones]
    assert len(set(frames)) == len(frames)


@pytest.mark.parametrize("felt", list(Felt))
def test_the_felt_is_dark_and_plain_under_white_and_yellow_print(
    qapp: QApplication, felt: str
) -> None:
    scene = TableScene(rules_for("blackjack"))
    scene.set_look(dataclasses.replace(HIGH, felt=felt))
    image = QImage(1600, 790, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), QRectF(0, 0, 1600, 790))
    painter.end()
    # No gradient: the felt is one colour from its middle to near the rail.
    samples = {
        image.pixelColor(x, y).name() for x, y in ((800, 400), (300, 300), (1300, 300), (600, 700))
    }
    assert samples == {plain_felt(felt).name()}
    # The print: the rules in white, the title and the payouts in yellow.
    assert (print_ink(PRINT, True), print_ink(GOLD, True)) == (WHITE, YELLOW)
    for ink in (WHITE, YELLOW):
        assert contrast_ratio(ink, plain_felt(felt)) >= MIN_RATIO


def test_outlines_are_at_least_two_pixels_wide_at_1280_by_800(open_table: Open) -> None:
    table = open_table()
    window = table.window
    window.preferences.apply(dataclasses.replace(window.settings, contrast=Contrast.HIGH))
    sized(table, 1280, 800)
    scale = window.view.transform().m11()
    assert window.scene.look.high_contrast
    assert PEN * scale >= 2.0
    assert STRONG_EDGE * CARD_SCALE * scale >= 2.0  # the cards' edges


@pytest.mark.parametrize("cents", CHIPS)
@pytest.mark.parametrize("high", [False, True])
def test_every_chip_prints_its_value(qapp: QApplication, cents: int, high: bool) -> None:
    radius, centre = 90.0, QPointF(100.0, 100.0)
    image = QImage(200, 200, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.magenta)
    painter = QPainter(image)
    paint_chip(painter, centre, radius, cents, high_contrast=high)
    painter.end()
    text = value_path(cents, centre, radius)
    ink = HC_TEXT if high else CHIP_COLOURS[cents].text
    # Well inside the letters (a pixel and its neighbours all in them) the value's ink is painted.
    inside = [
        (x, y)
        for x in range(200)
        for y in range(200)
        if all(
            text.contains(QPointF(x + 0.5 + dx, y + 0.5 + dy))
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
        )
    ]
    assert len(inside) > 20, chip_label(cents)
    assert {image.pixelColor(x, y).name() for x, y in inside} == {ink.name()}
    assert len({chip_label(chip) for chip in CHIPS}) == len(CHIPS)


def test_the_contrast_doctests() -> None:
    failures, tried = doctest.testmod(contrast)
    assert tried and not failures
