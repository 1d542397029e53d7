"""Refill: "refill to $1,000" is a ledger row when the player is short; lifetime figures survive."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino_gui.engine import Action, Move
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import Bankroll, RefillError
from tests.store.bankroll_files import ledger_of


def lose_five_hundred_dollars(bankroll: Bankroll) -> None:
    # 16 (TS 6C) stands against 17 (9H 8D).
    bankroll.deal(BLACKJACK, [Bet(1, 50_000)], shoe="TS 9H 6C 8D")
    bankroll.act(Move(Action.STAND))


def test_refill_tops_the_wallet_up_to_one_thousand_dollars_as_a_ledger_row(
    folder: Path,
) -> None:
    with Bankroll.open(folder) as bankroll:
        lose_five_hundred_dollars(bankroll)
        assert bankroll.balance == 50_000
        assert bankroll.refill() == 50_000
        assert bankroll.balance == 100_000
    assert ledger_of(folder)[-1] == ("refill", 50_000, None, None)
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 100_000


def test_lifetime_figures_survive_a_refill(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")  # won $10
        bankroll.act(Move(Action.STAND))
        lose_five_hundred_dollars(bankroll)
        before = bankroll.lifetime()
        bankroll.refill()
        after = bankroll.lifetime()
    assert (before.rounds, before.wagered, before.paid, before.net) == (2, 51_000, 2_000, -49_000)
    assert before.biggest_win == 1_000
    assert (before.refills, before.refilled) == (0, 0)
    assert (after.rounds, after.wagered, after.paid, after.net) == (2, 51_000, 2_000, -49_000)
    assert after.biggest_win == 1_000
    assert (after.refills, after.refilled) == (1, 49_000)
    assert after.since == before.since


def test_no_refill_for_a_wallet_of_a_thousand_dollars_or_more(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        with pytest.raises(RefillError, match=r"holds \$1,000.00"):
            bankroll.refill()
        assert bankroll.balance == 100_000
    assert [kind for kind, *_ in ledger_of(folder)] == ["opening"]


def test_no_refill_while_a_round_is_on_the_table(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 50_000)], shoe="TS 9H 6C 8D")
        with pytest.raises(RefillError, match="finish the round"):
            bankroll.refill()
