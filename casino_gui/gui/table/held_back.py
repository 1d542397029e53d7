"""What the panel holds back while an animation carries the table to its new picture (Qt-free).

The scene shows a step's events one after the other; the panel never runs ahead of the felt.
The result and the round's summary wait until the cards that decide them are shown. The money a
step settles waits until its chips reach the player: until then the panel shows the stakes on
the table and the bankroll without what they pay back, as the felt does (docs/decisions.md,
"Table realism"); insurance and Buster chips settled with the hands stay with them. A step that
settles no hand (a hit, a double, a split, insurance) shows the store's money at once
(docs/architecture.md, "The window"), and so does the part of a settling step that acts: a
double's extra stake is on the table from the first frame.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from casino_gui.engine import Event, HandSettled, Round, SideBetSettled
from casino_gui.gui.table.picture import TablePicture


@dataclass(frozen=True, slots=True)
class Settling:
    """The money one step settles, as the engine's settlement events give it."""

    stakes: int  # the stakes of the hands and side bets it settles: on the felt until paid
    returns: int  # what they pay back into the bankroll: stakes kept and winnings


def settles_hands(events: Iterable[Event]) -> bool:
    """Whether a step settles a hand: then its settled chips, side bets' included, stay on the
    felt until the dealer sweeps or pays them, and the panel waits for them. Insurance lost at
    the dealer's peek settles no hand: its chips go at once, with its money."""
    return any(isinstance(event, HandSettled) for event in events)


def settling_of(table: Round, events: Iterable[Event]) -> Settling | None:
    """The money `events` (one step of `table`) settle, or None when the step settles no hand:
    then no chips are swept and the store's money is shown at once."""
    events = list(events)
    if not settles_hands(events):
        return None
    stakes = returns = 0
    for event in events:
        if isinstance(event, HandSettled):
            stakes += table.hand_by_id(event.hand_id).stake  # a double's extra included
            returns += event.payout
        elif isinstance(event, SideBetSettled):  # insurance, Buster: settled with the hands
            stakes += event.stake
            returns += event.payout
    return Settling(stakes, returns)


def withheld(
    new: TablePicture, before: TablePicture, settling: Settling | None = None
) -> TablePicture:
    """What the panel shows while an animation carries the table to `new`: the result and the
    summary only once the cards that decide them are shown, and, while `settling` (the step's
    settled chips have not reached the player yet), the money as it stood before it was paid.
    Otherwise the store's money, at once."""
    summary = new.summary.text if new.summary is not None else None
    panel = replace(new.panel, last_result=before.panel.last_result, last_net=before.panel.last_net)
    if settling is not None:
        panel = replace(
            panel,
            balance=panel.balance - settling.returns,
            on_table=panel.on_table + settling.stakes,
        )
    messages = tuple(message for message in new.messages if message.text != summary)
    return replace(new, panel=panel, messages=messages)
