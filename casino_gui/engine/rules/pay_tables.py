"""The pay tables a `Rules` object names: Match Play 21's bonus 21s and the Buster side bet.

They are written here once; the settlement, the advisor and the rules text all read them
through the rules object (`Rules.bonus_pays`, `Rules.buster_pays`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from casino_gui.engine.rules import Odds


class SuitPattern(Enum):
    """How the suits of a hand's cards fall, as a pay table asks about them."""

    MIXED = "mixed"  # not all of one suit
    SUITED = "suited"  # all of one suit, other than spades or diamonds
    SPADES = "spades"  # all spades
    DIAMONDS = "diamonds"  # all diamonds

    @property
    def suited(self) -> bool:
        return self is not SuitPattern.MIXED


@dataclass(frozen=True, slots=True)
class Bonus:
    """One line of a bonus table for a 21: it pays `odds` when every condition holds.

    `patterns` names the three-card hands it is for ("777", "678": ranks in order), `suits`
    asks that they be suited (SUITED: any one suit; SPADES: spades), `dealer_up` the rank of
    the dealer's up card. `kind` is what the settlement calls the win ("{cards}" is the count).
    """

    label: str
    kind: str
    odds: Odds
    min_cards: int = 0
    max_cards: int | None = None
    patterns: frozenset[str] = frozenset()
    suits: SuitPattern | None = None
    dealer_up: str | None = None
    line: int = 1  # the line of the printed table it shares with bonuses of the same pay

    def applies(self, cards: int, pattern: str | None, suits: SuitPattern, up: str | None) -> bool:
        if cards < self.min_cards or (self.max_cards is not None and cards > self.max_cards):
            return False
        if self.patterns and pattern not in self.patterns:
            return False
        if self.suits is SuitPattern.SPADES and suits is not SuitPattern.SPADES:
            return False
        if self.suits is SuitPattern.SUITED and not suits.suited:
            return False
        return self.dealer_up is None or self.dealer_up == up


_SEVENS, _RUN = frozenset({"777"}), frozenset({"678"})

# Match Play 21 (docs/rules.md, "Match Play 21"), highest first: the first line that applies pays.
MATCH_PLAY_BONUSES = (
    Bonus(
        "three suited 7s while the dealer's up card is a 7",
        "suited 7-7-7 against a dealer 7",
        Odds(40),
        3,
        3,
        _SEVENS,
        SuitPattern.SUITED,
        "7",
    ),
    Bonus("seven or more cards", "{cards}-card 21", Odds(3), 7, line=2),
    Bonus(
        "7-7-7 all spades", "7-7-7 in spades", Odds(3), 3, 3, _SEVENS, SuitPattern.SPADES, line=3
    ),
    Bonus("6-7-8 all spades", "6-7-8 in spades", Odds(3), 3, 3, _RUN, SuitPattern.SPADES, line=3),
    Bonus("7-7-7 same suit", "suited 7-7-7", Odds(2), 3, 3, _SEVENS, SuitPattern.SUITED, line=4),
    Bonus("6-7-8 same suit", "suited 6-7-8", Odds(2), 3, 3, _RUN, SuitPattern.SUITED, line=4),
    Bonus("six cards", "{cards}-card 21", Odds(2), 6, 6, line=4),
    Bonus("7-7-7 mixed", "7-7-7", Odds(3, 2), 3, 3, _SEVENS, line=5),
    Bonus("6-7-8 mixed", "6-7-8", Odds(3, 2), 3, 3, _RUN, line=5),
    Bonus("five cards", "{cards}-card 21", Odds(3, 2), 5, 5, line=5),
)

# No Bust 21's Buster side bet, by the number of cards in the dealer's busted hand (the last
# line: that many or more).
BUSTER_PAYS: tuple[tuple[int, Odds], ...] = (
    (3, Odds(1)),
    (4, Odds(3)),
    (5, Odds(6)),
    (6, Odds(30)),
    (7, Odds(100)),
    (8, Odds(200)),
)
