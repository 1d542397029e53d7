"""A settled round as data: what the replay command prints and the history stores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from casino_gui.engine.cards import Card
from casino_gui.engine.errors import IllegalActionError
from casino_gui.engine.hand import hand_value
from casino_gui.engine.round import Phase, Round


@dataclass(frozen=True, slots=True)
class HandResult:
    spot: int
    cards: tuple[Card, ...]
    total: int
    stake: int
    outcome: str
    kind: str
    payout: int

    @property
    def net(self) -> int:
        return self.payout - self.stake


@dataclass(frozen=True, slots=True)
class SideBetResult:
    spot: int
    stake: int
    payout: int

    @property
    def net(self) -> int:
        return self.payout - self.stake


@dataclass(frozen=True, slots=True)
class RoundResult:
    game: str
    dealer: tuple[Card, ...]
    dealer_total: int
    hands: tuple[HandResult, ...]
    insurance: tuple[SideBetResult, ...]
    buster: tuple[SideBetResult, ...]
    bankroll_before: int
    bankroll_after: int

    @classmethod
    def of(cls, table: Round) -> RoundResult:
        if table.phase is not Phase.SETTLED:
            raise IllegalActionError("the round is not settled yet")
        aces = table.rules.aces_eleven
        hands = tuple(
            HandResult(
                hand.spot,
                tuple(hand.cards),
                hand_value(hand.cards, aces).total,
                hand.stake,
                hand.outcome.value if hand.outcome else "",
                hand.kind,
                hand.payout,
            )
            for hand in table.hands
        )
        spots = table.spots.values()
        return cls(
            game=table.rules.game,
            dealer=tuple(table.dealer),
            dealer_total=hand_value(table.dealer, aces).total,
            hands=hands,
            insurance=tuple(
                SideBetResult(s.number, s.insurance, s.insurance_payout or 0)
                for s in spots
                if s.insurance
            ),
            buster=tuple(
                SideBetResult(s.number, s.buster, s.buster_payout or 0) for s in spots if s.buster
            ),
            bankroll_before=table.bankroll_before,
            bankroll_after=table.bankroll,
        )

    def to_json(self) -> dict[str, Any]:
        """The output of the replay format (ARCHITECTURE.md, "The replay format")."""

        def side(bet: SideBetResult) -> dict[str, Any]:
            return {"spot": bet.spot, "stake": bet.stake, "payout": bet.payout, "net": bet.net}

        return {
            "game": self.game,
            "dealer": {"cards": [str(c) for c in self.dealer], "total": self.dealer_total},
            "hands": [
                {
                    "spot": hand.spot,
                    "cards": [str(c) for c in hand.cards],
                    "total": hand.total,
                    "stake": hand.stake,
                    "outcome": hand.outcome,
                    "payout": hand.payout,
                    "net": hand.net,
                }
                for hand in self.hands
            ],
            "insurance": [side(bet) for bet in self.insurance],
            "buster": [side(bet) for bet in self.buster],
            "bankroll": {"before": self.bankroll_before, "after": self.bankroll_after},
        }
