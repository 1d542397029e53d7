"""What a hand may do, and when it moves by itself (docs/rules.md, "The games" and "Automatic moves").

Each `refusal_to_x` gives the reason a hand may not do x, in words a player reads (the hand
named by `label`), or None when the rules allow it; `may_x` is the yes/no. Only the rules and
the hand's facts count here: whose turn it is and what the bankroll covers are the round's.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from casino_gui.engine.cards import rank_value
from casino_gui.engine.rulebook.facts import HandFacts, best_total, is_bust
from casino_gui.engine.rulebook.settle import wins_at_once
from casino_gui.engine.rules import AfterDouble, Insurance, MoveWords, Rules, SplitMatch

HAND = "the hand"


class Action(Enum):
    """The moves of a round, by their names in the replay format."""

    DEAL = "deal"
    INSURE = "insure"
    NO_INSURANCE = "no_insurance"
    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"

    # Members are singletons compared by identity: hash them so too (Enum's own hash is a
    # Python call, paid for every set of legal actions).
    __hash__ = object.__hash__


class AutomaticMove(Enum):
    """What the engine does to a hand without asking (docs/rules.md, "Automatic moves")."""

    BUST = "bust"
    STAND = "stand"
    HIT = "hit"  # a hand the dealer's final, visible hand beats (`auto_hit_beaten_hands`)


def rescue_pending(rules: Rules, hand: HandFacts) -> bool:
    """After a one-card double the hand may only stand or surrender (Match Play 21)."""
    return hand.doubles > 0 and rules.after_double is AfterDouble.ONE_CARD


def _one_card_only(rules: Rules, hand: HandFacts, label: str) -> str | None:
    """Why the hand takes no more cards: a one-card double, or split aces."""
    if rescue_pending(rules, hand):
        return f"{label} has doubled and takes no more cards"
    if hand.split_aces and rules.split_aces_one_card and hand.cards >= 2:
        return f"{label} is a split ace and takes one card only"
    return None


def _at_most_cards(rules: Rules, hand: HandFacts) -> bool:
    limit = rules.player_max_cards
    return limit is not None and hand.cards >= limit


def refusal_to_hit(rules: Rules, hand: HandFacts, label: str = HAND) -> str | None:
    refusal = _one_card_only(rules, hand, label)
    if refusal is not None:
        return refusal
    if _at_most_cards(rules, hand):
        return f"{label} has {hand.cards} cards, the most {rules.name} allows"
    return None


def refusal_to_stand(rules: Rules, hand: HandFacts, label: str = HAND) -> str | None:
    total, _ = best_total(rules, hand)
    if total < rules.player_stand_min and not _at_most_cards(rules, hand):
        return (
            f"{label} totals {total}; {rules.name} lets a hand stand on "
            f"{rules.player_stand_min} or more only"
        )
    return None


def refusal_to_double(rules: Rules, hand: HandFacts, label: str = HAND) -> str | None:
    game = rules.name
    if rules.doubles_per_hand == 0:
        return f"{game} does not allow doubling"
    refusal = _one_card_only(rules, hand, label)
    if refusal is not None:
        return refusal
    if hand.doubles >= rules.doubles_per_hand:
        times = "once" if rules.doubles_per_hand == 1 else f"{rules.doubles_per_hand} times"
        return f"{label} has doubled already; {game} allows doubling {times}"
    count, low, high = hand.cards, rules.double_min_cards, rules.double_max_cards
    if count < low or (high is not None and count > high):
        if high == 2:
            allowed = "on the first two cards only"
        elif high is None:
            allowed = f"on {low} or more cards"
        else:
            allowed = f"on {low} to {high} cards"
        return f"{label} has {count} cards; {game} allows doubling {allowed}"
    if hand.from_split and not rules.double_after_split:
        return f"{label} comes from a split; {game} does not allow doubling after a split"
    if rules.double_totals is not None:
        total, soft = best_total(rules, hand)
        if total not in rules.double_totals or (rules.double_hard_only and soft):
            totals = ", ".join(str(t) for t in sorted(rules.double_totals))
            hard = "hard " if rules.double_hard_only else ""
            shown = f"soft {total}" if soft else f"{total}"
            return f"{label} totals {shown}; {game} allows doubling on a {hard}{totals} only"
    return None


def refusal_to_split(
    rules: Rules,
    hand: HandFacts,
    ranks: tuple[str, str],
    hands_at_spot: int,
    label: str = HAND,
    shown: tuple[str, str] | None = None,
    spot: str = "the spot",
) -> str | None:
    """`ranks`: the ranks of the hand's two cards (`shown`: the cards as the message names
    them); `hands_at_spot`: the hands the spot holds now."""
    game = rules.name
    if not rules.splitting:
        return f"{game} does not allow splitting"
    if hand.cards != 2 or hand.doubles:
        return f"{label} has {hand.cards} cards; only a hand's first two cards can be split"
    first, second = ranks
    named = shown or ranks
    if rules.split_match is SplitMatch.RANK and first != second:
        return f"{label} holds {named[0]} and {named[1]}; {game} splits equal ranks only"
    if rules.split_match is SplitMatch.VALUE and rank_value(first) != rank_value(second):
        return f"{label} holds {named[0]} and {named[1]}; {game} splits equal values only"
    if hands_at_spot >= rules.split_max_hands:
        return f"{spot} has {hands_at_spot} hands, the most {game} allows"
    if hand.split_aces and not rules.resplit_aces:
        return f"{game} does not allow re-splitting aces"
    return None


def refusal_to_surrender(rules: Rules, hand: HandFacts, label: str = HAND) -> str | None:
    game = rules.name
    if not rules.surrender:
        return f"{game} does not allow surrender"
    if hand.from_split and not rules.surrender_after_split:
        return f"{label} comes from a split; {game} allows no surrender after a split"
    if hand.doubles and not rules.surrender_after_double:
        return f"{label} has doubled; {game} allows no surrender after a double"
    if rules.surrender_first_two_cards_only and hand.cards != 2:
        return f"{label} has {hand.cards} cards; {game} allows surrender on the first two only"
    if rules.surrender_without_ace and hand.ace:
        return f"{label} holds an ace; {game} allows no surrender with an ace"
    total, _ = best_total(rules, hand)
    if total < rules.surrender_min_total:
        return (
            f"{label} totals {total}; {game} allows surrender on "
            f"{rules.surrender_min_total} or more"
        )
    return None


def may_hit(rules: Rules, hand: HandFacts) -> bool:
    return refusal_to_hit(rules, hand) is None


def may_stand(rules: Rules, hand: HandFacts) -> bool:
    return refusal_to_stand(rules, hand) is None


def may_double(rules: Rules, hand: HandFacts) -> bool:
    return refusal_to_double(rules, hand) is None


def may_split(rules: Rules, hand: HandFacts, ranks: tuple[str, str], hands_at_spot: int) -> bool:
    return refusal_to_split(rules, hand, ranks, hands_at_spot) is None


def may_surrender(rules: Rules, hand: HandFacts) -> bool:
    return refusal_to_surrender(rules, hand) is None


def stands_by_itself(rules: Rules, hand: HandFacts, may_split_now: bool = False) -> bool:
    """Whether a hand that is not bust stands without asking: 21 (but a soft 21 of three or
    more cards where the rules let it go on), the most cards, split aces that take one card
    and may not be split again, a one-card double that may not be rescued, a hand that wins
    whatever the dealer holds (`wins_at_once`). A bust is over before any of these."""
    total, soft = best_total(rules, hand)
    return (
        (total == 21 and not (soft and hand.cards > 2 and rules.soft_21_draws))
        or _at_most_cards(rules, hand)
        or (hand.split_aces and rules.split_aces_one_card and not may_split_now)
        or (rescue_pending(rules, hand) and not may_surrender(rules, hand))
        or wins_at_once(rules, hand) is not None
    )


def automatic_move(
    rules: Rules,
    hand: HandFacts,
    may_split_now: bool = False,
    beaten: Callable[[], bool] | None = None,
) -> AutomaticMove | None:
    """The move the engine makes for a hand without asking, or None when the player decides:
    a bust is over first, then a hand that stands by itself (`stands_by_itself`), then, at a
    table that hits beaten hands (Face Up 21's option), a hand the dealer's final visible hand
    beats where a hit is the one move left that could still win: `beaten` says whether it is
    (the round knows the dealer's cards and the moves left), asked only at such a table. The
    round and the advisor both ask this, in this order; the advisor plays no such table."""
    if is_bust(rules, hand):
        return AutomaticMove.BUST
    if stands_by_itself(rules, hand, may_split_now):
        return AutomaticMove.STAND
    if rules.auto_hit_beaten_hands and beaten is not None and beaten():
        return AutomaticMove.HIT
    return None


def moves_offered(rules: Rules) -> frozenset[Action]:
    """The moves a table ever offers (a button it never offers is not shown: docs/rules.md,
    "Buttons")."""
    offered = {Action.DEAL, Action.HIT, Action.STAND}
    if rules.doubles_per_hand:
        offered.add(Action.DOUBLE)
    if rules.splitting:
        offered.add(Action.SPLIT)
    if rules.surrender:
        offered.add(Action.SURRENDER)
    if rules.insurance is Insurance.STANDARD:
        offered |= {Action.INSURE, Action.NO_INSURANCE}
    elif rules.insurance is Insurance.LATE:
        offered.add(Action.INSURE)  # late insurance is a move, not a question
    return frozenset(offered)


_PONTOON_WORDS = {Action.HIT: "twist", Action.STAND: "stick", Action.DOUBLE: "buy"}


def move_words(rules: Rules) -> dict[Action, str]:
    """Each move as the table calls it, for its buttons and what is said of them.

    >>> from casino_gui.engine.games import GAMES
    >>> [move_words(GAMES["pontoon"])[a] for a in (Action.HIT, Action.STAND, Action.DOUBLE)]
    ['twist', 'stick', 'buy']
    >>> move_words(GAMES["blackjack"])[Action.NO_INSURANCE]
    'no insurance'
    """
    words = {action: action.value.replace("_", " ") for action in Action}
    if rules.move_words is MoveWords.PONTOON:
        words.update(_PONTOON_WORDS)
    return words
