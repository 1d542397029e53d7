"""An exact calculator for standard blackjack, written apart from the advisor to check it.

Cards are values 1 (ace) to 10; a composition is the count of each value left unseen
(index 0 = aces). The rules are the common game's: the dealer peeks under an ace or a ten,
hits soft 17 or not, doubling on any first two cards (after a split too), one split to two
hands (split aces one card each, a 21 after a split no natural), late surrender on the first
two cards. Nothing here calls the advisor or the rulebook: the recursions are the textbook
ones, memoized on the composition.

The dealer's hole card is unknown to the player: by symmetry it is any unseen card, except
that once he has peeked it is not the card that would have made his natural. The player's
next card is therefore averaged over the hole card explicitly (`next_card`), and the
dealer's final total over the hole card left at the end (`dealer_totals`). A split is
enumerated in full: the first hand is played knowing the second's first card, the second
knowing every card of the first, and both stand against the dealer's cards drawn from what
is left.
"""

from __future__ import annotations

from functools import cache

Composition = tuple[int, ...]
BUST = 22


def without(comp: Composition, value: int) -> Composition:
    return (*comp[: value - 1], comp[value - 1] - 1, *comp[value:])


def hole_cards(comp: Composition, up: int) -> list[tuple[int, float]]:
    """The hole card's values with their chances, given the dealer has no natural."""
    barred = {1: 10, 10: 1}.get(up)
    allowed = [(v, comp[v - 1]) for v in range(1, 11) if comp[v - 1] and v != barred]
    total = sum(n for _, n in allowed)
    return [(v, n / total) for v, n in allowed]


@cache
def _dealer_from(hard: int, soft: bool, comp: Composition, h17: bool) -> tuple[float, ...]:
    """Chances of the dealer's final 17, 18, 19, 20, 21, bust from this hand."""
    total = hard + 10 if soft and hard + 10 <= 21 else hard
    is_soft = soft and hard + 10 <= 21
    if total > 21:
        return (0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
    if total > 17 or (total == 17 and not (is_soft and h17)):
        out = [0.0] * 6
        out[total - 17] = 1.0
        return tuple(out)
    left = sum(comp)
    out = [0.0] * 6
    for v in range(1, 11):
        if comp[v - 1]:
            p = comp[v - 1] / left
            below = _dealer_from(hard + v, soft or v == 1, without(comp, v), h17)
            for i in range(6):
                out[i] += p * below[i]
    return tuple(out)


@cache
def dealer_totals(comp: Composition, up: int, h17: bool) -> tuple[float, ...]:
    """Chances of the dealer's final 17..21 and bust, drawing from `comp` after the player,
    his hole card one of these cards (not the one completing a natural)."""
    out = [0.0] * 6
    for hole, p in hole_cards(comp, up):
        below = _dealer_from(up + hole, up == 1 or hole == 1, without(comp, hole), h17)
        for i in range(6):
            out[i] += p * below[i]
    return tuple(out)


def next_card(comp: Composition, up: int) -> list[tuple[int, float]]:
    """The player's next card with its chance: the hole card, unknown, is one of the cards,
    so each value's chance is averaged over what the hole card may be."""
    chances = [0.0] * 10
    for hole, p in hole_cards(comp, up):
        rest = without(comp, hole)
        left = sum(rest)
        for v in range(1, 11):
            if rest[v - 1]:
                chances[v - 1] += p * rest[v - 1] / left
    return [(v, c) for v, c in zip(range(1, 11), chances, strict=True) if c]


def best_total(hard: int, soft: bool) -> int:
    return hard + 10 if soft and hard + 10 <= 21 else hard


def stand_value(total: int, comp: Composition, up: int, h17: bool) -> float:
    """A stood (or busted) hand of one bet against the dealer's cards from `comp`."""
    if total > 21:
        return -1.0
    dealer = dealer_totals(comp, up, h17)
    value = dealer[5]  # he busts
    for i, p in enumerate(dealer[:5]):
        dealer_total = 17 + i
        value += p * (1.0 if total > dealer_total else -1.0 if total < dealer_total else 0.0)
    return value


@cache
def _best(hard: int, soft: bool, comp: Composition, up: int, h17: bool) -> float:
    """A hand of two or more cards that may only hit or stand, played best."""
    if best_total(hard, soft) >= 21 or hard > 21:
        return stand_value(best_total(hard, soft), comp, up, h17)
    return max(
        stand_value(best_total(hard, soft), comp, up, h17),
        _hit(hard, soft, comp, up, h17),
    )


def _hit(hard: int, soft: bool, comp: Composition, up: int, h17: bool) -> float:
    return sum(
        p * _best(hard + v, soft or v == 1, without(comp, v), up, h17)
        for v, p in next_card(comp, up)
    )


def _double(hard: int, soft: bool, comp: Composition, up: int, h17: bool) -> float:
    return 2 * sum(
        p * stand_value(best_total(hard + v, soft or v == 1), without(comp, v), up, h17)
        for v, p in next_card(comp, up)
    )


def values(
    hand: tuple[int, ...],
    up: int,
    comp: Composition,
    h17: bool = True,
    surrender: bool = False,
    split: bool = True,
) -> dict[str, float]:
    """Every move's value, in bets, for a hand of these card values against `up`, the
    unseen cards (the shoe less the hand, the up card and every other card seen) `comp`."""
    hard, soft = sum(hand), 1 in hand
    moves = {
        "stand": stand_value(best_total(hard, soft), comp, up, h17),
        "hit": _hit(hard, soft, comp, up, h17),
    }
    if len(hand) == 2:
        moves["double"] = _double(hard, soft, comp, up, h17)
        if surrender:
            moves["surrender"] = -0.5
        if split and hand[0] == hand[1]:
            moves["split"] = split_value(hand[0], comp, up, h17)
    return moves


# --- One split, both hands enumerated ---------------------------------------------------

Final = tuple[int, int]  # a finished split hand: its total (22: bust) and its stake


def _pay(final: Final, dealer: tuple[float, ...]) -> float:
    total, stake = final
    if total > 21:
        return -stake
    value = dealer[5]
    for i, p in enumerate(dealer[:5]):
        value += p * ((total > 17 + i) - (total < 17 + i))
    return stake * value


def split_value(pair: int, comp: Composition, up: int, h17: bool) -> float:
    """The two hands a split makes, both valued, the first played before the second."""
    return sum(
        p * _first(pair + v, pair == 1 or v == 1, 2, pair, without(comp, v), up, h17)
        for v, p in next_card(comp, up)
    )


@cache
def _first(
    hard: int, soft: bool, cards: int, pair: int, comp: Composition, up: int, h17: bool
) -> float:
    """The first split hand to play; the second hand holds only `pair`."""
    total = best_total(hard, soft)
    if hard > 21:
        return _second_start((BUST, 1), pair, comp, up, h17)
    stand = _second_start((total, 1), pair, comp, up, h17)
    if total == 21 or pair == 1:  # 21 stands; split aces take one card
        return stand
    options = [
        stand,
        sum(
            p * _first(hard + v, soft or v == 1, cards + 1, pair, without(comp, v), up, h17)
            for v, p in next_card(comp, up)
        ),
    ]
    if cards == 2:
        options.append(
            sum(
                p
                * _second_start(
                    (min(best_total(hard + v, soft or v == 1), BUST), 2),
                    pair,
                    without(comp, v),
                    up,
                    h17,
                )
                for v, p in next_card(comp, up)
            )
        )
    return max(options)


def _second_start(first: Final, pair: int, comp: Composition, up: int, h17: bool) -> float:
    return sum(
        p * _second(pair + v, pair == 1 or v == 1, 2, pair == 1, first, without(comp, v), up, h17)
        for v, p in next_card(comp, up)
    )


@cache
def _second(
    hard: int,
    soft: bool,
    cards: int,
    aces: bool,
    first: Final,
    comp: Composition,
    up: int,
    h17: bool,
) -> float:
    """The second split hand, the first finished as `first`."""
    total = best_total(hard, soft)
    if hard > 21:
        return _pay(first, dealer_totals(comp, up, h17)) - 1
    dealer = dealer_totals(comp, up, h17)
    stand = _pay(first, dealer) + _pay((total, 1), dealer)
    if total == 21 or aces:
        return stand
    options = [
        stand,
        sum(
            p
            * _second(hard + v, soft or v == 1, cards + 1, False, first, without(comp, v), up, h17)
            for v, p in next_card(comp, up)
        ),
    ]
    if cards == 2:
        options.append(
            sum(
                p * _second_doubled(hard + v, soft or v == 1, first, without(comp, v), up, h17)
                for v, p in next_card(comp, up)
            )
        )
    return max(options)


def _second_doubled(
    hard: int, soft: bool, first: Final, comp: Composition, up: int, h17: bool
) -> float:
    dealer = dealer_totals(comp, up, h17)
    return _pay(first, dealer) + _pay((min(best_total(hard, soft), BUST), 2), dealer)


# --- One split, each hand played on its own cards --------------------------------------
#
# The standard post-split method of composition-dependent calculators: each split hand
# plays best for the unseen cards less the pair and its own cards, not knowing the other
# hand's. Here that strategy is fixed first, hand by hand, then both hands are enumerated
# together, every card drawn taken out of the one shoe, the dealer drawing from what both
# left: the value of the split played so.


def _final(hard: int, soft: bool, stake: int) -> Final:
    return (BUST if hard > 21 else best_total(hard, soft), stake)


def _own_move(
    hard: int, soft: bool, cards: int, aces: bool, own: Composition, up: int, h17: bool
) -> str:
    """The move of a split hand playing best on its own cards (`own`: what it has not seen)."""
    total = best_total(hard, soft)
    if hard > 21 or total == 21 or aces:
        return "stand"  # bust, 21 or split aces: one card each
    options = {"stand": stand_value(total, own, up, h17), "hit": _hit(hard, soft, own, up, h17)}
    if cards == 2:
        options["double"] = _double(hard, soft, own, up, h17)
    return max(options, key=lambda move: options[move])


def split_value_own_cards(pair: int, comp: Composition, up: int, h17: bool) -> float:
    """The two hands a split makes, each played knowing only its own cards."""
    return sum(
        p * _first_own(pair + v, pair == 1 or v == 1, 2, pair, without(comp, v), comp, up, h17)
        for v, p in next_card(comp, up)
    )


@cache
def _first_own(
    hard: int,
    soft: bool,
    cards: int,
    pair: int,
    comp: Composition,
    at_split: Composition,
    up: int,
    h17: bool,
) -> float:
    """The first hand (its own cards are all it has seen since the split, so `comp` is
    also its own view); `at_split` is what the second hand starts from."""
    move = _own_move(hard, soft, cards, pair == 1, comp, up, h17)
    if move == "stand":
        return _second_own_start(_final(hard, soft, 1), pair, comp, at_split, up, h17)
    if move == "hit":
        return sum(
            p
            * _first_own(
                hard + v, soft or v == 1, cards + 1, pair, without(comp, v), at_split, up, h17
            )
            for v, p in next_card(comp, up)
        )
    return sum(
        p
        * _second_own_start(
            _final(hard + v, soft or v == 1, 2), pair, without(comp, v), at_split, up, h17
        )
        for v, p in next_card(comp, up)
    )


def _second_own_start(
    first: Final, pair: int, comp: Composition, at_split: Composition, up: int, h17: bool
) -> float:
    return sum(
        p
        * _second_own(
            pair + v,
            pair == 1 or v == 1,
            2,
            pair == 1,
            first,
            without(comp, v),
            without(at_split, v),
            up,
            h17,
        )
        for v, p in next_card(comp, up)
    )


@cache
def _second_own(
    hard: int,
    soft: bool,
    cards: int,
    aces: bool,
    first: Final,
    comp: Composition,
    own: Composition,
    up: int,
    h17: bool,
) -> float:
    """The second hand: `comp` is the shoe's true unseen cards, `own` the hand's view (the
    cards at the split less its own)."""
    move = _own_move(hard, soft, cards, aces, own, up, h17)
    if move == "stand":
        dealer = dealer_totals(comp, up, h17)
        return _pay(first, dealer) + _pay(_final(hard, soft, 1), dealer)
    if move == "hit":
        return sum(
            p
            * _second_own(
                hard + v,
                soft or v == 1,
                cards + 1,
                False,
                first,
                without(comp, v),
                without(own, v),
                up,
                h17,
            )
            for v, p in next_card(comp, up)
        )
    total = 0.0
    for v, p in next_card(comp, up):
        dealer = dealer_totals(without(comp, v), up, h17)
        total += p * (_pay(first, dealer) + _pay(_final(hard + v, soft or v == 1, 2), dealer))
    return total
