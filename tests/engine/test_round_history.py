"""The round keeps its history (docs/architecture.md, "The engine"): every step as it happened, with
what it produced and
the bankroll after it, so a resume or the history can read it instead of replaying the round."""

from __future__ import annotations

import pytest

from casino_gui.engine import Action, Move, actions_of, move_text
from casino_gui.engine.errors import BlackjackError
from casino_gui.engine.events import Event, HandDoubled, InsuranceTaken, RoundSettled
from casino_gui.engine.games import BLACKJACK, CARIBBEAN_21
from casino_gui.engine.round import Bet, Round
from casino_gui.engine.shoe import Shoe


def _named(move: Move | Bet) -> str:
    return "bet" if isinstance(move, Bet) else move_text(move)


def test_history_holds_the_bets_the_deal_and_each_answer_with_their_events() -> None:
    # $10 on spot 1 and $25 on spot 2. Spot 1 9S 2H (11) doubles and draws TC (21); spot 2
    # TS 8H stands on 18. Dealer 7D 9C (16) draws 5D (21): spot 1 pushes, spot 2 loses.
    table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "9S TS 7D 2H 8H 9C TC 5D"), 100_000)
    returned: list[Event] = []
    returned += table.bet(1, 1_000)
    returned += table.bet(2, 2_500)
    returned += table.deal()
    returned += table.double()
    returned += table.stand()

    history = table.history
    assert [_named(step.move) for step in history] == ["bet", "bet", "deal", "double", "stand"]
    assert [step.bet for step in history[:2]] == [Bet(1, 1_000), Bet(2, 2_500)]
    assert [step.bankroll for step in history] == [100_000, 100_000, 96_500, 95_500, 97_500]
    assert [event for step in history for event in step.events] == returned
    assert history[3].events[0] == HandDoubled(table.hands[0].id, 1_000)
    assert isinstance(history[-1].events[-1], RoundSettled)
    answers = [_named(step.move) for step in history[3:]]
    assert answers == actions_of(table)


def test_a_refused_move_leaves_no_step_in_the_history() -> None:
    table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "9S 7D 2H 9C TC 5D"), 100_000)
    table.bet(1, 1_000)
    table.deal()
    table.hit()  # 9 2 T: 21 stands by itself, and the round settles
    steps = len(table.history)
    with pytest.raises(BlackjackError):
        table.hit()
    with pytest.raises(BlackjackError):
        table.bet(1, 1_000)
    assert len(table.history) == steps


def test_late_insurance_is_kept_with_the_amount_it_bought() -> None:
    # Caribbean 21: player TS 9H against the dealer's ace insures without an amount (the most,
    # $5.00), then stands; dealer AC draws 8D and 9D (18).
    table = Round(CARIBBEAN_21, Shoe.stacked(CARIBBEAN_21, "TS AC 9H 8D 9D"), 100_000)
    table.bet(1, 1_000)
    table.deal()
    table.insure()
    step = table.history[-1]
    assert step.move == Move(Action.INSURE, 500)
    assert step.events == (InsuranceTaken(1, 500),)
    assert step.bankroll == 100_000 - 1_000 - 500
