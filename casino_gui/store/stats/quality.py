"""Play quality: each journaled decision against the advisor of the exact game and rules.

The round is replayed from its record; before each of the player's answers the advisor
(`casino_gui.engine.strategy.advise`) values every legal move from the cards seen then. A
decision matched if the move taken is the best; otherwise it gave up the difference, turned
into cents once per decision: ``value_in_cents(best - taken, bet)``, rounded to the nearest
cent (the advisor's own rounding). Totals are sums of those cents, so a total always equals
the decisions listed. Late insurance (``insure:N``) is judged as a move: the advisor values
the whole room it offers, not the amount chosen.

The advisor takes a few milliseconds a decision: each round is judged once and its verdicts
kept in the bankroll (`casino_gui.store.stats.kept`), marked with JUDGE_VERSION; a
`QualityCache` judges in memory what cannot be kept (a read-only file), once per program run.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from casino_gui.engine import Phase, parse_move
from casino_gui.engine.strategy import advise, value_in_cents
from casino_gui.store.history import HistoryEntry

_DECIDING = (Phase.INSURANCE, Phase.PLAYER_TURNS)

# The advisor's version, kept with each verdict: a change of the advisor (or of how a
# decision is judged) that can change a verdict raises it, and every round is judged again.
# A test holds it to a digest of the advisor's code (tests/store/test_kept_figures.py).
JUDGE_VERSION = 4


@dataclass(frozen=True)
class JudgedDecision:
    """One decision: the move taken, the best one and what the difference cost."""

    round_id: int
    game: str
    number: int  # the action's number in the round's journal, from 1
    taken: str
    best: str
    bet: int  # the hand's bet, in cents
    given_up: int  # cents of expected value lost (0 when it matched)
    matched: bool  # the best move, or one worth exactly as much


def verdicts(entry: HistoryEntry) -> tuple[JudgedDecision, ...]:
    """Every decision of a settled round, judged."""
    record = entry.record
    table = record.open_round()
    table.deal()
    found = []
    for number, action in enumerate(record.actions, start=1):
        if table.phase in _DECIDING:
            advice = advise(table)
            taken = parse_move(action).action
            if taken in advice.values:
                found.append(
                    JudgedDecision(
                        entry.round_id,
                        entry.game,
                        number,
                        taken.value,
                        advice.best.value,
                        advice.bet,
                        value_in_cents(advice.shortfall(taken), advice.bet),
                        advice.shortfall(taken) <= 0.0,
                    )
                )
        table.apply(parse_move(action))
    return tuple(found)


class QualityCache:
    """Verdicts by round id, computed once: a settled round never changes."""

    def __init__(self) -> None:
        self._rounds: dict[int, tuple[JudgedDecision, ...]] = {}

    def verdicts(self, entry: HistoryEntry) -> tuple[JudgedDecision, ...]:
        found = self._rounds.get(entry.round_id)
        if found is None:
            found = self._rounds[entry.round_id] = verdicts(entry)
        return found


@dataclass
class Quality:
    """One game's play quality (or every game's)."""

    decisions: int = 0
    matched: int = 0
    given_up: int = 0  # cents
    wagered: int = 0  # cents bet in the rounds judged, for the share given up
    costliest: list[JudgedDecision] = field(default_factory=list)

    @property
    def matched_percent(self) -> float:
        return round(100 * self.matched / self.decisions, 1) if self.decisions else 100.0

    @property
    def given_up_percent(self) -> float:
        """The value given up as a share of the amount bet, in %, to two decimals."""
        return round(100 * self.given_up / self.wagered, 2) if self.wagered else 0.0

    def add(self, found: tuple[JudgedDecision, ...], wagered: int, keep: int) -> None:
        self.wagered += wagered
        for verdict in found:
            self.decisions += 1
            self.matched += verdict.matched
            self.given_up += verdict.given_up
        misses = [verdict for verdict in found if verdict.given_up > 0]
        self.costliest = sorted(
            [*self.costliest, *misses], key=lambda v: (-v.given_up, v.round_id, v.number)
        )[:keep]
