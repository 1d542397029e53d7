"""The bets built between rounds, changed by the engine's betting rules: a chip placed on a
circle or taken off, a rebet, and the place the arrow keys move to.

Bets are `{circle: cents}` maps, main bets and Buster bets apart; nothing is debited before
DEAL. Every change is the engine's (`casino_gui.engine.betting`), which raises a
`BlackjackError` saying why a change is refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from casino_gui.engine import Bet, BlackjackError, Rules, betting
from casino_gui.engine.betting import CircleKind
from casino_gui.gui.sound.cues import Cue
from casino_gui.gui.table.geometry import betting_places
from casino_gui.gui.table.wording import sentence

Bets = dict[int, int]


def after_chip(
    bets: Bets,
    busters: Bets,
    place: tuple[int, CircleKind],
    add: bool,
    chip: int,
    balance: int,
    rules: Rules,
) -> tuple[Bets, Bets]:
    """The bets once `chip` is placed on (`add`) or taken off a `place`: (circle, MAIN) is the
    circle's main bet, (circle, BUSTER) its Buster bet. All bets stay within `balance`."""
    spot, kind = place
    if kind is CircleKind.BUSTER:
        if add:
            return bets, betting.add_buster_chip(busters, bets, spot, chip, balance, rules)
        return bets, betting.remove_chip(busters, spot, chip, rules)
    if add:
        return betting.add_chip(bets, spot, chip, balance, rules, busters), busters
    return betting.remove_chip(bets, spot, chip, rules), busters


def rebet(
    bets: Bets,
    busters: Bets,
    previous: Sequence[Bet] | None,
    balance: int,
    rules: Rules,
    factor: int = 1,
) -> tuple[Bets, Bets]:
    """REBET (or REBET x2, `factor` 2): the last round's bets again, as the engine allows now."""
    repeat = betting.rebet_bets(bets, busters, previous, balance, rules, factor)
    return (
        {bet.spot: bet.amount for bet in repeat},
        {bet.spot: bet.buster for bet in repeat if bet.buster},
    )


def auto_rebet(
    bets: Bets, busters: Bets, previous: list[Bet] | None, balance: int, rules: Rules
) -> tuple[Bets, Bets] | str:
    """Auto-rebet: the settled round's bets again, when the engine's REBET allows it now
    (never a bet the bankroll does not cover); else the sentence that says why not."""
    try:
        return rebet(bets, busters, previous, balance, rules)
    except BlackjackError as error:
        return sentence(f"no auto-rebet: {error}")


def stake_cue(before: tuple[Bets, Bets], after: tuple[Bets, Bets]) -> Cue | None:
    """The sound of the circles' stake going from `before` to `after`; None if it is the same."""
    was, now = betting.staked(*before), betting.staked(*after)
    if now == was:
        return None
    return Cue.CHIP_PLACED if now > was else Cue.CHIP_REMOVED


def next_place(
    rules: Rules, chosen: tuple[int, CircleKind] | None, step: int
) -> tuple[int, CircleKind]:
    """The place an arrow key (`step` -1 left, +1 right on the screen) chooses.

    The first press chooses circle 1, first base; then the arrows move along the felt's places
    (`betting_places`: each circle, and on No Bust 21 its Buster circle, which lies on its left)
    and round it. Circle 1 is the rightmost, so moving right is towards lower numbers.
    """
    places = betting_places(rules.circles, rules.buster_bet)
    if chosen is None:
        return places[0]
    return places[(places.index(chosen) - step) % len(places)]
