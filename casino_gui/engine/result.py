"""A settled round as data: what the replay command prints and the history stores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from casino_gui.engine.cards import Card
from casino_gui.engine.errors import IllegalActionError
from casino_gui.engine.hand import Hand, hand_value
from casino_gui.engine.round import Phase, Round
from casino_gui.engine.rules import Rules


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

    @classmethod
    def of(cls, hand: Hand, rules: Rules) -> HandResult:
        """A hand's result as it stands: settled, once it has an outcome (a bust is settled
        before the round is)."""
        return cls(
            hand.spot,
            tuple(hand.cards),
            hand_value(hand.cards, rules.aces_eleven).total,
            hand.stake,
            hand.outcome.value if hand.outcome else "",
            hand.kind,
            hand.payout,
        )


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
        hands = tuple(HandResult.of(hand, table.rules) for hand in table.hands)
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

    @property
    def net(self) -> int:
        """What the round won or lost, side bets included."""
        return self.bankroll_after - self.bankroll_before

    def to_json(self) -> dict[str, Any]:
        """The output of the replay format (docs/replay-format.md)."""

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


@dataclass(frozen=True, slots=True)
class SpotAccount:
    """The money one betting circle has put down and taken back so far, in cents, by kind:
    what the store books, at every step of the round, not only once it is settled."""

    spot: int
    stake: int  # the circle's original bet
    side_bet: int  # No Bust 21's Buster
    split: int  # the stakes of the hands split from it
    doubled: int  # what DOUBLE added to its hands
    insurance: int
    payout: int  # paid back on its hands, stakes included
    insurance_payout: int
    side_bet_payout: int

    @property
    def net(self) -> int:
        paid = self.payout + self.insurance_payout + self.side_bet_payout
        return paid - self.stake - self.side_bet - self.split - self.doubled - self.insurance


def spot_accounts(table: Round) -> tuple[SpotAccount, ...]:
    """Every circle's account as it stands now; empty before the deal (the engine takes the
    stakes when it deals).

    >>> from casino_gui.engine import Bet, Round, Shoe, rules_for
    >>> rules = rules_for("blackjack")
    >>> table = Round(rules, Shoe.stacked(rules, "TS 9C TH 8D"), 10_000)
    >>> _ = table.place([Bet(1, 1_000)]).deal()
    >>> _ = table.stand()
    >>> [(a.spot, a.stake, a.payout, a.net) for a in spot_accounts(table)]
    [(1, 1000, 2000, 1000)]
    """
    if table.phase is Phase.BETTING:
        return ()
    accounts = []
    for spot in table.spots.values():
        hands = [hand for hand in table.hands if hand.spot == spot.number]
        accounts.append(
            SpotAccount(
                spot=spot.number,
                stake=spot.bet,
                side_bet=spot.buster,
                split=sum(hand.bet for hand in hands) - spot.bet,
                doubled=sum(hand.extra for hand in hands),
                insurance=spot.insurance,
                payout=sum(hand.payout for hand in hands),
                insurance_payout=spot.insurance_payout or 0,
                side_bet_payout=spot.buster_payout or 0,
            )
        )
    return tuple(accounts)
