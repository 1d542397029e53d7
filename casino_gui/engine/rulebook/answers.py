"""The rulebook's answers for one table, kept as they are asked.

A round asks the same questions of the same hand states over and over (may this hand hit,
double, ...? does it stand by itself? how is it paid against this dealer hand?). The answers
depend only on the rules, the hand's facts and what each question names, so `answers_for(rules)` keeps each one the first time it is worked out by the rulebook
function itself: nothing here decides a rule. The refusals kept are those naming "the hand"
(`moves.HAND`), as `can_x()` asks them; a refusal that is read is worked out afresh with the
hand's own name.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from casino_gui.engine.rulebook.facts import DealerResult, Facts, Look
from casino_gui.engine.rulebook.moves import (
    Action,
    AutomaticMove,
    automatic_move,
    refusal_to_double,
    refusal_to_hit,
    refusal_to_split,
    refusal_to_stand,
    refusal_to_surrender,
)
from casino_gui.engine.rulebook.settle import Verdict, reads_look, settle
from casino_gui.engine.rules import Rules

# Tables kept at once: the seven games and a few custom tables (the least recently used
# answers are dropped past this).
_KEPT = 32


class Answers:
    """Memoised rulebook answers for one `Rules` object."""

    __slots__ = (
        "_allowed",
        "_automatic",
        "_double",
        "_hit",
        "_split",
        "_stand",
        "_surrender",
        "_verdicts",
        "reads_look",
        "rules",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.reads_look = reads_look(rules)  # settle.reads_look, asked at every settlement
        self._hit: dict[Facts, str | None] = {}
        self._stand: dict[Facts, str | None] = {}
        self._double: dict[Facts, str | None] = {}
        self._surrender: dict[Facts, str | None] = {}
        self._split: dict[tuple[Facts, str, str, int], str | None] = {}
        self._automatic: dict[tuple[Facts, bool], AutomaticMove | None] = {}
        self._allowed: dict[tuple[Facts, tuple[str, str], int], frozenset[Action]] = {}
        self._verdicts: dict[tuple[Facts, DealerResult, str, Look, bool], Verdict] = {}

    def hit(self, hand: Facts) -> str | None:
        known = self._hit
        if hand not in known:
            known[hand] = refusal_to_hit(self.rules, hand)
        return known[hand]

    def stand(self, hand: Facts) -> str | None:
        known = self._stand
        if hand not in known:
            known[hand] = refusal_to_stand(self.rules, hand)
        return known[hand]

    def double(self, hand: Facts) -> str | None:
        known = self._double
        if hand not in known:
            known[hand] = refusal_to_double(self.rules, hand)
        return known[hand]

    def surrender(self, hand: Facts) -> str | None:
        known = self._surrender
        if hand not in known:
            known[hand] = refusal_to_surrender(self.rules, hand)
        return known[hand]

    def split(self, hand: Facts, ranks: tuple[str, str], hands_at_spot: int) -> str | None:
        key = (hand, ranks[0], ranks[1], hands_at_spot)
        known = self._split
        if key not in known:
            known[key] = refusal_to_split(self.rules, hand, ranks, hands_at_spot)
        return known[key]

    def allowed(self, hand: Facts, ranks: tuple[str, str], hands_at_spot: int) -> frozenset[Action]:
        """The moves among hit, stand, double, split and surrender that these answers allow
        the hand (`split`'s arguments): the five questions asked at once."""
        key = (hand, ranks, hands_at_spot)
        known = self._allowed
        moves = known.get(key)
        if moves is None:
            refusals = {
                Action.HIT: self.hit(hand),
                Action.STAND: self.stand(hand),
                Action.DOUBLE: self.double(hand),
                Action.SPLIT: self.split(hand, ranks, hands_at_spot),
                Action.SURRENDER: self.surrender(hand),
            }
            moves = known[key] = frozenset(m for m, refusal in refusals.items() if refusal is None)
        return moves

    def settle(
        self, hand: Facts, dealer: DealerResult, up: str, look: Look, surrendered: bool
    ) -> Verdict:
        """`settle.settle`: a finished hand against the dealer's final hand."""
        key = (hand, dealer, up, look, surrendered)
        known = self._verdicts
        verdict = known.get(key)
        if verdict is None:
            verdict = known[key] = settle(self.rules, hand, dealer, up, look, surrendered)
        return verdict

    def automatic_move(
        self, hand: Facts, may_split_now: bool, beaten: Callable[[], bool] | None = None
    ) -> AutomaticMove | None:
        """`automatic_move`, its answer from the hand's facts kept; `beaten` (the round's
        state) is asked afresh each time."""
        key = (hand, may_split_now)
        known = self._automatic
        if key not in known:
            known[key] = automatic_move(self.rules, hand, may_split_now)
        move = known[key]
        if move is None and beaten is not None:
            return automatic_move(self.rules, hand, may_split_now, beaten)
        return move


@lru_cache(maxsize=_KEPT)
def answers_for(rules: Rules) -> Answers:
    """The kept answers of these rules (docs/decisions.md, "Engine speed")."""
    return Answers(rules)
