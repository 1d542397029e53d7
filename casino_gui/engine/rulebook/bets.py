"""Which bets a table takes (docs/rules.md, "Betting circles"): one check and one set of messages
for the round (`Round.verify_bet`) and for the chips the window stacks (engine/betting.py)."""

from __future__ import annotations

from casino_gui.engine.money import dollars
from casino_gui.engine.rules import Rules


def refusal_to_bet(
    rules: Rules,
    spot: int,
    amount: int,
    buster: int = 0,
    others: int = 0,
    bankroll: int | None = None,
    building: bool = False,
) -> str | None:
    """Why circle `spot` may not hold `amount` (and a Buster bet of `buster`), or None.

    `others` is what the other circles hold, Buster bets included; `bankroll`, when given,
    must cover everything. `building`: chips are still being stacked, so a bet may stay under
    the minimum (DEAL waits for it) and a Buster bet may come before its main bet; only the
    maxima and the bankroll are checked.

    >>> from casino_gui.engine.games import BLACKJACK
    >>> refusal_to_bet(BLACKJACK, 1, 50_100)
    '$501.00 on circle 1 is outside the table limits ($1.00 to $500.00)'
    >>> refusal_to_bet(BLACKJACK, 1, 50_100, building=True)
    '$501.00 on circle 1 is over the table maximum of $500.00'
    """
    if not 1 <= spot <= rules.circles:
        return f"there is no circle {spot}: this table has {rules.circles}"
    if building and amount > rules.max_bet:
        return (
            f"{dollars(amount)} on circle {spot} is over the table maximum of "
            f"{dollars(rules.max_bet)}"
        )
    if not building and amount and not rules.min_bet <= amount <= rules.max_bet:
        return (
            f"{dollars(amount)} on circle {spot} is outside the table limits "
            f"({dollars(rules.min_bet)} to {dollars(rules.max_bet)})"
        )
    if buster:
        refusal = _buster_refusal(rules, spot, amount, buster, building)
        if refusal is not None:
            return refusal
    total = others + amount + buster
    if bankroll is not None and total > bankroll:
        would = "would " if building else ""
        return (
            f"your bets {would}come to {dollars(total)}, more than your bankroll: "
            f"you have {dollars(bankroll)}"
        )
    return None


def _buster_refusal(
    rules: Rules, spot: int, amount: int, buster: int, building: bool
) -> str | None:
    if not rules.buster_bet:
        return f"{rules.name} has no Buster bet"
    if building:
        if buster > rules.buster_max:
            return (
                f"{dollars(buster)} on Buster {spot} is over its maximum of "
                f"{dollars(rules.buster_max)}"
            )
        return None
    if not amount:
        return f"the Buster bet on circle {spot} needs a bet in its circle"
    if not rules.buster_min <= buster <= rules.buster_max:
        return (
            f"the Buster bet of {dollars(buster)} on circle {spot} is outside its limits "
            f"({dollars(rules.buster_min)} to {dollars(rules.buster_max)})"
        )
    return None


def insurance_price(bet: int) -> int:
    """Standard insurance costs half the spot's original bet, rounded down to the cent."""
    return bet // 2


def late_insurance_limit(stake: int) -> int:
    """Late insurance (Caribbean 21) buys up to half the spot's stake, in all."""
    return stake // 2
