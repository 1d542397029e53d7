"""How a finished hand settles (docs/rules.md, "Settlement" and each game's payouts).

A `Verdict` says how the hand ends and at what odds it wins; `Verdict.payout` turns it into
cents for the round (fractions of a cent rounded down) and `Verdict.net` into base bets for
the advisor (an expectation, not rounded).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from casino_gui.engine.rulebook.facts import (
    PLAIN,
    DealerResult,
    HandFacts,
    Look,
    Outcome,
    Rank,
    best_total,
    is_bust,
    is_natural,
    rank,
)
from casino_gui.engine.rules import Odds, Rules, Tie
from casino_gui.engine.rules.pay_tables import SuitPattern

EVEN = Odds(1, 1)


class Called(Enum):
    """What a settled hand is, by kind (its words may name the table's natural, a bonus line
    or the hand's cards: `HandKind.words`)."""

    PLAIN = "plain"  # a win or a loss with no name of its own
    BUST = "bust"
    TIE = "tie"  # a tie the dealer wins
    PUSH = "push"
    NO_BUST_PUSH = "no_bust_push"
    SURRENDER = "surrender"
    NATURAL = "natural"
    DIAMOND_NATURAL = "diamond_natural"
    DEALER_NATURAL = "dealer_natural"
    BONUS = "bonus"  # a line of the bonus table
    TWENTY_ONE = "twenty_one"
    CARDS_21 = "cards_21"  # five or more cards totalling 21
    SIX_CARDS = "six_cards"
    FIVE_CARD_TRICK = "five_card_trick"
    CARIBBEAN_21 = "caribbean_21"


@dataclass(frozen=True, slots=True)
class HandKind:
    """How a hand ended, typed (`called`), and the name a player would give it (`words`):
    "blackjack", "bust", "five-card trick", "" where it has none."""

    called: Called
    words: str = ""


@dataclass(frozen=True, slots=True)
class Verdict:
    """How a hand ends. A win pays `odds` on the whole stake, or (`base_only`, a Caribbean
    21) on the base stake and 1:1 on what doubling added."""

    outcome: Outcome
    kind: HandKind
    odds: Odds = EVEN
    base_only: bool = False

    def payout(self, bet: int, extra: int) -> int:
        """What comes back in cents, stake included, for a hand of base stake `bet` and
        `extra` added by doubling.

        >>> Verdict(Outcome.WIN, HandKind(Called.NATURAL, "blackjack"), Odds(3, 2)).payout(1_000, 0)
        2500
        >>> Verdict(Outcome.SURRENDER, HandKind(Called.SURRENDER, "surrender")).payout(1_001, 0)
        500
        """
        stake = bet + extra
        if self.outcome is Outcome.WIN:
            if self.base_only:
                return stake + self.odds.winnings(bet) + extra
            return stake + self.odds.winnings(stake)
        if self.outcome is Outcome.PUSH:
            return stake
        if self.outcome is Outcome.SURRENDER:
            return stake // 2
        return 0

    def net(self, stake: float) -> float:
        """The net in base bets of a hand staking `stake` base bets (the base stake is 1): the
        advisor's expectation unit, never money, which is `payout`'s whole cents."""
        if self.outcome is Outcome.WIN:
            ratio = self.odds.num / self.odds.den
            return ratio + (stake - 1.0) if self.base_only else stake * ratio
        if self.outcome is Outcome.PUSH:
            return 0.0
        if self.outcome is Outcome.SURRENDER:
            return -stake / 2
        return -stake


LOSE = Verdict(Outcome.LOSE, HandKind(Called.PLAIN))
BUST = Verdict(Outcome.LOSE, HandKind(Called.BUST, "bust"))
TIE_LOST = Verdict(Outcome.LOSE, HandKind(Called.TIE, "tie"))
PUSH = Verdict(Outcome.PUSH, HandKind(Called.PUSH, "push"))
NO_BUST_PUSH = Verdict(Outcome.PUSH, HandKind(Called.NO_BUST_PUSH, "no-bust push"))
SURRENDER = Verdict(Outcome.SURRENDER, HandKind(Called.SURRENDER, "surrender"))
WIN = Verdict(Outcome.WIN, HandKind(Called.PLAIN))
TWENTY_ONE = HandKind(Called.TWENTY_ONE, "21")


def _natural_win(rules: Rules, look: Look) -> Verdict:
    if rules.diamond_natural_pays is not None and look.suits is SuitPattern.DIAMONDS:
        diamond = HandKind(Called.DIAMOND_NATURAL, f"diamond {rules.natural_name}")
        return Verdict(Outcome.WIN, diamond, rules.diamond_natural_pays)
    return Verdict(Outcome.WIN, HandKind(Called.NATURAL, rules.natural_name), rules.natural_pays)


def reads_look(rules: Rules) -> bool:
    """Whether a hand's suits or special three cards (its `Look`) can change what it is paid
    under these rules: a diamond natural's pay, or a bonus table."""
    return rules.diamond_natural_pays is not None or bool(rules.bonus_pays)


def bonus_win(rules: Rules, hand: HandFacts, up: str | None, look: Look) -> Verdict:
    """The pay of a 21 on a hand neither doubled nor split, by the rules' bonus table: the
    first line that applies; any other 21 pays 1:1."""
    for bonus in rules.bonus_pays:
        if bonus.applies(hand.cards, look.pattern, look.suits, up):
            line = HandKind(Called.BONUS, bonus.kind.format(cards=hand.cards))
            return Verdict(Outcome.WIN, line, bonus.odds)
    return Verdict(Outcome.WIN, TWENTY_ONE)


def wins_at_once(
    rules: Rules, hand: HandFacts, up: str | None = None, look: Look = PLAIN
) -> Verdict | None:
    """The win of a hand that wins whatever the dealer holds (Super 21, Match Play 21), or
    None; `up` is the rank of the dealer's up card."""
    if is_bust(rules, hand):
        return None
    total, _ = best_total(rules, hand)
    if rules.natural_tie is Tie.PLAYER_WINS and is_natural(rules, hand):
        return _natural_win(rules, look)
    plain = hand.doubles == 0
    if rules.player_21_always_wins and total == 21:
        if plain and not hand.from_split:
            return bonus_win(rules, hand, up, look)
        return Verdict(Outcome.WIN, TWENTY_ONE)
    if plain and rules.five_card_21_pays is not None and total == 21 and hand.cards >= 5:
        cards_21 = HandKind(Called.CARDS_21, f"{hand.cards}-card 21")
        return Verdict(Outcome.WIN, cards_21, rules.five_card_21_pays)
    if plain and rules.six_card_win and hand.cards >= 6:
        return Verdict(Outcome.WIN, HandKind(Called.SIX_CARDS, "six cards"))
    return None


def no_bust_push_possible(rules: Rules, hand: HandFacts) -> bool:
    """No Bust 21: a three-card 23, 24 or 25 may still push if the dealer goes higher."""
    return hand.cards == 3 and best_total(rules, hand)[0] in rules.no_bust_totals


def settle_early(
    rules: Rules,
    hand: HandFacts,
    dealer_natural: bool | None,
    up: str | None = None,
    look: Look = PLAIN,
    surrendered: bool = False,
) -> Verdict | None:
    """The verdict on a finished hand that the dealer's cards can no longer change, or None;
    `dealer_natural` is None while the dealer's natural is still unknown."""
    if surrendered:
        return SURRENDER
    if is_bust(rules, hand):
        return None if no_bust_push_possible(rules, hand) else BUST
    won = wins_at_once(rules, hand, up, look)
    if won is not None:
        return won
    if dealer_natural is False and is_natural(rules, hand):
        return _natural_win(rules, look)
    return None


def settle(
    rules: Rules,
    hand: HandFacts,
    dealer: DealerResult,
    up: str | None = None,
    look: Look = PLAIN,
    surrendered: bool = False,
) -> Verdict:
    """A finished hand against the dealer's final hand (its rank and total: `dealer_result`)."""
    theirs, their_total = dealer
    early = settle_early(rules, hand, theirs is Rank.NATURAL, up, look, surrendered)
    if early is not None:
        return early
    mine, my_total = rank(rules, hand, is_natural(rules, hand))
    if mine is Rank.BUST:  # only a No Bust 21 three-card 23-25 gets here
        return NO_BUST_PUSH if their_total > my_total else BUST
    if (
        theirs is Rank.BUST
        or mine > theirs
        or (mine is theirs is Rank.TOTAL and my_total > their_total)
    ):
        return _winning(rules, mine, look)
    if mine < theirs or (mine is Rank.TOTAL and my_total < their_total):
        if theirs is Rank.NATURAL:
            beaten = HandKind(Called.DEALER_NATURAL, f"dealer {rules.natural_name}")
            return Verdict(Outcome.LOSE, beaten)
        return LOSE
    tie = rules.natural_tie if mine is Rank.NATURAL else rules.ties
    if tie is Tie.PLAYER_WINS:
        return _winning(rules, mine, look)
    if tie is Tie.DEALER_WINS:
        return TIE_LOST
    return PUSH


def _winning(rules: Rules, mine: Rank, look: Look) -> Verdict:
    if mine is Rank.NATURAL:
        return _natural_win(rules, look)
    if mine is Rank.FIVE_CARD_TRICK and rules.five_card_trick_pays is not None:
        trick = HandKind(Called.FIVE_CARD_TRICK, "five-card trick")
        return Verdict(Outcome.WIN, trick, rules.five_card_trick_pays)
    if mine is Rank.CARIBBEAN_21 and rules.caribbean_21_pays is not None:
        # 3:2 on the base stake, even money on what doubling added (docs/rules.md, "Caribbean 21").
        caribbean = HandKind(Called.CARIBBEAN_21, "caribbean 21")
        return Verdict(Outcome.WIN, caribbean, rules.caribbean_21_pays, base_only=True)
    return WIN
