"""Where the table's labels stand clear of each other, of the cards and of the felt's print, at
the player's text size (docs/decisions.md, "The felt's print", "The table's picture" and "The
look adapts")."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from casino_gui.engine import Rules, SideBet
from casino_gui.gui.painting.card_face import CARD_HEIGHT, CARD_WIDTH, SHADOW_MARGIN
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.felt import printed_shapes
from casino_gui.gui.table.geometry import (
    CARD_SCALE,
    DEALER_CARDS,
    RAIL_RADII,
    SCENE,
    TABLE_CENTRE,
    card_position,
    card_size,
    dealer_card_position,
)

if TYPE_CHECKING:
    from casino_gui.gui.table.scene import TableScene

LABEL_GAP = 6.0  # between split hands' labels
CARD_SHADOW = SHADOW_MARGIN * CARD_SCALE  # how far below a card its shadow reaches
TOTAL_GAP = 2.0  # between a hand's cards, shadow and all, and its total
RESULT_LIFT = 4.0  # between a hand's highest card and its result above it
RESULT_GAP = 3.0  # between results stacked in rows
POINTER_GAP = 8.0  # between the active hand's total and the pointer under it
POINTER_SIDE = 20.0  # the pointer's depth and a gap, where it stands beside a total
DEALER_GAP = 9.5  # between the dealer's cards and his total under or beside them
SIDE_GAP = 3.0  # between a circle's ring or plate and its side bet's result under it
# A label may reach onto the rail (its pill is its own ground), not past its middle.
RAIL_INSET = 0.0
SEARCH_STEPS = 24  # how many quarter heights or widths a label may be moved to find room


def tall(label: Badge) -> float:
    """A label's height on the felt, at the player's text size."""
    return label.boundingRect().height() * label.scale()


def wide(label: Badge) -> float:
    return label.boundingRect().width() * label.scale()


def spread(labels: list[Badge], gap: float = LABEL_GAP) -> None:
    """Split hands' labels ("13 · $75.00") are wider than their hands stand apart: each keeps
    a gap from the one before, and the row stays centred where they wanted to be."""
    if len(labels) < 2:
        return
    wanted = [label.x() for label in labels]
    placed = wanted[:1]
    for index in range(1, len(labels)):
        half = (wide(labels[index - 1]) + wide(labels[index])) / 2
        placed.append(max(wanted[index], placed[-1] + half + gap))
    shift = (sum(wanted) - sum(placed)) / len(labels)
    for label, x in zip(labels, placed, strict=True):
        label.setX(x + shift)


class FeltPrint:
    """Everything printed on a table's felt, as one outline a label can be checked against."""

    def __init__(self, rules: Rules) -> None:
        self._outline = QPainterPath()
        for _name, shape in printed_shapes(rules):
            self._outline.addPath(shape)

    def covers(self, box: QRectF) -> bool:
        """Whether a label standing in `box` (scene units) would lie on the print."""
        outline = QPainterPath()
        outline.addRect(box)
        return self._outline.intersects(outline)


class Room:
    """Where a label may stand: on the felt, off its print, clear of what is `taken`; and,
    for a hand's result, in its own `column` (its centre between the neighbouring circles)
    and below its `top` (the dealer's place above reads as his)."""

    def __init__(
        self,
        print_: FeltPrint,
        taken: list[QRectF],
        column: tuple[float, float] | None = None,
        top: float | None = None,
    ) -> None:
        self.print = print_
        self.taken = taken
        self.column = column
        self.top = top

    def free(self, box: QRectF) -> bool:
        if self.column is not None and not self.column[0] <= box.center().x() <= self.column[1]:
            return False
        if self.top is not None and box.top() < self.top:
            return False
        return (
            on_felt(box)
            and not any(box.intersects(other) for other in self.taken)
            and not self.print.covers(box)
        )

    def within(self, column: tuple[float, float], top: float) -> Room:
        """The same room, for a label kept to `column` and below `top`."""
        return Room(self.print, self.taken, column, top)


def on_felt(box: QRectF) -> bool:
    """Inside the scene and the rail's inner edge."""
    if not SCENE.contains(box):
        return False
    rx, ry = (radius - RAIL_INSET for radius in RAIL_RADII)
    return all(
        ((corner.x() - TABLE_CENTRE.x()) / rx) ** 2 + ((corner.y() - TABLE_CENTRE.y()) / ry) ** 2
        <= 1
        for corner in (box.bottomLeft(), box.bottomRight())
    )


def clear_place(room: Room, label: Badge, places: list[QPointF]) -> QPointF:
    """The first of `places` (a label's centre) where `label` lies clear; else the nearest
    clear place around the first, moved by quarter heights and widths; else the first."""
    box = label.sceneBoundingRect()
    at = label.scenePos()

    def fits(centre: QPointF) -> bool:
        return room.free(box.translated(centre - at))

    for place in places:
        if fits(place):
            return place
    first = places[0]
    for dx, dy in _moves(round(box.height() / box.width(), 1)):
        move = QPointF(dx * box.width(), dy * box.height())
        if fits(first + move):
            return first + move
    return first


@cache
def _moves(aspect: float) -> list[tuple[float, float]]:
    """Moves in a label's widths and heights (`aspect`: its height over its width), by
    quarters, nearest first; aside a little before up or down, where the hands' labels are."""
    steps = [step / 4 for step in range(-SEARCH_STEPS, SEARCH_STEPS + 1)]
    return sorted(
        ((dx, dy) for dx in steps for dy in steps),
        key=lambda move: math.hypot(move[0], 1.5 * move[1] * aspect),
    )


def circles_and_chips(scene: TableScene) -> list[tuple[int, QRectF]]:
    """The circles' rings and the bets' chips, each with its spot: a result moved onto them
    would hide a bet or read as a circle's."""
    found = []
    for circle in [*scene.circles.values(), *scene.busters.values()]:
        if not circle.isVisible():
            continue
        r = circle.radius
        found.append((circle.spot, circle.mapRectToScene(QRectF(-r, -r, 2 * r, 2 * r))))
        chips = circle.chips
        if chips.amount:
            found.append((circle.spot, chips.mapRectToScene(chips.stack_rect())))
    return found


def obstacles(scene: TableScene) -> list[QRectF]:
    """What a movable label must not cover: the cards' faces, the hands' totals, the bets'
    plates, the circles' words and the pointer."""
    face = QRectF(0.0, 0.0, CARD_WIDTH, CARD_HEIGHT)
    cards = [*scene.dealer_cards, *(c for cards in scene.hand_cards.values() for c in cards)]
    boxes = [card.mapRectToScene(face) for card in cards]
    boxes += [total.sceneBoundingRect() for total in scene.totals.values() if total.text]
    for circle in [*scene.circles.values(), *scene.busters.values()]:
        boxes.append(circle.mapRectToScene(circle.words_rect()))
        chips = circle.chips
        if chips.amount:
            boxes.append(chips.mapRectToScene(chips.plate_rect()))
    boxes += [
        stack.mapRectToScene(stack.plate_rect())
        for stack in scene.insurance.values()
        if stack.amount
    ]
    if scene.pointer.isVisible():
        boxes.append(scene.pointer.sceneBoundingRect())
    return [box for box in boxes if not box.isEmpty()]


class LabelPlacing:
    """Where a scene's labels and pointer stand, at the player's text size: totals under
    each hand, results above it (or under its total, off the felt's print), the pointer under
    the active hand, the dealer's total under his cards, side bets' results under their
    circles; each movable label then finds room clear of the others (`settle`)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.active: int | None = None  # the hand the pointer is under
        self._print: FeltPrint | None = None  # the felt's print, made when first asked
        self._result_places: dict[int, tuple[QPointF, QPointF]] = {}  # above, or under
        self._side_places: dict[tuple[int, SideBet], list[QPointF]] = {}
        self._dealer_under = QPointF()
        self._held = False  # a whole picture is being shown: settle once, at its end

    @contextmanager
    def held(self) -> Iterator[None]:
        """Labels settled once for a whole picture (`TableScene.show`), not at each of its
        totals, results and plates."""
        self._held = True
        try:
            yield
        finally:
            self._held = False
        self.settle()

    def fixed(self) -> None:
        """The labels at the table's fixed places: they grow downwards, away from the cards
        and the print above them. A Buster circle's plate hangs below its main circle's
        where large words would make them meet."""
        scene = self.scene
        self._hang_plates_clear_of_side_chips()
        dealer = scene.dealer_total
        top = DEALER_CARDS.y() + card_size()[1] / 2 + DEALER_GAP
        self._dealer_under = QPointF(DEALER_CARDS.x(), top + tall(dealer) / 2)
        dealer.setPos(self._dealer_under)
        for (spot, kind), badge in scene.side_results.items():
            circle = scene.busters.get(spot) if kind is SideBet.BUSTER else scene.circles[spot]
            if circle is None:
                continue
            # Under the plate of the circle's chips, which may reach below its ring.
            chips = circle.chips
            plate = chips.mapRectToScene(chips.plate_rect())
            top = max(plate.bottom(), circle.y() + circle.radius) + SIDE_GAP
            under = QPointF(plate.center().x(), top + tall(badge) / 2)
            # A Buster circle stands by the rail: where under it is off the felt, its result
            # lies across it (settled, its chips are gone).
            across = [circle.pos()] if kind is SideBet.BUSTER else []
            self._side_places[spot, kind] = [under, *across]
            badge.setPos(under)
        self.settle()

    def _hang_plates_clear_of_side_chips(self) -> None:
        """A main bet's plate, grown with the text size, hangs below the chips of its Buster
        circle beside it rather than over them; the Buster plate then below it (`fixed`)."""
        scene = self.scene
        for spot, buster in scene.busters.items():
            high, low = scene.circles[spot].chips, buster.chips
            high.set_plate_drop(0.0)
            low.set_plate_drop(0.0)
            if not (high.amount and low.amount):
                continue
            plate = high.mapRectToScene(high.plate_rect())
            chips = low.mapRectToScene(low.stack_rect())
            if plate.intersects(chips):
                drop = (chips.bottom() + SIDE_GAP - plate.top()) / high.sceneTransform().m22()
                high.set_plate_drop(drop)
        for spot, buster in scene.busters.items():
            low, high = buster.chips, scene.circles[spot].chips
            below = high.mapRectToScene(high.plate_rect()).bottom() + SIDE_GAP
            plate = low.mapRectToScene(low.plate_rect())
            if plate.intersects(high.mapRectToScene(high.plate_rect())):
                low.set_plate_drop((below - plate.top()) / low.sceneTransform().m22())

    def labels(self) -> None:
        scene = self.scene
        width, height = card_size()
        self._result_places = {}
        for spot in scene.circles:
            hands, origins = scene.hands_at(spot)
            lasts = [
                card_position(origin, max(1, len(scene.hand_cards[hand])) - 1)
                for hand, origin in zip(hands, origins, strict=True)
            ]
            result_tall = max((tall(scene.results[h]) for h in hands), default=0.0)
            lift = RESULT_LIFT + result_tall / 2
            step = result_tall + RESULT_GAP
            # Split hands stand closer than a result is wide: their results share the row of
            # the highest, and every other one is raised a row, so that none touch.
            row = min((last.y() for last in lasts), default=0.0) - lift
            below = height + CARD_SHADOW + TOTAL_GAP
            lowest = max((o.y() for o in origins), default=0.0)
            total_tall = max((tall(scene.totals[h]) for h in hands), default=0.0)
            under = lowest + below + total_tall + RESULT_GAP + step / 2
            for index, (hand_id, origin) in enumerate(zip(hands, origins, strict=True)):
                last = lasts[index]
                total = scene.totals[hand_id]
                # Under the first card (the lowest) and clear of the shadow it throws.
                total.setPos(origin.x() + width / 2, origin.y() + below + tall(total) / 2)
                y = last.y() - lift if len(hands) == 1 else row - step * (index % 2)
                # Above the hand, or under its total off the print (`settle`).
                self._result_places[hand_id] = (
                    QPointF(last.x() + width / 2, y),
                    QPointF(origin.x() + width / 2, under + step * (index % 2)),
                )
            # Larger totals leave room before each for the pointer (`pointer`).
            gap = LABEL_GAP + (POINTER_SIDE if scene.look.text_scale > 1 else 0.0)
            spread([scene.totals[h] for h in hands if scene.totals[h].text], gap)
        self.settle()

    def result(self, hand_id: int) -> None:
        """A hand's result changed its words: every movable label finds its room again."""
        if hand_id in self._result_places:
            self.settle()

    def settle(self) -> None:
        """Put each movable label (the dealer's total, results, side bets' results, the shoe's
        plate) at the first of its places where it lies clear of the felt's print, the cards,
        the totals, the plates, the circles' words and the labels settled before it."""
        if self._held:
            return
        scene = self.scene
        if self._print is None:
            self._print = FeltPrint(scene.rules)
        room = Room(self._print, obstacles(scene))
        bets = circles_and_chips(scene)
        dealer = scene.dealer_total
        if dealer.text:
            dealer.setPos(clear_place(room, dealer, self._dealer_places()))
            room.taken.append(dealer.sceneBoundingRect())
        # A hand's result stays in its circle's column, below the dealer's place and off the
        # circles and chips: moved beside another hand or under the dealer's total, it reads
        # as theirs.
        below = dealer.sceneBoundingRect().bottom() if dealer.text else 0.0
        for hand_id in scene.hand_order:
            label = scene.results[hand_id]
            if hand_id in self._result_places and label.text:
                spot = scene.hand_spot[hand_id]
                column = self._column(spot)
                places = list(self._result_places[hand_id])
                hands = Room(room.print, room.taken + [box for _at, box in bets])
                # Where the column has no room (a big text size) the result may lie across
                # its own circle, which names it (never another's), then higher up.
                own = Room(room.print, room.taken + [box for at, box in bets if at != spot])
                tries = (hands.within(column, below), own.within(column, below), hands)
                for kept in tries:
                    at = clear_place(kept, label, places)
                    if kept.free(label.sceneBoundingRect().translated(at - label.scenePos())):
                        break
                label.setPos(at)
                room.taken.append(label.sceneBoundingRect())
        for (spot, kind), badge in scene.side_results.items():
            if badge.text and (spot, kind) in self._side_places:
                # A side bet's result may lie across its own circle's number: it names it;
                # not on another circle or its chips.
                number = scene.circles[spot]
                words = number.mapRectToScene(number.words_rect())
                others = [box for at, box in bets if at != spot]
                mine = Room(room.print, [box for box in room.taken if box != words] + others)
                badge.setPos(clear_place(mine, badge, self._side_places[spot, kind]))
                room.taken.append(badge.sceneBoundingRect())
        plate = scene.tray.plate
        if plate.text:
            scene.tray.place_plate()
            # Not over the tray's cards it counts.
            tray = Room(room.print, [*room.taken, scene.tray.sceneBoundingRect()])
            at = clear_place(tray, plate, [plate.scenePos()])
            plate.setPos(scene.tray.mapFromScene(at))

    def _column(self, spot: int) -> tuple[float, float]:
        """From halfway to the circle on one side to halfway to the one on the other."""
        xs = sorted(circle.scenePos().x() for circle in self.scene.circles.values())
        x = self.scene.circles[spot].scenePos().x()
        index = xs.index(x)
        left = (xs[index - 1] + x) / 2 if index > 0 else SCENE.left()
        right = (xs[index + 1] + x) / 2 if index + 1 < len(xs) else SCENE.right()
        return left, right

    def _dealer_places(self) -> list[QPointF]:
        """Under the dealer's cards, or beside the last of them where under is the print."""
        scene = self.scene
        width, height = card_size()
        count = max(2, len(scene.dealer_cards))
        last = dealer_card_position(count - 1, count)
        beside = QPointF(
            last.x() + width + DEALER_GAP + wide(scene.dealer_total) / 2, last.y() + height / 2
        )
        return [self._dealer_under, beside]

    def pointer(self, hand_id: int | None) -> None:
        """The gold pointer under the active hand's total, or before it at a larger text size;
        hidden when no hand is played."""
        scene = self.scene
        self.active = hand_id
        if hand_id is None or hand_id not in scene.totals:
            scene.pointer.hide()
            return
        total = scene.totals[hand_id]
        if scene.look.text_scale > 1:
            # A larger total leaves no room under it above the circle's chips: the pointer
            # stands before it, pointing at it.
            scene.pointer.setRotation(90.0)
            scene.pointer.setPos(total.x() - wide(total) / 2 - POINTER_GAP / 2, total.y())
        else:
            scene.pointer.setRotation(0.0)
            scene.pointer.setPos(total.x(), total.y() + tall(total) / 2 + POINTER_GAP)
        scene.pointer.show()
