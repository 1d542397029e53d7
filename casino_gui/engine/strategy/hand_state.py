"""A player's hand as the strategy sees it: its total, its cards and its money, not its suits.

`HandState` holds what the rules look at when they decide what a hand may do and what it is
paid; the functions here answer the engine's questions (round.py, `verify_*` and
`_automatic_move`) for such a state, from the `Rules` object only.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from casino_gui.engine.cards import Card
from casino_gui.engine.round import Action
from casino_gui.engine.rules import AfterDouble, BonusTable, Rules, SplitMatch
from casino_gui.engine.strategy.composition import rank_value

# Match Play 21 pays three-card 21s of these ranks more (RULES.md, match_play_21).
SPECIAL_THREES = (("7", "7", "7"), ("6", "7", "8"))


class Suits(NamedTuple):
    """The chance that a Match Play 21 special hand's cards are all spades, or all of one
    other suit (the rest: mixed suits)."""

    spades: float
    other_suit: float


class HandState(NamedTuple):
    """One player hand at a moment of its play, in base bets.

    `special` is kept only where Match Play 21 may pay a three-card 21 more: the ranks of a
    two-card hand that can still become 7-7-7 or 6-7-8, or the name of the three-card hand
    it became, with the chances of its suits.
    """

    hard: int  # the total counting every ace as 1
    ace: bool
    cards: int
    stake: float = 1.0  # the hand's stake in base bets: 2.0 once doubled
    doubles: int = 0
    from_split: bool = False
    split_aces: bool = False
    special: tuple[str, Suits] | None = None


def best_total(rules: Rules, state: HandState) -> tuple[int, bool]:
    """The hand's best total and whether it is soft (hand.py, `hand_value`)."""
    if rules.aces_eleven and state.ace and state.hard + 10 <= 21:
        return state.hard + 10, True
    return state.hard, False


def is_natural(rules: Rules, state: HandState) -> bool:
    return (
        rules.naturals
        and state.cards == 2
        and state.ace
        and state.hard == 11
        and rules.aces_eleven
        and (not state.from_split or rules.natural_after_split)
    )


def is_plain(state: HandState) -> bool:
    """Neither doubled nor split: the hands Match Play 21's bonus table pays."""
    return state.doubles == 0 and not state.from_split


def special_of(rules: Rules, ranks: Sequence[str], suits: Suits | None) -> tuple[str, Suits] | None:
    """The special mark of a fresh two-card hand (None where no bonus can follow)."""
    if rules.bonus_table is not BonusTable.MATCH_PLAY or len(ranks) != 2:
        return None
    pair = "".join(sorted(ranks))
    if not any(_contains(three, pair) for three in SPECIAL_THREES):
        return None
    return pair, suits if suits is not None else Suits(0.0, 0.0)


def _contains(three: tuple[str, str, str], pair: str) -> bool:
    rest = list(three)
    for rank in pair:
        if rank not in rest:
            return False
        rest.remove(rank)
    return True


def pair_suits(cards: Sequence[Card]) -> Suits:
    """The suits of two known cards as `Suits` (certainties)."""
    first, second = cards
    if first.suit != second.suit:
        return Suits(0.0, 0.0)
    return Suits(1.0, 0.0) if first.suit == "S" else Suits(0.0, 1.0)


def unknown_pair_suits(ranks: Sequence[str], decks: int) -> Suits:
    """The chance that two cards of these ranks, suits unseen, share spades or another suit."""
    same_rank = ranks[0] == ranks[1]
    # The second card's suit among the cards of its rank left in the shoe.
    same = (decks - 1) / (4 * decks - 1) if same_rank else 0.25
    return Suits(same / 4, same * 3 / 4)


@lru_cache(maxsize=64)
def cards_that_count(rules: Rules) -> int:
    """The number of cards from which a hand's rules no longer tell hands apart by their
    count: values and moves of hands with this many cards or more are the same."""
    counts = [3, rules.double_min_cards]  # naturals and first-two-card rules look at 2
    if rules.double_max_cards is not None:
        counts.append(rules.double_max_cards + 1)
    if rules.player_max_cards is not None:
        counts.append(rules.player_max_cards)
    if rules.five_card_trick_pays is not None:
        counts.append(6)
    if rules.caribbean_21_pays is not None or rules.no_bust_totals:
        counts.append(4)  # three-card hands
    if rules.five_card_21_pays is not None:
        counts.append(5)
    if rules.six_card_win:
        counts.append(6)
    if rules.bonus_table is BonusTable.MATCH_PLAY:
        counts.append(7)
    return max(counts)


def aces_count_after(rules: Rules) -> int:
    """From how many cards on whether a hand holds an ace no longer matters (with aces of
    one only, it still marks a three-card Caribbean 21)."""
    return 99 if rules.aces_eleven or rules.surrender_without_ace else 4


def with_card(
    rules: Rules, state: HandState, rank: str, limits: tuple[int, int] | None = None
) -> HandState:
    """The hand once it receives a card of this rank (its card count and ace kept only as
    far as the rules look at them: see `cards_that_count`). `limits` passes those two
    counts in, for callers that add many cards (hashing the rules takes time)."""
    special = state.special
    if special is not None:
        special = _grown_special(rules, state, special, rank)
    most, ace_until = limits or (cards_that_count(rules), aces_count_after(rules))
    cards = min(state.cards + 1, most)
    return HandState(
        state.hard + rank_value(rank),
        (state.ace or rank == "A") and cards < ace_until,
        cards,
        state.stake,
        state.doubles,
        state.from_split,
        state.split_aces,
        special,
    )


def _grown_special(
    rules: Rules, state: HandState, special: tuple[str, Suits], rank: str
) -> tuple[str, Suits] | None:
    pair, suits = special
    if state.cards != 2 or len(pair) != 2 or not is_plain(state):
        return None
    three = tuple(sorted(pair + rank))
    if three not in SPECIAL_THREES:
        return None
    # The third card shares the two cards' suit with the chance its rank's cards of that
    # suit keep among its rank's cards left (only the hand's own cards are counted out).
    decks = rules.decks
    same_rank = pair.count(rank)
    same = (decks - same_rank) / (4 * decks - same_rank)
    return "".join(three), Suits(suits.spades * same, suits.other_suit * same)


def doubled(state: HandState, amount: float) -> HandState:
    return state._replace(stake=state.stake + amount, doubles=state.doubles + 1, special=None)


# --- What the hand may do (round.py, verify_*) ---------------------------------------------


def rescue_pending(rules: Rules, state: HandState) -> bool:
    """After a one-card double the hand may only stand or surrender (Match Play 21)."""
    return state.doubles > 0 and rules.after_double is AfterDouble.ONE_CARD


def can_hit(rules: Rules, state: HandState) -> bool:
    if rescue_pending(rules, state):
        return False
    return rules.player_max_cards is None or state.cards < rules.player_max_cards


def can_stand(rules: Rules, state: HandState) -> bool:
    at_limit = rules.player_max_cards is not None and state.cards >= rules.player_max_cards
    return best_total(rules, state)[0] >= rules.player_stand_min or at_limit


def can_double(rules: Rules, state: HandState) -> bool:
    if rules.doubles_per_hand == 0 or state.doubles >= rules.doubles_per_hand:
        return False
    high = rules.double_max_cards
    if state.cards < rules.double_min_cards or (high is not None and state.cards > high):
        return False
    if state.from_split and not rules.double_after_split:
        return False
    if rules.double_totals is not None:
        total, soft = best_total(rules, state)
        if total not in rules.double_totals or (rules.double_hard_only and soft):
            return False
    return True


def can_surrender(rules: Rules, state: HandState) -> bool:
    if not rules.surrender:
        return False
    if state.from_split and not rules.surrender_after_split:
        return False
    if state.doubles and not rules.surrender_after_double:
        return False
    if rules.surrender_first_two_cards_only and state.cards != 2:
        return False
    if rules.surrender_without_ace and state.ace:
        return False
    return best_total(rules, state)[0] >= rules.surrender_min_total


def cards_match(rules: Rules, first: str, second: str) -> bool:
    """Whether two cards of these ranks may be split."""
    if rules.split_match is SplitMatch.ANY:
        return True
    if rules.split_match is SplitMatch.RANK:
        return first == second
    return rank_value(first) == rank_value(second)


def can_split(rules: Rules, state: HandState, first: str, second: str, hands_at_spot: int) -> bool:
    """Whether a two-card hand of these ranks may split, the spot holding `hands_at_spot`."""
    return (
        rules.splitting
        and state.cards == 2
        and state.doubles == 0
        and cards_match(rules, first, second)
        and hands_at_spot < rules.split_max_hands
        and not (state.split_aces and not rules.resplit_aces)
    )


def stands_alone(rules: Rules, state: HandState, may_split: bool = False) -> bool:
    """Whether the engine stands a hand that is not bust without asking (round.py,
    `_automatic_move`): 21, the most cards, split aces, a one-card double that may not be
    rescued. Hands that win at once (payoff.py, `always_wins`) stand too."""
    limit = rules.player_max_cards
    total, soft = best_total(rules, state)
    return (
        (total == 21 and not (soft and state.cards > 2 and rules.soft_21_draws))
        or (limit is not None and state.cards >= limit)
        or (state.split_aces and rules.split_aces_one_card and not may_split)
        or (rescue_pending(rules, state) and not can_surrender(rules, state))
    )


def hand_actions(rules: Rules, state: HandState) -> tuple[Action, ...]:
    """The moves of the hand itself (splitting is a move of the spot: see `can_split`)."""
    checks = (
        (Action.HIT, can_hit),
        (Action.STAND, can_stand),
        (Action.DOUBLE, can_double),
        (Action.SURRENDER, can_surrender),
    )
    return tuple(action for action, can in checks if can(rules, state))


def state_of(
    rules: Rules,
    cards: Sequence[Card],
    stake: float = 1.0,
    doubles: int = 0,
    from_split: bool = False,
    split_aces: bool = False,
    limits: tuple[int, int] | None = None,
) -> HandState:
    """The state of a hand of known cards (suits kept where Match Play 21 pays for them);
    `limits` as for `with_card`."""
    hard = sum(rank_value(card.rank) for card in cards)
    special = None
    if len(cards) == 2 and doubles == 0 and not from_split:
        special = special_of(rules, [c.rank for c in cards], pair_suits(cards))
    elif len(cards) == 3 and doubles == 0 and not from_split:
        ranks = tuple(sorted(c.rank for c in cards))
        if rules.bonus_table is BonusTable.MATCH_PLAY and ranks in SPECIAL_THREES:
            suits = {c.suit for c in cards}
            certain = Suits(1.0, 0.0) if suits == {"S"} else Suits(0.0, float(len(suits) == 1))
            special = "".join(ranks), certain
    most, ace_until = limits or (cards_that_count(rules), aces_count_after(rules))
    count = min(len(cards), most)
    return HandState(
        hard,
        any(card.rank == "A" for card in cards) and count < ace_until,
        count,
        stake,
        doubles,
        from_split,
        split_aces,
        special,
    )
