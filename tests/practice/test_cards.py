"""Flash cards: every kind a game has, from decisions real rounds of the engine reach."""

from __future__ import annotations

from dataclasses import replace
from itertools import islice

import pytest

from casino_gui.engine.games import GAMES, rules_for
from casino_gui.engine.practice import (
    CLOSE_CALL,
    FlashCard,
    Kind,
    NoSuchDecisionError,
    card_of,
    draw,
    kinds_for,
    kinds_of,
)
from casino_gui.engine.record import actions_of
from casino_gui.engine.round import Phase
from casino_gui.engine.strategy import advise
from casino_gui.game_ids import GAME_IDS

K = Kind
KINDS = {
    "blackjack": (K.HARD, K.SOFT, K.PAIR, K.INSURANCE),
    "face_up_21": (K.HARD, K.SOFT, K.PAIR),
    "pontoon": (K.HARD, K.SOFT, K.PAIR, K.FIVE_CARD, K.DOUBLE_AFTER_HITS, K.FORCED_HIT),
    "caribbean_21": (K.HARD, K.PAIR, K.SURRENDER, K.LATE_INSURANCE, K.DOUBLE_AFTER_HITS),
    "super_21": (K.HARD, K.SOFT, K.PAIR, K.SURRENDER, K.INSURANCE, K.DOUBLE_AFTER_HITS),
    "match_play_21": (K.HARD, K.SOFT, K.PAIR, K.SURRENDER, K.INSURANCE, K.DOUBLE_AFTER_HITS),
    "no_bust_21": (K.HARD, K.SOFT, K.PAIR, K.SURRENDER, K.FORCED_HIT),
}
GAME_KINDS = [(game, kind) for game in GAME_IDS for kind in KINDS[game]]


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_game_has_the_kinds_of_decision_its_rules_give(game: str) -> None:
    assert kinds_for(rules_for(game)) == KINDS[game]


def replayed(card: FlashCard) -> FlashCard:
    """The card rebuilt from its record alone: the engine deals and plays the round again."""
    again = card_of(card.record)
    assert again is not None
    return again


@pytest.mark.parametrize(("game", "kind"), GAME_KINDS)
def test_every_kind_of_every_game_is_a_decision_a_real_round_reaches(game: str, kind: Kind) -> None:
    cards = list(islice(draw(rules_for(game), seed=23, kinds=[kind]), 5))
    for card in cards:
        assert kind in card.kinds
        again = replayed(card)
        assert again.kinds == card.kinds
        table = again.table()
        assert table.phase in (Phase.INSURANCE, Phase.PLAYER_TURNS)
        assert len(table.legal_actions()) >= 2
        assert kind in kinds_of(table)


def test_the_kinds_are_what_the_hand_is() -> None:
    kinds = {
        kind: next(draw(rules_for("pontoon"), seed=5, kinds=[kind]))
        for kind in (K.FIVE_CARD, K.DOUBLE_AFTER_HITS, K.FORCED_HIT, K.SOFT)
    }
    assert len(kinds[K.FIVE_CARD].table().active_hand.cards) == 4  # type: ignore[union-attr]
    assert len(kinds[K.DOUBLE_AFTER_HITS].table().active_hand.cards) >= 3  # type: ignore[union-attr]
    forced = kinds[K.FORCED_HIT].table()
    assert forced.active_hand.facts.hard < 15  # type: ignore[union-attr]
    assert "stand" not in {action.value for action in forced.legal_actions()}
    assert any(card.rank == "A" for card in kinds[K.SOFT].table().active_hand.cards)  # type: ignore[union-attr]


@pytest.mark.parametrize("game", ["blackjack", "caribbean_21", "super_21"])
def test_insurance_cards_ask_with_an_ace_up(game: str) -> None:
    rules = GAMES[game]
    kind = K.LATE_INSURANCE if game == "caribbean_21" else K.INSURANCE
    for card in islice(draw(rules, seed=4, kinds=[kind]), 5):
        table = card.table()
        assert table.visible_dealer_cards()[0].rank == "A"
        assert "insure" in {action.value for action in table.legal_actions()}


def test_the_same_seed_draws_the_same_cards_and_another_seed_others() -> None:
    rules = rules_for("super_21")
    first = [card.record for card in islice(draw(rules, seed=11), 30)]
    again = [card.record for card in islice(draw(rules, seed=11), 30)]
    other = [card.record for card in islice(draw(rules, seed=12), 30)]
    assert first == again
    assert first != other


@pytest.mark.parametrize("game", GAME_IDS)
def test_close_calls_only_keeps_the_decisions_whose_two_best_moves_are_near(game: str) -> None:
    def gap(card: FlashCard) -> float:
        values = sorted(advise(card.table()).values.values(), reverse=True)
        return values[0] - values[1]

    rules = rules_for(game)
    close = list(islice(draw(rules, seed=3, close_only=True), 8))
    assert all(gap(card) < CLOSE_CALL for card in close)
    assert any(gap(card) >= CLOSE_CALL for card in islice(draw(rules, seed=3), 40))


def test_a_custom_table_drills_the_kinds_its_rules_give() -> None:
    rules = rules_for("blackjack").replace(surrender=True)
    assert K.SURRENDER in kinds_for(rules)
    card = next(draw(rules, seed=8, kinds=[K.SURRENDER]))
    assert card.record.overrides == {"surrender": True}
    assert card.table().rules == rules
    assert K.SURRENDER in replayed(card).kinds


def test_a_record_that_waits_for_no_choice_is_no_card() -> None:
    card = next(draw(rules_for("blackjack"), seed=1))
    table = card.table()
    while table.phase is not Phase.SETTLED:
        table.stand() if table.can_stand() else table.decline_insurance()
    assert card_of(replace(card.record, actions=tuple(actions_of(table)))) is None


def test_a_deck_of_decisions_that_never_come_up_says_so() -> None:
    # Drawing for a five-card trick is never close: hit, by far.
    cards = draw(rules_for("pontoon"), seed=1, kinds=[K.FIVE_CARD], close_only=True)
    with pytest.raises(NoSuchDecisionError, match="no close calls of the kinds chosen came up"):
        next(cards)
