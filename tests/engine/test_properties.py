"""Properties every game keeps under random legal play (hypothesis).

For each of the seven games, a round is dealt from a random shoe (a seeded shuffle as the live
game deals it, or a stacked shoe whose cards hypothesis chooses), with random bets on one to
three circles and a bankroll that is sometimes only just big enough for them (so doubling for
less and unaffordable splits and insurance happen), and played with random legal actions. At
every step of every round:

- `legal_actions()` offers exactly the actions whose `verify_*` accepts them, the plain
  triple included: INSURE is offered exactly when `verify_insure()` passes and
  `insurance_amounts()` gives the bounds `verify_insure(amount)` accepts; DOUBLE exactly when
  `double_amounts()` gives what it adds;
- every action it does not offer raises a `BlackjackError` and changes nothing;
- the bankroll is never negative, and money is conserved to the cent: the bankroll before, less
  everything staked (bets, Buster bets, doubles, splits, insurance), plus everything paid
  (hands, insurance, Buster), is the bankroll now.

At the end the round is settled within a bounded number of steps, every hand has an outcome and
a payout that agrees with it, and replaying the recorded actions with a `HandRecord` on the same
shoe (by seed, by the cards dealt, and through JSON) gives an equal `RoundResult`.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from casino_gui.engine import actions_of
from casino_gui.engine.cards import Card, full_deck
from casino_gui.engine.errors import BetError, BlackjackError
from casino_gui.engine.events import (
    CardDealt,
    Event,
    HandDoubled,
    HandSettled,
    HandSplit,
    InsuranceTaken,
    SideBetSettled,
)
from casino_gui.engine.games import GAMES
from casino_gui.engine.hand import Outcome
from casino_gui.engine.record import HandRecord
from casino_gui.engine.result import RoundResult
from casino_gui.engine.round import Action, Bet, Phase, Round
from casino_gui.engine.rules import Insurance, Rules
from casino_gui.engine.shoe import Shoe, shoe_cards

PROPERTY_SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Late insurance may be bought again and again in small amounts; a few purchases a round are
# enough to exercise it and keep every round short.
LATE_INSURANCE_BUYS = 3

# Every player action except late insurance deals a card, ends a hand or answers an insurance
# offer; a round has at most 12 hands (three spots of four) of at most 22 cards each (aces
# counting one), so no round that works needs anywhere near this many steps.
MAX_STEPS = 600

CHIP_BETS = (100, 500, 1_000, 2_500, 10_000, 50_000)

GAME_IDS = list(GAMES)


# --- Strategies -----------------------------------------------------------------------------


@st.composite
def bets_and_bankroll(draw: st.DrawFn, rules: Rules) -> tuple[tuple[Bet, ...], int]:
    """Bets on one to three circles within the table limits, and a bankroll that covers them:
    sometimes with plenty to spare, sometimes with little or nothing left over."""
    spots = draw(st.sets(st.integers(1, min(3, rules.circles)), min_size=1, max_size=3))
    chips = [chip for chip in CHIP_BETS if rules.min_bet <= chip <= rules.max_bet]
    amounts = st.one_of(st.sampled_from(chips), st.integers(rules.min_bet, rules.max_bet))
    busters = (
        st.one_of(st.just(0), st.integers(rules.buster_min, rules.buster_max))
        if rules.buster_bet
        else st.just(0)
    )
    bets = tuple(Bet(spot, draw(amounts), draw(busters)) for spot in sorted(spots))
    total = sum(bet.amount + bet.buster for bet in bets)
    spare = draw(
        st.one_of(
            st.just(0),
            st.integers(0, max(bet.amount for bet in bets)),  # just big enough, or nearly
            st.integers(0, 1_000_000),
        )
    )
    return bets, total + spare


@dataclass(frozen=True)
class ShoeSource:
    """A shoe and how a hand record names it: `{"seed": n}` or `{"shoe": cards}`."""

    shoe: Shoe
    record: dict[str, Any]


@st.composite
def seeded_shoes(draw: st.DrawFn, rules: Rules) -> ShoeSource:
    seed = draw(st.integers(0, 2**64 - 1))
    return ShoeSource(Shoe.shuffled(rules, seed), {"seed": seed})


@st.composite
def stacked_shoes(draw: st.DrawFn, rules: Rules) -> ShoeSource:
    """A shoe whose first cards hypothesis picks freely among the game's cards (as many copies
    as its decks hold), followed by the rest of the game's cards, so it never runs out."""
    chosen = draw(st.lists(st.sampled_from(full_deck(rules.removed_ranks)), max_size=40))
    left = Counter(_shoe_counts(rules))
    top: list[Card] = []
    for card in chosen:
        if left[card]:
            left[card] -= 1
            top.append(card)
    rest = list(left.elements())
    random.Random(draw(st.integers(0, 2**32 - 1))).shuffle(rest)
    cards = (*top, *rest)
    return ShoeSource(Shoe.stacked(rules, cards), {"shoe": cards})


@functools.cache
def _shoe_counts(rules: Rules) -> Counter[Card]:
    return Counter(shoe_cards(rules))


# --- Reading and poking the table -----------------------------------------------------------


def late_insurance(rules: Rules) -> bool:
    return rules.insurance is Insurance.LATE


def verify(table: Round, action: Action) -> None:
    """The `verify_*` of an action, as the buttons ask it: with no amount."""
    checks: dict[Action, Callable[[], None]] = {
        Action.DEAL: table.verify_deal,
        Action.INSURE: table.verify_insure,
        Action.NO_INSURANCE: table.verify_decline_insurance,
        Action.HIT: table.verify_hit,
        Action.STAND: table.verify_stand,
        Action.DOUBLE: table.verify_double,
        Action.SPLIT: table.verify_split,
        Action.SURRENDER: table.verify_surrender,
    }
    checks[action]()


def accepted(table: Round, action: Action) -> bool:
    try:
        verify(table, action)
    except BlackjackError:
        return False
    return True


def perform(table: Round, action: Action, amount: int | None = None) -> list[Event]:
    moves: dict[Action, Callable[[], list[Event]]] = {
        Action.DEAL: table.deal,
        Action.INSURE: lambda: table.insure(amount),
        Action.NO_INSURANCE: table.decline_insurance,
        Action.HIT: table.hit,
        Action.STAND: table.stand,
        Action.DOUBLE: table.double,
        Action.SPLIT: table.split,
        Action.SURRENDER: table.surrender,
    }
    return moves[action]()


def snapshot(table: Round) -> tuple[object, ...]:
    """Everything an action could change."""
    active = table.active_hand
    return (
        table.phase,
        table.bankroll,
        tuple(
            (hand.id, tuple(hand.cards), hand.bet, hand.extra, hand.status, hand.outcome)
            for hand in table.hands
        ),
        tuple(table.dealer),
        table.dealer_face_down,
        table.shoe.dealt,
        tuple(actions_of(table)),
        table.insurance_spot,
        active.id if active is not None else None,
        tuple(
            (s.number, s.bet, s.buster, s.insurance, s.insurance_payout, s.buster_payout)
            for s in table.spots.values()
        ),
    )


@dataclass
class Ledger:
    """Money in and out of the bankroll, counted from the events the round reports."""

    before: int
    staked: int = 0
    paid: int = 0
    dealt: list[Card] = field(default_factory=list)
    settled: Counter[int] = field(default_factory=Counter)

    def take(self, events: Sequence[Event]) -> None:
        for found in events:
            if isinstance(found, HandDoubled | HandSplit | InsuranceTaken):
                self.staked += found.amount
            elif isinstance(found, HandSettled):
                self.paid += found.payout
                self.settled[found.hand_id] += 1
            elif isinstance(found, SideBetSettled):
                self.paid += found.payout
            elif isinstance(found, CardDealt):
                self.dealt.append(found.card)

    def check(self, table: Round) -> None:
        assert table.bankroll >= 0, f"the bankroll went negative: {table.bankroll}"
        assert self.before - self.staked + self.paid == table.bankroll, (
            f"money not conserved: {self.before} - {self.staked} + {self.paid} != {table.bankroll}"
        )
        assert len(self.dealt) == table.shoe.dealt


def check_legal_actions_are_the_verified_ones(table: Round) -> frozenset[Action]:
    legal = table.legal_actions()
    verified = frozenset(action for action in Action if accepted(table, action))
    offered = sorted(action.value for action in legal)
    accepted_ = sorted(action.value for action in verified)
    assert legal == verified, f"legal_actions() {offered}, verify_* accepts {accepted_}"
    amounts = table.insurance_amounts()
    assert (amounts is not None) == (Action.INSURE in legal) == table.can_insure()
    if amounts is not None:
        least, most = amounts
        assert 0 < least <= most <= table.bankroll
        table.verify_insure(least)
        table.verify_insure(most)
        with pytest.raises(BlackjackError):
            table.verify_insure(most + 1)
    double = table.double_amounts()
    assert (double is not None) == (Action.DOUBLE in legal)
    hand = table.active_hand
    if double is not None and hand is not None:
        assert 0 < double <= min(hand.stake, table.bankroll)
    return legal


def check_illegal_actions_change_nothing(table: Round, legal: frozenset[Action]) -> None:
    amount = None
    for action in Action:
        if action in legal:
            continue
        before = snapshot(table)
        with pytest.raises(BlackjackError):
            perform(table, action, amount)
        assert snapshot(table) == before, f"a refused {action.value} changed the table"
    if table.phase is not Phase.BETTING:
        # Bets are locked once the deal starts (docs/rules.md, "Betting circles").
        before = snapshot(table)
        with pytest.raises(BlackjackError):
            table.bet(1, table.rules.min_bet)
        assert snapshot(table) == before, "a refused bet changed the table"
    hand = table.active_hand
    if Action.INSURE in legal and late_insurance(table.rules) and hand is not None:
        # Late insurance beyond what the spot may still buy (or nothing at all) is refused too.
        amounts = table.insurance_amounts()
        assert amounts is not None
        for wrong in (0, -1, amounts[1] + 1):
            before = snapshot(table)
            with pytest.raises(BlackjackError):
                table.insure(wrong)
            assert snapshot(table) == before, f"a refused insure:{wrong} changed the table"


def check_settled_hands(table: Round) -> None:
    for number, hand in enumerate(table.hands, start=1):
        assert hand.outcome is not None, f"hand {number} has no outcome"
        assert hand.payout >= 0
        if hand.outcome is Outcome.LOSE:
            assert hand.payout == 0
        elif hand.outcome is Outcome.PUSH:
            assert hand.payout == hand.stake
        elif hand.outcome is Outcome.SURRENDER:
            assert hand.payout == hand.stake // 2
        else:
            assert hand.payout > hand.stake
    for spot in table.spots.values():
        assert spot.insurance == 0 or spot.insurance_payout is not None
        assert spot.buster == 0 or spot.buster_payout is not None


def note_money_paths(
    table: Round, events: Sequence[Event], stake_before: int | None, *, deal: bool = False
) -> None:
    """Label the paths a short bankroll opens, so `--hypothesis-show-statistics` shows that
    random play reaches them: doubling for less, a split or double refused for want of money,
    an insurance offer a spot cannot afford. `stake_before` is the acting hand's stake before
    the action (None with no hand acting)."""
    for found in events:
        if isinstance(found, HandDoubled) and stake_before is not None:
            event("doubled for less" if found.amount < stake_before else "doubled in full")
    insurance_due = deal and table.rules.insurance is Insurance.STANDARD and table.dealer[0].is_ace
    if insurance_due and any(table.insurance_cost(n) > table.bankroll for n in table.spots):
        event("a spot cannot afford insurance on the dealer's ace")
    if table.active_hand is not None:
        for name, check in (("double", table.verify_double), ("split", table.verify_split)):
            try:
                check()
            except BetError:
                event(f"{name} refused for want of money")
            except BlackjackError:
                pass


# --- Playing a round ------------------------------------------------------------------------


def play_random_round(
    rules: Rules, shoe: Shoe, bets: tuple[Bet, ...], bankroll: int, data: st.DataObject
) -> tuple[Round, Ledger]:
    """Deal and play one round with random legal actions, checking every step."""
    table = Round(rules, shoe, bankroll)
    table.place(bets)
    ledger = Ledger(before=bankroll)
    assert check_legal_actions_are_the_verified_ones(table) == {Action.DEAL}
    check_illegal_actions_change_nothing(table, frozenset({Action.DEAL}))

    ledger.staked += sum(bet.amount + bet.buster for bet in bets)
    events = table.deal()
    ledger.take(events)
    ledger.check(table)
    note_money_paths(table, events, None, deal=True)

    expected_actions: list[str] = []
    late_buys = 0
    steps = 0
    while table.phase is not Phase.SETTLED:
        steps += 1
        assert steps <= MAX_STEPS, "the round did not settle"
        legal = check_legal_actions_are_the_verified_ones(table)
        check_illegal_actions_change_nothing(table, legal)
        assert legal, f"the round is stuck in phase {table.phase.value} with no legal action"
        if table.phase is Phase.INSURANCE:
            # Only a spot that can afford insurance is asked (docs/rules.md, "Insurance").
            assert legal == {Action.INSURE, Action.NO_INSURANCE}
        choices = sorted(legal, key=lambda action: action.value)
        if late_buys >= LATE_INSURANCE_BUYS and Action.INSURE in choices and len(choices) > 1:
            choices.remove(Action.INSURE)
        action = data.draw(st.sampled_from(choices), label="action")
        amount = None
        hand = table.active_hand
        amounts = table.insurance_amounts()
        if action is Action.INSURE and late_insurance(rules) and amounts is not None:
            amount = data.draw(st.integers(*amounts), label="late insurance")
            late_buys += 1
        expected_actions.append(action.value if amount is None else f"insure:{amount}")
        stake_before = hand.stake if hand is not None else None
        events = perform(table, action, amount)
        ledger.take(events)
        ledger.check(table)
        note_money_paths(table, events, stake_before)

    assert actions_of(table) == expected_actions
    assert check_legal_actions_are_the_verified_ones(table) == frozenset()
    check_illegal_actions_change_nothing(table, frozenset())
    return table, ledger


def check_round(
    rules: Rules, source: ShoeSource, bets: tuple[Bet, ...], bankroll: int, data: st.DataObject
) -> None:
    table, ledger = play_random_round(rules, source.shoe, bets, bankroll, data)

    check_settled_hands(table)
    assert all(count == 1 for count in ledger.settled.values())
    assert set(ledger.settled) == {hand.id for hand in table.hands}
    staked = sum(hand.stake for hand in table.hands) + sum(
        spot.insurance + spot.buster for spot in table.spots.values()
    )
    paid = sum(hand.payout for hand in table.hands) + sum(
        (s.insurance_payout or 0) + (s.buster_payout or 0) for s in table.spots.values()
    )
    assert staked == ledger.staked
    assert paid == ledger.paid
    assert bankroll - staked + paid == table.bankroll

    result = RoundResult.of(table)
    nets = [hand.net for hand in result.hands]
    nets += [bet.net for bet in (*result.insurance, *result.buster)]
    assert result.bankroll_after == bankroll + sum(nets)

    actions = tuple(actions_of(table))
    record = HandRecord(rules.game, bankroll, bets, actions, **source.record)
    assert record.play() == result
    # The cards the round dealt, stacked in that order, are the same shoe for this round; and
    # a record survives its trip through JSON (the history's export).
    dealt = HandRecord(rules.game, bankroll, bets, actions, shoe=tuple(ledger.dealt))
    assert dealt.play() == result
    for replayed in (record, dealt) if "seed" in source.record else (dealt,):
        assert HandRecord.from_json(json.loads(json.dumps(replayed.to_json()))).play() == result


# --- The tests ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_IDS)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_play_on_a_seeded_shoe_keeps_every_property(game: str, data: st.DataObject) -> None:
    rules = GAMES[game]
    source = data.draw(seeded_shoes(rules), label="shoe")
    bets, bankroll = data.draw(bets_and_bankroll(rules), label="bets and bankroll")
    check_round(rules, source, bets, bankroll, data)


@pytest.mark.parametrize("game", GAME_IDS)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_play_on_a_stacked_shoe_keeps_every_property(game: str, data: st.DataObject) -> None:
    rules = GAMES[game]
    source = data.draw(stacked_shoes(rules), label="shoe")
    bets, bankroll = data.draw(bets_and_bankroll(rules), label="bets and bankroll")
    check_round(rules, source, bets, bankroll, data)


@pytest.mark.parametrize("game", GAME_IDS)
def test_seeded_shoe_deals_the_cards_a_replay_stacks(game: str) -> None:
    """The cards a seeded round reports dealing are the seeded shoe's cards, in order."""
    rules = GAMES[game]
    table = Round(rules, Shoe.shuffled(rules, 2024), bankroll=100_000)
    table.bet(1, 1_000)
    ledger = Ledger(before=100_000)
    ledger.take(table.deal())
    again = Shoe.shuffled(rules, 2024)
    assert ledger.dealt == [again.draw() for _ in range(table.shoe.dealt)]
