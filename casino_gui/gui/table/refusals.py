"""Why an input cannot act now, in the engine's words (Qt-free): a dark button's key or click
says so rather than nothing (docs/architecture.md, "The window": what can never act says why)."""

from __future__ import annotations

from collections.abc import Callable

from casino_gui.engine import Action, Bet, BlackjackError, Phase, Round, Rules
from casino_gui.gui.settings import CountKey
from casino_gui.gui.table.bets import Bets, rebet
from casino_gui.gui.table.picture import Convenience
from casino_gui.gui.table.wording import sentence

# The engine's own refusal of each move.
REFUSALS: dict[Action, Callable[[Round], None]] = {
    Action.DEAL: Round.verify_deal,
    Action.HIT: Round.verify_hit,
    Action.STAND: Round.verify_stand,
    Action.DOUBLE: Round.verify_double,
    Action.SPLIT: Round.verify_split,
    Action.INSURE: Round.verify_insure,
    Action.NO_INSURANCE: Round.verify_decline_insurance,
    Action.SURRENDER: Round.verify_surrender,
}
NO_ROUND = "No round is being played: place a bet and press DEAL."
BETS_LOCKED = "Bets are locked until the round is over."
NO_CHIPS = "There are no chips on the table to take back."


def why_not(action: Action, table: Round | None) -> str | None:
    """Why `action` cannot be played on `table` (the store's round on the felt, or None);
    None if it can."""
    if table is None or table.phase is Phase.SETTLED:
        return NO_ROUND
    try:
        REFUSALS[action](table)
    except BlackjackError as error:
        return sentence(str(error))
    return None


def why_no_convenience(
    convenience: Convenience,
    bets: tuple[Bets, Bets],
    previous: list[Bet] | None,
    balance: int,
    rules: Rules,
    in_play: bool,
) -> str | None:
    """Why a dark UNDO, CLEAR, REBET or REBET x2 does nothing now; None if it would act."""
    if in_play:
        return BETS_LOCKED
    if convenience in (Convenience.UNDO, Convenience.CLEAR):
        return NO_CHIPS
    factor = 2 if convenience is Convenience.REBET_DOUBLE else 1
    try:
        rebet(*bets, previous, balance, rules, factor)
    except BlackjackError as error:
        return sentence(str(error))
    return None


def no_count(rules: Rules, system: CountKey | None) -> str | None:
    """Why the count key shows no count here: the table shuffles before every round (nothing
    to count), or no count system is chosen; None where a count is kept."""
    if rules.penetration is None:
        return (
            "This table shuffles before every round: the count is kept at a table dealt "
            "from a shoe (a custom table with a cut card)."
        )
    if system is None:
        return "Choose a count system in Game ▸ Settings ▸ Counting to keep the count here."
    return None
