"""HINT and "Warn me of mistakes" in the round flow: the advisor asked about the decision
waiting (`hints.py` words its answers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from casino_gui.engine import Action
from casino_gui.gui.table.hints import active_hand_name, hint, mistake_warning
from casino_gui.gui.table.messages import Lifetime, Severity, Wordings

if TYPE_CHECKING:
    from casino_gui.engine.strategy import Advice
    from casino_gui.gui.table.controller import TableController


def advice(flow: TableController) -> Advice | None:
    """The value of every legal move of the decision waiting, or None between rounds."""
    if flow.busy or not flow.round_in_play:
        return None
    assert flow.table is not None
    # The advisor is imported on the first hint (docs/decisions.md, "Startup and memory").
    from casino_gui.engine.strategy import advise

    return advise(flow.table)


def show_hint(flow: TableController) -> None:
    """HINT: the best move and what each legal move is worth, for the hand it is about."""
    found = advice(flow)
    if found is None:
        return
    assert flow.table is not None
    from casino_gui.engine.strategy import shoe_hint

    said = shoe_hint(flow.table, found)
    flow.say(hint(active_hand_name(flow.table), found, said), Severity.INFO)
    flow.bar.button(found.best).flash()


def mistake(flow: TableController, action: Action) -> Wordings | None:
    """Why `action` is worse than the best move, when the player asked to be warned; once
    for a decision (the second press plays it)."""
    moment = flow.moment().at(Lifetime.DECISION)
    if not flow.warn_mistakes or action is Action.DEAL or flow.warned_of == (moment, action):
        return None
    found = advice(flow)
    if found is None or action not in found.values:
        return None
    warning = mistake_warning(found, action, active_hand_name(flow.table), flow.warn_threshold)
    if warning is not None:
        flow.warned_of = (moment, action)
    return warning
