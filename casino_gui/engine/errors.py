"""The engine's errors: one family, with messages a player can read."""

from __future__ import annotations


class BlackjackError(ValueError):
    """Any refusal by the engine: an illegal action, a bad bet, a bad card or shoe."""


class CardError(BlackjackError):
    """A card that cannot be read, or that the game's deck does not hold."""


class ShoeExhaustedError(BlackjackError):
    """The shoe ran out of cards (only a stacked shoe can)."""


class BetError(BlackjackError):
    """A bet outside the table limits or the bankroll, or on a circle that is not there."""


class IllegalActionError(BlackjackError):
    """An action the rules do not allow now."""


class RulesError(BlackjackError):
    """A rules object that names an impossible table."""
