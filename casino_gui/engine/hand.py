"""Hands: their totals (hard and soft), their rank against the dealer, and their money."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum

from casino_gui.engine.cards import Card
from casino_gui.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class HandValue:
    """The best total (an ace counts 11 when that does not bust) and whether it is soft."""

    total: int
    soft: bool

    def __str__(self) -> str:
        return f"{self.total - 10} / {self.total}" if self.soft else str(self.total)


def hand_value(cards: list[Card], aces_eleven: bool = True) -> HandValue:
    """
    >>> from casino_gui.engine.cards import parse_cards
    >>> hand_value(parse_cards("AS 6H")), hand_value(parse_cards("AS 6H TC"))
    (HandValue(total=17, soft=True), HandValue(total=17, soft=False))
    >>> hand_value(parse_cards("AS 6H"), aces_eleven=False)
    HandValue(total=7, soft=False)
    """
    hard = 0
    has_ace = False
    for card in cards:
        hard += card.value
        has_ace = has_ace or card.rank == "A"
    if aces_eleven and has_ace and hard + 10 <= 21:
        return HandValue(hard + 10, True)
    return HandValue(hard, False)


class Rank(IntEnum):
    """Categories of hands, weakest first; hands of one category compare by total."""

    BUST = 0
    TOTAL = 1
    CARIBBEAN_21 = 2  # ace and two ten-value cards (Caribbean 21)
    FIVE_CARD_TRICK = 3  # five cards, not bust (Pontoon)
    NATURAL = 4


def is_two_card_natural(cards: list[Card]) -> bool:
    """An ace and a ten-value card as the first two cards (the dealer's check)."""
    if len(cards) < 2:
        return False
    first, second = cards[0], cards[1]
    return (first.is_ace and second.is_ten_value) or (second.is_ace and first.is_ten_value)


def is_caribbean_21(cards: list[Card]) -> bool:
    return (
        len(cards) == 3
        and sum(card.is_ace for card in cards) == 1
        and sum(card.is_ten_value for card in cards) == 2
    )


class HandStatus(Enum):
    PLAYING = "playing"  # waiting for its turn, or the active hand
    STOOD = "stood"
    BUSTED = "busted"
    SURRENDERED = "surrendered"


class Outcome(Enum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    SURRENDER = "surrender"


@dataclass(slots=True)
class Hand:
    """One player hand: a spot's original hand or one made by a split."""

    id: int  # stable within the round; numbers in messages are play-order positions
    spot: int
    bet: int  # the base stake: the original bet, or the bet of a split hand
    cards: list[Card] = field(default_factory=list)
    extra: int = 0  # what doubling added
    doubles: int = 0
    from_split: bool = False
    split_aces: bool = False
    status: HandStatus = HandStatus.PLAYING
    outcome: Outcome | None = None
    kind: str = ""  # how it won or lost: "blackjack", "five-card trick", "bust", ...
    payout: int = 0

    @property
    def stake(self) -> int:
        return self.bet + self.extra

    @property
    def settled(self) -> bool:
        return self.outcome is not None

    @property
    def finished(self) -> bool:
        return self.status is not HandStatus.PLAYING


def is_natural(hand: Hand, rules: Rules) -> bool:
    """A two-card ace + ten-value hand that counts as a natural under these rules."""
    return (
        rules.naturals
        and len(hand.cards) == 2
        and (not hand.from_split or rules.natural_after_split)
        and hand_value(hand.cards, rules.aces_eleven).total == 21
        and any(card.is_ace for card in hand.cards)
    )


def rank_of(cards: list[Card], natural: bool, rules: Rules) -> tuple[Rank, int]:
    """The hand's rank and total, for comparing a player's hand with the dealer's."""
    total = hand_value(cards, rules.aces_eleven).total
    if total > 21:
        return Rank.BUST, total
    if natural:
        return Rank.NATURAL, total
    if rules.five_card_trick_pays is not None and len(cards) == 5:
        return Rank.FIVE_CARD_TRICK, total
    if rules.caribbean_21_pays is not None and is_caribbean_21(cards):
        return Rank.CARIBBEAN_21, total
    return Rank.TOTAL, total
