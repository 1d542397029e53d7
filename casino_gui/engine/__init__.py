"""The rules engine: pure Python, never Qt. Deterministic given a shoe."""

from casino_gui.engine.cards import Card, parse_cards
from casino_gui.engine.errors import (
    BetError,
    BlackjackError,
    CardError,
    IllegalActionError,
    RulesError,
    ShoeExhaustedError,
)
from casino_gui.engine.games import GAMES, rules_for
from casino_gui.engine.hand import Hand, HandStatus, HandValue, Outcome, hand_value
from casino_gui.engine.round import Action, Bet, Phase, Round
from casino_gui.engine.rules import Odds, Rules
from casino_gui.engine.shoe import Shoe

__all__ = [
    "GAMES",
    "Action",
    "Bet",
    "BetError",
    "BlackjackError",
    "Card",
    "CardError",
    "Hand",
    "HandStatus",
    "HandValue",
    "IllegalActionError",
    "Odds",
    "Outcome",
    "Phase",
    "Round",
    "Rules",
    "RulesError",
    "Shoe",
    "ShoeExhaustedError",
    "hand_value",
    "parse_cards",
    "rules_for",
]
