"""The strategy's abstract hand states read the rulebook as the engine's hands do: the same
legal moves, the same automatic moves and the same payouts, checked on rounds the engine deals
and plays at random (both ask casino_gui.engine.rulebook; this checks the states the advisor
builds, with their capped card counts and Match Play 21 marks, lose nothing the rules read).

Each round is dealt from a shoe whose first cards are drawn from a few ranks at a time (low
cards for long hands, tricks and six-card hands; 6, 7, 8 for Match Play 21's bonuses; aces
and tens for naturals and Caribbean 21s), so the rare hands come up in a few hundred rounds.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from casino_gui.engine import Move, parse_move
from casino_gui.engine.cards import Card
from casino_gui.engine.games import GAMES
from casino_gui.engine.hand import Hand, HandStatus, Outcome
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rulebook import (
    best_total,
    dealer_result,
    facts_of,
    may_split,
    stands_by_itself,
)
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe, shoe_cards
from casino_gui.engine.strategy.hand_state import HandState, hand_actions, state_of
from casino_gui.engine.strategy.payoff import against_dealer, always_wins

THEMES = ("", "A23", "A2345", "678", "7", "AT", "ATJ", "T9")
BET = 1_000


def themed_shoe(rules: Rules, rng: random.Random) -> Shoe:
    cards = shoe_cards(rules)
    rng.shuffle(cards)
    theme = rng.choice(THEMES)
    if theme:
        chosen = [c for c in cards if c.rank in theme][:24]
        for card in chosen:
            cards.remove(card)
        cards = chosen + cards
    return Shoe(cards)


def state_of_hand(rules: Rules, hand: Hand) -> HandState:
    return state_of(
        rules, hand.cards, hand.stake / hand.bet, hand.doubles, hand.from_split, hand.split_aces
    )


def model_actions(rules: Rules, table: Round, hand: Hand) -> set[Action]:
    state = state_of_hand(rules, hand)
    actions = set(hand_actions(rules, state))
    hands = sum(1 for h in table.hands if h.spot == hand.spot)
    if len(hand.cards) == 2 and may_split(
        rules, state, (hand.cards[0].rank, hand.cards[1].rank), hands
    ):
        actions.add(Action.SPLIT)
    return actions


def moves_alone(rules: Rules, table: Round, hand: Hand) -> bool:
    """Whether the model says the engine finishes this hand without asking."""
    state = state_of_hand(rules, hand)
    if best_total(rules, state)[0] > 21:
        return True
    if always_wins(rules, state, table.dealer[0].rank, 0.0) is not None:
        return True
    hands = sum(1 for h in table.hands if h.spot == hand.spot)
    splits = len(hand.cards) == 2 and may_split(
        rules, state, (hand.cards[0].rank, hand.cards[1].rank), hands
    )
    return stands_by_itself(rules, state, splits)


def model_net(rules: Rules, table: Round, hand: Hand) -> float:
    """The hand's net in cents by the strategy's settlement."""
    if hand.status is HandStatus.SURRENDERED:
        return -(hand.stake - hand.stake // 2)
    outcome = dealer_result(rules, facts_of(table.dealer))
    diamonds = float(all(card.suit == "D" for card in hand.cards))
    state = state_of_hand(rules, hand)
    return against_dealer(rules, state, outcome, table.dealer[0].rank, diamonds) * hand.bet


def play_randomly(rules: Rules, rng: random.Random, seen: Counter[str]) -> None:
    table = Round(rules, themed_shoe(rules, rng), 10**9)
    for spot in range(1, rng.choice((1, 1, 2, 3)) + 1):
        table.bet(spot, BET)
    table.deal()
    while table.phase is not Phase.SETTLED:
        legal = table.legal_actions() - {Action.INSURE, Action.NO_INSURANCE}
        if table.phase is Phase.INSURANCE:
            table.apply(parse_move(rng.choice(("insure", "no_insurance"))))
            continue
        hand = table.active_hand
        assert hand is not None
        assert model_actions(rules, table, hand) == legal, [str(c) for c in hand.cards]
        assert not moves_alone(rules, table, hand), [str(c) for c in hand.cards]
        weights = {Action.HIT: 4, Action.STAND: 2, Action.DOUBLE: 2, Action.SPLIT: 3}
        choices = sorted(legal, key=lambda a: a.value)
        action = rng.choices(choices, [weights.get(a, 1) for a in choices])[0]
        before = {id(h): h.finished for h in table.hands}
        table.apply(Move(action))
        for other in table.hands:
            finished_now = other.finished and not before.get(id(other), False)
            chosen_end = other is hand and action in (Action.STAND, Action.SURRENDER)
            if finished_now and not chosen_end:
                assert moves_alone(rules, table, other), [str(c) for c in other.cards]
    for hand in table.hands:
        seen[hand.kind or hand.outcome.value if hand.outcome else ""] += 1
        assert hand.outcome is not None
        if hand.outcome is Outcome.SURRENDER:
            seen["surrender"] += 1
        assert model_net(rules, table, hand) == hand.payout - hand.stake, (
            [str(c) for c in hand.cards],
            [str(c) for c in table.dealer],
            hand.kind,
        )


@pytest.mark.parametrize("game", list(GAMES))
def test_strategy_reads_the_rules_as_the_engine_does(game: str) -> None:
    rules = GAMES[game]
    rng = random.Random(f"mirror:{game}")
    seen: Counter[str] = Counter()
    for _ in range(400):
        play_randomly(rules, rng, seen)
    # The rare hands of each game came up, so the comparison covered them.
    expected = {
        "pontoon": {"five-card trick", "pontoon"},
        "caribbean_21": {"caribbean 21"},
        "super_21": {"six cards", "blackjack"},
        "match_play_21": {"21", "blackjack"},
        "no_bust_21": {"no-bust push"},
    }.get(game, set())
    assert expected <= set(seen), seen


def test_match_play_bonuses_are_read_as_the_engine_pays_them() -> None:
    rules = GAMES["match_play_21"]
    up = Card.parse("7H")
    cases = {
        "7S 7S 7S": 40.0,
        "7H 7H 7H": 40.0,
        "7S 7H 7D": 1.5,
        "6S 7S 8S": 3.0,
        "6H 7H 8H": 2.0,
        "6H 7S 8H": 1.5,
        "2S 3H 4D 5C 7S": 1.5,
        "2S 3H 4D 2C 3S 7S": 2.0,
        "AS 2H 3D 4C 5S 3S 3D": 3.0,
    }
    for text, winnings in cases.items():
        cards = [Card.parse(c) for c in text.split()]
        state = state_of(rules, cards)
        assert always_wins(rules, state, up.rank, 0.0) == winnings, text
