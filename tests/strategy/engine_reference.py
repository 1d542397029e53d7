"""An exact reference that knows no strategy code: expectimax over the real engine.

The round is played by `Round` itself from a stacked shoe: the cards dealt so far, then the
unseen cards. Whenever the engine draws a card past those fixed so far, every rank it could be
is tried in turn, weighed by its share of the unseen cards; at each of the player's decisions
every legal move is tried (late insurance for the whole room, the value being linear in the
amount) and the best kept; a settled round is worth the bankroll's change, in cents, as the
engine paid it. Each node replays the round from its start, so it is slow: a test keeps the
unseen cards to a handful.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from casino_gui.engine.cards import Card
from casino_gui.engine.round import Action, Move, Phase, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe

BANKROLL = 1_000_000


class EngineReference:
    """The exact value of a round's moves for `unseen` cards, a bet of `bet` cents on spot 1,
    dealt from `dealt` (the deal's cards, in the engine's dealing order)."""

    def __init__(self, rules: Rules, dealt: Sequence[Card], unseen: Sequence[Card], bet: int):
        self.rules, self.dealt, self.bet = rules, tuple(dealt), bet
        self.unseen = tuple(unseen)
        self._values: dict[tuple[tuple[Card, ...], tuple[Move, ...]], float] = {}

    def round(self, fixed: tuple[Card, ...], moves: tuple[Move, ...]) -> Round:
        rest = Counter(self.unseen)
        rest.subtract(fixed)
        order = [*self.dealt, *fixed, *rest.elements()]
        table = Round(self.rules, Shoe.stacked(self.rules, order), bankroll=BANKROLL)
        table.bet(1, self.bet)
        table.deal()
        for move in moves:
            table.apply(move)
        return table

    def moves(self, table: Round) -> list[Move]:
        found = []
        for action in sorted(table.legal_actions(), key=lambda a: a.value):
            if action is Action.INSURE:
                amounts = table.insurance_amounts()
                assert amounts is not None
                found.append(Move(action, amounts[1]))
            elif action is not Action.SPLIT:  # splits are measured apart (test_exact.py)
                found.append(Move(action))
        return found

    def value(self, fixed: tuple[Card, ...] = (), moves: tuple[Move, ...] = ()) -> float:
        """The round's expected net in cents, played best from these moves on."""
        key = (fixed, moves)
        known = self._values.get(key)
        if known is not None:
            return known
        table = self.round(fixed, moves)
        if table.shoe.dealt > len(self.dealt) + len(fixed):  # it drew a card not yet fixed
            rest = Counter(self.unseen)
            rest.subtract(fixed)
            left = sum(rest.values())
            by_rank: dict[str, list[Card]] = {}
            for card in rest.elements():
                by_rank.setdefault(card.rank, []).append(card)
            value = sum(
                len(cards) / left * self.value((*fixed, cards[0]), moves)
                for cards in by_rank.values()
            )
        elif table.phase is Phase.SETTLED:
            value = float(table.bankroll - BANKROLL)
        else:
            value = max(self.value(fixed, (*moves, move)) for move in self.moves(table))
        self._values[key] = value
        return value

    def move_values(self, before: tuple[Move, ...] = ()) -> dict[Action, float]:
        """Each legal move's value once `before` is played (no card drawn), in bets."""
        table = self.round((), before)
        return {
            move.action: self.value((), (*before, move)) / self.bet for move in self.moves(table)
        }
