"""What the rules look at in a hand: its hard total, whether it holds an ace, its number of
cards and its history (doubles, a split), and, where a pay table names them, its suits.

The engine reads these facts off real cards (`facts_of`, `look_of`); the advisor keeps them in
its abstract hand states (`HandState` has the same fields), so both ask the rulebook the same
questions about the same facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum, IntEnum
from typing import NamedTuple, Protocol

from casino_gui.engine.cards import RANK_VALUES, Card
from casino_gui.engine.rules import Rules
from casino_gui.engine.rules.pay_tables import SuitPattern


class HandFacts(Protocol):
    """A hand as the rules see it (an engine `Facts` or an advisor `HandState`)."""

    @property
    def hard(self) -> int: ...  # the total counting every ace as 1

    @property
    def ace(self) -> bool: ...

    @property
    def cards(self) -> int: ...

    @property
    def doubles(self) -> int: ...

    @property
    def from_split(self) -> bool: ...

    @property
    def split_aces(self) -> bool: ...


class Facts(NamedTuple):
    hard: int
    ace: bool
    cards: int
    doubles: int = 0
    from_split: bool = False
    split_aces: bool = False


def facts_of(
    cards: Sequence[Card], doubles: int = 0, from_split: bool = False, split_aces: bool = False
) -> Facts:
    """
    >>> from casino_gui.engine.cards import parse_cards
    >>> facts_of(parse_cards("AS 6H"))
    Facts(hard=7, ace=True, cards=2, doubles=0, from_split=False, split_aces=False)
    """
    hard, ace = 0, False
    for card in cards:  # one pass: the round asks this at every check
        rank = card.rank
        hard += RANK_VALUES[rank]
        ace = ace or rank == "A"
    # tuple.__new__ skips the named tuple's Python-level __new__: one call less per hand.
    return _new_tuple(Facts, (hard, ace, len(cards), doubles, from_split, split_aces))


_new_tuple = tuple.__new__


class Look(NamedTuple):
    """What a pay table sees besides the total: the suits, and which special three-card hand
    it is ("777", "678": its ranks in order), if any."""

    suits: SuitPattern = SuitPattern.MIXED
    pattern: str | None = None


PLAIN = Look()

SPECIAL_THREES = ("777", "678")


def look_of(cards: Sequence[Card]) -> Look:
    """
    >>> from casino_gui.engine.cards import parse_cards
    >>> look_of(parse_cards("7S 8S 6S")), look_of(parse_cards("AD KD"))
    (Look(suits=<SuitPattern.SPADES: 'spades'>, pattern='678'), Look(suits=<SuitPattern.DIAMONDS: 'diamonds'>, pattern=None))
    """
    suits = {card.suit for card in cards}
    if len(suits) != 1:
        pattern = SuitPattern.MIXED
    else:
        pattern = _SUIT_PATTERNS.get(next(iter(suits)), SuitPattern.SUITED)
    special = None
    if len(cards) == 3:  # the special hands are all of three cards
        ranks = "".join(sorted(card.rank for card in cards))
        special = ranks if ranks in SPECIAL_THREES else None
    return Look(pattern, special)


_SUIT_PATTERNS = {"S": SuitPattern.SPADES, "D": SuitPattern.DIAMONDS}


class Rank(IntEnum):
    """Categories of hands, weakest first; hands of one category compare by total."""

    BUST = 0
    TOTAL = 1
    CARIBBEAN_21 = 2  # ace and two ten-value cards (Caribbean 21)
    FIVE_CARD_TRICK = 3  # five cards, not bust (Pontoon)
    NATURAL = 4


class Outcome(Enum):
    """How a hand ends for the player."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    SURRENDER = "surrender"


# The dealer's final hand as the settlement compares it: its rank and its total.
DealerResult = tuple[Rank, int]

DEALER_NATURAL: DealerResult = (Rank.NATURAL, 21)


class AceCount(Protocol):
    """What a total asks of the rules: whether an ace may count 11 (a `Rules`)."""

    @property
    def aces_eleven(self) -> bool: ...


def best_total(rules: AceCount, hand: HandFacts) -> tuple[int, bool]:
    """The hand's best total (an ace counts 11 when that does not bust, where aces may) and
    whether it is soft.

    >>> from casino_gui.engine.rules import Rules
    >>> best_total(Rules(), Facts(7, True, 2)), best_total(Rules(), Facts(17, True, 3))
    ((17, True), (17, False))
    """
    hard = hand.hard
    if hard <= 11 and hand.ace and rules.aces_eleven:
        return hard + 10, True
    return hard, False


def is_bust(rules: AceCount, hand: HandFacts) -> bool:
    """Over 21: the one place the rules say what a bust is."""
    return best_total(rules, hand)[0] > 21


def is_natural(rules: Rules, hand: HandFacts) -> bool:
    """A natural: an ace and a ten-value card as a hand's only two cards, where the table has
    naturals, and after a split only where the rules say so (Pontoon). The dealer's hand is
    never from a split: his natural is the same test.

    >>> from casino_gui.engine.games import BLACKJACK, PONTOON
    >>> ace_ten = Facts(11, True, 2, from_split=True)
    >>> is_natural(BLACKJACK, ace_ten._replace(from_split=False)), is_natural(BLACKJACK, ace_ten)
    (True, False)
    >>> is_natural(PONTOON, ace_ten)
    True
    """
    return (
        rules.naturals
        and rules.aces_eleven
        and hand.cards == 2
        and hand.ace
        and hand.hard == 11
        and (not hand.from_split or rules.natural_after_split)
    )


def rank(rules: Rules, hand: HandFacts, natural: bool) -> DealerResult:
    """The hand's rank and total, for comparing a player's hand with the dealer's."""
    total, _ = best_total(rules, hand)
    if is_bust(rules, hand):
        return Rank.BUST, total
    if natural:
        return Rank.NATURAL, total
    if rules.five_card_trick_pays is not None and hand.cards == 5:
        return Rank.FIVE_CARD_TRICK, total
    # Three cards with an ace and a hard 21 can only be an ace and two ten-value cards.
    if rules.caribbean_21_pays is not None and hand.cards == 3 and hand.ace and hand.hard == 21:
        return Rank.CARIBBEAN_21, total
    return Rank.TOTAL, total
