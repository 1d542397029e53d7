"""The shoe: shuffled as it is dealt, the same cards as a full shuffle, every card once."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from casino_gui.engine.errors import ShoeExhaustedError
from casino_gui.engine.games import GAMES, MATCH_PLAY_21
from casino_gui.engine.shoe import Shoe, shoe_cards


@pytest.mark.parametrize("game", list(GAMES))
def test_a_seeded_shoe_deals_each_card_of_the_games_decks_once(game: str) -> None:
    rules = GAMES[game]
    shoe = Shoe.shuffled(rules, seed=99)
    dealt = [shoe.draw() for _ in range(shoe.remaining)]
    assert Counter(dealt) == Counter(shoe_cards(rules))
    with pytest.raises(ShoeExhaustedError):
        shoe.draw()


def test_dealing_as_it_shuffles_gives_the_cards_of_a_full_shuffle_from_the_back() -> None:
    rules = GAMES["blackjack"]
    shoe = Shoe.shuffled(rules, seed=2026)
    dealt = [shoe.draw() for _ in range(30)]
    full = shoe_cards(rules)
    random.Random(2026).shuffle(full)
    assert dealt == full[::-1][:30]


def test_the_same_seed_deals_the_same_cards_and_another_seed_others() -> None:
    rules = GAMES["blackjack"]
    first, again, other = (Shoe.shuffled(rules, seed) for seed in (5, 5, 6))
    cards = [first.draw() for _ in range(20)]
    assert [again.draw() for _ in range(20)] == cards
    assert [other.draw() for _ in range(20)] != cards


def test_a_live_shoe_draws_its_seed_from_secrets_and_keeps_it() -> None:
    shoe = Shoe.shuffled(MATCH_PLAY_21)
    assert isinstance(shoe.seed, int) and 0 <= shoe.seed < 2**64
    replay = Shoe.shuffled(MATCH_PLAY_21, shoe.seed)
    assert [shoe.draw() for _ in range(10)] == [replay.draw() for _ in range(10)]
    assert all(card.rank != "T" for card in shoe_cards(MATCH_PLAY_21))
    assert len(shoe_cards(MATCH_PLAY_21)) == 8 * 48


@pytest.mark.parametrize("game", list(GAMES))
def test_every_card_of_a_seeded_shoe_is_that_of_a_full_shuffle_from_the_back(game: str) -> None:
    # The round stores only its seed: a resumed or replayed round is dealt again from it, so
    # the draw must stay exactly random.shuffle's order for every seed and shoe size.
    rules = GAMES[game]
    for seed in (0, 1, 2**32 + 7, 2**64 - 1):
        shoe = Shoe.shuffled(rules, seed)
        full = shoe_cards(rules)
        random.Random(seed).shuffle(full)
        assert [shoe.draw() for _ in range(shoe.remaining)] == full[::-1]


def test_a_recorded_seed_deals_the_cards_it_dealt_when_it_was_recorded() -> None:
    # Cards written down from the engine of commit 56f75a6 (stored bankrolls' rounds resume
    # from their seeds).
    seed = 2**63 + 12345
    expected = {
        "blackjack": "AS 4C 5S 2D 2D 5C 6H 4D 4S TS JC TH",
        "match_play_21": "AH 7S AH 8D 4S 4S 3D 2S 4S JH 2D QC",
    }
    for game, cards in expected.items():
        shoe = Shoe.shuffled(GAMES[game], seed)
        assert " ".join(str(shoe.draw()) for _ in range(12)) == cards
