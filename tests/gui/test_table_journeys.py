"""Whole rounds of all seven games, played with real clicks and key presses through the window.

A `Watcher` looks at what the window draws after every event the animations show and at rest,
and compares it with the engine's round and the store's bankroll (never with the picture the
window derived from them): the panel's money, each circle's chips, every total drawn, the
messages in force and the lit buttons (docs/architecture.md, "The window").
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt

from casino_gui.engine import HandSettled, SideBetSettled, facts_of, is_natural
from casino_gui.engine.errors import BlackjackError
from casino_gui.engine.hand import hand_value
from casino_gui.engine.money import dollars
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.gui.table.card_item import CardItem
from casino_gui.gui.table.hints import hand_name
from casino_gui.gui.table.picture import TablePicture
from casino_gui.gui.table.scene import tone_of
from casino_gui.gui.window import CasinoWindow
from tests.gui.conftest import Table
from tests.gui.test_table_rounds import answer_insurance

Open = Callable[..., Table]
START = 100_000
KEYS = {
    Action.DEAL: Qt.Key.Key_Return,
    Action.HIT: Qt.Key.Key_H,
    Action.STAND: Qt.Key.Key_S,
    Action.DOUBLE: Qt.Key.Key_D,
    Action.SPLIT: Qt.Key.Key_P,
    Action.INSURE: Qt.Key.Key_I,
    Action.NO_INSURANCE: Qt.Key.Key_N,
    Action.SURRENDER: Qt.Key.Key_R,
}


class Watcher:
    """Checks the drawn table against the engine and the store, after every event and at rest."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.events = 0
        self.rests = 0
        table.controller.animator.stepped.connect(lambda: self.check(at_rest=False))
        table.controller.idle.connect(lambda: self.check(at_rest=True))

    def check(self, *, at_rest: bool) -> None:
        if at_rest:
            self.rests += 1
        else:
            self.events += 1
        controller, window = self.table.controller, self.table.window
        round_ = controller.table
        when = "at rest" if at_rest else f"after event {self.events}"
        if round_ is not None and round_.phase is not Phase.SETTLED:
            self._in_play(round_, when, at_rest)
        else:
            self._between_rounds(when, at_rest)
        if round_ is not None:
            self._totals(round_, when)
        self._message(round_, when)
        if at_rest:
            assert_scene_is(controller.picture(), window)
        lit = window.bar.lit()
        if not at_rest:
            assert lit == frozenset(), f"{when}: buttons lit during an animation"
        elif round_ is not None and round_.phase is not Phase.SETTLED:
            assert lit == round_.legal_actions(), when
        else:
            try:
                controller.deal_bets()
            except BlackjackError:
                assert lit == frozenset(), when
            else:
                assert lit == {Action.DEAL}, when

    def _money(self, balance: int, on_table: int, when: str, at_rest: bool) -> None:
        """The panel's money is the store's; only while an animation plays, a step that settles
        hands may still show it as before they were paid (their stakes on the table), never a
        mix of the two (docs/decisions.md, "Table realism")."""
        status, round_ = self.table.window.status, self.table.controller.table
        allowed = {(dollars(balance), dollars(on_table))}
        step = round_.history[-1].events if round_ is not None and round_.history else ()
        if not at_rest and any(isinstance(event, HandSettled) for event in step):
            assert round_ is not None
            stakes = returns = 0
            for event in step:
                if isinstance(event, HandSettled):
                    stakes += round_.hand_by_id(event.hand_id).stake
                    returns += event.payout
                elif isinstance(event, SideBetSettled):
                    stakes += event.stake
                    returns += event.payout
            allowed.add((dollars(balance - returns), dollars(on_table + stakes)))
        assert (status.bankroll_text, status.on_table_text) in allowed, when

    def _in_play(self, round_: Round, when: str, at_rest: bool) -> None:
        window, store = self.table.window, self.table.controller.bankroll
        self._money(store.balance, round_.on_table(), when, at_rest)
        for spot in window.scene.circles:
            stakes = sum(h.stake for h in round_.hands if h.spot == spot and not h.settled)
            # In the circle, or by each split hand's cards: the engine's stakes to the cent.
            assert window.scene.drawn_stake(spot) == stakes, f"{when}: circle {spot}"
        for number, bets in round_.spots.items():
            open_ = bets.insurance if bets.insurance_payout is None else 0
            drawn = window.scene.insurance.get(number)
            assert (drawn.amount if drawn is not None else 0) == open_, when
            if number in window.scene.busters:
                buster = bets.buster if bets.buster_payout is None else 0
                assert window.scene.busters[number].amount == buster, when

    def _between_rounds(self, when: str, at_rest: bool) -> None:
        controller, window = self.table.controller, self.table.window
        building = sum(controller.pending.bets.values()) + sum(controller.pending.busters.values())
        self._money(controller.bankroll.balance - building, building, when, at_rest)
        for spot, circle in window.scene.circles.items():
            assert circle.amount == controller.pending.bets.get(spot, 0), f"{when}: circle {spot}"

    def _totals(self, round_: Round, when: str) -> None:
        scene, rules = self.table.window.scene, round_.rules
        settled = round_.phase is Phase.SETTLED
        for hand_id, badge in scene.totals.items():
            if not badge.text:
                continue
            total, _, stake = badge.text.partition(" · ")  # "21 · $20.00" under a split hand
            hand = round_.hand_by_id(hand_id)
            if stake:
                assert stake == dollars(hand.stake) and not hand.settled, f"{when}: {badge.text}"
            value = hand_value(hand.cards, rules.aces_eleven)
            if is_natural(rules, hand.facts):
                assert total == rules.natural_name.capitalize(), when
                continue
            assert total.split(" / ")[-1] == str(value.total), f"{when}: {badge.text}"
            live = not settled and not hand.finished
            assert ("/" in total) == (value.soft and live), f"{when}: {badge.text}"
        dealer = scene.dealer_total.text
        if dealer:
            visible = round_.visible_dealer_cards()
            value = hand_value(visible, rules.aces_eleven)
            if settled and is_natural(rules, facts_of(round_.dealer)):
                assert dealer == rules.natural_name.capitalize(), when
            else:
                assert dealer.split(" ")[-1] == str(value.total), f"{when}: dealer {dealer}"

    def _message(self, round_: Round | None, when: str) -> None:
        text = self.table.window.status.message_text
        in_play = round_ is not None and round_.phase is not Phase.SETTLED
        if text.startswith("Insurance for circle"):
            assert round_ is not None and round_.phase is Phase.INSURANCE, when
            assert text.startswith(f"Insurance for circle {round_.insurance_spot}?"), when
        if "Best:" in text or "gives up" in text:
            assert in_play and round_ is not None, f"{when}: {text}"
            hand = round_.active_hand
            assert hand is not None and text.startswith(hand_name(round_, hand)), when
        if "interrupted" in text:
            assert in_play, f"{when}: {text}"


def assert_scene_is(picture: TablePicture, window: CasinoWindow) -> None:
    """At rest the scene is the picture: every card, label, banner and stack as it says."""
    scene = window.scene

    def cards(items: list[CardItem]) -> list[tuple[str, bool]]:
        return [(str(item.card), item.face_up) for item in items]

    assert scene.hand_order == [hand.hand_id for hand in picture.hands]
    for hand in picture.hands:
        shown = [(str(card.card), card.face_up) for card in hand.cards]
        assert cards(scene.hand_cards[hand.hand_id]) == shown
        across = [card.sideways for card in hand.cards]
        assert [item.sideways for item in scene.hand_cards[hand.hand_id]] == across
        assert scene.hand_chips[hand.hand_id].amount == hand.chips
        assert scene.totals[hand.hand_id].text == hand.label
        result = scene.results[hand.hand_id]
        assert result.text == (hand.banner.text if hand.banner else "")
        assert result.tone == tone_of(hand.banner)
    dealer = [(str(card.card), card.face_up) for card in picture.dealer.cards]
    assert cards(scene.dealer_cards) == dealer
    assert scene.dealer_total.text == picture.dealer.badge
    assert scene.tray.count == picture.discards
    for circle in picture.circles:
        assert scene.circles[circle.spot].amount == circle.chips
        split = sum(hand.chips for hand in picture.hands if hand.spot == circle.spot)
        assert circle.chips + split == circle.stake
        if circle.spot in scene.busters:
            assert scene.busters[circle.spot].amount == circle.buster
        drawn = scene.insurance.get(circle.spot)
        assert (drawn.amount if drawn is not None else 0) == circle.insurance
        for kind, banner in (
            ("insurance", circle.insurance_banner),
            ("buster", circle.buster_banner),
        ):
            assert scene.side_results[circle.spot, kind].text == (banner.text if banner else "")
    assert not scene.moving  # no chips left in flight
    active = [hand.hand_id for hand in picture.hands if hand.active]
    assert scene.pointer.isVisible() == bool(active)
    assert window.bar.lit() == picture.lit
    message = picture.message
    assert window.status.message_text == (message.text if message else "")
    assert window.status.bankroll_text == dollars(picture.panel.balance)
    assert window.status.on_table_text == dollars(picture.panel.on_table)


def bet(table: Table, cents: int, *spots: int) -> None:
    table.select_chip(cents)
    for spot in spots or (1,):
        table.click_circle(spot)


def act(table: Table, action: Action, *, key: bool) -> None:
    assert action in table.lit, f"{action.value} is not lit: {sorted(a.value for a in table.lit)}"
    if key:
        table.key(KEYS[action])
    else:
        table.press(action)


def journey(table: Table, shoe: str, *actions: Action, keys: bool = False) -> Round:
    watcher = Watcher(table)
    table.controller.next_shoe = shoe
    act(table, Action.DEAL, key=keys)
    for action in actions:
        act(table, action, key=keys)
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED
    assert watcher.events > 0 and watcher.rests == len(actions) + 1
    return round_


def test_blackjack_with_keys_insurance_split_double_and_a_bust(open_table: Open) -> None:
    # $10 on circles 1 and 2. Circle 1 8S 8D, circle 2 TD 6C, dealer AH (7C in the hole).
    # Insure circle 1 ($5, lost), not circle 2. Split circle 1: 8S 3H doubles with TC (21,
    # wins $20); 8D 9S stands on 17 (loses). Circle 2 hits KD: bust. Dealer soft 18.
    table = open_table("blackjack")
    bet(table, 1_000, 1, 2)
    round_ = journey(
        table,
        "8S TD AH 8D 6C 7C 3H TC 9S KD",
        Action.INSURE,
        Action.NO_INSURANCE,
        Action.SPLIT,
        Action.DOUBLE,
        Action.STAND,
        Action.HIT,
        keys=True,
    )
    assert [h.payout for h in round_.hands] == [4_000, 0, 0]
    assert table.controller.bankroll.balance == START - 500 + 2_000 - 1_000 - 1_000
    assert table.window.status.last_result_text == "NET −$5.00"
    assert table.window.status.message_text == (
        "Dealer has 18 · Hand 1 (circle 1): Win +$20.00 · Hand 2 (circle 1): Lose −$10.00"
        " · Hand 3 (circle 2): Bust −$10.00 · Insurance on circle 1: −$5.00 · Round −$5.00"
    )


def test_blackjack_a_natural_then_deal_repeats_the_bets(open_table: Open) -> None:
    table = open_table("blackjack")
    bet(table, 1_000)
    journey(table, "AS 9C KH 7D")  # a natural, paid 3:2
    assert table.window.status.last_result_text == "BLACKJACK +$15.00"
    journey(table, "TS 9C 9H 7D TC", Action.STAND, keys=True)  # Enter repeats the $10 bet
    assert table.controller.bankroll.balance == START + 1_500 + 1_000


def test_face_up_21_double(open_table: Open) -> None:
    table = open_table("face_up_21")
    bet(table, 1_000)
    journey(table, "5S TC 6H 7D 9C", Action.DOUBLE)
    assert table.controller.bankroll.balance == START + 2_000


def test_pontoon_hit_and_stand_against_cards_face_down(open_table: Open) -> None:
    table = open_table("pontoon")
    bet(table, 1_000)
    journey(table, "9S TD 5H 7S 4C", Action.HIT, Action.STAND, keys=True)
    assert table.controller.bankroll.balance == START + 1_000


def test_caribbean_21_late_insurance_and_surrender(open_table: Open) -> None:
    table = open_table("caribbean_21")
    bet(table, 1_000)
    watcher = Watcher(table)
    table.press(Action.DEAL, shoe="9S AH 7H KD QC")
    with table.qtbot.waitSignal(table.controller.idle, timeout=10_000):
        table.qtbot.mouseClick(table.window.bar.button(Action.INSURE), Qt.MouseButton.LeftButton)
        answer_insurance(table, [100, 100, 100])
    table.press(Action.SURRENDER)
    assert table.controller.bankroll.balance == START + 2_200
    assert watcher.events > 0 and watcher.rests == 3
    # The insurance result stands at its circle, not in the status line.
    assert table.window.scene.side_results[1, "insurance"].text == "INSURANCE +$27.00"


def test_super_21_no_insurance_then_surrender(open_table: Open) -> None:
    table = open_table("super_21")
    bet(table, 1_000)
    journey(table, "TS AH 6H 7D", Action.NO_INSURANCE, Action.SURRENDER, keys=True)
    assert table.controller.bankroll.balance == START - 500


def test_match_play_21_double_down_rescue(open_table: Open) -> None:
    table = open_table("match_play_21")
    bet(table, 1_000)
    journey(table, "5S 9C 6H 8D 2C", Action.DOUBLE, Action.SURRENDER)
    assert table.controller.bankroll.balance == START - 1_000


@pytest.mark.parametrize("keys", [False, True])
def test_no_bust_21_buster_bet_and_the_no_bust_push(open_table: Open, keys: bool) -> None:
    table = open_table("no_bust_21")
    bet(table, 1_000)
    table.select_chip(100)
    table.click_circle(1, kind="buster")
    journey(table, "TS TH 6S 6H 7C 8D", Action.HIT, keys=keys)
    assert table.controller.bankroll.balance == START + 100
    assert table.window.scene.side_results[1, "buster"].text == "BUSTER +$1.00"
