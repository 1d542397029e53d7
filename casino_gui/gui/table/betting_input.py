"""The player's bets between rounds: a chip on a circle or off it, the arrows and + and -, and
UNDO, CLEAR, REBET and REBET x2. The flow takes these as its own methods (`controller.py`); the
bets are built with the engine's betting rules (`bets.py` over `casino_gui.engine.betting`) and
nothing is written or debited before DEAL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from casino_gui.engine import BlackjackError
from casino_gui.engine.betting import CircleKind
from casino_gui.gui.table.bets import after_chip, next_place, rebet, stake_cue
from casino_gui.gui.table.messages import Severity
from casino_gui.gui.table.picture import Convenience
from casino_gui.gui.table.refusals import BETS_LOCKED, why_no_convenience
from casino_gui.gui.table.wording import sentence

if TYPE_CHECKING:
    from casino_gui.gui.table.controller import TableController


def on_circle_clicked(flow: TableController, spot: int, kind: CircleKind, add: bool) -> None:
    """Left-click adds the selected chip to a circle, right-click removes it."""
    if flow.waiting.turn(flow.busy, lambda: on_circle_clicked(flow, spot, kind, add)):
        return
    if flow.round_in_play:
        flow.say(BETS_LOCKED, Severity.ERROR)
        return
    # The last round's cards and results stay until DEAL: the chip waits beside them.
    chip, balance = flow.rack.selected_chip, flow.bankroll.balance
    try:
        bets, busters = after_chip(
            flow.bets, flow.busters, (spot, kind), add, chip, balance, flow.rules
        )
    except BlackjackError as error:
        flow.say(sentence(str(error)), Severity.ERROR)
        return
    change_bets(flow, bets, busters)


def change_bets(flow: TableController, bets: dict[int, int], busters: dict[int, int]) -> None:
    """New bets on the table (nothing is debited before DEAL); UNDO can go back."""
    if (bets, busters) != (flow.bets, flow.busters):
        flow.undo.append((flow.bets, flow.busters))
        _stake_cue(flow, bets, busters)
        flow.bets, flow.busters = bets, busters
    flow.refresh()


def _stake_cue(flow: TableController, bets: dict[int, int], busters: dict[int, int]) -> None:
    """The sound of the circles' stake going from the bets now to these."""
    cue = stake_cue((flow.bets, flow.busters), (bets, busters))
    if cue is not None:
        flow.animator.cue(cue)


def on_convenience(flow: TableController, convenience: Convenience) -> None:
    """UNDO, CLEAR, REBET or REBET x2, when the picture lights it; else why not."""
    if flow.waiting.turn(flow.busy, lambda: on_convenience(flow, convenience)):
        return
    if convenience not in flow.picture().conveniences:
        placed, money = (flow.bets, flow.busters), (flow.previous, flow.bankroll.balance)
        flow.say_why(
            why_no_convenience(convenience, placed, *money, flow.rules, flow.round_in_play)
        )
        return
    if convenience is Convenience.UNDO:
        _stake_cue(flow, *flow.undo[-1])
        flow.bets, flow.busters = flow.undo.pop()
    elif convenience is Convenience.CLEAR:
        _stake_cue(flow, {}, {})
        flow.bets, flow.busters, flow.undo = {}, {}, []
    else:
        factor = 2 if convenience is Convenience.REBET_DOUBLE else 1
        balance = flow.bankroll.balance
        try:
            bets, busters = rebet(
                flow.bets, flow.busters, flow.betting().to_repeat, balance, flow.rules, factor
            )
        except BlackjackError as error:
            flow.say(sentence(str(error)), Severity.ERROR)
            return
        change_bets(flow, bets, busters)
        return
    flow.refresh()


def choose_circle(flow: TableController, step: int) -> None:
    """Left/Right arrow (step -1/+1): the place to bet on with + and - (`bets.next_place`)."""
    if flow.waiting.turn(flow.busy, lambda: choose_circle(flow, step)) or flow.round_in_play:
        return
    chosen = None if flow.chosen is None else (flow.chosen, flow.chosen_kind)
    flow.chosen, flow.chosen_kind = next_place(flow.rules, chosen, step)
    flow.refresh()


def bet_on_chosen(flow: TableController, add: bool) -> None:
    """+ or -: the selected chip on or off the chosen place (circle 1 if none was chosen),
    through the same engine calls as a click there."""
    if flow.waiting.turn(flow.busy, lambda: bet_on_chosen(flow, add)):
        return
    if flow.chosen is None and not flow.round_in_play:
        flow.chosen, flow.chosen_kind = 1, CircleKind.MAIN
    on_circle_clicked(flow, flow.chosen or 1, flow.chosen_kind, add)
