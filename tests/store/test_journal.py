"""The round journal: an open round comes back, replayed by the engine, where it stood; one the
engine can no longer replay is cancelled and refunded in full, with a message that says so."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path
from typing import Any

from bench.store import seeded_action
from casino_gui.engine import Action, Move, actions_of
from casino_gui.engine.games import BLACKJACK, PONTOON
from casino_gui.engine.round import Bet, Phase
from casino_gui.store import Bankroll, Refunded, Resumed
from casino_gui.store.verify import verify
from tests.store.bankroll_files import ledger_of, raw


def cards(held: Any) -> str:
    return " ".join(str(card) for card in getattr(held, "cards", held))


def test_a_round_left_open_is_resumed_where_it_stood(folder: Path) -> None:
    # 8S 8C split against 9H 7D; the first hand (8S 3H) has stood when the program stops.
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="8S 9H 8C 7D 3H TC 2D")
        bankroll.act(Move(Action.SPLIT))
        bankroll.act(Move(Action.STAND))
    with Bankroll.open(folder) as bankroll:
        resumed = bankroll.resumed
        assert isinstance(resumed, Resumed)
        table = resumed.table
        assert table is bankroll.table
        assert bankroll.round_open
        assert [cards(hand) for hand in table.hands] == ["8S 3H", "8C TC"]
        assert actions_of(table) == ["split", "stand"]
        assert table.active_hand is table.hands[1]
        assert bankroll.balance == 98_000
        assert "goes on where it was" in resumed.message
        bankroll.act(Move(Action.STAND))
        assert bankroll.balance == 99_000
    assert ledger_of(folder)[1:] == [
        ("stake", -1_000, 1, None),
        ("split", -1_000, 1, 1),
        ("payout", 1_000, 1, 3),
    ]


def test_a_seeded_round_resumes_to_the_same_cards_and_the_same_money(tmp_path: Path) -> None:
    # The same Pontoon round twice from seed 7: once in one go, once stopped after each answer.
    def play(folder: Path, stop_after_each_action: bool) -> tuple[int, list[str]]:
        bankroll = Bankroll.open(folder)
        table, _ = bankroll.deal(PONTOON, [Bet(1, 2_500), Bet(3, 500)], seed=7)
        while bankroll.round_open:
            bankroll.act(seeded_action(table, base=7, number=0))
            if stop_after_each_action:
                bankroll.close()
                bankroll = Bankroll.open(folder)
                if bankroll.table is not None:
                    table = bankroll.table
        with bankroll:
            return bankroll.balance, [cards(hand) for hand in table.hands]

    assert play(tmp_path / "in one go", False) == play(tmp_path / "stopped", True)


def test_a_round_closed_before_any_action_resumes_from_its_deal(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S AH TH 7C")
    with Bankroll.open(folder) as bankroll:
        assert isinstance(bankroll.resumed, Resumed)
        assert bankroll.table is not None and bankroll.table.phase is Phase.INSURANCE
        bankroll.act(Move(Action.NO_INSURANCE))
        bankroll.act(Move(Action.STAND))
        assert bankroll.balance == 101_000


def test_no_round_open_nothing_resumed(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act(Move(Action.STAND))
    with Bankroll.open(folder) as bankroll:
        assert bankroll.resumed is None
        assert bankroll.table is None


def test_a_round_whose_rules_changed_in_an_upgrade_is_refunded_in_full(folder: Path) -> None:
    # Spot 1 (6S 5C) has doubled and drawn TH, spot 2 (9S 8S) is to play against 9H TD: $30
    # on the table when the program stops; the next version no longer knows a rule of the round.
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000), Bet(2, 1_000)], shoe="6S 9S 9H 5C 8S TD TH")
        bankroll.act(Move(Action.DOUBLE))
        assert bankroll.balance == 97_000
    with closing(raw(folder)) as db:
        db.execute("""UPDATE rounds SET rules = '{"double_on_any_three": true}'""")
    with Bankroll.open(folder) as bankroll:
        refunded = bankroll.resumed
        assert isinstance(refunded, Refunded)
        assert refunded.amount == 3_000
        assert refunded.message == (
            "Your Standard BlackJack round was interrupted and could not be resumed "
            "(the deal: unknown rule 'double_on_any_three'). It was cancelled and its stakes "
            "of $30.00 were refunded in full: your bankroll is as it was before that round."
        )
        assert bankroll.table is None
        assert bankroll.balance == 100_000
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")  # play goes on
    with closing(raw(folder)) as db:
        assert db.execute("SELECT state FROM rounds WHERE id = 1").fetchone() == ("refunded",)
    assert ledger_of(folder)[1:5] == [
        ("stake", -1_000, 1, None),
        ("stake", -1_000, 2, None),
        ("double", -1_000, 1, 1),
        ("refund", 3_000, None, None),
    ]
    assert verify(folder).agrees


def test_a_journaled_action_the_engine_no_longer_allows_is_refunded(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000), Bet(2, 1_000)], shoe="6S 9S 9H 5C 8S TD TH")
        bankroll.act(Move(Action.DOUBLE))
    with closing(raw(folder)) as db:
        db.execute("INSERT INTO actions VALUES (1, 2, 'split', '2025-01-31T20:00:09.000000Z')")
    with Bankroll.open(folder) as bankroll:
        refunded = bankroll.resumed
        assert isinstance(refunded, Refunded)
        assert refunded.reason.startswith("action 2 'split': ")
        assert refunded.amount == 3_000
        assert bankroll.balance == 100_000


def test_a_refund_undoes_what_the_round_had_already_paid(folder: Path) -> None:
    # Spot 1's blackjack (AS KD) was paid $25 at the deal; spot 2 had not played.
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000), Bet(2, 1_000)], shoe="AS 9S 7H KD 8S 6C TC")
        assert bankroll.balance == 100_500
    with closing(raw(folder)) as db:
        db.execute("UPDATE rounds SET game = 'blackjack_xl'")
    with Bankroll.open(folder) as bankroll:
        refunded = bankroll.resumed
        assert isinstance(refunded, Refunded)
        assert refunded.amount == -500
        assert "the $5.00 it had already paid was taken back" in refunded.message
        assert bankroll.balance == 100_000
    assert verify(folder).agrees


def test_a_round_whose_record_cannot_be_read_is_refunded(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 2_500)], shoe="9S 7H TH TC")
    with closing(raw(folder)) as db:
        db.execute("UPDATE rounds SET bets = 'two chips on the left'")
    with Bankroll.open(folder) as bankroll:
        refunded = bankroll.resumed
        assert isinstance(refunded, Refunded)
        assert refunded.reason.startswith("round 1's record cannot be read")
        assert refunded.amount == 2_500
        assert bankroll.balance == 100_000
