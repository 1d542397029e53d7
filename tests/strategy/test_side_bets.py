"""The Buster side bet's house edge, computed from its pay table in the rules object."""

from __future__ import annotations

import math
import random

import pytest

from casino_gui.engine.games import BLACKJACK, NO_BUST_21
from casino_gui.engine.rulebook import Rank, dealer_draws, facts_of
from casino_gui.engine.settlement import buster_payout
from casino_gui.engine.shoe import Shoe
from casino_gui.engine.strategy import buster_bust_chances, buster_house_edge
from casino_gui.engine.strategy.composition import Composition
from casino_gui.engine.strategy.dealer import dealer_odds


def test_the_dealer_busts_as_often_as_his_final_hands_say() -> None:
    # Six decks, the dealer hitting soft 17: he busts 28.6% of the time (from nothing seen).
    chances = buster_bust_chances(NO_BUST_21)
    odds = dealer_odds(NO_BUST_21, (), Composition.of_shoe(NO_BUST_21).by_value)
    busts = sum(p for (rank, _), p in odds.items() if rank is Rank.BUST)
    assert sum(chances.values()) == pytest.approx(busts, abs=1e-12)
    assert 0.284 < busts < 0.288
    assert min(chances) == 3  # two cards never bust


def test_the_edge_is_the_pay_table_weighed_by_the_busts() -> None:
    # 3 cards 1:1, 4 cards 3:1, 5 cards 6:1, 6 cards 30:1, 7 cards 100:1, 8 or more 200:1.
    pays = {3: 1, 4: 3, 5: 6, 6: 30, 7: 100}
    chances = buster_bust_chances(NO_BUST_21)
    returned = sum(p * (1 + pays.get(cards, 200)) for cards, p in chances.items())
    assert buster_house_edge(NO_BUST_21) == pytest.approx(1 - returned, abs=1e-12)
    assert 100 * buster_house_edge(NO_BUST_21) == pytest.approx(4.724, abs=0.001)


def test_two_decks_change_the_edge() -> None:
    assert buster_house_edge(NO_BUST_21.replace(decks=2)) != buster_house_edge(NO_BUST_21)


def test_a_table_without_the_bet_has_no_edge_to_give() -> None:
    with pytest.raises(ValueError, match="no Buster bet"):
        buster_house_edge(BLACKJACK)


def test_the_engine_pays_the_bet_as_the_computation_expects() -> None:
    # 200,000 dealer hands from shoes shuffled as the game shuffles them, drawn by the
    # rulebook and paid by the engine's settlement: within three standard errors.
    rng = random.Random(12)
    rounds, total, squares = 200_000, 0.0, 0.0
    for _ in range(rounds):
        shoe = Shoe.shuffled(NO_BUST_21, rng.getrandbits(64))
        dealer = [shoe.draw(), shoe.draw()]
        while dealer_draws(NO_BUST_21, facts_of(dealer)):
            dealer.append(shoe.draw())
        net = buster_payout(100, dealer, NO_BUST_21) / 100 - 1
        total += net
        squares += net * net
    mean = total / rounds
    error = math.sqrt((squares / rounds - mean * mean) / rounds)
    assert abs(-mean - buster_house_edge(NO_BUST_21)) < 3 * error
