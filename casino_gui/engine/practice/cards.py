"""Flash cards: decisions the engine reaches, drawn by seed, each replayable from a record.

A `FlashCard` is a hand record (the replay format's: game, rules, the shoe's seed, the bet)
whose actions stop at the decision it asks: `table()` replays it to a `Round` waiting there.
So every card is a position of a real round of the engine, and the same seed draws the same
cards. A deck (`draw`) deals shuffled rounds from a seeded source and walks each one with
random legal moves, offering every decision it meets that has a choice and is of the kinds
asked; "close calls only" keeps those whose two best moves lie within `CLOSE_CALL` of a bet
(docs/decisions.md, "Practice drills").
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace

from casino_gui.engine.errors import BlackjackError
from casino_gui.engine.practice.kinds import Kind, kinds_of
from casino_gui.engine.record import HandRecord, actions_of, overrides_of
from casino_gui.engine.round import Action, Bet, Move, Phase, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.strategy import advise

# Two best moves closer than this (in bets) make a close call: 5% of the bet.
CLOSE_CALL = 0.05
# How long a deck looks for its next card before it says there is none: rounds dealt, and
# decisions of the kinds asked that were not close calls (each asks the advisor, ~5 ms).
PATIENCE_ROUNDS = 3_000
PATIENCE_CLOSE = 200


class NoSuchDecisionError(BlackjackError):
    """A deck asked for decisions that do not come up (Pontoon's five-card hands are never
    close calls)."""


# The practice chips a flash card is dealt with: the bet, and a bankroll a hundred times it
# (every double, split and insurance is covered, so no move is missing for want of chips).
PRACTICE_BET = 1_000
_DECIDING = (Phase.INSURANCE, Phase.PLAYER_TURNS)
# How the walk picks among the legal moves: hits first, to reach the hands of many cards
# (Pontoon's five, Super 21's doubles after hits) as often as the two-card ones.
_WALK_WEIGHTS = {
    Action.HIT: 6.0,
    Action.STAND: 2.0,
    Action.DOUBLE: 1.5,
    Action.SPLIT: 1.5,
    Action.SURRENDER: 0.5,
    Action.INSURE: 0.5,
    Action.NO_INSURANCE: 2.0,
}


@dataclass(frozen=True)
class FlashCard:
    """A decision: the record of a round up to it, and the kinds it is."""

    record: HandRecord
    kinds: frozenset[Kind]

    def table(self) -> Round:
        """The round, dealt and played up to this decision."""
        table, _ = self.record.replay()
        return table


def card_of(record: HandRecord) -> FlashCard | None:
    """The card of the decision a record stops at (None: the round waits for no choice)."""
    table, _ = record.replay()
    if table.phase not in _DECIDING or len(table.legal_actions()) < 2:
        return None
    return FlashCard(record, kinds_of(table))


def is_close_call(table: Round) -> bool:
    """Whether the two best moves of the decision are within `CLOSE_CALL` of a bet."""
    values = sorted(advise(table).values.values(), reverse=True)
    return len(values) >= 2 and values[0] - values[1] < CLOSE_CALL


def draw(
    rules: Rules,
    seed: int,
    kinds: Collection[Kind] | None = None,
    close_only: bool = False,
    bet: int = PRACTICE_BET,
) -> Iterator[FlashCard]:
    """Flash cards for the table, without end, the same ones for the same seed: of any of
    `kinds` (every kind when None), close calls only if asked. `NoSuchDecisionError` when none
    comes up for long (`PATIENCE_ROUNDS`, `PATIENCE_CLOSE`).

    >>> from casino_gui.engine.games import rules_for
    >>> cards = draw(rules_for("pontoon"), seed=7, kinds=[Kind.FIVE_CARD])
    >>> card = next(cards)
    >>> Kind.FIVE_CARD in card.kinds, len(card.table().active_hand.cards)
    (True, 4)
    """
    wanted = frozenset(kinds) if kinds is not None else None
    source = random.Random(seed)
    base = HandRecord(rules.game, 100 * bet, (Bet(1, bet),), overrides=overrides_of(rules), seed=0)
    rounds = not_close = 0
    while True:
        if rounds >= PATIENCE_ROUNDS or not_close >= PATIENCE_CLOSE:
            asked = "close calls" if close_only else "decisions"
            raise NoSuchDecisionError(
                f"no {asked} of the kinds chosen came up in {rounds:,} rounds: choose more kinds"
                + (" or every decision" if close_only else "")
            )
        rounds += 1
        record = replace(base, seed=source.getrandbits(63))
        table = record.open_round()
        table.deal()
        while table.phase in _DECIDING:
            legal = sorted(table.legal_actions(), key=lambda action: action.value)
            if len(legal) >= 2:
                found = kinds_of(table)
                if wanted is None or found & wanted:
                    if not close_only or is_close_call(table):
                        rounds = not_close = 0
                        yield FlashCard(replace(record, actions=tuple(actions_of(table))), found)
                    else:
                        not_close += 1
            weights = [_WALK_WEIGHTS[action] for action in legal]
            table.apply(Move(source.choices(legal, weights)[0]))
