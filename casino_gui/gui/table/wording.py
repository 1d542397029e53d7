"""The table's words: totals, results and the round's summary, as a player reads them.

Qt-free, like the picture it serves: every figure is the engine's (its hand values, naturals,
outcomes and payouts); this module only writes them out and types each result for its colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from casino_gui.engine import (
    Hand,
    HandResult,
    HandStatus,
    Outcome,
    Round,
    RoundResult,
    Rules,
    SideBetResult,
    dollars,
    facts_of,
    hand_value,
    is_bust,
    is_natural,
    spot_accounts,
)

MINUS = "\N{MINUS SIGN}"
WORD_JOINER = "\N{WORD JOINER}"


class Result(Enum):
    """How a hand or side bet settled, as the colours of the table tell it apart."""

    NATURAL = "natural"
    WIN = "win"
    PUSH = "push"
    SURRENDER = "surrender"
    LOSE = "lose"
    BUST = "bust"


@dataclass(frozen=True, slots=True)
class Banner:
    """A result over a hand or beside a side bet: `BLACKJACK +$15.00`, `BUST −$10.00`."""

    result: Result
    text: str
    net: int


@dataclass(frozen=True, slots=True)
class Summary:
    """The settled round in words."""

    dealer: str
    hands: tuple[str, ...]
    net: int
    circles: tuple[tuple[int, int], ...] = ()  # each circle's net, side bets and all

    @property
    def text(self) -> str:
        return " · ".join([self.dealer, *self.hands, f"Round {signed(self.net)}"])

    @property
    def shorter(self) -> tuple[str, ...]:
        """Shorter wordings where the whole text does not fit (docs/decisions.md): each
        circle's net, then the dealer and the round only; every hand's result is on the felt."""
        nets = ", ".join(f"{spot} {signed(net)}" for spot, net in self.circles)
        circles = f"Circles {nets}" if len(self.circles) > 1 else f"Circle {nets}"
        return (
            " · ".join([self.dealer, circles, f"Round {signed(self.net)}"]),
            " · ".join([self.dealer, f"Round {signed(self.net)}"]),
        )


def beside_summary(
    said: tuple[str, tuple[str, ...]], summary: Summary
) -> tuple[str, tuple[str, ...]]:
    """A refusal said after the round, with the round's summary after it: a stray key never
    hides the result (docs/decisions.md, "The table's picture"); the shorter wordings shorten
    the summary first, then the refusal."""
    text, shorter = said
    wordings = [f"{r} {s}" for s in (summary.text, *summary.shorter) for r in (text, *shorter)]
    return wordings[0], tuple(wordings[1:])


def side_banner(name: str, spot: int, stake: int, payout: int | None) -> Banner | None:
    if not stake or payout is None:
        return None
    net = SideBetResult(spot, stake, payout).net
    result = Result.WIN if net > 0 else Result.LOSE if net < 0 else Result.PUSH
    return Banner(result, f"{name} {signed(net)}", net)


def hand_total(hand: Hand, rules: Rules, *, live: bool) -> str:
    """A hand's total in words: its soft total ("9 / 19") only while it may still draw."""
    if len(hand.cards) < 2:
        return ""
    if is_natural(rules, hand.facts):
        return rules.natural_name.capitalize()
    value = hand_value(hand.cards, rules.aces_eleven)
    return str(value) if live else str(value.total)


def hand_banner(hand: Hand, rules: Rules) -> Banner | None:
    """The settled hand's result, typed by the engine's outcome and the hand's status."""
    if hand.outcome is None:
        return None
    net = HandResult.of(hand, rules).net
    money = signed(net)
    if hand.outcome is Outcome.WIN:
        if is_natural(rules, hand.facts):
            return Banner(Result.NATURAL, f"{hand.kind.upper()} {money}", net)
        return Banner(Result.WIN, f"{(hand.kind or 'win').upper()} {money}", net)
    if hand.outcome is Outcome.PUSH:
        return Banner(Result.PUSH, (hand.kind or "push").upper(), net)
    if hand.outcome is Outcome.SURRENDER:
        return Banner(Result.SURRENDER, f"SURRENDER {money}", net)
    if hand.status is HandStatus.BUSTED:
        return Banner(Result.BUST, f"BUST {money}", net)
    # The engine's word for the loss where it has one: "DEALER BLACKJACK", "TIE".
    return Banner(Result.LOSE, f"{(hand.kind or 'lose').upper()} {money}", net)


def dealer_words(table: Round) -> str:
    rules, cards = table.rules, table.dealer
    total = hand_value(cards, rules.aces_eleven).total
    if is_natural(rules, facts_of(cards)):
        return f"Dealer has {rules.natural_name}"
    if is_bust(rules, facts_of(cards)):
        return f"Dealer busts with {total}"
    return f"Dealer has {total}"


def summary_of(table: Round) -> Summary:
    """The settled round in words; every net is the engine's (`RoundResult`, `SpotAccount`)."""
    rules, result = table.rules, RoundResult.of(table)
    hands = []
    several = len(table.hands) > 1
    for number, hand in enumerate(table.hands, start=1):
        banner = hand_banner(hand, rules)
        name = f"Hand {number}" if several else f"Circle {hand.spot}"
        if several:
            name += f" (circle {hand.spot})"
        word = banner.text.lower() if banner is not None else ""
        hands.append(f"{name}: {word[:1].upper()}{word[1:]}")
    sides = sorted(
        [("Insurance", bet) for bet in result.insurance]
        + [("Buster bet", bet) for bet in result.buster],
        key=lambda side: side[1].spot,
    )
    hands += [f"{label} on circle {bet.spot}: {signed(bet.net)}" for label, bet in sides]
    circles = tuple(sorted((account.spot, account.net) for account in spot_accounts(table)))
    return Summary(dealer_words(table), tuple(hands), result.net, circles)


def insurance_question(spot: int, cost: int) -> str:
    return f"Insurance for circle {spot}? It costs {dollars(cost)}."


def below_minimum(balance: int) -> str:
    return (
        f"Your bankroll of {dollars(balance)} is below the table minimum: "
        "Bankroll \N{BLACK RIGHT-POINTING SMALL TRIANGLE} Refill to $1,000."
    )


def not_saved(error: str) -> tuple[str, tuple[str, ...]]:
    """What a failed write says, and its shorter wording (docs/decisions.md, "The status
    line"): the store's reason and that nothing was saved come first."""
    said = sentence(error)
    return (
        f"{said} Nothing was saved: the table shows the round as your bankroll kept it; "
        "play on or try again.",
        (f"{said} Nothing was saved: play on or try again.", f"{said} Nothing was saved."),
    )


def signed(cents: int) -> str:
    """+$15.00, −$10.00 (a true minus sign), $0.00."""
    if cents > 0:
        return f"+{dollars(cents)}"
    if cents < 0:
        return f"{MINUS}{dollars(-cents)}"
    return dollars(0)


def sentence(text: str) -> str:
    """A message as a sentence: a capital first letter and a full stop.

    >>> sentence("finish the round on the table first")
    'Finish the round on the table first.'

    A message that begins with a file's name keeps it as it is: "Dd/" is another folder.

    >>> sentence("dd/bankroll.sqlite3 cannot be written")
    'dd/bankroll.sqlite3 cannot be written.'
    """
    text = text.strip()
    if not text:
        return text
    first = text.split(maxsplit=1)[0]
    if not any(mark in first for mark in ("/", "\\", ".")):
        text = text[0].upper() + text[1:]
    return text + ("" if text.endswith((".", "?", "!")) else ".")


def unbroken(text: str) -> str:
    """`text` with an invisible word joiner after each sign of money, so that a wrapped line
    never leaves "−" at the end of one line and "$220.00" at the start of the next.

    >>> unbroken("1: 0 won, 1 lost, \N{MINUS SIGN}$20.00") == "1: 0 won, 1 lost, \N{MINUS SIGN}\N{WORD JOINER}$20.00"
    True
    """
    return text.replace(f"{MINUS}$", f"{MINUS}{WORD_JOINER}$").replace("+$", f"+{WORD_JOINER}$")
