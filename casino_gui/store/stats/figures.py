"""The player's figures per game and overall: hands, results, naturals, doubles, splits,
side bets, net, biggest win and loss, average bet and hands per hour.

Read off each round's stored result (the engine's `RoundResult`) and its bets, without
replaying it (a replay costs half a millisecond a round, a minute for 100,000): a hand made
by a split is one of several hands on its circle, a doubled hand one whose stake exceeds its
circle's bet, and whether a hand is a natural is the engine's `is_natural` for its cards.
A test holds these to a replay of every round. Amounts are integer cents.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from casino_gui.engine import Card, Hand, Outcome, Rules, is_natural
from casino_gui.store.history import HistoryEntry

# A gap between two rounds longer than this is a break, not play: hands per hour count the
# time at the table, not the nights between sessions.
BREAK = timedelta(minutes=5)


@dataclass
class Fared:
    """How a kind of hand (doubled, made by a split) fared; a surrender counts as lost."""

    count: int = 0
    wins: int = 0
    losses: int = 0
    pushes: int = 0
    net: int = 0

    def add(self, outcome: Outcome | None, net: int) -> None:
        self.count += 1
        self.wins += outcome is Outcome.WIN
        self.losses += outcome in (Outcome.LOSE, Outcome.SURRENDER)
        self.pushes += outcome is Outcome.PUSH
        self.net += net


@dataclass
class SideBets:
    """Insurance or the Buster bet: how many were made, how many paid, the money."""

    bets: int = 0
    won: int = 0
    staked: int = 0
    paid: int = 0

    @property
    def net(self) -> int:
        return self.paid - self.staked

    def add(self, stake: int, payout: int) -> None:
        self.bets += 1
        self.won += payout > 0
        self.staked += stake
        self.paid += payout


@dataclass
class Figures:
    """One game's figures (or every game's), over the rounds given."""

    rounds: int = 0
    hands_played: int = 0
    wins: int = 0
    losses: int = 0  # surrenders are counted apart
    pushes: int = 0
    surrenders: int = 0
    naturals: int = 0
    doubles: Fared = field(default_factory=Fared)
    split_hands: Fared = field(default_factory=Fared)
    splits: int = 0  # times a hand was split
    insurance: SideBets = field(default_factory=SideBets)
    buster: SideBets = field(default_factory=SideBets)
    wagered: int = 0  # every stake, double, split, insurance and side bet
    net: int = 0
    bets: int = 0  # main bets placed (one a circle a round)
    bet_total: int = 0
    biggest_win: tuple[int, int] | None = None  # (net, round id)
    biggest_loss: tuple[int, int] | None = None
    seconds: float = 0.0  # time at the table, breaks left out

    def percent(self, count: int) -> float:
        """`count` as a share of the hands, in %, to one decimal (0 with no hands)."""
        return round(100 * count / self.hands_played, 1) if self.hands_played else 0.0

    @property
    def average_bet(self) -> int:
        """The average main bet, to the nearest cent (halves up)."""
        return (2 * self.bet_total + self.bets) // (2 * self.bets) if self.bets else 0

    @property
    def hands_per_hour(self) -> float:
        return round(self.hands_played * 3600 / self.seconds, 1) if self.seconds > 0 else 0.0

    def add(self, entry: HistoryEntry, rules: Rules, seconds: float) -> None:
        self.rounds += 1
        self.seconds += seconds
        self.wagered += entry.stake
        round_net = entry.net
        self.net += round_net
        bets = {bet.spot: bet.amount for bet in entry.record.bets}
        self.bets += len(bets)
        self.bet_total += sum(bets.values())
        hands = entry.result["hands"]
        at_spot = Counter(hand["spot"] for hand in hands)
        self.splits += sum(count - 1 for count in at_spot.values())
        for hand in hands:
            outcome = Outcome(hand["outcome"])
            stake, net = hand["stake"], hand["payout"] - hand["stake"]
            split = at_spot[hand["spot"]] > 1
            doubled = stake > bets[hand["spot"]]
            self.hands_played += 1
            self.wins += outcome is Outcome.WIN
            self.losses += outcome is Outcome.LOSE
            self.pushes += outcome is Outcome.PUSH
            self.surrenders += outcome is Outcome.SURRENDER
            if len(hand["cards"]) == 2 and not doubled:
                cards = [Card.parse(code) for code in hand["cards"]]
                played = Hand(0, hand["spot"], stake, cards, from_split=split)
                self.naturals += is_natural(rules, played.facts)
            if doubled:
                self.doubles.add(outcome, net)
            if split:
                self.split_hands.add(outcome, net)
        for bet in entry.result["insurance"]:
            self.insurance.add(bet["stake"], bet["payout"])
        for bet in entry.result["buster"]:
            self.buster.add(bet["stake"], bet["payout"])
        mark = (round_net, entry.round_id)
        if round_net > 0 and (self.biggest_win is None or round_net > self.biggest_win[0]):
            self.biggest_win = mark
        if round_net < 0 and (self.biggest_loss is None or round_net < self.biggest_loss[0]):
            self.biggest_loss = mark


def seconds_played(entry: HistoryEntry, next_opened: datetime | None) -> float:
    """The round's share of the time at the table: until the next round opens, a break
    counting as nothing more than BREAK; the last round until it settled."""
    end = entry.settled_at if next_opened is None else next_opened
    return min(end - entry.opened_at, BREAK).total_seconds()
