"""What the panel holds back while an animation carries the table to its new picture (Qt-free).

The scene shows a step's events one after the other; the panel never runs ahead of the felt.
The result and the round's summary wait until the cards that decide them are shown. The money a
step settles (the engine's `betting.settling_of`) waits until its chips reach the player: until
then the panel shows the stakes on the table and the bankroll without what they pay back, as the
felt does (docs/decisions.md,
"Table realism"); insurance and Buster chips settled with the hands stay with them. A step that
settles no hand (a hit, a double, a split, insurance) shows the store's money at once
(docs/architecture.md, "The window"), and so does the part of a settling step that acts: a
double's extra stake is on the table from the first frame.
"""

from __future__ import annotations

from dataclasses import replace

from casino_gui.engine import betting
from casino_gui.gui.table.picture import TablePicture


def withheld(
    new: TablePicture, before: TablePicture, settling: betting.Settling | None = None
) -> TablePicture:
    """What the panel shows while an animation carries the table to `new`: the result and the
    summary only once the cards that decide them are shown, and, while `settling` (the step's
    settled chips have not reached the player yet), the money as it stood before it was paid.
    Otherwise the store's money, at once."""
    summary = new.summary.text if new.summary is not None else None
    panel = replace(new.panel, last_result=before.panel.last_result, last_net=before.panel.last_net)
    if settling is not None:
        balance, on_table = settling.before(panel.balance, panel.on_table)
        panel = replace(panel, balance=balance, on_table=on_table)
    messages = tuple(message for message in new.messages if message.text != summary)
    return replace(new, panel=panel, messages=messages)
