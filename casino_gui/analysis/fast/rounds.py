"""Rounds of Standard BlackJack's rule family played by the chart, compiled by numba.

One function, `play_rounds`, deals and settles many rounds of one spot from a shoe of card
values (1 the ace, 10 the ten-value cards) and keeps their sums by the floored true count
before each deal, as `analysis/simulation.py` keeps the engine's. It reads every rule and the
play from `tables.py`'s arrays; the flow of a round is docs/rules.md's ("Order of play") for the blackjack family:
the deal (spot, dealer, spot, dealer), no insurance (the chart never buys it), the peek on
an ace or a ten, the natural paid, the hands played in order (a split hand's second card
dealt when its turn comes, a re-split hand right after the hand it came from), the dealer
drawing only while a hand is left for his cards to decide, and the settlement in cents.

Two ways to deal (`shuffle`): from the shoe's own random shuffle (a Fisher-Yates step per
card, reshuffled when the cut card is out or before every round without one), or `stacked`,
the shoe's order given (one shuffle of the engine's: the round-for-round test), stopping when
its cut card is out. Written in the subset of Python numba compiles; `rounds.py` runs as plain
Python where numba is missing, only much slower (docs/decisions.md, "Simulations at compiled
speed").
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from casino_gui.analysis.fast.tables import (
    DOUBLE,
    HIT,
    NO_CELL,
    RULE_BURN,
    RULE_CUT,
    RULE_NATURAL_DEN,
    RULE_NATURAL_NUM,
    SPLIT,
    STAND,
    SURRENDER,
    TRUE_COUNT_HIGH,
    TRUE_COUNT_LOW,
)

# What a stacked shoe's rounds ended with: its cut card came out, or the rounds asked for
# were played, or the shoe ran out within a round (the engine then shuffles its discards,
# which a given order cannot follow).
CUT_OUT, ALL_PLAYED, RAN_OUT = 0, 1, 2
MOST_HANDS = 4  # the custom table splits to four hands at the most
# A hand's row: its hard total, an ace in it, its cards, its stake in bets, whether it came
# from a split, whether it is a split ace, its first two cards' values, whether it is over
# (bust or surrendered).
_HARD, _ACE, _CARDS, _STAKE, _FROM_SPLIT, _SPLIT_ACES, _FIRST, _SECOND, _OVER = range(9)
_FIELDS = 9


def _jit(function: Callable[..., Any]) -> Callable[..., Any]:
    """numba's compilation where it loads, else the plain function (`running.numba_refusal`
    then sends the simulation to the engine). The machine code is kept beside the module for
    the next start (a second, not the first compile's few), except in the frozen program,
    whose modules have no folder of their own to keep it in."""
    try:
        import numba
    except Exception:  # ImportError, or OSError: llvmlite's library missing or unloadable
        return function
    keep = not getattr(sys, "frozen", False)
    compiled: Callable[..., Any] = numba.njit(cache=keep, nogil=True)(function)
    return compiled


@_jit
def resolve(
    code: int, can_hit: bool, can_double: bool, can_split: bool, can_surrender: bool
) -> int:
    """The move a chart code makes where the hand may or may not double, split, surrender:
    the first of its `ChartCode.moves` the hand may make ("D double, else hit", "Rs surrender,
    else stand", ...); where it may make none, a hit, or a stand where it may not hit (split
    aces). Equal for every input (tests/analysis/test_fast_rounds.py)."""
    move = HIT
    if code == 1:  # S
        move = STAND
    elif code == 2:  # D
        move = DOUBLE if can_double else HIT
    elif code == 3:  # Ds
        move = DOUBLE if can_double else STAND
    elif code == 4:  # P
        move = SPLIT if can_split else HIT
    elif code >= 5:  # Rh Rs Rp
        if can_surrender:
            move = SURRENDER
        elif code == 5:
            move = HIT
        elif code == 6:
            move = STAND
        else:
            move = SPLIT if can_split else HIT
    if move == HIT and not can_hit:
        move = STAND
    return move


@_jit
def chart_code(
    hard_cells: np.ndarray,
    soft_cells: np.ndarray,
    pair_cells: np.ndarray,
    hard: int,
    total: int,
    pair: int,
    up: int,
    can_split: bool,
) -> int:
    """The chart's code for a hand (its hard total and its best total, the rulebook's; `pair`
    the value of a pair it holds, else 0) against the up card: the pair's row where it may
    split and the row splits or surrenders to split, else the row of its total (soft where
    an ace counts 11)."""
    if pair > 0 and can_split:
        code = pair_cells[pair, up]
        if code != NO_CELL:
            return int(code)
    if pair > 0 and not can_split:
        code = pair_cells[pair, up]
        if code not in (NO_CELL, 4, 7):
            return int(code)  # a pair row that does not split plays as it says
    if total != hard:
        code = soft_cells[total, up]
        if code != NO_CELL:
            return int(code)
    return int(hard_cells[min(hard, 31), up])


@_jit
def _draw(
    order: np.ndarray, pos: int, end: int, start: int, shuffle: bool
) -> tuple[int, int, int, bool]:
    """The next card: (its value, the position after it, the shoe's end, whether the
    discards were shuffled back in for it), or a value of -1 where a stacked shoe, or a
    round begun at a shoe's first card, ran out. A shuffled shoe takes one Fisher-Yates step;
    one that runs out within a round goes on from the cards dealt before the round (the
    engine's `Shoe._shuffle_discards`)."""
    went = False
    if pos >= end:
        if not shuffle or start == 0:
            return -1, pos, end, False
        end, pos, went = start, 0, True
    if shuffle:
        other = pos + np.random.randint(0, end - pos)
        card = order[other]
        order[other] = order[pos]
        order[pos] = card
    return int(order[pos]), pos + 1, end, went


@_jit
def _take(hands: np.ndarray, hand: int, card: int) -> None:
    """A card to a hand."""
    hands[hand, _HARD] += card
    hands[hand, _CARDS] += 1
    if card == 1:
        hands[hand, _ACE] = 1


@_jit
def play_rounds(
    order: np.ndarray,
    rounds: int,
    shuffle: bool,
    seed: int,
    rules_row: np.ndarray,
    hard_cells: np.ndarray,
    soft_cells: np.ndarray,
    pair_cells: np.ndarray,
    doubles: np.ndarray,
    surrenders: np.ndarray,
    splits: np.ndarray,
    draws: np.ndarray,
    totals: np.ndarray,
    busts: np.ndarray,
    tags: np.ndarray,
    ramp: np.ndarray,
    unit: int,
    sums: np.ndarray,
    nets: np.ndarray,
    bets: np.ndarray,
    trues: np.ndarray,
) -> tuple[int, int]:
    """Play up to `rounds` rounds from `order` (the shoe's card values); add each round's
    n, net, net², bet, bet², net·bet (cents) to `sums[true count - TRUE_COUNT_LOW]`, and,
    where `nets` has room, its net, bet and true count to `nets`, `bets`, `trues`.
    Returns (rounds played, CUT_OUT | ALL_PLAYED | RAN_OUT)."""
    if shuffle:
        np.random.seed(seed)
    size = order.shape[0]
    cut = rules_row[RULE_CUT]
    burn = rules_row[RULE_BURN]
    natural_num = rules_row[RULE_NATURAL_NUM]
    natural_den = rules_row[RULE_NATURAL_DEN]
    # The hands of the spot, a row each (`_HARD`, ... below).
    hands = np.zeros((MOST_HANDS + 1, _FIELDS), np.int64)
    drawn = np.zeros(4, np.int64)
    end = size  # where the shoe ends (the discards, once shuffled back in, end sooner)
    pos = 0
    running = 0
    played = 0
    new_shuffle = True
    if not shuffle:
        pos = burn
        new_shuffle = False
    while played < rounds:
        if new_shuffle:
            end = size
            pos = burn  # the burn card (a shoe game's) is the shuffle's first card
            if shuffle and burn:
                other = np.random.randint(0, size)
                card = order[other]
                order[other] = order[0]
                order[0] = card
            running = 0
            new_shuffle = False
        start = pos
        left = end - pos
        true = 0
        if cut > 0:
            decks_left = max(left / 52.0, 0.25)
            true = math.floor(running / decks_left)
        index = min(max(true, TRUE_COUNT_LOW), TRUE_COUNT_HIGH) - TRUE_COUNT_LOW
        bet = ramp[index] * unit
        passed = False
        # -- the deal: a card to the spot, the up card, the spot's second, the hole card.
        for k in range(4):
            card, pos, end, went = _draw(order, pos, end, start, shuffle)
            if card < 0:
                return played, RAN_OUT
            passed = passed or went
            drawn[k] = card
        first, up, second, hole = drawn[0], drawn[1], drawn[2], drawn[3]
        n_hands = 1
        hands[0, _HARD] = first + second
        hands[0, _ACE] = 1 if (first == 1 or second == 1) else 0
        hands[0, _CARDS] = 2
        hands[0, _STAKE] = 1
        hands[0, _FROM_SPLIT] = 0
        hands[0, _SPLIT_ACES] = 0
        hands[0, _FIRST] = first
        hands[0, _SECOND] = second
        hands[0, _OVER] = 0
        net = 0
        dealer_natural = (up == 1 and hole == 10) or (up == 10 and hole == 1)
        player_natural = hands[0, _HARD] == 11 and hands[0, _ACE] == 1
        settled = False
        if dealer_natural:  # the peek: an ace or a ten up shows the natural at once
            net = 0 if player_natural else -bet
            settled = True
        elif player_natural:
            net = bet * natural_num // natural_den
            settled = True
        if not settled:
            active = 0
            while active < n_hands:
                # A split hand receives its second card when its turn comes.
                if hands[active, _CARDS] == 1:
                    card, pos, end, went = _draw(order, pos, end, start, shuffle)
                    if card < 0:
                        return played, RAN_OUT
                    passed = passed or went
                    _take(hands, active, card)
                    hands[active, _SECOND] = card
                doubled = split = False
                while True:
                    hard = hands[active, _HARD]
                    ace = hands[active, _ACE]
                    cards = hands[active, _CARDS]
                    total = totals[hard, ace]
                    if busts[hard, ace] == 1:
                        hands[active, _OVER] = 1
                        net -= hands[active, _STAKE] * bet
                        break
                    pair = 0
                    if cards == 2 and hands[active, _FIRST] == hands[active, _SECOND]:
                        pair = hands[active, _FIRST]
                    can_split = (
                        pair > 0
                        and not doubled
                        and splits[pair, n_hands, hands[active, _SPLIT_ACES]] == 1
                    )
                    if total == 21 or doubled:
                        break
                    if hands[active, _SPLIT_ACES] == 1 and not can_split:
                        break  # split aces take one card
                    from_split = hands[active, _FROM_SPLIT]
                    can_hit = hands[active, _SPLIT_ACES] == 0
                    can_double = can_hit and doubles[from_split, cards, hard, ace] == 1
                    can_surrender = surrenders[from_split, cards, hard, ace] == 1
                    code = chart_code(
                        hard_cells, soft_cells, pair_cells, hard, total, pair, up, can_split
                    )
                    move = resolve(code, can_hit, can_double, can_split, can_surrender)
                    if move == STAND:
                        break
                    if move == SURRENDER:
                        hands[active, _OVER] = 1
                        stake = hands[active, _STAKE] * bet
                        net -= stake - stake // 2
                        break
                    if move == SPLIT:
                        # The new hand takes the second card, right after this one.
                        for j in range(n_hands, active + 1, -1):
                            hands[j] = hands[j - 1]
                        n_hands += 1
                        nxt = active + 1
                        hands[nxt, _HARD] = pair
                        hands[nxt, _ACE] = 1 if pair == 1 else 0
                        hands[nxt, _CARDS] = 1
                        hands[nxt, _STAKE] = 1
                        hands[nxt, _FROM_SPLIT] = 1
                        hands[nxt, _SPLIT_ACES] = 1 if pair == 1 else 0
                        hands[nxt, _FIRST] = pair
                        hands[nxt, _SECOND] = 0
                        hands[nxt, _OVER] = 0
                        hands[active, _HARD] = pair
                        hands[active, _CARDS] = 1
                        hands[active, _FROM_SPLIT] = 1
                        hands[active, _SPLIT_ACES] = 1 if pair == 1 else 0
                        split = True
                        break  # this hand takes its second card as a waiting one does
                    # A card: after a hit or a double.
                    card, pos, end, went = _draw(order, pos, end, start, shuffle)
                    if card < 0:
                        return played, RAN_OUT
                    passed = passed or went
                    _take(hands, active, card)
                    if move == DOUBLE:
                        hands[active, _STAKE] = 2
                        doubled = True
                if not split:
                    active += 1
            # -- the dealer, while a hand is left for his cards to decide.
            waiting = False
            for j in range(n_hands):
                if hands[j, _OVER] == 0:
                    waiting = True
            if waiting:
                d_hard = up + hole
                d_ace = 1 if (up == 1 or hole == 1) else 0
                d_cards = 2
                while draws[min(d_hard, 31), d_ace, d_cards] == 1:
                    card, pos, end, went = _draw(order, pos, end, start, shuffle)
                    if card < 0:
                        return played, RAN_OUT
                    passed = passed or went
                    d_hard += card
                    if card == 1:
                        d_ace = 1
                    d_cards += 1
                d_total = totals[d_hard, d_ace]
                d_bust = busts[d_hard, d_ace] == 1
                for j in range(n_hands):
                    if hands[j, _OVER] == 1:
                        continue
                    hard = hands[j, _HARD]
                    total = totals[hard, hands[j, _ACE]]
                    stake = hands[j, _STAKE] * bet
                    if d_bust or total > d_total:
                        net += stake
                    elif total < d_total:
                        net -= stake
        # -- the sums, the count of this round's cards, the next shuffle.
        row = min(max(true, TRUE_COUNT_LOW), TRUE_COUNT_HIGH) - TRUE_COUNT_LOW
        sums[row, 0] += 1
        sums[row, 1] += net
        sums[row, 2] += net * net
        sums[row, 3] += bet
        sums[row, 4] += bet * bet
        sums[row, 5] += net * bet
        if played < nets.shape[0]:
            nets[played] = net
            bets[played] = bet
            trues[played] = true
        played += 1
        if passed:
            new_shuffle = True
        else:
            for j in range(start, pos):
                running += tags[order[j]]
        if cut == 0 or pos >= cut or passed:
            if not shuffle:
                return played, CUT_OUT
            new_shuffle = True
    return played, ALL_PLAYED
