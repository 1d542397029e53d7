"""The round flow: the one place with `async` code.

It turns the player's clicks into engine calls through the bankroll store and keeps what only
the window knows (the bets being built, in its `PendingBets` of `betting_input.py`, what DEAL
repeats, the messages it said). Everything
shown is derived from those, the store's round and its balance by `picture_of`; `refresh`
renders that picture, and the animator carries the scene from one picture to the next. The flow
never decides a rule (legality is the engine's) and holds no copy of the round: `table` is the
store's, so after a failed write the window shows what the store kept. While an animation
plays the flow is busy: every button is dark and no click reaches the engine between two steps
of a round; a click or key then hurries the animation and waits its turn (`waiting.py`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from PySide6.QtCore import QObject, Signal

from casino_gui.engine import (
    Action,
    Bet,
    BlackjackError,
    Event,
    Insurance,
    Move,
    Phase,
    Round,
    Rules,
    Shoe,
    betting,
    hint_words,
    move_words,
    offered_actions,
)
from casino_gui.gui.panels.action_bar import ActionBar
from casino_gui.gui.panels.chip_rack import ChipRack
from casino_gui.gui.panels.status_panel import StatusPanel
from casino_gui.gui.settings import DEFAULT_WARN_THRESHOLD
from casino_gui.gui.sound.cues import Cue
from casino_gui.gui.table import advising, dealing
from casino_gui.gui.table.animation import Animator, Speed
from casino_gui.gui.table.async_slot import async_slot
from casino_gui.gui.table.betting_input import PendingBets
from casino_gui.gui.table.held_back import withheld
from casino_gui.gui.table.messages import Lifetime, Moment, Note, Severity, Wordings
from casino_gui.gui.table.picture import Betting, TablePicture, moment_of, picture_of
from casino_gui.gui.table.refusals import no_count, why_not
from casino_gui.gui.table.scene import TableScene
from casino_gui.gui.table.seen_turn import SeenTurn, asked_insurance, unseen
from casino_gui.gui.table.shoe_picture import CountAids
from casino_gui.gui.table.waiting import Waiting
from casino_gui.gui.table.wording import not_saved, sentence
from casino_gui.store import Bankroll, Refunded, Resumed, StoreError

__all__ = ["Speed", "TableController"]

AskAmount = Callable[[int], Awaitable[int | None]]
AskDeal = Callable[[int], Awaitable[bool]]


async def _maximum(room: int) -> int | None:
    return room


async def _yes(_total: int) -> bool:
    return True


class TableController(QObject):
    """One table at a time; `set_rules` changes the table between rounds."""

    round_settled = Signal()
    idle = Signal()  # emitted whenever the controller has finished handling a click
    rules_changed = Signal(object)  # the table's rules changed (another table, a resumed round)

    def __init__(
        self,
        scene: TableScene,
        bar: ActionBar,
        rack: ChipRack,
        status: StatusPanel,
        bankroll: Bankroll,
        rules: Rules,
        ask_insurance: AskAmount = _maximum,
        confirm_deal: AskDeal = _yes,
    ) -> None:
        super().__init__()
        self.scene, self.bar, self.rack, self.status = scene, bar, rack, status
        self.bankroll = bankroll
        self.rules = rules
        self.ask_insurance = ask_insurance
        self.confirm_deal = confirm_deal
        self.animator = Animator(scene)
        self.busy = False
        self.waiting = Waiting(self.animator.hurry)  # input that came while busy, in order
        self.pending = PendingBets(self)  # the bets being built (`betting_input.py`)
        self.previous: list[Bet] | None = None
        self.notes: list[Note] = []
        self.at_table = False  # whether the store's round is on the table (not cleared)
        self.last_round: Round | None = None  # the last round settled: LAST RESULT, the count check
        self.settled_before: Round | None = None  # the table's last round before this start
        self._before: TablePicture | None = None  # the table before the step being animated
        self._asked: int | None = None  # the circle asked about insurance as that step began
        self.unseen_input = False  # input held through the start is given: it saw no hand
        # The money that step settles, shown on the table until its chips reach the player.
        self._settling: betting.Settling | None = None
        # A stacked shoe ("9S AH TH 7C"), or the seed of the next shuffle, for the next deal
        # only: tests and demonstrations. Live play leaves it None (a shuffle from `secrets`).
        self.next_shoe: str | int | None = None
        self.shoe: Shoe | None = None  # a shoe game's shoe as the store has it, at sitting down
        self.aids = CountAids()  # the count the player keeps at a shoe game
        # "Warn me of mistakes": a move worse than the best is refused once, with its cost.
        self.warn_mistakes = False
        self.warn_threshold = DEFAULT_WARN_THRESHOLD  # tenths of a percent of the bet
        self.warned_of: tuple[tuple[object, ...], Action] | None = None
        # The rest of the player's settings the flow obeys (Game ▸ Settings).
        self.show_totals = True
        self.auto_rebet = False  # a settled round's bets go back on the table
        self.confirm_over = 0  # cents: bets above this are confirmed before DEAL (0: never)
        self.between_rounds: Callable[[Round], Awaitable[None]] | None = None  # count checks
        bar.action_triggered.connect(self.on_action)
        bar.hint_requested.connect(lambda: advising.show_hint(self))
        bar.convenience_triggered.connect(self.pending.on_convenience)
        bar.circle_step.connect(self.pending.choose_circle)
        bar.chip_key.connect(self.pending.bet_on_chosen)
        bar.action_refused.connect(self.on_refused)
        bar.convenience_refused.connect(self.pending.on_convenience)
        rack.chip_selected.connect(lambda _chip: self.refresh())
        self.animator.collected.connect(self._paid_out)
        self._connect_circles()
        self._show_table()

    @property
    def speed(self) -> Speed:
        return self.animator.speed

    @speed.setter
    def speed(self, speed: Speed) -> None:
        self.animator.speed = speed

    # --- What is on the table -----------------------------------------------------------

    @property
    def table(self) -> Round | None:
        """The store's round, while it is on the table (being played, or just settled)."""
        return self.bankroll.table if self.at_table else None

    @property
    def round_in_play(self) -> bool:
        table = self.table
        return table is not None and table.phase is not Phase.SETTLED

    def betting(self) -> Betting:
        return self.pending.betting(self.previous, self.rack.selected_chip, self.kept)

    @property
    def balance(self) -> int:
        return self.bankroll.balance

    def picture(self) -> TablePicture:
        """The whole table as the engine and the store hold it now."""
        return picture_of(
            self.rules,
            self.table,
            self.betting(),
            self.bankroll.balance,
            round_id=self._round_id(),
            notes=self.notes,
            busy=self.busy,
            last_round=self.last_round,
            settled_before=self.settled_before,
            show_totals=self.show_totals,
            shoe=self.shoe,
            aids=self.aids,
        )

    def moment(self) -> Moment:
        """Where the table stands, for the lifetime of what is said now."""
        return moment_of(self.rules, self.table, self._round_id(), self.betting())

    def _round_id(self) -> int | None:
        return self.bankroll.round_id if self.at_table else None

    def say(
        self,
        text: str | Wordings,
        severity: Severity = Severity.INFO,
        lifetime: Lifetime = Lifetime.DECISION,
    ) -> None:
        """A message (and its shorter wordings) while what it is about lasts; shown at once."""
        said, shorter = (text, ()) if isinstance(text, str) else text
        self.notes.append(Note.at(self.moment(), said, severity, lifetime, shorter))
        self.refresh()

    def refresh(self) -> None:
        """Render the picture of the table: scene, panel, buttons and rack."""
        picture = self.picture()
        moment = self.moment()
        self.notes = [note for note in self.notes if note.in_force(moment)]  # the rest are over
        if self.busy:
            # An animation plays: the panel keeps the result back until it is shown.
            if self._before is not None:
                picture = withheld(picture, self._before, self._settling)
            self.render_panels(picture)
            return
        self.animator.show(picture)  # between rounds, cards and chips glide to their places
        self.render_panels(picture)

    def _paid_out(self) -> None:
        """The settled chips have reached the player: the panel shows the store's money."""
        if self._settling is not None:
            self._settling = None
            self.refresh()

    def render_panels(self, picture: TablePicture) -> None:
        self.bar.set_busy(self.busy)
        self.bar.set_lit(picture.lit)
        self.bar.show_conveniences(picture)
        self.bar.set_hint_lit(picture.hint_lit)
        self.rack.set_affordable(picture.affordable)
        self.status.show_picture(picture.panel, picture.message)
        self.status.show_count(picture.count)

    # --- The table ----------------------------------------------------------------------

    def set_rules(self, rules: Rules) -> None:
        """Sit at another table; refused while a round is being played."""
        if self.round_in_play:
            self.say("Finish the round on the table first.", Severity.ERROR)
            return
        self.rules = rules
        self.previous, self.at_table = None, False
        self.pending.clear()
        self.scene.set_rules(rules)
        self._connect_circles()
        self._show_table()
        self.rules_changed.emit(rules)

    def _connect_circles(self) -> None:
        for circle in [*self.scene.circles.values(), *self.scene.busters.values()]:
            circle.clicked.connect(self.pending.on_circle_clicked)

    def _show_table(self) -> None:
        self.kept = self.bankroll.last_bets(self.rules)  # its last bets, from before this start
        self.shoe = self.bankroll.shoe(self.rules)  # and its shoe, a shoe game's
        self.settled_before = self.bankroll.last_settled(self.rules)  # and LAST RESULT
        self.bar.set_offered(offered_actions(self.rules))
        self.bar.set_hint_words(hint_words(self.rules))
        self.bar.set_words(move_words(self.rules))
        self.refresh()

    def toggle_count(self) -> None:
        """The count key: the count shown or hidden; where there is none to show, why not."""
        why = no_count(self.rules, self.aids.system)
        if why is not None:
            self.say(why, Severity.ERROR)
            return
        self.aids = replace(self.aids, shown=not self.aids.shown)
        self.refresh()

    # --- Betting ------------------------------------------------------------------------

    # The player's bets between rounds are `self.pending`'s (`betting_input.py`); it asks
    # the flow for the rest of the table.

    def held(self, act: Callable[[], object]) -> bool:
        """While a step plays, `act` waits its turn (`waiting.py`): True then."""
        return self.waiting.turn(self.busy, act)

    def cue(self, cue: Cue) -> None:
        self.animator.cue(cue)

    def deal_bets(self) -> list[Bet]:
        """The bets DEAL would play now (docs/rules.md, "DEAL"), or a `BetError` saying why not."""
        return self.betting().deal_bets(self.bankroll.balance, self.rules)

    def lit_actions(self) -> frozenset[Action]:
        """Exactly the engine's legal actions (DEAL from the betting rules), none while busy."""
        return self.picture().lit

    # --- Playing ----------------------------------------------------------------------------

    def on_refused(self, action: Action) -> None:
        """A dark button's key or click: it waits for the step playing, or the engine says why."""
        if self.busy:
            seen = self.seen()
            self.waiting.keep(lambda: self._play(action, seen))
            return
        if action is Action.DEAL and not self.round_in_play:
            try:  # the engine's reason: a Buster bet without its main bet, no bet at all, ...
                self.deal_bets()
            except BlackjackError as error:
                self.say(sentence(str(error)), Severity.ERROR)
            return
        self.say_why(why_not(action, self.table))

    def say_why(self, why: str | None) -> None:
        if why is not None:
            self.say(why, Severity.ERROR)

    def on_action(self, action: Action) -> None:
        """A lit button or its key, answering the decision the felt shows as it is pressed."""
        self._act(action, self.seen())

    @async_slot(object, object)
    async def _act(self, action: Action, seen: SeenTurn) -> None:
        """A press while a step plays hurries it and acts after it (`seen_turn.py`)."""
        if self.busy:
            self.waiting.keep(lambda: self._play(action, seen))
            return
        await self._play(action, seen)
        await self.waiting.catch_up(lambda: self.busy)

    def seen(self) -> SeenTurn:
        """The decision the felt shows now, that a press made now answers: the hand the
        pointer marks, the insurance question asked at rest, the settled round whose result
        is shown at rest; nothing while `unseen_input` (input held from before the table was
        shown: docs/decisions.md, "The pace of the table")."""
        if self.unseen_input:
            return SeenTurn(None, None)
        table, at_rest = self.table, self._before is None
        asked = self._asked if self.busy else asked_insurance(table)
        shown = table is not None and table.phase is Phase.SETTLED and at_rest
        return SeenTurn(self.scene.turn_shown, asked, self._round_id() if shown else None)

    async def _play(self, action: Action, seen: SeenTurn | None = None) -> None:
        """Play `action` if the engine allows it now (else say why) and show what it did;
        `seen` is what the felt showed when a held press was made."""
        if action not in self.lit_actions():
            self.on_refused(action)
            return
        unseen_why = unseen(action, seen, self.table, self._round_id())
        if unseen_why is not None:
            self.say(unseen_why, Severity.ERROR)
            return
        warning = advising.mistake(self, action)
        if warning is not None:
            self.say(warning, Severity.ERROR)
            return
        if action is Action.DEAL and not await dealing.confirmed(self):
            self.idle.emit()
            return
        self.warned_of = None
        if action is not Action.DEAL:  # DEAL's sound is the new shoe's (`_apply`)
            self.animator.cue(Cue.BUTTON)
        self._asked = asked_insurance(self.table)  # the question on screen as the step starts
        self.busy = True
        self.animator.steady()
        self.refresh()
        self._before = self.picture()
        try:
            events = await self._apply(action)
            table = self.table
            if table is not None and events:
                # The store's money from the start, but what is settled only when it is paid.
                self._settling = betting.settling_of(table, events)
                new = self.picture()
                self.refresh()
                await self.animator.transition(new, table, events)
        except StoreError as error:
            # Nothing was saved; the store's round is the one before this step.
            self.say(not_saved(str(error)), Severity.ERROR)
        except BlackjackError as error:
            self.say(sentence(str(error)), Severity.ERROR)
        finally:
            settled = self.table is not None and self.table.phase is Phase.SETTLED
            if settled:
                self.last_round = self.table
            self.busy, self._before, self._settling = False, None, None
            self.animator.steady()
            if settled and self.auto_rebet:
                self._rebet_automatically()
            self.refresh()
            self.idle.emit()
        if settled:
            self.round_settled.emit()

    def _rebet_automatically(self) -> None:
        """Auto-rebet (`bets.auto_rebet`): the new chips wait on their circles beside the
        last round's cards and results, which stay until DEAL (docs/decisions.md, "Table
        realism")."""
        why_not = self.pending.rebet_settled(self.previous, self.bankroll.balance, self.rules)
        if why_not is not None:
            self._note(why_not, Lifetime.DECISION)

    def _note(self, text: str, lifetime: Lifetime, shorter: tuple[str, ...] = ()) -> None:
        self.notes.append(Note(text, Severity.INFO, lifetime, self.moment().at(lifetime), shorter))

    async def _apply(self, action: Action) -> list[Event]:
        if action is Action.DEAL:
            bets = self.deal_bets()
            self.at_table = False
            events = await dealing.deal(self, bets)
            self.at_table, self.previous = True, bets
            self.pending.clear()  # the chosen place too: the arrows choose again
            return events
        table = self.table
        assert table is not None
        move = Move(action)
        if action is Action.INSURE and self.rules.insurance is Insurance.LATE:
            # How much is the player's choice, up to the most the engine allows now.
            amounts = table.insurance_amounts()
            assert amounts is not None  # INSURE is lit
            amount = await self.ask_insurance(amounts[1])
            self.animator.steady()  # a click while it asked hurries nothing to come
            if not amount:
                return []
            move = Move(Action.INSURE, amount)
        return self.bankroll.act(move)

    # --- After a crash ----------------------------------------------------------------------

    async def resume(self) -> None:
        """Put a round the store resumed after a crash back on the table, exactly as it
        stands, and play on from it; its bets are the ones DEAL repeats next."""
        resumed = self.bankroll.resumed
        table = self.bankroll.table
        if isinstance(resumed, Resumed) and table is not None and table.phase is not Phase.SETTLED:
            if table.rules != self.rules:
                self.set_rules(table.rules)
            self.at_table = True
            self.animator.sound.new_round()  # its settlement has its result cue
            self.previous = [Bet(s.number, s.bet, s.buster) for s in table.spots.values()]
            self.say(resumed.message, Severity.INFO, Lifetime.ROUND)
        elif isinstance(resumed, Refunded):
            self.say((resumed.message, resumed.shorter), Severity.INFO, Lifetime.ROUND)
        self.refresh()
        self.idle.emit()
