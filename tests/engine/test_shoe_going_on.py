"""A shoe game's shuffle going on to the next round in place (`Shoe.open_next_round`) is the
shoe `Shoe.shuffled(rules, seed, dealt)` opens from the seed: the simulation's way to deal a
shoe game without dealing each round's earlier cards again (docs/decisions.md, "Counting in
the simulation")."""

from __future__ import annotations

import pytest

from casino_gui.engine.errors import CardError
from casino_gui.engine.games import rules_for
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import BURN, Shoe

ONE_DECK = rules_for("blackjack").replace(decks=1, penetration=0.9)  # cut after 46 cards
SIX_DECKS = rules_for("blackjack").replace(decks=6, penetration=0.75)  # cut after 234 of 312 cards


def state(shoe: Shoe) -> tuple[object, ...]:
    """What a round reads of its shoe, and every card it would deal (the shoe is spent)."""
    seen = (shoe.seed, shoe.first, shoe.dealt, shoe.remaining, shoe.cut, shoe.seen_before)
    return (*seen, shoe.cut_out, shoe.fresh, [shoe.draw() for _ in range(shoe.remaining)])


def opened_after(rules: Rules, seed: int, rounds: list[int]) -> Shoe:
    """A shuffle of `seed`, its burn card out, going on through rounds of these sizes."""
    shoe = Shoe.shuffled(rules, seed, BURN)
    for cards in rounds:
        for _ in range(cards):
            shoe.draw()
        shoe.open_next_round()
    return shoe


@pytest.mark.parametrize("seed", [0, 2026])
def test_every_position_of_a_one_deck_shoe_opens_as_its_seed_opens_it(seed: int) -> None:
    for dealt in range(BURN + 1, 46):
        shoe = opened_after(ONE_DECK, seed, [dealt - BURN])
        assert state(shoe) == state(Shoe.shuffled(ONE_DECK, seed, dealt))


def test_a_six_deck_shoe_goes_on_round_after_round_as_its_seed_opens_it() -> None:
    rounds = [4, 9, 5, 13, 6, 21, 4, 5, 11] * 7  # 546 cards: past the cut card
    dealt = BURN
    for played in range(1, len(rounds) + 1):
        dealt += rounds[played - 1]
        if dealt >= 234:
            break
        shoe = opened_after(SIX_DECKS, 7, rounds[:played])
        assert shoe.first == dealt and len(shoe.seen_before) == dealt - BURN
        assert state(shoe) == state(Shoe.shuffled(SIX_DECKS, 7, dealt))
    assert played > 15


def test_a_shoe_goes_on_only_in_a_shoe_game_until_its_cut_card_is_out() -> None:
    with pytest.raises(CardError, match="until its cut card is out"):
        opened_after(ONE_DECK, 3, [45, 2])  # the cut card came out in the round
    with pytest.raises(CardError, match="only a shoe game's shuffle"):
        Shoe.shuffled(rules_for("blackjack"), 3).open_next_round()
    with pytest.raises(CardError):
        Shoe.stacked(ONE_DECK, "AS KD").open_next_round()
