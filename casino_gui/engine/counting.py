"""Card counting: the count systems' tags as data, the running and true counts, a bet ramp.

A count system gives each card value a tag; the running count is the sum of the tags of the
cards seen since the shuffle; the true count is the running count per deck not yet seen.
Balanced systems (their tags over a deck add to zero) start at 0; an unbalanced one (KO)
starts at its `start` for the shoe's decks and is read as a running count. The tags are those
published by the systems' authors (docs/decisions.md, "Counting").

The true count is floored to a whole number where a bet or an index play reads it: +2.9 is
+2, -0.1 is -1 (the convention of Wong's and Schlesinger's tables; docs/decisions.md,
"Counting").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from casino_gui.engine.cards import Card, rank_value
from casino_gui.engine.round import Round
from casino_gui.engine.shoe import Shoe

CARDS_PER_DECK = 52


MINUS = "\N{MINUS SIGN}"  # the table's minus sign, never a hyphen


def decimal_text(number: int | Fraction) -> str:
    """A number of zero or more to two decimals at most, cut, never rounded up: '2.5', '2.99'."""
    whole, hundredths = divmod(math.floor(number * 100), 100)
    return f"{whole}.{hundredths:02d}".rstrip("0").rstrip(".")


def count_text(count: int | Fraction) -> str:
    """A count as the table, the hints and the drills write it: '+3', '0', '\N{MINUS SIGN}2' (a
    true minus sign). A fraction (a true count worked out) shows two decimals at most, cut
    toward zero, never rounded up to the next whole number: 2.996 is +2.99, as it floors to 2.

    >>> [count_text(n) for n in (3, 0, Fraction(18, 5), Fraction(2996, 1000))]
    ['+3', '0', '+3.6', '+2.99']
    >>> count_text(-2) == "\N{MINUS SIGN}2", count_text(Fraction(-1, 4)) == "\N{MINUS SIGN}0.25"
    (True, True)
    """
    digits = decimal_text(-count if count < 0 else count)
    if digits == "0":
        return "0"
    return ("+" if count > 0 else MINUS) + digits


@dataclass(frozen=True, slots=True)
class CountSystem:
    """A count system: `tags[v - 1]` is the tag of a card of value v (1 = ace, 10 = T J Q K)."""

    key: str
    name: str
    tags: tuple[int, ...]
    start_per_deck: int = 0  # an unbalanced system's starting count: start_per_deck * (decks - 1)

    @property
    def balanced(self) -> bool:
        """The tags of a full deck add to zero (four cards of each value, sixteen tens)."""
        return sum(self.tags[:9]) * 4 + self.tags[9] * 16 == 0

    def tag(self, card: Card | str) -> int:
        """The tag of one card (or rank)."""
        rank = card.rank if isinstance(card, Card) else card
        return self.tags[rank_value(rank) - 1]

    def start(self, decks: int) -> int:
        """The running count right after a shuffle of `decks` decks."""
        return self.start_per_deck * (decks - 1)

    def running(self, cards: Iterable[Card | str], decks: int) -> int:
        """The running count once these cards are seen from a fresh shuffle."""
        return self.start(decks) + sum(self.tag(card) for card in cards)


HI_LO = CountSystem("hilo", "Hi-Lo", (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1))
KO = CountSystem("ko", "Knock-Out (KO)", (-1, 1, 1, 1, 1, 1, 1, 0, 0, -1), start_per_deck=-4)
HI_OPT_II = CountSystem("hiopt2", "Hi-Opt II", (0, 1, 1, 2, 2, 1, 1, 0, 0, -2))
OMEGA_II = CountSystem("omega2", "Omega II", (0, 1, 1, 2, 2, 2, 1, 0, -1, -2))
ZEN = CountSystem("zen", "Zen Count", (-1, 1, 1, 2, 2, 2, 1, 0, 0, -2))

SYSTEMS: dict[str, CountSystem] = {s.key: s for s in (HI_LO, KO, HI_OPT_II, OMEGA_II, ZEN)}


def system_named(key: str) -> CountSystem:
    """The count system by its key, refusing an unknown one with the known keys."""
    try:
        return SYSTEMS[key]
    except KeyError:
        known = ", ".join(SYSTEMS)
        raise ValueError(f"unknown count system {key!r}: the systems are {known}") from None


def true_count(running: int, cards_left: int) -> float:
    """The running count per deck left (a quarter of a deck at the least, as a counter
    judges the discard tray: the last cards never divide by nearly nothing)."""
    return running / max(cards_left / CARDS_PER_DECK, 0.25)


def floored_true_count(running: int, cards_left: int) -> int:
    """The true count as a bet or an index play reads it: floored to a whole number."""
    return math.floor(true_count(running, cards_left))


def bet_units(true: int, top: int) -> int:
    """The bet, in units, at this floored true count for a spread of 1 to `top`: one unit
    at +1 or less, two at +2, four at +3, eight at +4, the top from +5, never above the top.

    >>> [bet_units(t, 12) for t in (-3, 1, 2, 3, 4, 5, 9)]
    [1, 1, 2, 4, 8, 12, 12]
    >>> [bet_units(t, 4) for t in (2, 3, 4)]
    [2, 4, 4]
    """
    if top < 1:
        raise ValueError(f"a spread's top is at least 1 unit, not {top}")
    if true <= 1:
        return 1
    if true >= 5:
        return top
    return min(top, 1 << (true - 1))


def cards_seen(at: Round | Shoe) -> tuple[Card, ...]:
    """The cards a counter at a shoe game's table has seen since the shuffle: the earlier
    rounds' (the shoe's `seen_before`) and, during a round, its cards face up (the dealer's
    hole card once turned). The burn card is never seen."""
    if isinstance(at, Shoe):
        return at.seen_before
    held = [card for hand in at.hands for card in hand.cards]
    return (*at.shoe.seen_before, *held, *at.visible_dealer_cards())


def suggested_bet(true: int, top: int, unit: int, most: int) -> int:
    """The bet in cents at this floored true count: `bet_units` of `unit` (the table's
    minimum bet), never above `most` (its maximum).

    >>> suggested_bet(3, 8, 500, 50_000), suggested_bet(6, 20, 2_500, 40_000)
    (2000, 40000)
    """
    return min(bet_units(true, top) * unit, most)
