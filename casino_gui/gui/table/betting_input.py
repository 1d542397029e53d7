"""The bets being built between rounds, and the player's input that builds them: a chip on a
circle or off it, the arrows and + and -, and UNDO, CLEAR, REBET and REBET x2.

`PendingBets` owns that state (the bets per circle, the Buster bets, what UNDO goes back to,
the place the arrows chose) and the handlers; the flow (`controller.py`) owns one and connects
the felt's and the bar's signals to it. The bets are built with the engine's betting rules
(`bets.py` over `casino_gui.engine.betting`) and nothing is written or debited before DEAL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from casino_gui.engine import Bet, BlackjackError, Rules
from casino_gui.engine.betting import CircleKind
from casino_gui.gui.sound.cues import Cue
from casino_gui.gui.table.bets import Bets, after_chip, auto_rebet, next_place, rebet, stake_cue
from casino_gui.gui.table.messages import Severity
from casino_gui.gui.table.picture import Betting, Convenience, TablePicture
from casino_gui.gui.table.refusals import BETS_LOCKED, why_no_convenience
from casino_gui.gui.table.wording import sentence


class BettingTable(Protocol):
    """What the bets being built ask of the table they are built at: the flow in play, a
    plain stand-in in a test of the bets alone."""

    rules: Rules
    previous: list[Bet] | None  # the bets of this session's last round: what DEAL repeats

    @property
    def round_in_play(self) -> bool: ...

    @property
    def balance(self) -> int: ...

    def held(self, act: Callable[[], object]) -> bool:
        """True if `act` waits its turn (a step of the round plays); False if it goes now."""
        ...

    def betting(self) -> Betting: ...

    def picture(self) -> TablePicture: ...

    def cue(self, cue: Cue) -> None: ...

    def say(self, text: str, severity: Severity) -> None: ...

    def refresh(self) -> None: ...


class PendingBets:
    """The bets built for the next round at one table, changed only by the engine's rules."""

    def __init__(self, table: BettingTable) -> None:
        self._table = table
        self.bets: Bets = {}
        self.busters: Bets = {}
        # What UNDO goes back to: the bets before each change (a chip placed or taken, a rebet).
        self.undo: list[tuple[Bets, Bets]] = []
        self.chosen: int | None = None  # the circle the arrow keys chose
        self.chosen_kind = CircleKind.MAIN  # or its Buster circle

    def betting(
        self, previous: Iterable[Bet] | None, chip: int, kept: Iterable[Bet] | None
    ) -> Betting:
        """These bets as the picture's value, beside what DEAL and REBET would repeat."""
        return Betting.of(
            self.bets,
            self.busters,
            previous,
            chip,
            undoable=bool(self.undo),
            chosen=self.chosen,
            chosen_kind=self.chosen_kind,
            kept=kept,
        )

    def clear(self) -> None:
        """No bets, nothing to undo, no place chosen: at DEAL (the chosen place belongs to the
        bets being built, the arrows choose again) and at another table."""
        self.bets, self.busters, self.undo = {}, {}, []
        self.chosen, self.chosen_kind = None, CircleKind.MAIN

    def rebet_settled(self, previous: list[Bet] | None, balance: int, rules: Rules) -> str | None:
        """Auto-rebet (`bets.auto_rebet`): the settled round's bets again, UNDO going back to
        the bets before; else the sentence that says why not."""
        placed = auto_rebet(self.bets, self.busters, previous, balance, rules)
        if isinstance(placed, str):
            return placed
        self.undo, (self.bets, self.busters) = [(self.bets, self.busters)], placed
        return None

    # --- The player's input -------------------------------------------------------------

    def on_circle_clicked(self, spot: int, kind: CircleKind, add: bool) -> None:
        """Left-click adds the selected chip to a circle, right-click removes it."""
        table = self._table
        if table.held(lambda: self.on_circle_clicked(spot, kind, add)):
            return
        if table.round_in_play:
            table.say(BETS_LOCKED, Severity.ERROR)
            return
        # The last round's cards and results stay until DEAL: the chip waits beside them.
        chip, balance = table.betting().chip, table.balance
        try:
            bets, busters = after_chip(
                self.bets, self.busters, (spot, kind), add, chip, balance, table.rules
            )
        except BlackjackError as error:
            table.say(sentence(str(error)), Severity.ERROR)
            return
        self._change(bets, busters)

    def on_convenience(self, convenience: Convenience) -> None:
        """UNDO, CLEAR, REBET or REBET x2, when the picture lights it; else why not."""
        table = self._table
        if table.held(lambda: self.on_convenience(convenience)):
            return
        if convenience not in table.picture().conveniences:
            placed, money = (self.bets, self.busters), (table.previous, table.balance)
            why = why_no_convenience(convenience, placed, *money, table.rules, table.round_in_play)
            if why is not None:
                table.say(why, Severity.ERROR)
            return
        if convenience is Convenience.UNDO:
            self._cue(*self.undo[-1])
            self.bets, self.busters = self.undo.pop()
        elif convenience is Convenience.CLEAR:
            self._cue({}, {})
            self.bets, self.busters, self.undo = {}, {}, []
        else:
            factor = 2 if convenience is Convenience.REBET_DOUBLE else 1
            to_repeat = table.betting().to_repeat
            try:
                bets, busters = rebet(
                    self.bets, self.busters, to_repeat, table.balance, table.rules, factor
                )
            except BlackjackError as error:
                table.say(sentence(str(error)), Severity.ERROR)
                return
            self._change(bets, busters)
            return
        table.refresh()

    def choose_circle(self, step: int) -> None:
        """Left/Right arrow (step -1/+1): the place to bet on with + and - (`bets.next_place`)."""
        table = self._table
        if table.held(lambda: self.choose_circle(step)) or table.round_in_play:
            return
        chosen = None if self.chosen is None else (self.chosen, self.chosen_kind)
        self.chosen, self.chosen_kind = next_place(table.rules, chosen, step)
        table.refresh()

    def bet_on_chosen(self, add: bool) -> None:
        """+ or -: the selected chip on or off the chosen place (circle 1 if none was chosen),
        through the same engine calls as a click there."""
        table = self._table
        if table.held(lambda: self.bet_on_chosen(add)):
            return
        if self.chosen is None and not table.round_in_play:
            self.chosen, self.chosen_kind = 1, CircleKind.MAIN
        self.on_circle_clicked(self.chosen or 1, self.chosen_kind, add)

    def _change(self, bets: Bets, busters: Bets) -> None:
        """New bets on the table (nothing is debited before DEAL); UNDO can go back."""
        if (bets, busters) != (self.bets, self.busters):
            self.undo.append((self.bets, self.busters))
            self._cue(bets, busters)
            self.bets, self.busters = bets, busters
        self._table.refresh()

    def _cue(self, bets: Bets, busters: Bets) -> None:
        """The sound of the circles' stake going from the bets now to these."""
        cue = stake_cue((self.bets, self.busters), (bets, busters))
        if cue is not None:
            self._table.cue(cue)
