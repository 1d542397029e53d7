"""Rounds that fill the felt (split hands, side bets, results) for the layout and picture tests,
and what on the felt collides with what."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsItem

from casino_gui.engine.round import Action, Phase
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.betting_circle import BettingCircle
from casino_gui.gui.table.card_item import CARD_HEIGHT, CARD_WIDTH, CardItem
from casino_gui.gui.table.chip_item import ChipStackItem
from casino_gui.gui.table.felt import printed_shapes
from tests.gui.conftest import Table

# Spot 1 splits 8-8 (Caribbean 21: 9-5; Match Play: no tens in the deck), doubles the first
# hand and hits the second; spot 2 stands; the dealer busts or stands: every hand wins.
ROUNDS = {
    "blackjack": "8S TC 6H 8D 9H TD 3C KC 2S 9C 7S",
    "face_up_21": "8S TC TD 8D 9H 7D 3C KC 2S 9C",
    "pontoon": "8S TC 6H 8D 9H TD 3C KC 2S 9C 7S",
    "caribbean_21": "9S TC AH 5D 9H 9C 6C TD 7S 9D",
    "super_21": "8S TC 6H 8D 9H TD 3C KC 2S 9C 7S",
    "match_play_21": "8S KC 6H 8D 9H KD 3C KH 2S 9C 7S",
    "no_bust_21": "8S TC 6H 8D 9H TD 3C KC 2S 9C 7S",
}
ANSWERS = (Action.NO_INSURANCE, Action.SPLIT, Action.DOUBLE, Action.STAND, Action.HIT)


def bet_and_deal(table: Table, shoe: str) -> None:
    table.select_chip(2_500)
    table.click_circle(1)
    table.select_chip(1_000)
    table.click_circle(2)
    if table.window.scene.busters:
        table.select_chip(100)
        table.click_circle(1, kind="buster")
    table.press(Action.DEAL, shoe=shoe)


def play_out(table: Table) -> None:
    """Split once, double once, stand on the rest, till the round settles."""
    used: set[Action] = set()
    for _ in range(20):
        round_ = table.controller.table
        if round_ is None or round_.phase is Phase.SETTLED:
            return
        lit = table.lit
        answer = next(
            a
            for a in ANSWERS
            if a in lit and not (a in used and a in (Action.SPLIT, Action.DOUBLE))
        )
        used.add(answer)
        table.press(answer)
    raise AssertionError("the round did not settle")


def outline(item: QGraphicsItem) -> QRectF:
    """What an item covers on the felt: a card's face (not the room for its shadow)."""
    if isinstance(item, CardItem):
        return item.mapRectToScene(QRectF(0.0, 0.0, CARD_WIDTH, CARD_HEIGHT))
    return item.sceneBoundingRect()


def drawn(item: QGraphicsItem) -> bool:
    return item.isVisible() and (not isinstance(item, Badge) or bool(item.text))


def collisions(table: Table) -> list[str]:
    """Pairs of things on the felt that overlap: the print with anything set on the felt, and
    words (totals, results, side-bet results, bets' plates, circle labels beside their
    circles) with each other and with cards."""
    scene = table.window.scene
    found: list[str] = []
    items = [item for item in scene.items() if drawn(item)]
    labels = [(describe(item), outline(item)) for item in items if isinstance(item, Badge)]
    badges = [item for item in items if isinstance(item, Badge)]
    cards = [item for item in items if isinstance(item, CardItem)]
    circles = [item for item in items if isinstance(item, BettingCircle)]
    for name, shape in printed_shapes(scene.rules):
        for item in [*badges, *cards, *circles]:
            box = QPainterPath()
            box.addRect(outline(item))
            if shape.intersects(box):
                found.append(f"{name} / {describe(item)}")
    shapes = printed_shapes(scene.rules)
    for index, (name, shape) in enumerate(shapes):
        for other, other_shape in shapes[index + 1 :]:
            if shape.intersects(other_shape):
                found.append(f"{name} / {other}")
    words = [*labels, *plates(items), *circle_words(circles)]
    for index, (name, box) in enumerate(words):
        for other, other_box in words[index + 1 :]:
            if box.intersects(other_box):
                found.append(f"{name} / {other}")
        for card in cards:
            if box.intersects(outline(card)):
                found.append(f"{name} / {describe(card)}")
    return found


Words = list[tuple[str, QRectF]]


def misplaced(table: Table) -> list[str]:
    """What a label stands where it misleads or hides: a hand's result on another circle or a
    bet's chips, beside another hand (nearer another circle than its own) or up in the dealer's
    place (above the dealer's total, where it reads as his); a bet's plate over another bet's
    chips; the shoe's plate over the discard tray."""
    scene = table.window.scene
    found: list[str] = []
    circles = [c for c in [*scene.circles.values(), *scene.busters.values()] if c.isVisible()]
    stacks = [c.chips for c in circles if c.chips.amount]
    rings = [
        (c, c.mapRectToScene(QRectF(-c.radius, -c.radius, 2 * c.radius, 2 * c.radius)))
        for c in circles
    ]
    dealer = scene.dealer_total
    for hand_id, badge in scene.results.items():
        if not drawn(badge):
            continue
        box, spot = outline(badge), scene.hand_spot[hand_id]
        name = describe(badge)
        # Across its own circle a result names it; on another's it reads as that circle's.
        found += [
            f"{name} / circle {c.kind} {c.spot}"
            for c, ring in rings
            if box.intersects(ring) and c.spot != spot
        ]
        found += [
            f"{name} / chips {_at(chips_box(s))}" for s in stacks if box.intersects(chips_box(s))
        ]
        nearest = min(
            scene.circles.values(), key=lambda c: abs(c.scenePos().x() - box.center().x())
        )
        if nearest.spot != spot:
            found.append(f"{name} of circle {spot} / beside circle {nearest.spot}")
        if drawn(dealer) and box.top() < outline(dealer).bottom():
            found.append(f"{name} of circle {spot} / in the dealer's place")
    for stack in stacks:
        plate = stack.mapRectToScene(stack.plate_rect())
        found += [
            f"plate {stack.label!r} at {_at(plate)} / chips {_at(chips_box(other))}"
            for other in stacks
            if other is not stack and plate.intersects(chips_box(other))
        ]
    tray = scene.tray
    if drawn(tray.plate) and outline(tray.plate).intersects(tray.sceneBoundingRect()):
        found.append(f"{describe(tray.plate)} / the discard tray")
    return found


def chips_box(stack: ChipStackItem) -> QRectF:
    """A bet's chips without their plate."""
    return stack.mapRectToScene(stack.stack_rect())


def plates(items: list[QGraphicsItem]) -> Words:
    """The plates that say the amounts of the bets under their chips."""
    return [
        (f"plate {item.label!r} at {_at(box)}", box)
        for item in items
        if isinstance(item, ChipStackItem) and item.amount and item.has_plate
        for box in [item.mapRectToScene(item.plate_rect())]
    ]


def circle_words(circles: list[BettingCircle]) -> Words:
    """A circle's label printed beside it ("BUSTER")."""
    return [
        (f"circle label {circle.label!r} at {_at(box)}", box)
        for circle in circles
        if circle.label_outside()
        for box in [circle.mapRectToScene(circle.label_rect())]
    ]


def _at(box: QRectF) -> str:
    return f"({box.x():.0f}, {box.y():.0f}, {box.width():.0f} x {box.height():.0f})"


def describe(item: QGraphicsItem) -> str:
    box = outline(item)
    where = f"at {_at(box)}"
    if isinstance(item, Badge):
        return f"label {item.text!r} {where}"
    if isinstance(item, BettingCircle):
        return f"circle {item.kind} {item.spot} {where}"
    return f"{type(item).__name__} {where}"
