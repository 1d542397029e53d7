"""The rules engine: pure Python, never Qt. Deterministic given a shoe.

This package's namespace is the engine's public API: the window, the store and the analysis
import from `casino_gui.engine`, and from its documented sub-packages:

- `casino_gui.engine.rules`: the `Rules` object, its options, their bounds (`rules.bounds`)
  and its pay tables;
- `casino_gui.engine.rulebook`: every rule of play as pure functions (moves, settlement, the
  dealer, bets), shared by the round and the advisor;
- `casino_gui.engine.betting`: building bets with chips and what DEAL plays;
- `casino_gui.engine.counting`: the count systems, the running and true counts, the bet ramp;
- `casino_gui.engine.strategy`: the strategy advisor and the house edge.

Its other modules are private: what they offer callers is exported here.
"""

from casino_gui.engine import betting, counting, rulebook
from casino_gui.engine.cards import Card, parse_cards
from casino_gui.engine.counting import CARDS_PER_DECK, CountSystem, system_named
from casino_gui.engine.describe import (
    dealer_on_17,
    describe,
    felt_lines,
    shuffle_words,
    tagline,
)
from casino_gui.engine.errors import (
    BetError,
    BlackjackError,
    CardError,
    IllegalActionError,
    RulesError,
    ShoeExhaustedError,
)
from casino_gui.engine.events import (
    CardDealt,
    DealerBusted,
    DealerPeeked,
    DealerRevealed,
    DealerStood,
    Event,
    HandBusted,
    HandDoubled,
    HandSettled,
    HandSplit,
    HandStood,
    HandSurrendered,
    InsuranceDeclined,
    InsuranceOffered,
    InsuranceTaken,
    RoundSettled,
    SideBet,
    SideBetSettled,
    TurnStarted,
)
from casino_gui.engine.games import GAMES, rules_for
from casino_gui.engine.hand import (
    Hand,
    HandStatus,
    HandValue,
    Outcome,
    hand_value,
)
from casino_gui.engine.hint_words import hint_words
from casino_gui.engine.money import cents_to_entry, dollars, dollars_to_cents
from casino_gui.engine.record import (
    HandRecord,
    RecordError,
    actions_of,
    bets_from_json,
    bets_to_json,
    move_text,
    overrides_of,
    parse_move,
)
from casino_gui.engine.result import (
    HandResult,
    RoundResult,
    SideBetResult,
    SpotAccount,
    spot_accounts,
)
from casino_gui.engine.round import Action, Bet, Move, Operation, Phase, Round, offered_actions
from casino_gui.engine.rulebook import facts_of, is_bust, is_natural, move_words
from casino_gui.engine.rules import (
    Insurance,
    Odds,
    Rules,
    from_overrides,
    rule_value_to_json,
    rules_to_json,
)
from casino_gui.engine.shoe import Shoe, cut_card, shoe_cards

__all__ = [
    "CARDS_PER_DECK",
    "GAMES",
    "Action",
    "Bet",
    "BetError",
    "BlackjackError",
    "Card",
    "CardDealt",
    "CardError",
    "CountSystem",
    "DealerBusted",
    "DealerPeeked",
    "DealerRevealed",
    "DealerStood",
    "Event",
    "Hand",
    "HandBusted",
    "HandDoubled",
    "HandRecord",
    "HandResult",
    "HandSettled",
    "HandSplit",
    "HandStatus",
    "HandStood",
    "HandSurrendered",
    "HandValue",
    "IllegalActionError",
    "Insurance",
    "InsuranceDeclined",
    "InsuranceOffered",
    "InsuranceTaken",
    "Move",
    "Odds",
    "Operation",
    "Outcome",
    "Phase",
    "RecordError",
    "Round",
    "RoundResult",
    "RoundSettled",
    "Rules",
    "RulesError",
    "Shoe",
    "ShoeExhaustedError",
    "SideBet",
    "SideBetResult",
    "SideBetSettled",
    "SpotAccount",
    "TurnStarted",
    "actions_of",
    "bets_from_json",
    "bets_to_json",
    "betting",
    "cents_to_entry",
    "counting",
    "cut_card",
    "dealer_on_17",
    "describe",
    "dollars",
    "dollars_to_cents",
    "facts_of",
    "felt_lines",
    "from_overrides",
    "hand_value",
    "hint_words",
    "is_bust",
    "is_natural",
    "move_text",
    "move_words",
    "offered_actions",
    "overrides_of",
    "parse_cards",
    "parse_move",
    "rule_value_to_json",
    "rulebook",
    "rules_for",
    "rules_to_json",
    "shoe_cards",
    "shuffle_words",
    "spot_accounts",
    "system_named",
    "tagline",
]
