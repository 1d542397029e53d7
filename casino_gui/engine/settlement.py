"""Settlement: what each hand and side bet returns, in integer cents (RULES.md, Settlement)."""

from __future__ import annotations

from dataclasses import dataclass

from casino_gui.engine.cards import Card
from casino_gui.engine.hand import (
    Hand,
    HandStatus,
    Outcome,
    Rank,
    hand_value,
    is_natural,
    rank_of,
)
from casino_gui.engine.rules import BonusTable, Insurance, Odds, Rules, Tie

EVEN = Odds(1, 1)

# No Bust 21's Buster side bet, by the number of cards in the dealer's busted hand.
BUSTER_PAYS = {3: Odds(1), 4: Odds(3), 5: Odds(6), 6: Odds(30), 7: Odds(100), 8: Odds(200)}


@dataclass(frozen=True, slots=True)
class Settlement:
    outcome: Outcome
    kind: str  # the name a player would give it: "blackjack", "bust", "five-card trick", ...
    payout: int  # what comes back, stake included


def _win(hand: Hand, odds: Odds, kind: str) -> Settlement:
    return Settlement(Outcome.WIN, kind, hand.stake + odds.winnings(hand.stake))


def _natural_win(hand: Hand, rules: Rules) -> Settlement:
    if rules.diamond_natural_pays is not None and all(c.suit == "D" for c in hand.cards):
        return _win(hand, rules.diamond_natural_pays, f"diamond {rules.natural_name}")
    return _win(hand, rules.natural_pays, rules.natural_name)


def match_play_bonus(cards: list[Card], dealer_up: Card) -> tuple[Odds, str]:
    """Match Play 21's pay for a 21 on a hand neither doubled nor split; the highest applies."""
    ranks = sorted(card.rank for card in cards)
    suits = {card.suit for card in cards}
    three = len(cards) == 3 and ranks in (["7", "7", "7"], ["6", "7", "8"])
    name = "7-7-7" if ranks == ["7", "7", "7"] else "6-7-8"
    if three and name == "7-7-7" and len(suits) == 1 and dealer_up.rank == "7":
        return Odds(40), "suited 7-7-7 against a dealer 7"
    if len(cards) >= 7:
        return Odds(3), f"{len(cards)}-card 21"
    if three and suits == {"S"}:
        return Odds(3), f"{name} in spades"
    if three and len(suits) == 1:
        return Odds(2), f"suited {name}"
    if len(cards) == 6:
        return Odds(2), "6-card 21"
    if three:
        return Odds(3, 2), name
    if len(cards) == 5:
        return Odds(3, 2), "5-card 21"
    return EVEN, "21"


def always_wins(hand: Hand, rules: Rules, dealer_up: Card) -> Settlement | None:
    """The win of a hand that wins whatever the dealer holds (Super 21, Match Play 21)."""
    value = hand_value(hand.cards, rules.aces_eleven)
    if value.total > 21 or hand.status is HandStatus.SURRENDERED:
        return None
    natural = is_natural(hand, rules)
    if natural and rules.natural_tie is Tie.PLAYER_WINS:
        return _natural_win(hand, rules)
    plain = hand.doubles == 0
    if rules.player_21_always_wins and value.total == 21:
        if rules.bonus_table is BonusTable.MATCH_PLAY and plain and not hand.from_split:
            odds, kind = match_play_bonus(hand.cards, dealer_up)
            return _win(hand, odds, kind)
        return _win(hand, EVEN, "21")
    if plain and rules.five_card_21_pays is not None and value.total == 21 and len(hand.cards) >= 5:
        return _win(hand, rules.five_card_21_pays, f"{len(hand.cards)}-card 21")
    if plain and rules.six_card_win and len(hand.cards) >= 6:
        return _win(hand, EVEN, "six cards")
    return None


def no_bust_push_possible(hand: Hand, rules: Rules) -> bool:
    """No Bust 21: a three-card 23, 24 or 25 may still push if the dealer goes higher."""
    total = hand_value(hand.cards, rules.aces_eleven).total
    return len(hand.cards) == 3 and total in rules.no_bust_totals


def settle_early(
    hand: Hand, rules: Rules, dealer_up: Card, dealer_natural: bool | None
) -> Settlement | None:
    """The settlement of a finished hand whose result the dealer's cards can no longer
    change, or None; `dealer_natural` is None while the dealer's natural is still unknown."""
    if hand.status is HandStatus.SURRENDERED:
        return Settlement(Outcome.SURRENDER, "surrender", hand.stake // 2)
    if hand.status is HandStatus.BUSTED:
        if no_bust_push_possible(hand, rules):
            return None
        return Settlement(Outcome.LOSE, "bust", 0)
    won = always_wins(hand, rules, dealer_up)
    if won is not None:
        return won
    if dealer_natural is False and is_natural(hand, rules):
        return _natural_win(hand, rules)
    return None


def settle_against_dealer(
    hand: Hand, rules: Rules, dealer: list[Card], dealer_natural: bool
) -> Settlement:
    """A finished hand against the dealer's final hand."""
    early = settle_early(hand, rules, dealer[0], dealer_natural)
    if early is not None:
        return early
    natural = is_natural(hand, rules)
    mine, my_total = rank_of(hand.cards, natural, rules)
    theirs, their_total = rank_of(dealer, dealer_natural, rules)
    if mine is Rank.BUST:  # only a No Bust 21 three-card 23-25 gets here
        if their_total > my_total:
            return Settlement(Outcome.PUSH, "no-bust push", hand.stake)
        return Settlement(Outcome.LOSE, "bust", 0)
    if (
        theirs is Rank.BUST
        or mine > theirs
        or (mine is theirs is Rank.TOTAL and my_total > their_total)
    ):
        return _winning(hand, rules, mine)
    if mine < theirs or (mine is Rank.TOTAL and my_total < their_total):
        return Settlement(
            Outcome.LOSE, f"dealer {rules.natural_name}" if theirs is Rank.NATURAL else "", 0
        )
    tie = rules.natural_tie if mine is Rank.NATURAL else rules.ties
    if tie is Tie.PLAYER_WINS:
        return _winning(hand, rules, mine)
    if tie is Tie.DEALER_WINS:
        return Settlement(Outcome.LOSE, "tie", 0)
    return Settlement(Outcome.PUSH, "push", hand.stake)


def _winning(hand: Hand, rules: Rules, rank: Rank) -> Settlement:
    if rank is Rank.NATURAL:
        return _natural_win(hand, rules)
    if rank is Rank.FIVE_CARD_TRICK and rules.five_card_trick_pays is not None:
        return _win(hand, rules.five_card_trick_pays, "five-card trick")
    if rank is Rank.CARIBBEAN_21 and rules.caribbean_21_pays is not None:
        # 3:2 on the base stake, even money on what doubling added (RULES.md, Caribbean 21).
        winnings = rules.caribbean_21_pays.winnings(hand.bet) + hand.extra
        return Settlement(Outcome.WIN, "caribbean 21", hand.stake + winnings)
    return _win(hand, EVEN, "")


def insurance_wins(rules: Rules, dealer: list[Card]) -> bool | None:
    """Whether insurance wins, or None while the dealer's cards do not tell yet."""
    if rules.insurance is Insurance.STANDARD:
        if len(dealer) < 2:
            return None
        return (dealer[0].is_ace and dealer[1].is_ten_value) or (
            dealer[1].is_ace and dealer[0].is_ten_value
        )
    # Late insurance wins on a dealer Caribbean 21: his next two cards are both ten-value.
    if len(dealer) >= 2 and not dealer[1].is_ten_value:
        return False
    if len(dealer) < 3:
        return None
    return dealer[2].is_ten_value


def buster_payout(stake: int, dealer: list[Card], rules: Rules) -> int:
    """No Bust 21's Buster bet: wins when the dealer busts, by the number of his cards."""
    if hand_value(dealer, rules.aces_eleven).total <= 21:
        return 0
    odds = BUSTER_PAYS[min(len(dealer), 8)] if len(dealer) >= 3 else EVEN
    return stake + odds.winnings(stake)
