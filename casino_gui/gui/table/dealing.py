"""DEAL in the round flow: big bets confirmed first, then the store's deal, the last round's
cards to the tray and, when the round opens a new shuffle, the shuffle shown before its cards
come (docs/decisions.md, "The shoe at the table")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from casino_gui.engine import Bet, BlackjackError, Event
from casino_gui.engine.betting import total_of

if TYPE_CHECKING:
    from casino_gui.gui.table.controller import TableController


async def confirmed(flow: TableController) -> bool:
    """Bets above the amount the player chose are confirmed before they are dealt, after the
    count check if one is due (`gui/practice/count_check.py`)."""
    last = flow.last_round
    if last is not None and flow.between_rounds is not None:
        await flow.between_rounds(last)
    try:
        total = total_of(flow.deal_bets())
    except BlackjackError:
        return True  # DEAL itself says why not
    if not flow.confirm_over or total <= flow.confirm_over:
        return True
    flow.busy = True  # no click reaches the table while the question is open
    flow.refresh()
    try:
        return await flow.confirm_deal(total)
    finally:
        flow.busy = False
        flow.animator.steady()  # a click while it asked hurries no deal
        flow.refresh()


async def deal(flow: TableController, bets: list[Bet]) -> list[Event]:
    """The round dealt by the store from the table's shoe (or the stacked shoe or seed the
    flow was given for this deal), then shown: the cards still on the felt go to the tray,
    a new shuffle empties it and burns a card, and the new round's cards come."""
    given, flow.next_shoe = flow.next_shoe, None
    seed, stacked = (given, None) if isinstance(given, int) else (None, given)
    table, events = flow.bankroll.deal(flow.rules, bets, seed=seed, shoe=stacked)
    await flow.animator.clear_round(table.shoe)
    flow.animator.new_shoe(table.shoe)
    return events
