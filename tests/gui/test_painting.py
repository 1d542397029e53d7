"""Cards and chips as the player sees them: real pixels, painted offscreen."""

from __future__ import annotations

from itertools import combinations

import pytest
from PySide6.QtCore import QAbstractAnimation, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QImage, QPainter, QTransform
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
)
from pytestqt.qtbot import QtBot

from casino_gui.engine.betting import CHIPS, fewest_chips
from casino_gui.engine.cards import Card, full_deck
from casino_gui.gui.painting.card_face import BACK_FIELD, rank_label
from casino_gui.gui.table.card_item import CARD_HEIGHT, CARD_WIDTH, CardItem
from casino_gui.gui.table.chip_item import (
    CHIP_COLOURS,
    ChipItem,
    ChipStackItem,
    chip_label,
    paint_chip,
)
from casino_gui.gui.table.stacks import MAX_STACKS, STACK_CHIPS, STACK_VALUE

# The top-left corner index of a card, in card units.
INDEX_BOX = QRectF(2, 4, 22, 44)


def _blank(width: float, height: float) -> QImage:
    image = QImage(round(width), round(height), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    return image


def _render_item(item: QGraphicsItem, box: QRectF, scale: float = 1.0) -> QImage:
    """The item painted on its own, `box` (item units) mapped onto the image."""
    image = _blank(box.width() * scale, box.height() * scale)
    painter = QPainter(image)
    painter.scale(scale, scale)
    painter.translate(-box.left(), -box.top())
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return image


def _render_card(card: Card | None, face_up: bool = True) -> QImage:
    return _render_item(CardItem(card, face_up), QRectF(0, 0, CARD_WIDTH, CARD_HEIGHT))


def _pixels(image: QImage, box: QRectF | None = None, step: int = 1) -> list[QColor]:
    area = box if box is not None else QRectF(0, 0, image.width(), image.height())
    return [
        image.pixelColor(x, y)
        for x in range(int(area.left()), int(area.right()), step)
        for y in range(int(area.top()), int(area.bottom()), step)
    ]


def _is_red_ink(colour: QColor) -> bool:
    return (
        colour.alpha() > 200 and colour.red() > 150 and colour.green() < 90 and colour.blue() < 100
    )


def _is_black_ink(colour: QColor) -> bool:
    return colour.alpha() > 200 and max(colour.red(), colour.green(), colour.blue()) < 70


def _is_back_red(colour: QColor) -> bool:
    return colour.red() > 110 and colour.green() < 110 and colour.blue() < 110


def _distance(a: QColor, b: QColor) -> int:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def _saturation(colours: list[QColor]) -> float:
    opaque = [c for c in colours if c.alpha() > 0]
    return sum(c.hsvSaturationF() for c in opaque) / len(opaque)


# --- Cards ---


def test_seven_of_hearts_prints_red_ink_and_no_black(qapp: QApplication) -> None:
    pixels = _pixels(_render_card(Card("7", "H")))

    assert sum(map(_is_red_ink, pixels)) > 500
    assert not any(map(_is_black_ink, pixels))


def test_seven_of_spades_prints_black_ink_and_no_red(qapp: QApplication) -> None:
    pixels = _pixels(_render_card(Card("7", "S")))

    assert sum(map(_is_black_ink, pixels)) > 500
    assert not any(map(_is_red_ink, pixels))


@pytest.mark.parametrize("text", ["TD", "QC", "AH", "2S"])
def test_a_face_up_card_has_ink_in_both_corner_indices(qapp: QApplication, text: str) -> None:
    image = _render_card(Card.parse(text))
    bottom_right = QTransform().translate(CARD_WIDTH, CARD_HEIGHT).rotate(180).mapRect(INDEX_BOX)

    for corner in (INDEX_BOX, bottom_right):
        ink = [c for c in _pixels(image, corner) if _is_red_ink(c) or _is_black_ink(c)]
        assert len(ink) > 80, corner


def test_the_ten_is_indexed_10() -> None:
    assert rank_label("T") == "10"
    assert rank_label("7") == "7"
    assert rank_label("K") == "K"


def test_a_face_down_card_shows_the_red_back_and_no_index(qapp: QApplication) -> None:
    image = _render_card(Card("A", "S"), face_up=False)
    # The top of the back, where a face-up card has its index: deep red field and lattice.
    field = _pixels(image, QRectF(8, 8, 84, 40))

    assert sum(_is_back_red(c) for c in field) > 0.9 * len(field)
    assert sum(_distance(c, BACK_FIELD) < 40 for c in field) > 0.4 * len(field)
    assert not any(map(_is_black_ink, _pixels(image)))
    # Nothing of the card shows through: every back is the same back.
    assert image == _render_card(Card("K", "H"), face_up=False)
    assert image == _render_card(None)


def test_every_card_of_the_deck_paints_its_own_picture(qapp: QApplication) -> None:
    deck = full_deck()
    pictures = {str(card): _render_card(card) for card in deck}

    assert len(pictures) == 52
    for (first, one), (second, other) in combinations(pictures.items(), 2):
        assert one != other, f"{first} and {second} look the same"
    for text, image in pictures.items():
        assert (
            sum(map(_is_red_ink, _pixels(image, INDEX_BOX))) > 40
            or sum(map(_is_black_ink, _pixels(image, INDEX_BOX))) > 40
        ), text


def test_a_card_stays_sharp_when_the_table_is_scaled_up(qapp: QApplication) -> None:
    # Painted as vectors: at 3x the ink keeps the same share of the card, edges crisp.
    one = _pixels(_render_item(CardItem(Card("8", "D")), QRectF(0, 0, 100, 140), 1.0))
    three = _pixels(_render_item(CardItem(Card("8", "D")), QRectF(0, 0, 100, 140), 3.0))
    share_one = sum(map(_is_red_ink, one)) / len(one)
    share_three = sum(map(_is_red_ink, three)) / len(three)

    assert share_three == pytest.approx(share_one, rel=0.25)


@pytest.mark.parametrize("face_up", [True, False])
def test_an_instant_flip_turns_the_card_at_once(qapp: QApplication, face_up: bool) -> None:
    card = CardItem(Card("Q", "H"), face_up=face_up)
    flip = card.flip_animation(0)

    flip.start()

    assert flip.state() == QAbstractAnimation.State.Stopped
    assert card.face_up is not face_up
    assert card.transform().isIdentity()
    qapp.processEvents()  # as after an instant move, while the card lives


def test_a_flip_squeezes_the_card_and_ends_face_up(qtbot: QtBot) -> None:
    card = CardItem(Card("A", "S"), face_up=False)
    widths: list[float] = []
    flip = card.flip_animation(150)
    assert isinstance(flip, QVariantAnimation)
    flip.valueChanged.connect(lambda _value: widths.append(card.transform().m11()))

    flip.start()
    qtbot.waitUntil(lambda: flip.state() == QAbstractAnimation.State.Stopped, timeout=3000)

    assert card.face_up
    assert card.transform().isIdentity()
    assert min(widths) < 0.5
    # The lambda holds the card that holds the flip that holds the lambda: a cycle the collector
    # would free at any later moment, even while Qt's animation timer walks its animations.
    flip.valueChanged.disconnect()


def test_the_face_changes_at_the_middle_of_the_flip(qapp: QApplication) -> None:
    card = CardItem(Card("5", "C"), face_up=True)

    card.setProperty("flip", 0.45)
    assert card.face_up
    assert card.transform().m11() < 0.2

    card.setProperty("flip", 0.55)
    assert not card.face_up


def test_a_flip_stopped_half_way_still_turns_the_card(qtbot: QtBot) -> None:
    card = CardItem(Card("9", "D"), face_up=False)
    flip = card.flip_animation(10_000)

    flip.start()
    qtbot.waitUntil(lambda: flip.currentTime() > 0)
    flip.stop()

    assert card.face_up
    assert card.transform().isIdentity()


def test_an_instant_move_lands_at_once(qapp: QApplication) -> None:
    card = CardItem(Card("2", "H"))
    move = card.move_animation(QPointF(300, 120), 0)

    move.start()

    assert card.pos() == QPointF(300, 120)
    # Qt's animation timer takes a started animation on at its next turn: let it, while the
    # card and its animation live (deleted before, the next test's event loop crashed on it).
    qapp.processEvents()


def test_a_move_slides_the_card_to_its_place(qtbot: QtBot) -> None:
    # On a scene, as on the felt: a slide of an item on no scene crashed Qt in full runs.
    scene = QGraphicsScene()
    card = CardItem(Card("2", "H"))
    scene.addItem(card)
    move = card.move_animation(QPointF(300, 120), 120)

    move.start()
    qtbot.waitUntil(lambda: move.state() == QAbstractAnimation.State.Stopped, timeout=3000)

    assert card.pos() == QPointF(300, 120)


# --- Chips ---


def _render_chip(cents: int, *, selected: bool = False, dimmed: bool = False) -> QImage:
    image = _blank(120, 120)
    painter = QPainter(image)
    paint_chip(painter, QPointF(60, 60), 40, cents, selected=selected, dimmed=dimmed)
    painter.end()
    return image


@pytest.mark.parametrize("cents", CHIPS)
def test_a_chip_shows_its_colour_in_the_ring_between_rim_and_inlay(
    qapp: QApplication, cents: int
) -> None:
    image = _render_chip(cents)
    # Left and right of the centre, 0.65 of the radius out: the body between inlay and inserts.
    ring = [image.pixelColor(60 + dx, 60) for dx in (-26, 26)]

    for colour in ring:
        assert _distance(colour, CHIP_COLOURS[cents].body) < 70, (colour.name(), cents)


def test_each_denomination_has_a_colour_of_its_own() -> None:
    bodies = [CHIP_COLOURS[cents].body for cents in CHIPS]

    for one, other in combinations(bodies, 2):
        assert _distance(one, other) > 90


@pytest.mark.parametrize(("cents", "label"), [(100, "$1"), (2_500, "$25"), (50_000, "$500")])
def test_a_chip_says_its_value(cents: int, label: str) -> None:
    assert chip_label(cents) == label


def test_the_selected_chip_glows_gold_around_its_edge(qapp: QApplication) -> None:
    plain = _render_chip(1_000)
    selected = _render_chip(1_000, selected=True)
    just_outside = QRectF(60 - 48, 56, 6, 8)  # left of the rim (radius 40)

    assert plain != selected
    assert all(c.alpha() == 0 for c in _pixels(plain, just_outside))
    gold = [c for c in _pixels(selected, just_outside) if c.red() > 200 and c.blue() < 150]
    assert gold


@pytest.mark.parametrize("cents", CHIPS)
def test_a_dimmed_chip_is_greyer(qapp: QApplication, cents: int) -> None:
    plain = _pixels(_render_chip(cents), step=2)
    dimmed = _pixels(_render_chip(cents, dimmed=True), step=2)

    assert _saturation(dimmed) < 0.5 * _saturation(plain)
    assert dimmed != plain


def test_a_chip_item_centres_its_chip_on_its_position(qapp: QApplication) -> None:
    chip = ChipItem(2_500)
    image = _render_item(chip, QRectF(-40, -40, 80, 80))

    assert _distance(image.pixelColor(40 - 18, 40), CHIP_COLOURS[2_500].body) < 70
    assert image.pixelColor(1, 1).alpha() == 0


def test_a_chip_slides_to_a_circle(qtbot: QtBot) -> None:
    scene = QGraphicsScene()  # on a scene, as on the felt
    chip = ChipItem(500)
    scene.addItem(chip)
    move = chip.move_animation(QPointF(40, -20), 80)

    move.start()
    qtbot.waitUntil(lambda: move.state() == QAbstractAnimation.State.Stopped, timeout=3000)

    assert chip.pos() == QPointF(40, -20)


def test_a_dealer_stacks_55_dollars_as_two_25s_and_a_5() -> None:
    assert fewest_chips(5_500) == [2_500, 2_500, 500]
    assert fewest_chips(750) == [500, 100, 100]  # the odd 50 cents stays on the plate
    assert fewest_chips(0) == []


def test_a_stack_of_55_dollars_shows_its_chips_and_its_amount(qapp: QApplication) -> None:
    stack = ChipStackItem()
    stack.set_amount(5_500)
    box = stack.boundingRect()
    image = _render_item(stack, box, 2.0)

    def in_image(rect: QRectF) -> QRectF:
        return QRectF((rect.topLeft() - box.topLeft()) * 2, rect.size() * 2)

    assert stack.amount == 5_500
    assert stack.chips == [2_500, 2_500, 500]
    # The stack stands on its position: chips above it and down to the front of the bottom rim.
    chips = _pixels(image, in_image(QRectF(-30, box.top(), 60, -box.top() + 18)))
    green = [c for c in chips if c.green() > c.red() + 40 and c.green() > c.blue() + 20]
    red = [c for c in chips if c.red() > c.green() + 60 and c.red() > c.blue() + 60]
    assert len(green) > 100  # the rims of the two $25s
    assert len(red) > 300  # the $5 on top
    plate = _pixels(image, in_image(stack.plate_rect()))
    assert sum(min(c.red(), c.green(), c.blue()) > 200 for c in plate) > 40  # cream letters


def test_a_large_bet_is_drawn_as_capped_stacks_with_the_exact_amount(qapp: QApplication) -> None:
    stack = ChipStackItem(1_234_567)

    assert len(stack.stacks) == MAX_STACKS
    assert all(sum(chips) <= STACK_VALUE and len(chips) <= STACK_CHIPS for chips in stack.stacks)
    assert stack.amount == 1_234_567 and stack.label == "$12,345.67"  # odd cents included


def test_an_empty_stack_draws_nothing(qapp: QApplication) -> None:
    stack = ChipStackItem(2_500)
    stack.set_amount(0)
    image = _render_item(stack, QRectF(-60, -120, 120, 200))

    assert stack.boundingRect().isEmpty()
    assert all(c.alpha() == 0 for c in _pixels(image, step=3))


def test_cards_and_chips_render_together_through_a_scene(qapp: QApplication) -> None:
    scene = QGraphicsScene(QRectF(0, 0, 400, 200))
    card = CardItem(Card("K", "D"))
    card.setPos(20, 20)
    stack = ChipStackItem(10_000)
    stack.setPos(300, 120)
    for item in (card, stack):
        scene.addItem(item)
    image = _blank(800, 400)
    image.fill(QColor("#0b6623"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter)
    painter.end()

    assert sum(map(_is_red_ink, _pixels(image, QRectF(40, 40, 200, 280), 2))) > 200
    assert sum(map(_is_black_ink, _pixels(image, QRectF(520, 120, 160, 130), 2))) > 100
