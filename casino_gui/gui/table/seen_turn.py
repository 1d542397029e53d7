"""A move held through an animation acts on the decision the player saw (Qt-free).

A key or click while a step plays waits its turn (`waiting.py`) and acts once the step is
over (docs/decisions.md, "The pace of the table"). By then the hand to play may not be the one
the felt marked when the player pressed: the deal was still landing, a shuffle was shown, the
hand he saw busted or turned up a blackjack and play moved on. Such a move is refused with a
sentence, never played on a hand he has not seen. So is a DEAL pressed before the result of
the round it would clear away was shown: the table never hides what happened.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino_gui.engine import Action, Phase, Round
from casino_gui.gui.table.hints import action_name, hand_name

INSURANCE_ANSWERS = frozenset({Action.INSURE, Action.NO_INSURANCE})


@dataclass(frozen=True, slots=True)
class SeenTurn:
    """What the table showed as the decision at hand when a held move was pressed."""

    hand: int | None  # the hand the turn pointer marked, None while it marked none
    insurance: int | None  # the circle whose insurance question was asked at rest, if any
    settled: int | None = None  # the store's id of the settled round shown at rest, if any


def asked_insurance(table: Round | None) -> int | None:
    """The circle whose insurance question `table` (the round at rest) asks, if any."""
    if table is None or table.phase is not Phase.INSURANCE:
        return None
    return table.insurance_spot


def unseen(
    action: Action, seen: SeenTurn | None, table: Round | None, round_id: int | None
) -> str | None:
    """Why `action`, pressed while the table showed `seen`, is not played on `table` (the
    store's round `round_id` on the felt) now: the decision it would answer, or the result a
    DEAL would clear away, was not the one shown; None if it was (or nothing was held)."""
    if seen is None or table is None:
        return None
    if action is Action.DEAL:
        if table.phase is not Phase.SETTLED or round_id == seen.settled:
            return None
        return "Not dealt: DEAL was pressed before the last round's result was shown."
    key = action_name(action)
    if action in INSURANCE_ANSWERS and table.phase is Phase.INSURANCE:
        spot = table.insurance_spot
        if spot is None or spot == seen.insurance:
            return None
        return (
            f"Not played: {key} was pressed before the insurance question for circle {spot} "
            "was asked."
        )
    hand = table.active_hand
    if hand is None or hand.id == seen.hand:
        return None
    name = hand_name(table, hand)
    return (
        f"Not played: {key} was pressed before {name[:1].lower()}{name[1:]} was shown as the "
        "hand to play."
    )
