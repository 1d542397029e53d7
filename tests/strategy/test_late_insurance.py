"""Caribbean 21's late insurance valued as the option it is (late_insurance.py), against
expectimax over the real engine (engine_reference.py) on a one-deck table down to its last
seven unseen cards, where the option is worth most: every move agrees to 1e-9 of a bet.

Splitting is left out of these tables (one hand a spot): the reference does not split, and
the advisor values a split without the option (docs/counting.md, "What the hint's values take
into account"). Before the option, HIT was worth what it is without ever insuring later: at
the second table it read -0.214 and INSURE, best, 0.000, where hitting (and insuring when the
cards drawn make it pay) is worth +0.133 and doubling +0.267.
"""

from __future__ import annotations

import pytest

from casino_gui.engine.cards import RANKS, Card
from casino_gui.engine.games import CARIBBEAN_21
from casino_gui.engine.round import Action, Move
from casino_gui.engine.strategy import Decision, action_values
from casino_gui.engine.strategy.composition import Composition
from casino_gui.engine.strategy.insurance import late_insurance_value
from tests.strategy.engine_reference import EngineReference

EXACT = 1e-9
RULES = CARIBBEAN_21.replace(decks=1, split_max_hands=1)
DEALT = tuple(Card.parse(card) for card in ("2S", "AH", "3D"))  # the player's 2, the ace, 3
BET = 1_000


def decision(unseen: tuple[Card, ...], room: float) -> Decision:
    """The player's 2-3 against the dealer's ace, every card but `unseen` seen."""
    out = {str(card) for card in (*DEALT, *unseen)}
    seen = tuple(Card(r, s) for r in RANKS for s in "SHDC" if f"{r}{s}" not in out)
    return Decision(RULES, (DEALT[0], DEALT[2]), (DEALT[1],), seen, insurance_room=room)


@pytest.mark.parametrize(
    "unseen",
    ["TS TH TD 2H 9S 8S 7S", "TS TH TD 2H 2D 9S 8S"],
    ids=["tens a third of the cards", "the best move changed"],
)
def test_every_move_holds_the_option_of_insuring_later(unseen: str) -> None:
    cards = tuple(Card.parse(card) for card in unseen.split())
    ours = action_values(decision(cards, room=0.5))
    theirs = EngineReference(RULES, DEALT, cards, BET).move_values()
    assert (
        set(ours)
        == set(theirs)
        == {
            Action.HIT,
            Action.STAND,
            Action.DOUBLE,
            Action.SURRENDER,
            Action.INSURE,
        }
    )
    assert all(abs(ours[a] - theirs[a]) < EXACT for a in theirs), (ours, theirs)


def test_a_hand_fully_insured_may_insure_again_once_a_double_makes_room() -> None:
    """The whole room insured ($5 of a $10 bet): no INSURE now, but a double adds $5 of
    room, and hitting and doubling hold the option of using it."""
    cards = tuple(Card.parse(card) for card in ["TS", "TH", "TD", "2H", "9S", "8S", "7S"])
    ours = action_values(decision(cards, room=0.0))
    reference = EngineReference(RULES, DEALT, cards, BET)
    theirs = reference.move_values(before=(Move(Action.INSURE, BET // 2),))
    assert Action.INSURE not in ours and Action.INSURE not in theirs
    # The reference's values hold the $5 insured, worth the same whatever the hand does: the
    # dealer's next two cards are both tens 3/7 * 2/6 of the time, paid 9:1.
    insured = 0.5 * (3 / 7 * 2 / 6 * 10 - 1)
    assert all(abs(ours[a] + insured - theirs[a]) < EXACT for a in theirs), (ours, theirs)


def test_at_the_published_table_insurance_pays_only_after_twelve_cards_and_no_ten() -> None:
    """Why the option is worth next to nothing at Caribbean 21's own table (eight decks
    shuffled every round; docs/counting.md): out of the shoe with the dealer's ace, eleven
    cards that are not tens leave insurance losing, twelve make it pay."""
    shoe = Composition.of_shoe(CARIBBEAN_21).without(["A"])
    small = ["2", "3", "4", "5", "6", "7", "8", "9"] * 2
    assert late_insurance_value(CARIBBEAN_21, shoe.without(small[:11])) < 0
    assert late_insurance_value(CARIBBEAN_21, shoe.without(small[:12])) > 0
    assert late_insurance_value(CARIBBEAN_21, shoe.without([*small[:12], "T"])) < 0
