"""The rulebook: every rule of play written once, as pure functions over the rules, a hand's
facts and the dealer's cards.

The round (`casino_gui.engine.round`) and the strategy advisor (`casino_gui.engine.strategy`)
both ask it: what a hand may do (`moves`), when it moves by itself (`stands_by_itself`), how it
settles (`settle`), how the dealer plays (`dealer`), and which bets a table takes (`bets`). A rule changed here changes the game
and the advice together.
"""

from __future__ import annotations

from casino_gui.engine.rulebook.bets import insurance_price, late_insurance_limit, refusal_to_bet
from casino_gui.engine.rulebook.dealer import (
    buster_odds,
    dealer_draws,
    dealer_peeks,
    dealer_plays_out,
    dealer_result,
    insurance_wins,
    up_card_may_make_natural,
)
from casino_gui.engine.rulebook.facts import (
    DEALER_NATURAL,
    PLAIN,
    SPECIAL_THREES,
    DealerResult,
    Facts,
    HandFacts,
    Look,
    Outcome,
    Rank,
    best_total,
    facts_of,
    is_bust,
    is_natural,
    look_of,
    rank,
)
from casino_gui.engine.rulebook.moves import (
    Action,
    AutomaticMove,
    automatic_move,
    may_double,
    may_hit,
    may_split,
    may_stand,
    may_surrender,
    moves_offered,
    refusal_to_double,
    refusal_to_hit,
    refusal_to_split,
    refusal_to_stand,
    refusal_to_surrender,
    rescue_pending,
    stands_by_itself,
)
from casino_gui.engine.rulebook.settle import (
    EVEN,
    Verdict,
    bonus_win,
    no_bust_push_possible,
    reads_look,
    settle,
    settle_early,
    wins_at_once,
)

__all__ = [
    "DEALER_NATURAL",
    "EVEN",
    "PLAIN",
    "SPECIAL_THREES",
    "Action",
    "AutomaticMove",
    "DealerResult",
    "Facts",
    "HandFacts",
    "Look",
    "Outcome",
    "Rank",
    "Verdict",
    "automatic_move",
    "best_total",
    "bonus_win",
    "buster_odds",
    "dealer_draws",
    "dealer_peeks",
    "dealer_plays_out",
    "dealer_result",
    "facts_of",
    "insurance_price",
    "insurance_wins",
    "is_bust",
    "is_natural",
    "late_insurance_limit",
    "look_of",
    "may_double",
    "may_hit",
    "may_split",
    "may_stand",
    "may_surrender",
    "moves_offered",
    "no_bust_push_possible",
    "rank",
    "reads_look",
    "refusal_to_bet",
    "refusal_to_double",
    "refusal_to_hit",
    "refusal_to_split",
    "refusal_to_stand",
    "refusal_to_surrender",
    "rescue_pending",
    "settle",
    "settle_early",
    "stands_by_itself",
    "up_card_may_make_natural",
    "wins_at_once",
]
