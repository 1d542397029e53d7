"""What the per-game test modules share: a table over a stacked shoe, and cards spelled as the
shoe writes them. Amounts are cents; a player starts with $1,000 and bets $10 by default."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from casino_gui.engine.cards import Card
from casino_gui.engine.events import CardDealt, Event
from casino_gui.engine.hand import hand_value
from casino_gui.engine.round import Bet, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe

BANKROLL = 100_000  # $1,000
BET = 1_000  # $10


def seated(rules: Rules, cards: str, *bets: int | Bet, bankroll: int = BANKROLL) -> Round:
    """A table over the stacked shoe `cards`, not dealt yet: a bet is an amount for the next
    spot in order ($10 on spot 1 when none is given) or a `Bet` with its spot and Buster bet."""
    table = Round(rules, Shoe.stacked(rules, cards), bankroll=bankroll)
    for spot, bet in enumerate(bets or (BET,), start=1):
        if isinstance(bet, Bet):
            table.bet(bet.spot, bet.amount, bet.buster)
        else:
            table.bet(spot, bet)
    return table


def dealt(rules: Rules, cards: str, *bets: int | Bet, bankroll: int = BANKROLL) -> Round:
    """`seated`, then dealt."""
    table = seated(rules, cards, *bets, bankroll=bankroll)
    table.deal()
    return table


def by_spot(**bets: int) -> tuple[Bet, ...]:
    """Bets written `spot1=1000, spot3=500`."""
    return tuple(Bet(int(name.removeprefix("spot")), amount) for name, amount in bets.items())


def spelled(held: Any) -> str:
    """The cards of a hand (or any cards) as the shoe string writes them: `9S TH`."""
    cards: Iterable[Card] = getattr(held, "cards", held)
    return " ".join(str(card) for card in cards)


def dealer_spelled(table: Round) -> str:
    return spelled(table.dealer)


def total(rules: Rules, cards: list[Card]) -> int:
    return hand_value(cards, rules.aces_eleven).total


def dealer_cards_dealt(events: list[Event]) -> list[CardDealt]:
    return [e for e in events if isinstance(e, CardDealt) and e.hand_id is None]
