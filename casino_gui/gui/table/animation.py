"""Animations: the scene carried from one table picture to the next.

The engine's events say in what order things happened (this card, then that one; the hole card
turned; a hand paid); the new `TablePicture` says what everything is once they have. A
transition plays the events as slides, flips and chip sweeps, showing from the picture only
what has arrived (a hand's total once its cards are all on the table, a banner once its hand is
paid), and ends with `scene.show(new)`: at rest the scene equals the picture. The circles show
the new picture's stakes from the first frame while the chips of hands and side bets (insurance,
Buster) settled in this step stay where they stood, as loose stacks, until the dealer sweeps
them; `collected` tells the panel when they reach the player.

The pace is `tempo`'s: a run of cards dealt, or of bets settled, overlaps (each starts a
moment after the one before), and a player's input hurries the step to its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import (
    QAbstractAnimation,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QSequentialAnimationGroup,
    Signal,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

if TYPE_CHECKING:
    import asyncio

from casino_gui.engine import (
    CardDealt,
    DealerPeeked,
    DealerRevealed,
    Event,
    HandBusted,
    HandDoubled,
    HandSettled,
    HandSplit,
    InsuranceOffered,
    InsuranceTaken,
    Round,
    RoundSettled,
    Shoe,
    SideBet,
    SideBetSettled,
    TurnStarted,
    betting,
)
from casino_gui.engine.betting import chips_moved
from casino_gui.gui.settings import Speed
from casino_gui.gui.sound.cues import Cue
from casino_gui.gui.sound.mixing import TableSound
from casino_gui.gui.table import motion, shuffle, tempo
from casino_gui.gui.table.betting_circle import SIDE_CHIPS_SCALE
from casino_gui.gui.table.card_item import CardItem
from casino_gui.gui.table.chip_item import ChipItem, ChipStackItem
from casino_gui.gui.table.geometry import DEALER_TRAY, GATHER, PLAYER_RACK
from casino_gui.gui.table.picture import TablePicture
from casino_gui.gui.table.scene import TableScene
from casino_gui.gui.table.tempo import Tempo, resolve_once, wait_all
from casino_gui.gui.table.winnings import Side, set_down

__all__ = ["Animator", "Speed", "resolve_once"]


class Animator(QObject):
    """Plays transitions on one scene; `stepped` is emitted after each event is shown,
    `collected` once the settled chips have slid home to the player."""

    stepped = Signal()
    collected = Signal()

    def __init__(self, scene: TableScene) -> None:
        super().__init__()
        self.scene = scene
        self.tempo = Tempo()
        self._bets: dict[int, ChipStackItem] = {}  # chips of hands being settled, by hand
        # Chips of side bets being settled, by spot and side bet.
        self._sides: dict[tuple[int, str], ChipStackItem] = {}
        self.sound = TableSound()  # silent until the window gives it its player
        # Cards on their way to their places: the slide, where it goes, and who waits.
        self._slides: dict[CardItem, QAbstractAnimation] = {}
        self._heading: dict[CardItem, QPointF] = {}
        self._arrivals: dict[CardItem, asyncio.Future[None]] = {}
        self._landing: set[CardItem] = set()  # dealt cards not yet landed and turned
        # Between rounds nothing waits for an animation: cards on their way to the tray and
        # chips on their way from the rack fly on their own and are gone when they land.
        self._flights: list[QAbstractAnimation] = []

    @property
    def speed(self) -> Speed:
        return self.tempo.speed

    @speed.setter
    def speed(self, speed: Speed) -> None:
        self.tempo.speed = speed

    @property
    def played(self) -> int:
        """Animations that took time (none at the instant speed)."""
        return self.tempo.played

    def hurry(self) -> None:
        """A player's input: the step playing ends at once (`tempo`)."""
        self.tempo.hurry()

    def steady(self) -> None:
        """The next step plays at the table's speed."""
        self.tempo.steady()

    def show(self, picture: TablePicture) -> None:
        """Draw `picture` at once, while what changed between rounds glides: the last round's
        cards are gathered into the discard tray, a chip placed slides in from the rack. The
        scene is the picture from the first frame; the flying items are extras that land."""
        scene, before = self.scene, self.scene.shown
        if before is None:
            self._ground()  # a new table: the old one took its flying items with it
        if self.speed is Speed.INSTANT or before is None or before.game != picture.game:
            scene.show(picture)
            return
        gathered: list[CardItem] = []
        if before.hands and not picture.hands and picture.discards > before.discards:
            gathered = scene.take_cards()
        placed = [
            circle.spot
            for circle in picture.circles
            if before.betting_open
            and picture.betting_open
            and circle.chips > before.circle(circle.spot).chips
        ]
        scene.show(picture)
        if gathered:
            self._fly(self._gather_animation(gathered), gathered)
        for spot in placed:
            chip = ChipItem(self._placed_chip(before, picture, spot))
            chip.setScale(0.8)
            chip.setZValue(45)
            chip.setPos(_in_parent(chip, PLAYER_RACK))
            scene.addItem(chip)
            target = scene.circle_stack_point(spot)
            slide = motion.slide_animation(chip, target, self.tempo.ms(tempo.PLACED))
            self._fly(slide, [chip])

    @staticmethod
    def _placed_chip(before: TablePicture, picture: TablePicture, spot: int) -> int:
        """The chip that flies in: the biggest of the fewest chips that make what was added
        (the chip itself, or a rebet's biggest chip)."""
        added = picture.circle(spot).chips - before.circle(spot).chips
        return max(betting.fewest_chips(added), default=100)

    def _gather_animation(self, cards: list[CardItem]) -> QAbstractAnimation:
        """The dealer sweeps the cards together, then slides them into the tray."""
        duration = self.tempo.ms(tempo.GATHER)
        group = QSequentialAnimationGroup(self)
        sweep = QParallelAnimationGroup(group)
        for item in cards:
            item.setZValue(50)
            sweep.addAnimation(item.move_animation(GATHER, duration))
        group.addAnimation(sweep)
        into = QParallelAnimationGroup(group)
        for item in cards:
            into.addAnimation(item.move_animation(self.scene.tray.landing(), duration))
        group.addAnimation(into)
        return group

    def _fly(self, animation: QAbstractAnimation, items: Sequence[QGraphicsObject]) -> None:
        """Play `animation` without waiting for it; its items leave the scene when it ends."""
        scene = self.scene

        def landed() -> None:
            for item in items:
                # A table changed in the meantime has deleted its items already.
                if shiboken6.isValid(item) and item.scene() is scene:
                    scene.removeItem(item)
            if animation in self._flights:
                self._flights.remove(animation)
                animation.deleteLater()

        animation.setParent(self)
        animation.finished.connect(landed)
        self._flights.append(animation)
        self.tempo.played += 1
        animation.start()

    def _ground(self) -> None:
        """Forget the flights of a table that is gone."""
        for animation in self._flights:
            animation.stop()
            animation.deleteLater()
        self._flights = []

    @property
    def flying(self) -> bool:
        """Whether anything between rounds is still in the air."""
        return bool(self._flights)

    async def clear_round(self, shoe: Shoe) -> None:
        """Before a deal's cards come: the cards still on the felt go to the tray; a round
        from a new shuffle shows the shuffle first (`shuffle.py`); a shoe game's round that
        goes on in the same shoe leaves the tray as it is."""
        scene = self.scene
        cards = scene.take_cards()
        scene.hide_round_labels()
        if cards and not self.tempo.instant:
            gather = self._gather_animation(cards)
            await self.tempo.run(gather)
            gather.deleteLater()
        for item in cards:
            scene.removeItem(item)
        scene.tray.set_count(scene.tray.count + len(cards))
        scene.clear_round()
        if shuffle.shuffles(shoe):
            await shuffle.show(scene, self.tempo, shoe)

    async def transition(self, new: TablePicture, table: Round, events: list[Event]) -> None:
        """Carry the scene to `new` through `events` (what `table` did to get there)."""
        scene = self.scene
        scene.show_money(new)
        scene.set_betting_open(new.betting_open)
        self._bets = {}
        per_spot: dict[int, int] = {}
        sweeping = betting.settles_hands(events)  # else the panel shows at once what a side bet did
        for event in events:
            if isinstance(event, HandSettled):
                # The circle shows what is still at stake; the chips of a hand paid in this
                # step stay in view where they stood until the dealer sweeps them.
                spot = new.hand(event.hand_id).spot
                split = len([h for h in new.hands if h.spot == spot]) > 1
                if split and event.hand_id in scene.hand_spot:
                    point = scene.hand_stack_point(event.hand_id)  # a split hand's own stack
                else:  # one hand, or split hands not yet drawn (split aces settled at once)
                    shift = 14.0 * per_spot.get(spot, 0)
                    per_spot[spot] = per_spot.get(spot, 0) + 1
                    point = scene.circle_stack_point(spot) + QPointF(shift, -shift / 2)
                stake = table.hand_by_id(event.hand_id).stake
                self._bets[event.hand_id] = scene.new_stack(stake, point)
            elif isinstance(event, SideBetSettled) and event.stake and sweeping:
                # Insurance and Buster chips stay on the felt until their money moves.
                point = scene.side_stack_point(event.spot, event.bet)
                self._sides[event.spot, event.bet] = scene.new_stack(
                    event.stake, point, SIDE_CHIPS_SCALE
                )
        self._arrived(new)  # a total drawn before this step may no longer be the engine's
        running: list[asyncio.Future[None]] = []  # the run of cards or bets under way
        kind: str | None = None
        try:
            for event in events:
                overlaps = _run_of(event)
                if running and overlaps != kind:
                    await wait_all(running)
                    running = []
                if overlaps is None or self.tempo.instant:
                    await self._step(event, new, table)
                    continue
                if running:  # the next of the run starts a moment after the last
                    await self.tempo.pause(
                        tempo.DEAL_GAP if overlaps == "card" else tempo.SETTLE_GAP
                    )
                kind = overlaps
                running.append(tempo.running_loop().create_task(self._step(event, new, table)))
            await wait_all(running)
            if scene.moving:
                await self._collect()
        finally:
            for future in running:
                future.cancel()
            self._land_all()
            self._bets, self._sides = {}, {}
            scene.show(new)

    async def _step(self, event: Event, new: TablePicture, table: Round) -> None:
        await self._show(event, new, table)
        self.stepped.emit()

    async def _show(self, event: Event, new: TablePicture, table: Round) -> None:
        scene = self.scene
        if _ends_the_turns(event):
            scene.set_active(None)  # no hand is played now: the pointer leaves before the chips
        if isinstance(event, CardDealt):
            if event.hand_id is not None and event.hand_id not in scene.hand_cards:
                scene.add_hand(event.hand_id, new.hand(event.hand_id).spot)
            item = scene.new_card(event.hand_id, event.card, event.face_up)
            if event.hand_id is not None:
                index = len(scene.hand_cards[event.hand_id]) - 1
                item.set_sideways(new.hand(event.hand_id).cards[index].sideways)
            self._landing.add(item)
            await self._relayout()
            self.cue(Cue.CARD_DEALT)  # the card has landed
            if event.face_up:
                await self.tempo.run(item.flip_animation(self.tempo.ms(tempo.FLIP)))
            self._landing.discard(item)
            self._arrived(new)
        elif isinstance(event, DealerRevealed):
            hidden = [item for item in scene.dealer_cards if not item.face_up]
            self.cue(Cue.CARD_TURNED)
            flips = [item.flip_animation(self.tempo.ms(tempo.FLIP)) for item in hidden]
            await self.tempo.run_all(flips)
            self._arrived(new)
        elif isinstance(event, HandSplit):
            self.cue(Cue.CHIP_PLACED)  # the new hand's stake
            spot = new.hand(event.hand_id).spot
            scene.add_hand(event.new_hand_id, spot, after=event.hand_id)
            scene.move_last_card(event.hand_id, event.new_hand_id)
            scene.show_money(new)  # each hand now stands its own stack
            await self._relayout()
            self._arrived(new)
        elif isinstance(event, TurnStarted):
            scene.set_active(event.hand_id)
        elif isinstance(event, HandSettled):
            self.settle(new)
            scene.show_result(new, event.hand_id)
            scene.place_labels()
            stack = self._bets.pop(event.hand_id, None)
            await self._sweep(stack, table.hand_by_id(event.hand_id).stake, event.payout)
        elif isinstance(event, SideBetSettled):
            scene.show_side_result(new, event.spot, event.bet)
            stack = self._sides.pop((event.spot, event.bet), None)
            # Insurance is paid on its left (the circle's own chips stand on its right);
            # Buster above its circle, over the "BUSTER" printed on its left.
            side = Side.LEFT if event.bet is SideBet.INSURANCE else Side.ABOVE
            await self._sweep(stack, event.stake, event.payout, side)
        elif isinstance(event, DealerPeeked):
            await self.tempo.pause(tempo.PEEK)
        elif isinstance(event, RoundSettled):
            await self.tempo.pause(tempo.RESULTS)
            await self._collect()
        elif isinstance(event, HandDoubled | InsuranceTaken):
            self.cue(Cue.CHIP_PLACED)  # the double's or the insurance's chips
        elif isinstance(event, InsuranceOffered):
            self.cue(Cue.INSURANCE)
        elif isinstance(event, HandBusted):
            self.cue(Cue.BUST)

    # --- Sound: each cue asked for where the player sees its event --------------------------

    def cue(self, cue: Cue) -> None:
        """An event's sound; the mixing policy (and the speed) decide whether it is heard."""
        self.sound.play(cue, self.speed)

    def settle(self, new: TablePicture) -> None:
        """The round's result cue, once, as its first result is shown: the best of its
        hands' results as the picture has them."""
        self.sound.settle(hand.banner.result for hand in new.hands if hand.banner is not None)

    def new_shoe(self, shoe: Shoe) -> None:
        """A round begins; from a new shuffle (docs/rules.md, "The games": the seven games shuffle before every
        round), the shuffle is heard."""
        self.sound.new_round()
        if shuffle.shuffles(shoe):
            self.cue(Cue.SHUFFLE)

    def _arrived(self, new: TablePicture) -> None:
        """Totals of the hands whose cards have all arrived; the others wait."""
        scene = self.scene
        for hand_id, items in scene.hand_cards.items():
            hand = new.hand(hand_id)
            landed = [item for item in items if item not in self._landing]
            scene.totals[hand_id].set_text(hand.label if len(landed) == len(hand.cards) else "")
        dealer = [(item.card, item.face_up) for item in scene.dealer_cards]
        complete = dealer == [(card.card, card.face_up) for card in new.dealer.cards]
        complete = complete and not self._landing.intersection(scene.dealer_cards)
        if complete:
            scene.dealer_total.set_text(new.dealer.total, "lose" if new.dealer.bust else "total")
        else:
            scene.dealer_total.set_text("")
        scene.place_labels()

    async def _sweep(
        self, stack: ChipStackItem | None, stake: int, payout: int, side: Side = Side.RIGHT
    ) -> None:
        """A bet's chips (`stack`, its `stake`) go to the dealer (a loss, the kept half of a
        surrender) or the `payout` beyond them comes from him (a win), set down on that `side`
        of them, clear of their chips and plate; a push leaves them where they are."""
        scene = self.scene
        if stack is None:
            return
        moved = chips_moved(stake, payout)
        base = stack.pos()
        bet = stack.sceneBoundingRect()  # where the bet stood, plate and all
        if moved.to_dealer:
            self.cue(Cue.CHIPS_COLLECTED)
            stack.set_amount(moved.kept)
            lost = scene.new_stack(moved.to_dealer, base, stack.scale())
            slide = motion.slide_animation(lost, DEALER_TRAY, self.tempo.ms(tempo.CHIPS))
            await self.tempo.run(slide)
            scene.removeItem(lost)
            scene.moving.remove(lost)
        if not stack.amount:
            scene.removeItem(stack)
            scene.moving.remove(stack)
        if moved.from_dealer:
            self.cue(Cue.CHIPS_PAID)
            paid = scene.new_stack(moved.from_dealer, DEALER_TRAY, stack.scale())
            others = [item.sceneBoundingRect() for item in scene.moving if item is not paid]
            point = set_down(bet, base, paid, side, others)
            await self.tempo.run(motion.slide_animation(paid, point, self.tempo.ms(tempo.CHIPS)))

    async def _collect(self) -> None:
        """The player takes back his bets and winnings: the loose stacks slide to his rack."""
        scene = self.scene
        duration = self.tempo.ms(tempo.CHIPS)
        moves: list[QAbstractAnimation] = [
            motion.slide_animation(stack, _in_parent(stack, PLAYER_RACK), duration)
            for stack in scene.moving
        ]
        await self.tempo.run_all(moves)
        for stack in scene.moving:
            scene.removeItem(stack)
        scene.moving = []
        self.collected.emit()

    async def _relayout(self) -> None:
        """Every card to its place; waits until the cards it moved have arrived. A card still
        on its way to a place that has moved (the dealer's row grows) turns towards the new
        one."""
        arrivals = [
            self._slide_card(item, point)
            for item, point in self.scene.targets().items()
            if self._heading.get(item, item.pos()) != point
        ]
        await wait_all(arrivals)
        self.scene.place_labels()

    def _slide_card(self, item: CardItem, point: QPointF) -> asyncio.Future[None]:
        """Slide `item` to `point`; the future is done when it is there."""
        old = self._slides.pop(item, None)
        if old is not None:  # on its way elsewhere: it turns from where it is now
            self.tempo.forget(old)
            old.stop()
            old.deleteLater()
        arrival = self._arrivals.get(item)
        if arrival is None or arrival.done():
            arrival = tempo.running_loop().create_future()
            self._arrivals[item] = arrival
        if self.tempo.instant:
            item.setPos(point)
            self._heading.pop(item, None)
            self._arrivals.pop(item, None)
            resolve_once(arrival, None)
            return arrival
        slide = item.move_animation(point, self.tempo.ms(1.0))
        self._slides[item], self._heading[item] = slide, point

        def landed(_moved: asyncio.Future[None]) -> None:
            if self._slides.get(item) is slide:
                del self._slides[item], self._heading[item], self._arrivals[item]
                slide.deleteLater()
                resolve_once(arrival, None)

        self.tempo.start(slide).add_done_callback(landed)
        return arrival

    def _land_all(self) -> None:
        """The step is over (or cancelled): no card is on its way any more."""
        for slide in self._slides.values():
            self.tempo.forget(slide)
            if shiboken6.isValid(slide):
                slide.stop()
                slide.deleteLater()
        for arrival in self._arrivals.values():
            arrival.cancel()
        self._slides, self._heading, self._arrivals = {}, {}, {}
        self._landing = set()


def _run_of(event: Event) -> str | None:
    """The run an event overlaps with when it follows one of its kind: cards dealt one after
    another, bets settled one after another; None for an event played alone."""
    if isinstance(event, CardDealt):
        return "card"
    if isinstance(event, HandSettled | SideBetSettled):
        return "settle"
    return None


def _ends_the_turns(event: Event) -> bool:
    """Whether no hand is being played once `event` happens: the dealer plays (his hole card
    turned, a card drawn) or a bet is settled. A hand still to play gets the pointer back with
    its `TurnStarted`."""
    dealers_card = isinstance(event, CardDealt) and event.hand_id is None
    return dealers_card or isinstance(
        event, DealerRevealed | HandSettled | SideBetSettled | RoundSettled
    )


def _in_parent(item: QGraphicsItem, point: QPointF) -> QPointF:
    """A scene point in the coordinates of the item's parent (where its `pos` lives)."""
    parent = item.parentItem()
    return parent.mapFromScene(point) if parent is not None else point
