"""The one-line why of a play that this game's rules make differ from Standard BlackJack's.

The advisor values the same decision (the same cards, the same dealer's up card, the same
number of decks) under Standard BlackJack's rules; where its best move is another, the first
rule of this table below that bears on the decision says why. Where the dealer shows no card
(Pontoon) there is nothing to compare: the rules that bear on the decision itself (a forced
hit, a five-card trick, a double after hits) still say why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rules import DealerCards, Insurance, Tie
from casino_gui.engine.strategy import action_values, decision_of

Reason = Callable[[Round, Action], str | None]


def _cards(table: Round) -> int:
    hand = table.active_hand
    return len(hand.cards) if hand is not None and table.phase is Phase.PLAYER_TURNS else 0


def _double_after_hits(table: Round, best: Action) -> str | None:
    if best is Action.DOUBLE and _cards(table) >= 3:
        return f"{table.rules.name} lets a hand double on {_cards(table)} cards"
    return None


def _forced(table: Round, best: Action) -> str | None:
    rules = table.rules
    if rules.player_stand_min and Action.STAND not in table.legal_actions():
        return f"{rules.name} lets a hand stand only on {rules.player_stand_min} or more"
    return None


def _five_card_trick(table: Round, best: Action) -> str | None:
    pays = table.rules.five_card_trick_pays
    if pays is not None and _cards(table) == 4 and best in (Action.HIT, Action.DOUBLE):
        return f"five cards that do not bust make a five-card trick: it beats 21 and pays {pays}"
    return None


def _six_cards(table: Round, best: Action) -> str | None:
    rules = table.rules
    if not (rules.six_card_win and _cards(table) >= 4 and best is Action.HIT):
        return None
    said = "six cards that do not bust win at once"
    if rules.five_card_21_pays is not None:
        said += f", and a 21 of five or more pays {rules.five_card_21_pays}"
    return said


def _no_bust(table: Round, best: Action) -> str | None:
    totals = sorted(table.rules.no_bust_totals)
    if totals and _cards(table) == 2 and best in (Action.HIT, Action.DOUBLE):
        return (
            f"a three-card {totals[0]}–{totals[-1]} pushes when the dealer ends higher,"
            " so a hit risks less"
        )
    return None


def _late_insurance(table: Round, best: Action) -> str | None:
    if best is Action.INSURE and table.rules.insurance is Insurance.LATE:
        return (
            f"late insurance, bought at any moment of the hand, pays {table.rules.insurance_pays}"
            " if the dealer's next two cards are tens"
        )
    return None


def _rescue(table: Round, best: Action) -> str | None:
    hand = table.active_hand
    if best is Action.SURRENDER and hand is not None and hand.doubles:
        return f"{table.rules.name} lets a doubled hand surrender half its stake (the rescue)"
    return None


def _surrender(table: Round, best: Action) -> str | None:
    if best is Action.SURRENDER:
        return (
            f"{table.rules.name} offers surrender, which Standard BlackJack does not: half the"
            " stake back loses less than playing on"
        )
    return None


def _no_tens(table: Round, best: Action) -> str | None:
    if "T" in table.rules.removed_ranks:
        return "the shoe has no 10s (J, Q, K stay): fewer cards bust a hit or make a double"
    return None


def _ties(table: Round, best: Action) -> str | None:
    if table.rules.ties is Tie.DEALER_WINS:
        return "the dealer wins ties here, so a total he often matches is worth less"
    return None


def _aces_one(table: Round, best: Action) -> str | None:
    if not table.rules.aces_eleven:
        return "aces count 1 only: there are no soft hands"
    return None


def _face_up(table: Round, best: Action) -> str | None:
    if table.rules.dealer_cards is DealerCards.BOTH_UP:
        return "both the dealer's cards are face up: you play against his total"
    return None


def _no_hole_card(table: Round, best: Action) -> str | None:
    if table.rules.dealer_cards is DealerCards.UP_ONLY:
        return "the dealer has no hole card: he draws his second card after you play"
    return None


# The reasons that bear on the decision itself first, then the table's general rules.
REASONS: tuple[Reason, ...] = (
    _double_after_hits,
    _forced,
    _five_card_trick,
    _six_cards,
    _no_bust,
    _late_insurance,
    _rescue,
    _surrender,
    _no_tens,
    _aces_one,
    _face_up,
    _ties,
    _no_hole_card,
)
_FIRST_GENERAL = REASONS.index(_late_insurance)


def standard_best(table: Round) -> Action | None:
    """The best move of the same decision under Standard BlackJack's rules (the table's
    number of decks), or None where the dealer shows no card or Standard has no choice."""
    if not table.visible_dealer_cards():
        return None
    decision = decision_of(table)
    standard = BLACKJACK.replace(decks=table.rules.decks)
    values = action_values(
        replace(
            decision,
            rules=standard,
            dealer=decision.dealer[:1],
            insurance_room=0.0,
            double_amount=None,
        )
    )
    if len(values) < 2:
        return None
    return max(values, key=lambda action: values[action])


def why(table: Round, best: Action) -> str | None:
    """One line on why the best play here is not Standard BlackJack's, or None.

    >>> from casino_gui.engine.games import rules_for
    >>> from casino_gui.engine.shoe import Shoe
    >>> rules = rules_for("no_bust_21")
    >>> table = Round(rules, Shoe.stacked(rules, "TS 2C 3H 7D"), bankroll=100_000)
    >>> _ = table.bet(1, 1_000)
    >>> _ = table.deal()
    >>> why(table, Action.HIT)
    'a three-card 23–25 pushes when the dealer ends higher, so a hit risks less'
    """
    standard = standard_best(table)
    if standard is best:
        return None
    reasons = REASONS if standard is not None else REASONS[:_FIRST_GENERAL]
    for reason in reasons:
        line = reason(table, best)
        if line is not None:
            return line
    if standard is None:
        return None
    return f"{table.rules.name}'s rules differ: Standard BlackJack would {standard.value} here"
