"""The wallet and its ledger: $1,000 to start, one row per money movement, in the step that
moved it. Shoes are in dealing order (spots, dealer up, spots, dealer hole, then play). Cents.
"""

from __future__ import annotations

import json
from contextlib import closing
from pathlib import Path

import pytest

from bench.store import SeededPlayer
from casino_gui.engine import actions_of
from casino_gui.engine.errors import BetError, IllegalActionError
from casino_gui.engine.games import BLACKJACK, CARIBBEAN_21, NO_BUST_21, SUPER_21
from casino_gui.engine.round import Action, Bet, Phase
from casino_gui.store import Bankroll, RoundError
from casino_gui.store.schema import SCHEMA_VERSION
from casino_gui.store.verify import verify
from tests.store.bankroll_files import Clock, ledger_of, raw


def test_a_new_wallet_holds_one_thousand_dollars_in_a_wal_file_of_the_newest_schema(
    folder: Path,
) -> None:
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 100_000
        assert bankroll.path == folder / "bankroll.sqlite3"
    assert ledger_of(folder) == [("opening", 100_000, None, None)]
    with closing(raw(folder)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (7,)


def test_the_deal_records_the_round_and_debits_each_circle(folder: Path, clock: Clock) -> None:
    with Bankroll.open(folder, clock=clock) as bankroll:
        table, _ = bankroll.deal(BLACKJACK, [Bet(1, 1_000), Bet(2, 500)], shoe="9S 8D 7H TH TC 7C")
        assert table.phase is Phase.PLAYER_TURNS
        assert bankroll.balance == 98_500
        with closing(raw(folder)) as db:
            row = db.execute(
                "SELECT game, rules, seed, shoe, bets, bankroll_before, state FROM rounds"
            ).fetchone()
    assert row == (
        "blackjack",
        "{}",
        None,
        "9S 8D 7H TH TC 7C",
        '[{"spot": 1, "amount": 1000}, {"spot": 2, "amount": 500}]',
        100_000,
        "open",
    )
    assert ledger_of(folder)[1:] == [("stake", -1_000, 1, None), ("stake", -500, 2, None)]


def test_a_won_hand_is_paid_stake_and_winnings_as_the_round_closes(folder: Path) -> None:
    # Player 9S TH = 19, dealer 7H TC = 17 stands.
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act("stand")
        assert bankroll.balance == 101_000
        assert not bankroll.round_open
    assert ledger_of(folder)[1:] == [("stake", -1_000, 1, None), ("payout", 2_000, 1, 1)]
    with closing(raw(folder)) as db:
        state, after, result = db.execute(
            "SELECT state, bankroll_after, result FROM rounds"
        ).fetchone()
    assert (state, after) == ("settled", 101_000)
    assert json.loads(result)["hands"][0]["outcome"] == "win"


def test_a_double_is_debited_with_the_action_that_doubled(folder: Path) -> None:
    # Player 6S 5C = 11 doubles and draws TH = 21; dealer 9H TD = 19.
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="6S 9H 5C TD TH")
        bankroll.act("double")
        assert bankroll.balance == 102_000
    assert ledger_of(folder)[1:] == [
        ("stake", -1_000, 1, None),
        ("double", -1_000, 1, 1),
        ("payout", 4_000, 1, 1),
    ]


def test_a_split_is_debited_with_the_action_that_split(folder: Path) -> None:
    # 8S 8C split against 9H 7D: 8S 3H = 11 stands and loses, 8C TC = 18 pushes the
    # dealer's 9H 7D 2D = 18.
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="8S 9H 8C 7D 3H TC 2D")
        bankroll.act("split")
        assert bankroll.balance == 98_000
        bankroll.act("stand")
        bankroll.act("stand")
        assert bankroll.balance == 99_000
    assert ledger_of(folder)[1:] == [
        ("stake", -1_000, 1, None),
        ("split", -1_000, 1, 1),
        ("payout", 1_000, 1, 3),
    ]


def test_insurance_is_debited_with_its_answer_and_lost_when_the_dealer_has_no_blackjack(
    folder: Path,
) -> None:
    # docs/replay-format.md's example: 9S TH against AH 7C; insured for 500, wins with 19.
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S AH TH 7C")
        bankroll.act("insure")
        bankroll.act("stand")
        assert bankroll.balance == 100_500
    assert ledger_of(folder)[1:] == [
        ("stake", -1_000, 1, None),
        ("insurance", -500, 1, 1),
        ("payout", 2_000, 1, 2),
    ]


def test_insurance_pays_two_to_one_on_a_dealer_blackjack(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S AH TH KC")
        bankroll.act("insure")
        assert bankroll.balance == 100_000
    assert ledger_of(folder)[1:] == [
        ("stake", -1_000, 1, None),
        ("insurance", -500, 1, 1),
        ("insurance_payout", 1_500, 1, 1),
    ]


def test_caribbean_21_late_insurance_debits_the_amount_named_and_pays_nine_to_one(
    folder: Path,
) -> None:
    # Player 9S 8C, dealer AH (one card) then TD KC: 21 with the ace, insurance wins.
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(CARIBBEAN_21, [Bet(1, 1_000)], shoe="9S AH 8C TD KC")
        bankroll.act("insure:250")
        assert bankroll.balance == 98_750
        bankroll.act("stand")
        assert bankroll.balance == 101_250
    assert ledger_of(folder)[1:] == [
        ("stake", -1_000, 1, None),
        ("insurance", -250, 1, 1),
        ("insurance_payout", 2_500, 1, 2),
    ]


def test_the_buster_bet_is_debited_at_the_deal_and_paid_when_the_dealer_busts(
    folder: Path,
) -> None:
    # No Bust 21: TS 9C = 19; the dealer's 6H 8D 9H busts with three cards (Buster 1:1).
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(NO_BUST_21, [Bet(1, 1_000, buster=200)], shoe="TS 6H 9C 8D 9H")
        assert bankroll.balance == 98_800
        bankroll.act("stand")
        assert bankroll.balance == 101_200
    assert ledger_of(folder)[1:] == [
        ("stake", -1_000, 1, None),
        ("side_bet", -200, 1, None),
        ("payout", 2_000, 1, 1),
        ("side_bet_payout", 400, 1, 1),
    ]


def test_a_blackjack_paid_at_once_is_credited_by_the_deal(folder: Path) -> None:
    # Spot 1 AS KD is paid 3:2 at the deal (the dealer's 7H cannot make a blackjack);
    # spot 2 9S 8S = 17 plays on and beats the dealer's 7H 6C TC bust.
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000), Bet(2, 1_000)], shoe="AS 9S 7H KD 8S 6C TC")
        assert bankroll.balance == 100_500
        bankroll.act("stand")
        assert bankroll.balance == 102_500
    assert ledger_of(folder)[1:] == [
        ("stake", -1_000, 1, None),
        ("stake", -1_000, 2, None),
        ("payout", 2_500, 1, None),
        ("payout", 2_000, 2, 1),
    ]


def test_a_surrender_gives_half_back_in_the_step_that_surrendered(folder: Path) -> None:
    # Super 21: spot 1 TS 6C surrenders; spot 2 9C 8C = 17 pushes the dealer's 9H 8D.
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(SUPER_21, [Bet(1, 1_000), Bet(2, 1_000)], shoe="TS 9C 9H 6C 8C 8D")
        bankroll.act("surrender")
        assert bankroll.balance == 98_500
        bankroll.act("stand")
        assert bankroll.balance == 99_500
    assert ledger_of(folder)[1:] == [
        ("stake", -1_000, 1, None),
        ("stake", -1_000, 2, None),
        ("payout", 500, 1, 1),
        ("payout", 1_000, 2, 2),
    ]


def test_the_balance_equals_the_ledger_sum_after_every_step_of_many_rounds(
    folder: Path,
) -> None:
    with Bankroll.open(folder) as bankroll:
        player = SeededPlayer(bankroll, base=2025)
        for _ in range(70):  # ten rounds of each game
            player.play_round()
            assert bankroll.balance == sum(amount for _, amount, _, _ in ledger_of(folder))
    result = verify(folder, replay_history=True)
    assert result.agrees, result.report()
    assert result.settled_rounds == 70


def test_an_illegal_action_is_refused_by_the_engine_and_writes_nothing(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        table, _ = bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        with pytest.raises(IllegalActionError):
            bankroll.act("split")
        assert actions_of(table) == []
        assert bankroll.balance == 99_000
        with closing(raw(folder)) as db:
            assert db.execute("SELECT count(*) FROM actions").fetchone() == (0,)


def test_a_bet_over_the_bankroll_is_refused_before_anything_is_written(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 50_000)], shoe="TS 9H 6C 8D")
        bankroll.act("stand")  # 16 loses to 17: $500 left
        with pytest.raises(BetError, match="more than your bankroll"):
            bankroll.deal(BLACKJACK, [Bet(1, 40_000), Bet(2, 20_000)])
        assert bankroll.balance == 50_000
    with closing(raw(folder)) as db:
        assert db.execute("SELECT count(*) FROM rounds").fetchone() == (1,)


def test_one_round_at_a_time(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        with pytest.raises(RoundError, match="deal first"):
            bankroll.act("hit")
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        with pytest.raises(RoundError, match="finish it first"):
            bankroll.deal(BLACKJACK, [Bet(1, 1_000)])
        bankroll.act("stand")
        with pytest.raises(RoundError, match="deal first"):
            bankroll.act("stand")


def test_a_custom_table_is_recorded_as_overrides_of_its_game(folder: Path) -> None:
    custom = BLACKJACK.replace(dealer_hits_soft_17=False, max_bet=100_000)
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(custom, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act("stand")
        (entry,) = bankroll.history()
    assert entry.record.overrides == {"dealer_hits_soft_17": False, "max_bet": 100_000}
    assert entry.record.rules == custom
    assert entry.record.play().to_json() == entry.result


def test_a_sixty_four_bit_seed_is_kept_to_the_last_digit(folder: Path) -> None:
    seed = 2**64 - 1  # more than SQLite's INTEGER holds
    with Bankroll.open(folder) as bankroll:
        table, _ = bankroll.deal(BLACKJACK, [Bet(1, 1_000)], seed=seed)
        while bankroll.round_open:
            bankroll.act("stand" if Action.STAND in table.legal_actions() else "no_insurance")
        (entry,) = bankroll.history()
    assert table.shoe.seed == seed
    assert entry.record.seed == seed
    with closing(raw(folder)) as db:
        assert db.execute("SELECT seed FROM rounds").fetchone() == ("18446744073709551615",)
