"""The table's controller: the one place with `async` code.

It turns the player's clicks into engine calls through the bankroll store, and the events the
engine returns into animations on the table. It never decides a rule: legality comes from the
engine's `legal_actions()` and the betting functions, money moves only in the store.

While an animation plays the controller is busy: every button is dark and clicks on the table
are ignored, so a click can never reach the engine between two steps of a round.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from enum import Enum
from typing import TypeVar

import qasync
from PySide6.QtCore import QAbstractAnimation, QObject, QParallelAnimationGroup, QPointF, Signal
from PySide6.QtWidgets import QGraphicsItem

from casino_gui.engine import betting
from casino_gui.engine.errors import BlackjackError
from casino_gui.engine.events import (
    CardDealt,
    DealerPeeked,
    DealerRevealed,
    Event,
    HandBusted,
    HandDoubled,
    HandSettled,
    HandSplit,
    HandStood,
    HandSurrendered,
    InsuranceOffered,
    InsuranceTaken,
    RoundSettled,
    SideBetSettled,
    TurnStarted,
)
from casino_gui.engine.hand import Outcome, hand_value
from casino_gui.engine.money import dollars
from casino_gui.engine.round import Action, Bet, Phase, Round, offered_actions
from casino_gui.engine.rules import Insurance, Rules
from casino_gui.engine.strategy.advice import Advice, advise, value_in_cents
from casino_gui.gui.panels.action_bar import ActionBar
from casino_gui.gui.panels.chip_rack import ChipRack
from casino_gui.gui.panels.status_panel import StatusPanel
from casino_gui.gui.table import motion
from casino_gui.gui.table.geometry import DEALER_TRAY, PLAYER_RACK
from casino_gui.gui.table.scene import TableScene
from casino_gui.store import Bankroll, Resumed, StoreError


class Speed(Enum):
    """Milliseconds for a card to slide from the shoe; flips and chips scale with it."""

    NORMAL = 340
    FAST = 120
    INSTANT = 0


T = TypeVar("T")
AskAmount = Callable[[int], Awaitable[int | None]]


async def _maximum(room: int) -> int | None:
    return room


class TableController(QObject):
    """One table at a time; `set_rules` changes the table between rounds."""

    round_settled = Signal()
    idle = Signal()  # emitted whenever the controller has finished handling a click

    def __init__(
        self,
        scene: TableScene,
        bar: ActionBar,
        rack: ChipRack,
        status: StatusPanel,
        bankroll: Bankroll,
        rules: Rules,
        ask_insurance: AskAmount = _maximum,
    ) -> None:
        super().__init__()
        self.scene, self.bar, self.rack, self.status = scene, bar, rack, status
        self.bankroll = bankroll
        self.rules = rules
        self.ask_insurance = ask_insurance
        self.speed = Speed.NORMAL
        self.busy = False
        self.bets: dict[int, int] = {}
        self.busters: dict[int, int] = {}
        self.previous: list[Bet] | None = None
        self.table: Round | None = None
        # A stacked shoe ("9S AH TH 7C") for the next deal only: tests and demonstrations.
        # Live play leaves it None and the store shuffles a fresh shoe from `secrets`.
        self.next_shoe: str | None = None
        # "Warn me of mistakes": a move worse than the best is refused once, with its cost.
        self.warn_mistakes = False
        self._warned: Action | None = None
        bar.action_triggered.connect(self.on_action)
        bar.hint_requested.connect(self.show_hint)
        rack.chip_selected.connect(lambda _chip: self.refresh())
        self._connect_circles()
        self._show_table()

    # --- The table ----------------------------------------------------------------------

    def set_rules(self, rules: Rules) -> None:
        """Sit at another table; refused while a round is being played."""
        if self.round_in_play:
            self.status.show_message("Finish the round on the table first.", "error")
            return
        self.rules = rules
        self.bets, self.busters, self.previous, self.table = {}, {}, None, None
        self.scene.set_rules(rules)
        self._connect_circles()
        self._show_table()

    def _connect_circles(self) -> None:
        for circle in [*self.scene.circles.values(), *self.scene.busters.values()]:
            circle.clicked.connect(self.on_circle_clicked)

    def _show_table(self) -> None:
        self.bar.set_offered(offered_actions(self.rules))
        self.status.set_limits(self.rules.min_bet, self.rules.max_bet)
        self.refresh()

    @property
    def round_in_play(self) -> bool:
        return self.table is not None and self.table.phase is not Phase.SETTLED

    # --- Betting ------------------------------------------------------------------------

    def on_circle_clicked(self, spot: int, kind: str, add: bool) -> None:
        """Left-click adds the selected chip to a circle, right-click removes it."""
        if self.busy:
            return
        if self.round_in_play:
            self.status.show_message("Bets are locked until the round is over.", "error")
            return
        if self.table is not None:  # the last round's cards leave with the first new chip
            self.scene.clear_round()
            self.table = None
        chip, free = self.rack.selected_chip, self.bankroll.balance
        try:
            if kind == "buster":
                if add:
                    self.busters = betting.add_buster_chip(
                        self.busters, self.bets, spot, chip, free, self.rules
                    )
                else:
                    self.busters = betting.remove_chip(self.busters, spot, chip, self.rules)
            elif add:
                free -= sum(self.busters.values())
                self.bets = betting.add_chip(self.bets, spot, chip, free, self.rules)
            else:
                self.bets = betting.remove_chip(self.bets, spot, chip, self.rules)
        except BlackjackError as error:
            self.status.show_message(_sentence(str(error)), "error")
        else:
            self.status.clear_message()
        self.refresh()

    def deal_bets(self) -> list[Bet]:
        """The bets DEAL would play now (RULES.md, DEAL), or a `BetError` saying why not."""
        return betting.deal_round_bets(
            self.bets,
            self.busters,
            self.previous,
            self.rack.selected_chip,
            self.bankroll.balance,
            self.rules,
        )

    # --- Buttons ------------------------------------------------------------------------

    def lit_actions(self) -> frozenset[Action]:
        """Exactly the engine's legal actions (DEAL from the betting rules), none while busy."""
        if self.busy:
            return frozenset()
        if self.round_in_play:
            assert self.table is not None
            return self.table.legal_actions()
        try:
            self.deal_bets()
        except BlackjackError:
            return frozenset()
        return frozenset({Action.DEAL})

    def refresh(self) -> None:
        """Light the buttons and update the panel and the circles from the current state."""
        self.bar.set_lit(self.lit_actions())
        self.bar.set_hint_lit(self.round_in_play and not self.busy)
        balance = self.bankroll.balance
        betting_open = not self.busy and not self.round_in_play
        self.scene.set_betting_open(betting_open)
        if betting_open:
            self.scene.set_bets(self.bets, self.busters)
            on_table = sum(self.bets.values()) + sum(self.busters.values())
            side = sum(self.busters.values())
            self.rack.set_affordable(betting.affordable_chips(self.bets, balance - side))
        else:
            on_table = self.table.on_table() if self.table is not None else 0
        self.status.set_bankroll(balance - (on_table if betting_open else 0))
        self.status.set_on_table(on_table)
        if betting_open and balance < self.rules.min_bet and not self.bets:
            self.status.show_message(
                f"Your bankroll of {dollars(balance)} is below the table minimum: "
                "Bankroll ▸ Refill to $1,000.",
                "error",
            )

    # --- Advice ---------------------------------------------------------------------------

    def advice(self) -> Advice | None:
        """The value of every legal move of the decision waiting, or None between rounds."""
        if self.busy or not self.round_in_play:
            return None
        assert self.table is not None
        return advise(self.table)

    def show_hint(self) -> None:
        """HINT: the best move and what each legal move is worth, in the status panel."""
        advice = self.advice()
        if advice is None:
            return
        self.status.show_message(hint_text(advice), "info")
        self.bar.button(advice.best).flash()

    def _mistake(self, action: Action) -> str | None:
        """Why `action` is worse than the best move, when the player asked to be warned."""
        if not self.warn_mistakes or action is Action.DEAL or action is self._warned:
            return None
        advice = self.advice()
        if advice is None or action not in advice.values:
            return None
        shortfall = advice.shortfall(action)
        cost = value_in_cents(shortfall, advice.bet)
        if cost <= 0:
            return None
        self._warned = action
        return (
            f"{action_name(action)} gives up {dollars(cost)} ({100 * shortfall:.1f}% of the "
            f"bet) against {action_name(advice.best)}: press {action_name(action)} again to "
            "play it anyway."
        )

    @qasync.asyncSlot(object)  # type: ignore[untyped-decorator]
    async def on_action(self, action: Action) -> None:
        """A lit button or its key: DEAL, HIT, STAND, ..."""
        if self.busy or action not in self.lit_actions():
            return
        warning = self._mistake(action)
        if warning is not None:
            self.status.show_message(warning, "error")
            return
        self._warned = None
        self.busy = True
        self.refresh()
        try:
            events = await self._apply(action)
            await self.play(events)
        except (BlackjackError, StoreError) as error:
            self.status.show_message(_sentence(str(error)), "error")
        finally:
            self.busy = False
            self.refresh()
            self.idle.emit()

    async def _apply(self, action: Action) -> list[Event]:
        if action is Action.DEAL:
            bets = self.deal_bets()
            self.scene.clear_round()
            shoe, self.next_shoe = self.next_shoe, None
            table, events = self.bankroll.deal(self.rules, bets, shoe=shoe)
            self.table, self.previous = table, bets
            self.bets, self.busters = {}, {}
            self.scene.set_bets({b.spot: b.amount for b in bets}, {b.spot: b.buster for b in bets})
            self.status.clear_message()
            return events
        assert self.table is not None
        text = action.value
        if action is Action.INSURE and self.rules.insurance is Insurance.LATE:
            hand = self.table.active_hand
            assert hand is not None
            room = min(self.table.late_insurance_room(hand.spot), self.table.bankroll)
            amount = await self.ask_insurance(room)
            if not amount:
                return []
            text = f"insure:{amount}"
        return self.bankroll.act(text)

    # --- Showing what happened ------------------------------------------------------------

    async def resume(self) -> None:
        """Redraw a round the store resumed after a crash, at once, and play on from it."""
        resumed = self.bankroll.resumed
        if resumed is None:
            return
        self.status.show_message(resumed.message, "info")
        table = self.bankroll.table
        if not isinstance(resumed, Resumed) or table is None or table.phase is Phase.SETTLED:
            self.refresh()
            return
        if table.rules != self.rules:
            self.rules = table.rules
            self.scene.set_rules(table.rules)
            self._connect_circles()
            self._show_table()
        self.table = table
        speed, self.speed, self.busy = self.speed, Speed.INSTANT, True
        try:
            await self.play(resumed.events)
        finally:
            self.speed, self.busy = speed, False
            self.refresh()
            self.idle.emit()

    async def play(self, events: list[Event]) -> None:
        for event in events:
            await self._show(event)

    async def _show(self, event: Event) -> None:
        table, scene = self.table, self.scene
        assert table is not None
        if isinstance(event, CardDealt):
            if event.hand_id is not None and event.hand_id not in scene.hand_cards:
                scene.add_hand(event.hand_id, table.hand_by_id(event.hand_id).spot)
            item = scene.new_card(event.hand_id, event.card, event.face_up)
            await self._relayout()
            if event.face_up:
                await self._run(item.flip_animation(self.speed.value // 2))
            self._update_totals()
        elif isinstance(event, DealerRevealed):
            hidden = [item for item in scene.dealer_cards if not item.face_up]
            await self._run_all([item.flip_animation(self.speed.value // 2) for item in hidden])
            self._update_totals()
        elif isinstance(event, HandSplit):
            spot = table.hand_by_id(event.hand_id).spot
            scene.add_hand(event.new_hand_id, spot, after=event.hand_id)
            scene.move_last_card(event.hand_id, event.new_hand_id)
            self._add_to_circle(spot, event.amount)
            await self._relayout()
            self._update_totals()
        elif isinstance(event, HandDoubled):
            self._add_to_circle(table.hand_by_id(event.hand_id).spot, event.amount)
        elif isinstance(event, TurnStarted):
            scene.set_active(event.hand_id)
        elif isinstance(event, HandStood | HandBusted | HandSurrendered):
            self._update_totals()
            if isinstance(event, HandBusted):
                scene.totals[event.hand_id].set_text(f"BUST {event.total}", "lose")
        elif isinstance(event, HandSettled):
            self._show_result(event)
            await self._move_chips(event)
        elif isinstance(event, InsuranceOffered):
            self.status.show_message(
                f"Insurance for circle {event.spot}? It costs {dollars(event.cost)}.", "info"
            )
        elif isinstance(event, InsuranceTaken):
            scene.set_insurance(event.spot, table.spots[event.spot].insurance)
        elif isinstance(event, SideBetSettled):
            if event.bet == "insurance":
                scene.set_insurance(event.spot, event.payout)
            name = "Insurance" if event.bet == "insurance" else "Buster bet"
            verdict = f"pays {dollars(event.payout)}" if event.payout else "loses"
            self.status.show_message(f"{name} on circle {event.spot} {verdict}.", "info")
        elif isinstance(event, DealerPeeked):
            await self._pause(0.5)
        elif isinstance(event, RoundSettled):
            await self._pause(0.4)
            await self._collect()
            self._finish_round()

    async def _move_chips(self, event: HandSettled) -> None:
        """Chips go to the dealer (a loss, the kept half of a surrender) or come from him (a
        win) at settlement; a push leaves them where they are."""
        assert self.table is not None
        hand = self.table.hand_by_id(event.hand_id)
        scene, circle = self.scene, self.scene.circles[hand.spot]
        base = scene.circle_stack_point(hand.spot)
        taken = hand.stake - min(event.payout, hand.stake)
        if taken:
            circle.set_amount(max(0, circle.amount - taken))
            lost = scene.new_stack(taken, base)
            await self._run(motion.slide_animation(lost, DEALER_TRAY, self.speed.value * 2))
            scene.removeItem(lost)
            scene.moving.remove(lost)
        won = event.payout - hand.stake
        if won > 0:
            paid = scene.new_stack(won, DEALER_TRAY)
            beside = QPointF(
                base.x() + 34.0 * (1 + self.scene.moving.index(paid) % 2), base.y() - 8
            )
            await self._run(motion.slide_animation(paid, beside, self.speed.value * 2))
        await self._pause(0.3)

    async def _collect(self) -> None:
        """The player takes back his bets and winnings: every stack slides off to his rack."""
        scene = self.scene
        stacks = [c.chips for c in scene.circles.values() if c.amount] + list(scene.moving)
        stacks += [c.chips for c in scene.busters.values() if c.amount]
        moves: list[QAbstractAnimation] = [
            motion.slide_animation(stack, _in_parent(stack, PLAYER_RACK), self.speed.value * 2)
            for stack in stacks
        ]
        await self._run_all(moves)
        for stack in list(scene.moving):
            scene.removeItem(stack)
        scene.moving.clear()
        for circle in [*scene.circles.values(), *scene.busters.values()]:
            circle.set_amount(0)
            circle.chips.setPos(circle.chip_home)

    def _add_to_circle(self, spot: int, cents: int) -> None:
        circle = self.scene.circles[spot]
        circle.set_amount(circle.amount + cents)

    def _update_totals(self, final: bool = False) -> None:
        aces = self.rules.aces_eleven
        for hand_id, items in self.scene.hand_cards.items():
            badge = self.scene.totals[hand_id]
            if badge.tone == "lose" or not items:
                continue
            value = hand_value([i.card for i in items if i.card is not None], aces)
            badge.set_text(str(value) if len(items) > 1 else "")
        visible = [i.card for i in self.scene.dealer_cards if i.face_up and i.card is not None]
        dealer = hand_value(visible, aces)
        # A soft total ("8 / 18") while the dealer may still draw; his final total alone.
        shown = str(dealer.total) if final else str(dealer)
        tone = "total"
        if dealer.total > 21:
            shown, tone = f"BUST {dealer.total}", "lose"
        self.scene.dealer_total.set_text(shown if visible else "", tone)
        self.scene.place_labels()

    def _show_result(self, event: HandSettled) -> None:
        assert self.table is not None
        hand = self.table.hand_by_id(event.hand_id)
        net = event.payout - hand.stake
        text, tone = result_label(event.outcome, event.kind, net)
        self.scene.results[event.hand_id].set_text(text, tone)
        self.scene.place_labels()

    def _finish_round(self) -> None:
        assert self.table is not None
        table = self.table
        self.scene.set_active(None)
        self._update_totals(final=True)
        self.status.set_last_result(table.bankroll - table.bankroll_before)
        self.round_settled.emit()

    async def _relayout(self) -> None:
        targets = self.scene.targets()
        moves = [
            item.move_animation(point, self.speed.value)
            for item, point in targets.items()
            if item.pos() != point
        ]
        await self._run_all(moves)
        self.scene.place_labels()

    async def _run_all(self, animations: Sequence[QAbstractAnimation]) -> None:
        if not animations:
            return
        group = QParallelAnimationGroup(self)
        for animation in animations:
            group.addAnimation(animation)
        await self._run(group)

    async def _run(self, animation: QAbstractAnimation) -> None:
        if self.speed is Speed.INSTANT or animation.totalDuration() == 0:
            animation.start()
            animation.setCurrentTime(animation.totalDuration())
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        animation.finished.connect(lambda: resolve_once(done, None))
        animation.start()
        await done

    async def _pause(self, seconds: float) -> None:
        if self.speed is not Speed.INSTANT:
            await asyncio.sleep(seconds * self.speed.value / Speed.NORMAL.value)


def action_name(action: Action) -> str:
    return action.value.replace("_", " ").upper()


def hint_text(advice: Advice) -> str:
    """'Best: STAND −$1.23 · HIT −$2.50 · DOUBLE −$5.10': each legal move's expected net."""
    ranked = sorted(advice.values, key=lambda action: advice.values[action], reverse=True)
    moves = " · ".join(f"{action_name(a)} {_signed(advice.cents(a))}" for a in ranked[1:])
    best = f"Best: {action_name(ranked[0])} {_signed(advice.cents(ranked[0]))}"
    return f"{best} · {moves}" if moves else best


def _in_parent(item: QGraphicsItem, point: QPointF) -> QPointF:
    """A scene point in the coordinates of the item's parent (where its `pos` lives)."""
    parent = item.parentItem()
    return parent.mapFromScene(point) if parent is not None else point


def result_label(outcome: Outcome, kind: str, net: int) -> tuple[str, str]:
    """The badge over a settled hand: its text and tone."""
    if outcome is Outcome.WIN:
        name = kind.upper() if kind else "WIN"
        natural = kind.endswith(("blackjack", "pontoon"))
        return f"{name} {_signed(net)}", "natural" if natural else "win"
    if outcome is Outcome.PUSH:
        return ("NO-BUST PUSH" if kind == "no-bust push" else "PUSH"), "push"
    if outcome is Outcome.SURRENDER:
        return f"SURRENDER {_signed(net)}", "push"
    return ("BUST" if kind == "bust" else f"LOSE {_signed(net)}"), "lose"


def _signed(cents: int) -> str:
    return f"+{dollars(cents)}" if cents > 0 else f"−{dollars(-cents)}" if cents < 0 else dollars(0)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def resolve_once(future: asyncio.Future[T], value: T) -> None:
    """Complete a future from a Qt signal, once (a signal may fire after a cancel)."""
    if not future.done():
        future.set_result(value)
