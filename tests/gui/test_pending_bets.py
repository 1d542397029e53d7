"""The bets being built, alone: `PendingBets` at a plain table of the engine's rules, no window.

The stand-in table is the flow's part the bets ask for (`BettingTable`): the engine's rules, a
balance, the selected chip, what DEAL repeats, and the real `picture_of` for the lit buttons;
it records what the bets say, sound and show instead of drawing it.
"""

from __future__ import annotations

from collections.abc import Callable

from casino_gui.engine import Bet, Rules
from casino_gui.engine.betting import CircleKind
from casino_gui.engine.games import BLACKJACK, NO_BUST_21
from casino_gui.gui.sound.cues import Cue
from casino_gui.gui.table.betting_input import PendingBets
from casino_gui.gui.table.messages import Severity
from casino_gui.gui.table.picture import Betting, Convenience, TablePicture, picture_of
from casino_gui.gui.table.refusals import BETS_LOCKED, NO_CHIPS

MAIN, BUSTER = CircleKind.MAIN, CircleKind.BUSTER
PLACED, REMOVED = Cue.CHIP_PLACED, Cue.CHIP_REMOVED


class Table:
    """A table between rounds with `balance` cents and the `chip` selected."""

    def __init__(self, rules: Rules = BLACKJACK, balance: int = 100_000, chip: int = 500) -> None:
        self.rules, self.balance, self.chip = rules, balance, chip
        self.previous: list[Bet] | None = None
        self.round_in_play = False
        self.busy = False
        self.kept: list[Callable[[], object]] = []  # input held while busy, in order
        self.said: list[tuple[str, Severity]] = []
        self.cues: list[Cue] = []
        self.refreshed = 0
        self.pending = PendingBets(self)

    def held(self, act: Callable[[], object]) -> bool:
        if self.busy:
            self.kept.append(act)
        return self.busy

    def betting(self) -> Betting:
        return self.pending.betting(self.previous, self.chip, None)

    def picture(self) -> TablePicture:
        return picture_of(self.rules, None, self.betting(), self.balance)

    def cue(self, cue: Cue) -> None:
        self.cues.append(cue)

    def say(self, text: str, severity: Severity) -> None:
        self.said.append((text, severity))

    def refresh(self) -> None:
        self.refreshed += 1


def test_chips_on_and_off_a_circle_then_undo_and_clear() -> None:
    table = Table()
    bets = table.pending
    bets.on_circle_clicked(1, MAIN, True)
    bets.on_circle_clicked(1, MAIN, True)
    bets.on_circle_clicked(3, MAIN, True)
    bets.on_circle_clicked(1, MAIN, False)
    assert bets.bets == {1: 500, 3: 500}
    assert table.cues == [PLACED, PLACED, PLACED, REMOVED]
    assert bets.undo == [({}, {}), ({1: 500}, {}), ({1: 1_000}, {}), ({1: 1_000, 3: 500}, {})]
    bets.on_convenience(Convenience.UNDO)
    assert bets.bets == {1: 1_000, 3: 500} and table.cues[-1] is PLACED
    bets.on_convenience(Convenience.CLEAR)
    assert (bets.bets, bets.busters, bets.undo) == ({}, {}, [])
    assert table.cues[-1] is REMOVED and table.said == []
    bets.on_convenience(Convenience.UNDO)  # dark now: it says why, and changes nothing
    assert table.said == [(NO_CHIPS, Severity.ERROR)] and bets.bets == {}


def test_a_chip_the_balance_does_not_cover_is_refused_with_the_engines_reason() -> None:
    table = Table(balance=700)
    table.pending.on_circle_clicked(2, MAIN, True)
    table.pending.on_circle_clicked(2, MAIN, True)
    assert table.pending.bets == {2: 500} and table.pending.undo == [({}, {})]
    too_much = "Your bets would come to $10.00, more than your bankroll: you have $7.00."
    assert table.said == [(too_much, Severity.ERROR)]
    table.pending.on_circle_clicked(2, MAIN, False)
    table.pending.on_circle_clicked(2, MAIN, False)  # nothing left there to take off
    assert table.pending.bets == {} and table.cues == [PLACED, REMOVED]


def test_rebet_and_rebet_twice_repeat_the_last_rounds_bets() -> None:
    table = Table()
    table.previous = [Bet(1, 2_000), Bet(3, 500)]
    table.pending.on_convenience(Convenience.REBET_DOUBLE)
    assert table.pending.bets == {1: 4_000, 3: 1_000} and table.cues == [PLACED]
    table.pending.on_convenience(Convenience.REBET)  # dark: chips are on the table
    assert table.said == [("Take the chips on the table back first.", Severity.ERROR)]
    table.pending.on_convenience(Convenience.UNDO)
    table.pending.on_convenience(Convenience.REBET)
    assert table.pending.bets == {1: 2_000, 3: 500} and table.pending.undo == [({}, {})]


def test_the_arrows_and_plus_and_minus_bet_on_the_chosen_place_buster_circles_too() -> None:
    table = Table(NO_BUST_21)
    bets = table.pending
    bets.bet_on_chosen(True)  # none chosen: circle 1
    assert (bets.chosen, bets.chosen_kind, bets.bets) == (1, MAIN, {1: 500})
    bets.choose_circle(-1)  # left of circle 1 lies its Buster circle
    assert (bets.chosen, bets.chosen_kind) == (1, BUSTER)
    bets.bet_on_chosen(True)
    bets.bet_on_chosen(True)
    bets.bet_on_chosen(False)
    assert (bets.bets, bets.busters) == ({1: 500}, {1: 500})
    bets.clear()
    assert (bets.bets, bets.busters, bets.undo, bets.chosen) == ({}, {}, [], None)
    assert bets.chosen_kind is MAIN


def test_input_while_a_step_plays_waits_its_turn_and_bets_are_locked_in_a_round() -> None:
    table = Table()
    table.busy = True
    table.pending.on_circle_clicked(1, MAIN, True)
    table.pending.choose_circle(1)
    assert table.pending.bets == {} and table.pending.chosen is None and len(table.kept) == 2
    table.busy, table.round_in_play = False, True
    for act in table.kept:
        act()
    assert table.said == [(BETS_LOCKED, Severity.ERROR)] and table.pending.chosen is None
    table.round_in_play = False
    table.pending.on_circle_clicked(1, MAIN, True)
    assert table.pending.bets == {1: 500}


def test_auto_rebet_puts_the_settled_bets_back_or_says_why_not() -> None:
    table = Table()
    bets = table.pending
    assert bets.rebet_settled([Bet(2, 1_500)], 100_000, BLACKJACK) is None
    assert (bets.bets, bets.undo) == ({2: 1_500}, [({}, {})])
    bets.clear()
    why = bets.rebet_settled([Bet(2, 1_500)], 1_000, BLACKJACK)
    assert why is not None and why.startswith("No auto-rebet: ") and bets.bets == {}
