"""The kinds of decision a drill asks, which of them a game has, and which a decision is.

Every answer comes from the rules object and the round, never the game's name: a custom table
has the kinds its rules give it.
"""

from __future__ import annotations

from enum import Enum

from casino_gui.engine.cards import rank_value
from casino_gui.engine.practice.counting import CountDrill
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rulebook import best_total
from casino_gui.engine.rules import Insurance, Rules


class Kind(Enum):
    """A kind of decision, by the name the drills and the store give it."""

    HARD = "hard"
    SOFT = "soft"
    PAIR = "pair"
    SURRENDER = "surrender"
    INSURANCE = "insurance"
    LATE_INSURANCE = "late_insurance"
    FIVE_CARD = "five_card"  # a four-card hand where five cards make a trick (Pontoon)
    DOUBLE_AFTER_HITS = "double_after_hits"  # a double offered on three or more cards
    FORCED_HIT = "forced_hit"  # a total the hand may not stand on (Pontoon, No Bust 21)

    __hash__ = object.__hash__

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    Kind.HARD: "Hard totals",
    Kind.SOFT: "Soft totals",
    Kind.PAIR: "Pairs",
    Kind.SURRENDER: "Surrender",
    Kind.INSURANCE: "Insurance",
    Kind.LATE_INSURANCE: "Late insurance",
    Kind.FIVE_CARD: "Five-card hands",
    Kind.DOUBLE_AFTER_HITS: "Doubles after hits",
    Kind.FORCED_HIT: "Forced hits",
}


def kinds_for(rules: Rules) -> tuple[Kind, ...]:
    """The kinds of decision the table's rules give, in the order the drills list them.

    >>> from casino_gui.engine.games import rules_for
    >>> [kind.value for kind in kinds_for(rules_for("caribbean_21"))]
    ['hard', 'pair', 'surrender', 'late_insurance', 'double_after_hits']
    """
    has = {
        Kind.HARD: True,
        Kind.SOFT: rules.aces_eleven,
        Kind.PAIR: rules.split_max_hands > 1,
        Kind.SURRENDER: rules.surrender,
        Kind.INSURANCE: rules.insurance is Insurance.STANDARD,
        Kind.LATE_INSURANCE: rules.insurance is Insurance.LATE,
        Kind.FIVE_CARD: rules.five_card_trick_pays is not None,
        Kind.DOUBLE_AFTER_HITS: rules.double_max_cards is None or rules.double_max_cards > 2,
        Kind.FORCED_HIT: rules.player_stand_min > 0,
    }
    return tuple(kind for kind in Kind if has[kind])


def kinds_of(table: Round) -> frozenset[Kind]:
    """The kinds of the decision the round waits for (several may hold: a pair of eights
    that may surrender is both)."""
    if table.phase is Phase.INSURANCE:
        return frozenset({Kind.INSURANCE})
    hand = table.active_hand
    if hand is None:
        return frozenset()
    rules, legal = table.rules, table.legal_actions()
    found = set()
    if pair_of(table):
        found.add(Kind.PAIR)
    elif best_total(rules, hand.facts)[1]:
        found.add(Kind.SOFT)
    else:
        found.add(Kind.HARD)
    if Action.INSURE in legal:
        found.add(Kind.LATE_INSURANCE)
    if Action.SURRENDER in legal:
        found.add(Kind.SURRENDER)
    if rules.five_card_trick_pays is not None and len(hand.cards) == 4:
        found.add(Kind.FIVE_CARD)
    if Action.DOUBLE in legal and len(hand.cards) >= 3:
        found.add(Kind.DOUBLE_AFTER_HITS)
    if Action.STAND not in legal and rules.player_stand_min > 0:
        found.add(Kind.FORCED_HIT)
    return frozenset(found)


def pair_of(table: Round) -> bool:
    """Whether the active hand is a pair it may split: two cards of one value, as the charts
    have pairs (Caribbean 21 splits any two cards; Pontoon only two of one rank)."""
    hand = table.active_hand
    if hand is None or len(hand.cards) != 2 or Action.SPLIT not in table.legal_actions():
        return False
    return rank_value(hand.cards[0].rank) == rank_value(hand.cards[1].rank)


class DrillKind(Enum):
    """The drills, by the name the practice record keeps: three of decisions, two of
    counting (the counting drills' record is `CountDrill`'s)."""

    PLAY = "play"
    FLASH = "flash"
    MISTAKES = "mistakes"
    COUNT_DOWN = CountDrill.COUNT_DOWN.value
    TRUE_COUNT = CountDrill.TRUE_COUNT.value

    @property
    def title(self) -> str:
        if self.counting is not None:
            return self.counting.title
        return _DRILL_TITLES[self]

    @property
    def counting(self) -> CountDrill | None:
        """The counting drill this is, or None for a drill of decisions."""
        try:
            return CountDrill(self.value)
        except ValueError:
            return None


_DRILL_TITLES = {
    DrillKind.PLAY: "Play it out",
    DrillKind.FLASH: "Flash cards",
    DrillKind.MISTAKES: "My mistakes",
}
