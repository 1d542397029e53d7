"""The table scene: felt, betting circles, the dealer's place and the cards on them.

The scene shows a `TablePicture`: `show(picture)` makes every item match it at once (at rest,
the scene is the picture). Animations (`animation.py`) create card items at the shoe and move
them to the places `targets()` gives, so one layout serves the deal, a hit, a split and a
redraw after a crash.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from casino_gui.engine import Card, Rules, SideBet
from casino_gui.engine.betting import CircleKind
from casino_gui.gui.table import split_stacks
from casino_gui.gui.table.badge import Badge
from casino_gui.gui.table.betting_circle import SIDE_CHIPS_SCALE, BettingCircle
from casino_gui.gui.table.card_item import CardItem
from casino_gui.gui.table.chip_item import STACK_RADIUS, ChipStackItem
from casino_gui.gui.table.discard_tray import DiscardTray
from casino_gui.gui.table.felt import FeltItem
from casino_gui.gui.table.geometry import (
    BUSTER_RADIUS,
    CARD_SCALE,
    CIRCLE_RADIUS,
    SCENE,
    SHOE,
    buster_centre,
    card_position,
    card_size,
    circle_centre,
    dealer_card_position,
    hand_origins,
)
from casino_gui.gui.table.labels import LabelPlacing
from casino_gui.gui.table.look import TableLook
from casino_gui.gui.table.picture import CardPicture, TablePicture
from casino_gui.gui.table.pointer import HandPointer
from casino_gui.gui.table.wording import Banner, Result

# The colour of a result is chosen by its typed kind, never by reading its words.
TONES = {
    Result.NATURAL: "natural",
    Result.WIN: "win",
    Result.PUSH: "push",
    Result.SURRENDER: "push",
    Result.LOSE: "lose",
    Result.BUST: "lose",
}


def tone_of(banner: Banner | None) -> str:
    return TONES[banner.result] if banner is not None else "total"


HAND_CHIPS_DROP = 12.0  # below the circle's own chips: the hand's pointer stands above


class TableScene(QGraphicsScene):
    """One table's items, rebuilt by `set_rules` when the player changes table."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.setSceneRect(SCENE)
        self.rules = rules
        self.circles: dict[int, BettingCircle] = {}
        self.busters: dict[int, BettingCircle] = {}
        self.dealer_cards: list[CardItem] = []
        self.hand_cards: dict[int, list[CardItem]] = {}
        self.hand_spot: dict[int, int] = {}
        self.hand_order: list[int] = []
        self.totals: dict[int, Badge] = {}
        self.results: dict[int, Badge] = {}
        self.insurance: dict[int, ChipStackItem] = {}
        self.hand_chips: dict[int, ChipStackItem] = {}  # split hands' own stacks, by hand
        self.placing = LabelPlacing(self)  # where the labels stand (`labels.py`)
        self.moving: list[ChipStackItem] = []  # winnings beside the circles until paid out
        self.tray = DiscardTray()
        self.shown: TablePicture | None = None  # the last picture `show` drew
        self.dealer_total = Badge(18.0)
        self.side_results: dict[tuple[int, SideBet], Badge] = {}
        self.pointer = HandPointer()
        # The player's look of the table (Game ▸ Settings): the felt and every card read it.
        self.look = TableLook()
        self._build()

    def set_look(self, look: TableLook) -> None:
        """Another look: the felt, the card back, the deck's colours, the contrast, the words'
        size."""
        if look == self.look:
            return
        resized = look.text_scale != self.look.text_scale
        self.look = look
        for item in self.items():
            _size_words(item, look.text_scale)
            item.update()  # the felt and the cards keep a cached picture of themselves
        if resized:  # the labels make room for their words (`labels.py`)
            self.placing.fixed()
            self.tray.place_plate()
            if self.shown is not None:
                self.place_labels()
                self.set_active(self.placing.active)

    def addItem(self, item: QGraphicsItem) -> None:
        """Every item added shows its words at the player's size (`TableLook.text_scale`)."""
        super().addItem(item)
        for each in [item, *item.childItems()]:
            _size_words(each, self.look.text_scale)

    # --- Building ------------------------------------------------------------------------

    def set_rules(self, rules: Rules) -> None:
        self.rules = rules
        self.clear()
        self.circles, self.busters = {}, {}
        self.dealer_total = Badge(18.0)
        self.side_results = {}
        self.pointer = HandPointer()
        self.tray = DiscardTray()
        self.shown = None
        self.placing = LabelPlacing(self)
        self._forget_round()
        self._build()

    def _build(self) -> None:
        rules = self.rules
        self.addItem(FeltItem(rules))
        self.addItem(self.tray)
        for spot in range(1, rules.circles + 1):
            circle = BettingCircle(spot, CircleKind.MAIN, CIRCLE_RADIUS, f"{spot}")
            circle.setPos(circle_centre(spot, rules.circles))
            self.addItem(circle)
            self.circles[spot] = circle
            if rules.buster_bet:
                buster = BettingCircle(spot, CircleKind.BUSTER, BUSTER_RADIUS, "BUSTER")
                buster.setPos(buster_centre(spot, rules.circles))
                self.addItem(buster)
                self.busters[spot] = buster
        self.addItem(self.dealer_total)
        for spot in self.circles:
            # Insurance and Buster results stand at their circle, never in the status line.
            for kind in (SideBet.INSURANCE, SideBet.BUSTER):
                badge = Badge(13.0)
                self.addItem(badge)
                self.side_results[spot, kind] = badge
        self.placing.fixed()
        self.addItem(self.pointer)
        self.pointer.hide()

    def _forget_round(self) -> None:
        self.dealer_cards = []
        self.hand_cards, self.hand_spot, self.hand_order = {}, {}, []
        self.totals, self.results, self.insurance = {}, {}, {}
        self.hand_chips = {}
        self.moving = []

    # --- Bets ----------------------------------------------------------------------------

    def set_betting_open(self, open_: bool) -> None:
        for circle in [*self.circles.values(), *self.busters.values()]:
            circle.set_betting_open(open_)

    def set_insurance(self, spot: int, cents: int) -> None:
        stack = self.insurance.get(spot)
        if stack is None:
            stack = ChipStackItem()
            stack.setScale(SIDE_CHIPS_SCALE)
            # On the insurance line: beside the circle, toward the dealer's right.
            stack.setPos(self.side_stack_point(spot, SideBet.INSURANCE))
            self.addItem(stack)
            self.insurance[spot] = stack
        stack.set_amount(cents)

    # --- Cards ---------------------------------------------------------------------------

    def hide_round_labels(self) -> None:
        """Hide the last round's totals, results and words, while its cards are gathered: a
        label is about the cards under it and goes when they go."""
        for badge in (*self.totals.values(), *self.results.values(), *self.insurance.values()):
            badge.hide()
        for badge in (self.dealer_total, *self.side_results.values()):
            badge.set_text("")
        self.pointer.hide()

    def clear_round(self) -> None:
        """Take the last round's cards and labels off the table."""
        items: list[QGraphicsItem] = [*self.dealer_cards]
        items += [card for cards in self.hand_cards.values() for card in cards]
        items += [*self.totals.values(), *self.results.values(), *self.insurance.values()]
        items += [*self.hand_chips.values(), *self.moving]
        for item in items:
            self.removeItem(item)
        self._forget_round()
        for circle in self.circles.values():
            circle.set_covered(False)
        self.dealer_total.set_text("")
        for badge in self.side_results.values():
            badge.set_text("")
        self.pointer.hide()

    def add_hand(self, hand_id: int, spot: int, after: int | None = None) -> None:
        """A hand in play order: at the end, or right after the hand it was split from."""
        self.hand_cards[hand_id] = []
        self.hand_spot[hand_id] = spot
        index = (
            self.hand_order.index(after) + 1 if after in self.hand_order else len(self.hand_order)
        )
        self.hand_order.insert(index, hand_id)
        for store, size in ((self.totals, 16.0), (self.results, 16.0)):
            badge = Badge(size)
            self.addItem(badge)
            store[hand_id] = badge
        chips = ChipStackItem(plate=False)  # the hand's label says its stake
        chips.setZValue(30)
        self.addItem(chips)
        self.hand_chips[hand_id] = chips

    def new_card(self, hand_id: int | None, card: Card, face_up: bool) -> CardItem:
        """A card leaves the shoe face down; the controller slides and turns it."""
        item = CardItem(card, face_up=False)
        item.setScale(CARD_SCALE)
        item.setPos(QPointF(SHOE.x() - 40, SHOE.y() - 60))
        item.setZValue(10 + len(self.items()))
        self.addItem(item)
        if hand_id is None:
            self.dealer_cards.append(item)
        else:
            self.hand_cards[hand_id].append(item)
        return item

    def move_last_card(self, from_hand: int, to_hand: int) -> None:
        """A split: the second card becomes the first card of the new hand."""
        self.hand_cards[to_hand].append(self.hand_cards[from_hand].pop())

    def targets(self) -> dict[CardItem, QPointF]:
        """Where every card on the table belongs now."""
        places: dict[CardItem, QPointF] = {}
        for index, item in enumerate(self.dealer_cards):
            places[item] = dealer_card_position(index, len(self.dealer_cards))
        for spot in self.circles:
            hands, origins = self.hands_at(spot)
            for hand_id, origin in zip(hands, origins, strict=True):
                for index, item in enumerate(self.hand_cards[hand_id]):
                    places[item] = card_position(origin, index, item.sideways)
        return places

    def hands_at(self, spot: int) -> tuple[list[int], list[QPointF]]:
        """A spot's hands in play order and the top-left corner of each one's first card."""
        hands = [h for h in self.hand_order if self.hand_spot[h] == spot]
        counts = [len(self.hand_cards[h]) for h in hands]
        across = [any(item.sideways for item in self.hand_cards[h]) for h in hands]
        return hands, hand_origins(spot, self.rules.circles, counts, across)

    def place_labels(self) -> None:
        """Totals under each hand, results above it, the pointer under the active hand."""
        self.placing.labels()
        self.place_hand_stacks()

    def place_hand_stacks(self) -> None:
        """Split hands' own stacks in their circles' rows, sized to fit (`split_stacks`): at
        once when their amounts change, not only when the cards have moved."""
        for spot, circle in self.circles.items():
            hands = [h for h in self.hand_order if self.hand_spot[h] == spot]
            self._fit_hand_stacks(hands)
            for hand_id in hands:
                self.hand_chips[hand_id].setPos(self.hand_stack_point(hand_id))
            # Split hands' stacks stand in the circle: its number hides as under its own chips.
            circle.set_covered(any(self.hand_chips[h].amount for h in hands))

    def hand_stack_point(self, hand_id: int) -> QPointF:
        """Where a split hand's own stack stands (`split_stacks`): under its first card, just
        below its circle's chips (clear of the pointer), at the scale its row gave it."""
        spot = self.hand_spot[hand_id]
        hands, origins = self.hands_at(spot)
        home = self.circle_stack_point(spot)
        wanted = [origin.x() + card_size()[0] / 2 - home.x() for origin in origins]
        widths = [self._stack_width(hand) * self.hand_chips[hand].scale() for hand in hands]
        middle = split_stacks.offsets(wanted, widths, self._row_left())[hands.index(hand_id)]
        return QPointF(home.x() + middle, home.y() + HAND_CHIPS_DROP)

    def _fit_hand_stacks(self, hands: list[int]) -> None:
        """Scale a circle's split hands' stacks to fit their row together."""
        fit = split_stacks.scale([self._stack_width(hand) for hand in hands], self._row_left())
        for hand in hands:
            self.hand_chips[hand].setScale(fit)

    def _row_left(self) -> float:
        return split_stacks.BUSTER_LEFT if self.busters else split_stacks.ROW_LEFT

    def _stack_width(self, hand_id: int) -> float:
        """A split hand's stack's width, unscaled (one chip stack at least)."""
        left = min(self.hand_chips[hand_id].boundingRect().left(), -STACK_RADIUS - 3.0)
        return -2 * left  # a stack is drawn symmetric about its pos

    def new_stack(self, cents: int, at: QPointF, scale: float = 0.8) -> ChipStackItem:
        """A stack of chips in motion: winnings from the dealer, a lost bet going to him."""
        stack = ChipStackItem(cents)
        stack.setScale(scale)
        stack.setPos(at)
        stack.setZValue(40)
        self.addItem(stack)
        self.moving.append(stack)
        return stack

    def side_stack_point(self, spot: int, kind: SideBet) -> QPointF:
        """Where a spot's insurance chips (on the line beside its circle) or Buster chips (in
        its Buster circle) stand, in scene units; both are drawn at `SIDE_CHIPS_SCALE`."""
        if kind is SideBet.BUSTER:
            circle = self.busters[spot]
            return circle.mapToScene(circle.chips.pos())
        centre = circle_centre(spot, self.rules.circles)
        return QPointF(centre.x() - CIRCLE_RADIUS - 34, centre.y() - 4)

    def circle_stack_point(self, spot: int) -> QPointF:
        """Where a circle's chips stand, in scene units (the circle's stack is its child)."""
        circle = self.circles[spot]
        return circle.mapToScene(circle.chips.pos())

    def set_active(self, hand_id: int | None) -> None:
        self.placing.pointer(hand_id)

    @property
    def turn_shown(self) -> int | None:
        """The hand the pointer marks as the one to play now; None while it marks none."""
        return self.placing.active if self.pointer.isVisible() else None

    # --- The picture ---------------------------------------------------------------------

    def show_money(self, picture: TablePicture) -> None:
        """The chips of the picture: in the circles, by split hands, on the insurance line,
        on Buster."""
        for hand in picture.hands:
            if hand.hand_id in self.hand_chips:
                self.hand_chips[hand.hand_id].set_amount(hand.chips)
        for circle in picture.circles:
            self.circles[circle.spot].set_amount(circle.chips)
            self.circles[circle.spot].set_chosen(circle.chosen)
            if circle.spot in self.busters:
                self.busters[circle.spot].set_amount(circle.buster)
                self.busters[circle.spot].set_chosen(circle.buster_chosen)
            if circle.insurance or circle.spot in self.insurance:
                self.set_insurance(circle.spot, circle.insurance)
        self.place_hand_stacks()
        self.placing.fixed()  # the plates' widths changed: the labels under them follow

    def show_side_result(self, picture: TablePicture, spot: int, kind: SideBet) -> None:
        circle = picture.circle(spot)
        banner = circle.insurance_banner if kind is SideBet.INSURANCE else circle.buster_banner
        self.side_results[spot, kind].set_text(banner.text if banner else "", tone_of(banner))
        self.placing.settle()

    def show_total(self, picture: TablePicture, hand_id: int) -> None:
        self.totals[hand_id].set_text(picture.hand(hand_id).label)

    def show_result(self, picture: TablePicture, hand_id: int) -> None:
        banner = picture.hand(hand_id).banner
        self.results[hand_id].set_text(banner.text if banner else "", tone_of(banner))
        self.placing.result(hand_id)  # its width may take it onto the print

    def show_dealer_total(self, picture: TablePicture) -> None:
        """One badge for the dealer's hand: red when he busts, gold for a natural."""
        dealer = picture.dealer
        tone = "lose" if dealer.bust else "natural" if dealer.natural else "total"
        self.dealer_total.set_text(dealer.badge, tone)
        self.placing.settle()

    def show(self, picture: TablePicture) -> None:
        """Make every item match the picture, at once: at rest the scene is the picture."""
        with self.placing.held():  # the labels settle once, for the whole picture
            _match_cards(self, self.dealer_cards, picture.dealer.cards)
            wanted = [hand.hand_id for hand in picture.hands]
            for hand_id in [h for h in self.hand_cards if h not in wanted]:
                self._remove_hand(hand_id)
            for hand in picture.hands:
                if hand.hand_id not in self.hand_cards:
                    self.add_hand(hand.hand_id, hand.spot)
                _match_cards(self, self.hand_cards[hand.hand_id], hand.cards)
                self.show_total(picture, hand.hand_id)
                self.show_result(picture, hand.hand_id)
            self.hand_order = wanted
            self.show_money(picture)
            self.tray.set_count(picture.discards)
            self.tray.set_shoe(picture.shoe)
            for item, point in self.targets().items():
                item.setPos(point)
            self.show_dealer_total(picture)
            for spot, kind in self.side_results:
                self.show_side_result(picture, spot, kind)
            for stack in self.moving:
                self.removeItem(stack)
            self.moving = []
            self.place_labels()
            active = next((hand.hand_id for hand in picture.hands if hand.active), None)
            self.set_active(active)
        self.set_betting_open(picture.betting_open)
        self.shown = picture
        for view in self.views():
            view.told()  # type: ignore[attr-defined]  # every view of a scene is a TableView

    def drawn_stake(self, spot: int) -> int:
        """The chips drawn for a spot's bets: in its circle and by its split hands."""
        by_hands = sum(
            self.hand_chips[hand].amount for hand, at in self.hand_spot.items() if at == spot
        )
        return self.circles[spot].amount + by_hands

    def take_cards(self) -> list[CardItem]:
        """Every card on the felt, taken out of the round's keeping (the dealer gathers them
        into the tray); the labels and stacks of the round go at once."""
        cards = [*self.dealer_cards, *(c for cards in self.hand_cards.values() for c in cards)]
        self.dealer_cards = []
        for hand_id in self.hand_cards:
            self.hand_cards[hand_id] = []
        return cards

    def _remove_hand(self, hand_id: int) -> None:
        items = [*self.hand_cards.pop(hand_id), self.totals.pop(hand_id)]
        for item in [*items, self.hand_chips.pop(hand_id)]:
            self.removeItem(item)
        self.removeItem(self.results.pop(hand_id))
        self.hand_spot.pop(hand_id)
        self.hand_order.remove(hand_id)


def _match_cards(scene: TableScene, items: list[CardItem], cards: tuple[CardPicture, ...]) -> None:
    """Make a row of card items show these cards, adding or removing items as needed."""
    while len(items) > len(cards):
        scene.removeItem(items.pop())
    for index, shown in enumerate(cards):
        if index == len(items):
            item = CardItem(shown.card, face_up=shown.face_up)
            item.setScale(CARD_SCALE)
            item.setZValue(10 + index)
            scene.addItem(item)
            items.append(item)
        item = items[index]
        if item.card != shown.card:
            item.set_card(shown.card)
        if item.face_up != shown.face_up:
            item.set_face_up(shown.face_up)
        item.set_sideways(shown.sideways)


def _size_words(item: QGraphicsItem, scale: float) -> None:
    """An item with words on the felt shows them at the player's text size."""
    if isinstance(item, Badge | BettingCircle | ChipStackItem):
        item.set_text_scale(scale)
