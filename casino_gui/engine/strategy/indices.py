"""The Hi-Lo index plays of the hint: the Illustrious 18 and the Fab 4 surrenders, their counts
computed for the table's own rules.

An index play names a chart cell, the play it makes there and the floored Hi-Lo true count
from which it makes it; below that count the player plays `otherwise`. The cells and the
published counts are Don Schlesinger's (*Blackjack Attack*, "The Illustrious 18" and "The
Fab 4"), computed for a multi-deck shoe (four to eight decks), the dealer standing on soft 17,
doubling after splits and late surrender. A table of other rules (the dealer hitting soft 17,
one deck ...) has other counts: `index_play` gives the cell's count computed for the table's
own rules (break_even.py), which reproduces Schlesinger's numbers within one where they apply
(tests/strategy/test_indices.py); docs/counting.md, "Index plays", lists both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace

from casino_gui.engine.counting import count_text
from casino_gui.engine.describe import soft_17_short
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Action
from casino_gui.engine.rules import Rules
from casino_gui.engine.strategy.break_even import break_even, index_of
from casino_gui.engine.strategy.chart import Section


def computed_for(rules: Rules) -> str:
    """The rules an index was computed for, as the hint says them: 'this table: 8 decks, H17'.

    >>> computed_for(BLACKJACK), computed_for(BLACKJACK.replace(decks=1, dealer_hits_soft_17=False))
    ('this table: 8 decks, H17', 'this table: 1 deck, S17')
    """
    decks = f"{rules.decks} deck{'s' if rules.decks > 1 else ''}"
    return f"this table: {decks}, {soft_17_short(rules)}"


@dataclass(frozen=True, slots=True)
class IndexPlay:
    """`play` in the chart cell (`section`, `row`, `column`) at a true count of `index` or
    more, else `otherwise`. Insurance has no cell: its row is "insurance"."""

    section: Section  # HARD, PAIRS or INSURANCE
    row: str  # "16", "T,T", "insurance"
    column: str  # the dealer's up card: "T", "A", "5"
    play: Action
    index: int
    otherwise: Action

    def plays(self, true: int) -> Action:
        """The move this index makes at a floored true count."""
        return self.play if true >= self.index else self.otherwise

    @property
    def words(self) -> str:
        """'16 v T: stand at 0 or more'."""
        where = "Insurance" if self.section is Section.INSURANCE else f"{self.row} v {self.column}"
        return f"{where}: {_verb(self.play)} at {count_text(self.index)} or more"

    @property
    def short_words(self) -> str:
        """'stand at 0+': the play and its index, the cell left to the hand it is about."""
        return f"{_verb(self.play)} at {count_text(self.index)}+"


def _verb(action: Action) -> str:
    return {Action.INSURE: "insure", Action.NO_INSURANCE: "no insurance"}.get(action, action.value)


def _play(cell: str, play: Action, index: int, otherwise: Action) -> IndexPlay:
    row, column = cell.split(" v ")
    section = Section.PAIRS if "," in row else Section.HARD
    return IndexPlay(section, row, column, play, index, otherwise)


HIT, STAND, DOUBLE, SPLIT = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT

ILLUSTRIOUS_18 = (
    IndexPlay(Section.INSURANCE, "insurance", "A", Action.INSURE, 3, Action.NO_INSURANCE),
    _play("16 v T", STAND, 0, HIT),
    _play("15 v T", STAND, 4, HIT),
    _play("T,T v 5", SPLIT, 5, STAND),
    _play("T,T v 6", SPLIT, 4, STAND),
    _play("10 v T", DOUBLE, 4, HIT),
    _play("12 v 3", STAND, 2, HIT),
    _play("12 v 2", STAND, 3, HIT),
    _play("11 v A", DOUBLE, 1, HIT),
    _play("9 v 2", DOUBLE, 1, HIT),
    _play("10 v A", DOUBLE, 4, HIT),
    _play("9 v 7", DOUBLE, 3, HIT),
    _play("16 v 9", STAND, 5, HIT),
    _play("13 v 2", STAND, -1, HIT),
    _play("12 v 4", STAND, 0, HIT),
    _play("12 v 5", STAND, -2, HIT),
    _play("12 v 6", STAND, -1, HIT),
    _play("13 v 3", STAND, -2, HIT),
)
"""Schlesinger's eighteen most valuable Hi-Lo index plays, most valuable first, with his
published counts (S17)."""

FAB_4 = (
    _play("14 v T", Action.SURRENDER, 3, HIT),
    _play("15 v T", Action.SURRENDER, 0, HIT),
    _play("15 v 9", Action.SURRENDER, 2, HIT),
    _play("15 v A", Action.SURRENDER, 1, HIT),
)
"""Schlesinger's four most valuable Hi-Lo late-surrender index plays, with his published
counts (S17)."""


# What a table may change of the standard game and still be the game the indices speak of:
# the shoe and its cut, the soft-17 rule, the natural's payout, doubling after splits,
# splitting and surrender, the side bet and the table. Every other rule is the standard's.
_FREE = frozenset(
    {
        "game",
        "name",
        "decks",
        "penetration",
        "dealer_hits_soft_17",
        "natural_pays",
        "double_after_split",
        "double_for_less",
        "split_max_hands",
        "split_aces_one_card",
        "resplit_aces",
        "surrender",
        "surrender_first_two_cards_only",
        "surrender_after_split",
        "buster_bet",
        "buster_min",
        "buster_max",
        "min_bet",
        "max_bet",
        "circles",
    }
)


def covers(rules: Rules) -> bool:
    """Whether the indices speak of this table's game: the standard game, whatever its decks,
    soft-17 rule, splitting and surrender (`_FREE`), with a hole card and no payout or
    automatic play of the other six games.

    >>> from casino_gui.engine.games import GAMES
    >>> [game for game, rules in GAMES.items() if covers(rules)]
    ['blackjack']
    >>> covers(BLACKJACK.replace(decks=1, penetration=0.75, dealer_hits_soft_17=False))
    True
    """
    return all(
        getattr(rules, rule.name) == getattr(BLACKJACK, rule.name)
        for rule in fields(Rules)
        if rule.name not in _FREE
    )


def index_play(
    rules: Rules, section: Section, row: str, column: str, legal: frozenset[Action]
) -> IndexPlay | None:
    """The index play of this cell whose play the player may make now, its count computed
    for these rules (`table_index`): a Fab 4 surrender first where surrender is offered, else
    an Illustrious 18 play; None where none is published, or the table is not the game they
    were computed for."""
    if not covers(rules):
        return None
    for play in (*FAB_4, *ILLUSTRIOUS_18):
        if (play.section, play.row, play.column) == (section, row, column) and play.play in legal:
            return table_index(rules, play)
    return None


def table_index(rules: Rules, play: IndexPlay) -> IndexPlay:
    """The index play with its count computed for these rules (break_even.py), or the
    published one where the rules do not offer both plays or no count makes the play pay."""
    count = break_even(rules, play.section, play.row, play.column, play.play, play.otherwise)
    if math.isnan(count) or math.isinf(count):
        return play  # not computable for these rules: the published count
    return replace(play, index=index_of(count))
