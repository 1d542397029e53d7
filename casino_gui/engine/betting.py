"""Building bets with chips, and what DEAL does (docs/rules.md, "Betting circles" and "DEAL").

Pure functions over a mapping of circle number to cents, so the GUI asks and never decides;
every bet is checked by the rulebook's `refusal_to_bet`, as `Round.verify_bet` checks it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from casino_gui.engine.errors import BetError
from casino_gui.engine.events import Event, HandSettled, SideBetSettled
from casino_gui.engine.money import dollars
from casino_gui.engine.round import Bet, Phase, Round
from casino_gui.engine.rulebook import refusal_to_bet
from casino_gui.engine.rules import Rules

CHIPS = (100, 500, 1_000, 2_500, 10_000, 50_000)  # $1 $5 $10 $25 $100 $500


class CircleKind(StrEnum):
    """Where a chip goes: a circle's main bet, or No Bust 21's Buster circle beside it."""

    MAIN = "main"
    BUSTER = "buster"


Bets = Mapping[int, int]


def add_chip(
    bets: Bets, spot: int, chip: int, bankroll: int, rules: Rules, busters: Bets | None = None
) -> dict[int, int]:
    """Left-click: one chip more on a circle; refused over the table maximum or the bankroll,
    which also holds the Buster bets being built (`busters`).

    A circle may hold less than the minimum while it is being built; DEAL waits for it.
    """
    _check_chip(chip)
    amount = bets.get(spot, 0) + chip
    others = sum(cents for number, cents in bets.items() if number != spot)
    others += staked({}, busters or {})
    _refuse(refusal_to_bet(rules, spot, amount, 0, others, bankroll, building=True))
    return {**bets, spot: amount}


def remove_chip(bets: Bets, spot: int, chip: int, rules: Rules) -> dict[int, int]:
    """Right-click: that chip's value off the circle, or whatever is left if less."""
    _refuse(refusal_to_bet(rules, spot, 0))
    amount = max(0, bets.get(spot, 0) - chip)
    changed = {**bets, spot: amount}
    return {number: cents for number, cents in changed.items() if cents}


def check_bets(bets: Bets, bankroll: int, rules: Rules) -> None:
    """Each circle holds 0 or a bet within the limits, and all of them fit the bankroll."""
    for spot, amount in sorted(bets.items()):
        _refuse(refusal_to_bet(rules, spot, amount))
    total = sum(bets.values())
    _refuse(refusal_to_bet(rules, min(bets, default=1), 0, 0, total, bankroll))


def deal_bets(
    bets: Bets, previous: Bets | None, selected_chip: int, bankroll: int, rules: Rules
) -> dict[int, int]:
    """The bets DEAL plays, or a `BetError` saying why DEAL is not lit.

    With chips on the table, those bets (when every circle is valid). With none, the previous
    round's bets circle by circle if the bankroll covers them; otherwise (the first round of
    the session, or not enough funds) the selected chip on spot 1 (seed 002, "Placing Bets").
    """
    placed = {spot: amount for spot, amount in bets.items() if amount}
    if placed:
        check_bets(placed, bankroll, rules)
        return dict(sorted(placed.items()))
    if previous:
        repeat = {spot: amount for spot, amount in previous.items() if amount}
        try:
            check_bets(repeat, bankroll, rules)
        except BetError:
            pass
        else:
            if repeat:
                return dict(sorted(repeat.items()))
    single = {1: selected_chip}
    check_bets(single, bankroll, rules)
    return single


def can_deal(
    bets: Bets, previous: Bets | None, selected_chip: int, bankroll: int, rules: Rules
) -> bool:
    """Whether DEAL is lit."""
    try:
        deal_bets(bets, previous, selected_chip, bankroll, rules)
    except BetError:
        return False
    return True


def add_buster_chip(
    busters: Bets, bets: Bets, spot: int, chip: int, bankroll: int, rules: Rules
) -> dict[int, int]:
    """Left-click on No Bust 21's Buster circle: within its own limits and the bankroll."""
    _check_chip(chip)
    amount = busters.get(spot, 0) + chip
    others = sum(bets.values()) + sum(c for number, c in busters.items() if number != spot)
    _refuse(refusal_to_bet(rules, spot, 0, amount, others, bankroll, building=True))
    return {**busters, spot: amount}


def deal_round_bets(
    bets: Bets,
    busters: Bets,
    previous: Sequence[Bet] | None,
    selected_chip: int,
    bankroll: int,
    rules: Rules,
) -> list[Bet]:
    """What DEAL plays, Buster bets included, or a `BetError` saying why DEAL is not lit.

    A Buster bet needs a main bet on its spot; repeating the previous round repeats its
    Buster bets too, when the bankroll covers the whole of it.
    """
    side = {spot: amount for spot, amount in busters.items() if amount}
    for spot, amount in sorted(side.items()):
        _refuse(refusal_to_bet(rules, spot, bets.get(spot, 0), amount))
    placed = {spot: amount for spot, amount in bets.items() if amount}
    if not placed and previous:
        total = total_of(previous)
        repeat = {bet.spot: bet.amount for bet in previous}
        try:
            check_bets(repeat, bankroll, rules)
        except BetError:
            pass
        else:
            if total <= bankroll:
                return sorted(previous, key=lambda bet: bet.spot)
    main = deal_bets(placed, None, selected_chip, bankroll - sum(side.values()), rules)
    return [Bet(spot, amount, side.get(spot, 0)) for spot, amount in main.items()]


def rebet_bets(
    bets: Bets,
    busters: Bets,
    previous: Sequence[Bet] | None,
    bankroll: int,
    rules: Rules,
    factor: int = 1,
) -> list[Bet]:
    """REBET (factor 1) or REBET x2 (factor 2): the last round's bets, circle by circle, put
    back on an empty table; a `BetError` says why the button is dark.

    >>> from casino_gui.engine.games import rules_for
    >>> rules = rules_for("blackjack")
    >>> rebet_bets({}, {}, [Bet(1, 2_500), Bet(3, 500)], 100_000, rules, 2)
    [Bet(spot=1, amount=5000, buster=0), Bet(spot=3, amount=1000, buster=0)]
    >>> rebet_bets({2: 500}, {}, [Bet(1, 2_500)], 100_000, rules)
    Traceback (most recent call last):
    ...
    casino_gui.engine.errors.BetError: take the chips on the table back first
    """
    if factor not in (1, 2):
        raise BetError(f"a rebet repeats the bets once or twice, not {factor} times")
    if any(bets.values()) or any(busters.values()):
        raise BetError("take the chips on the table back first")
    if not previous:
        raise BetError("there is no last round to repeat")
    repeat = [
        Bet(bet.spot, bet.amount * factor, bet.buster * factor)
        for bet in sorted(previous, key=lambda bet: bet.spot)
    ]
    for bet in repeat:
        _refuse(refusal_to_bet(rules, bet.spot, bet.amount, bet.buster))
    _refuse(refusal_to_bet(rules, repeat[0].spot, 0, 0, total_of(repeat), bankroll))
    return repeat


def can_rebet(
    bets: Bets,
    busters: Bets,
    previous: Sequence[Bet] | None,
    bankroll: int,
    rules: Rules,
    factor: int = 1,
) -> bool:
    """Whether REBET (factor 1) or REBET x2 (factor 2) is lit."""
    try:
        rebet_bets(bets, busters, previous, bankroll, rules, factor)
    except BetError:
        return False
    return True


def circle_stake(table: Round, spot: int) -> int:
    """The chips in circle `spot` of a round: its bet until the deal, then its hands' stakes
    (doubles and splits included) until they are settled.

    >>> from casino_gui.engine import Round, Shoe, rules_for
    >>> rules = rules_for("blackjack")
    >>> table = Round(rules, Shoe.stacked(rules, "8S 6H 8D TD 5C 5D"), 10_000)
    >>> _ = table.place([Bet(1, 1_000)])
    >>> circle_stake(table, 1), circle_stake(table, 2)
    (1000, 0)
    >>> _ = table.deal(); _ = table.split()
    >>> circle_stake(table, 1)
    2000
    """
    if table.phase is Phase.BETTING:
        placed = table.spots.get(spot)
        return placed.bet if placed is not None else 0
    return sum(hand.stake for hand in table.hands if hand.spot == spot and not hand.settled)


def staked(bets: Bets, busters: Bets) -> int:
    """The chips on the circles while bets are built, Buster bets included: ON THE TABLE, and
    what the wallet shown lacks (nothing is debited before DEAL).

    >>> staked({1: 2_500, 2: 500}, {1: 100})
    3100
    """
    return sum(bets.values()) + sum(busters.values())


def unstaked(bankroll: int, bets: Bets, busters: Bets) -> int:
    """The wallet less the bets being built: BANKROLL while bets are built."""
    return bankroll - staked(bets, busters)


def total_of(bets: Sequence[Bet]) -> int:
    """What a round's bets stake in all, Buster bets included.

    >>> total_of([Bet(1, 2_500, 100), Bet(2, 500)])
    3100
    """
    return sum(bet.amount + bet.buster for bet in bets)


def affordable_chips(bets: Bets, bankroll: int, busters: Bets | None = None) -> tuple[int, ...]:
    """The chips the bankroll can still cover beside the bets and Buster bets being built
    (the rack dims the others)."""
    free = unstaked(bankroll, bets, busters or {})
    return tuple(chip for chip in CHIPS if chip <= free)


@dataclass(frozen=True, slots=True)
class ChipsMoved:
    """How a settled hand's chips move: part of the stake to the dealer, winnings from him."""

    kept: int  # of the stake, back to the player
    to_dealer: int
    from_dealer: int


def chips_moved(stake: int, payout: int) -> ChipsMoved:
    """
    >>> chips_moved(1_000, 0), chips_moved(1_000, 500), chips_moved(1_000, 2_500)
    (ChipsMoved(kept=0, to_dealer=1000, from_dealer=0), ChipsMoved(kept=500, to_dealer=500, \
from_dealer=0), ChipsMoved(kept=1000, to_dealer=0, from_dealer=1500))
    """
    kept = min(payout, stake)
    return ChipsMoved(kept, stake - kept, max(0, payout - stake))


@dataclass(frozen=True, slots=True)
class Settling:
    """The money one step settles, as the engine's settlement events give it."""

    stakes: int  # the stakes of the hands and side bets it settles: on the felt until paid
    returns: int  # what they pay back into the bankroll: stakes kept and winnings

    def before(self, balance: int, on_table: int) -> tuple[int, int]:
        """The bankroll and the money on the table as they stood before this step paid."""
        return balance - self.returns, on_table + self.stakes


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


def fewest_chips(cents: int) -> list[int]:
    """The fewest chips of the rack that make `cents`, biggest first; odd cents below the
    smallest chip are left out (a 3:2 payout of $5 is $7.50: a $5, two $1s and 50 cents).
    The rack's denominations are a canonical coin system, so taking the biggest chip that
    fits, again and again, uses the fewest chips.

    >>> fewest_chips(5_500)
    [2500, 2500, 500]
    >>> fewest_chips(750)
    [500, 100, 100]
    """
    chips: list[int] = []
    left = max(0, cents)
    for chip in sorted(CHIPS, reverse=True):
        count, left = divmod(left, chip)
        chips.extend([chip] * count)
    return chips


def _check_chip(chip: int) -> None:
    if chip not in CHIPS:
        raise BetError(f"there is no {dollars(chip)} chip")


def _refuse(refusal: str | None) -> None:
    if refusal is not None:
        raise BetError(refusal)


__all__ = [
    "CHIPS",
    "Bets",
    "ChipsMoved",
    "CircleKind",
    "add_buster_chip",
    "add_chip",
    "affordable_chips",
    "can_deal",
    "can_rebet",
    "check_bets",
    "chips_moved",
    "circle_stake",
    "deal_bets",
    "deal_round_bets",
    "fewest_chips",
    "rebet_bets",
    "remove_chip",
    "staked",
    "total_of",
    "unstaked",
]
