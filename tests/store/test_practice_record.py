"""Practice's record in the bankroll file: its own tables, never the ledger or the wallet;
one transaction an answer (a SIGKILL at any step loses at most the answer in flight); its
figures in `store stats --json`; the mistakes of the real tables on their schedule."""

from __future__ import annotations

import json
import random
from contextlib import closing, redirect_stderr, redirect_stdout
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from io import StringIO
from itertools import islice
from pathlib import Path

from casino_gui.engine import GAMES, Bet
from casino_gui.engine.practice import DrillKind, Kind, Review, answered, draw, due_deck, grade
from casino_gui.engine.round import Action
from casino_gui.store import Bankroll
from casino_gui.store.__main__ import main as store_command
from casino_gui.store.practice import PracticeAnswer, PracticeFigures, progress, recount
from casino_gui.store.stats import kept
from tests.store.bankroll_files import Clock, every_kill_point, raw

START = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


def money_rows(folder: Path) -> list[tuple[object, ...]]:
    """Every row of the wallet and the ledger, as the file holds them."""
    with closing(raw(folder)) as db:
        wallet = db.execute("SELECT * FROM wallet").fetchall()
        ledger = db.execute("SELECT * FROM ledger ORDER BY id").fetchall()
        return [("wallet", *row) for row in wallet] + [("ledger", *row) for row in ledger]


def a_played_bankroll(folder: Path) -> None:
    """Two real rounds with a mistake each: a hard 16 stood on against a 9, and 8-8 hit
    against a 6 (split is best); then their play judged and kept."""
    with Bankroll.open(folder, clock=Clock(START)) as bankroll:
        bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="TS 9H 6C 7D 5S")
        bankroll.act("stand")
        bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="8S 6H 8C TD 2C 9S TH")
        bankroll.act("hit")
        bankroll.act("stand")
        assert kept.judge(bankroll.path)


def drill(bankroll: Bankroll, game: str, answers: int, seed: int = 1) -> list[PracticeAnswer]:
    """Flash cards of the game answered with random legal moves, each kept."""
    chooser = random.Random(seed)
    given = []
    for card in islice(draw(GAMES[game], seed=seed), answers):
        table = card.table()
        move = chooser.choice(sorted(table.legal_actions(), key=lambda a: a.value))
        answer = PracticeAnswer.of(DrillKind.FLASH, game, grade(table, move))
        bankroll.practice().record_practice(answer)
        given.append(answer)
    return given


def test_a_whole_drill_leaves_the_ledger_and_the_wallet_as_they_were(folder: Path) -> None:
    a_played_bankroll(folder)
    before = money_rows(folder)
    with Bankroll.open(folder) as bankroll:
        balance = bankroll.balance
        for game in GAMES:
            drill(bankroll, game, 6)
        assert bankroll.balance == balance
    assert money_rows(folder) == before
    assert store_command(["verify", "--data-dir", str(folder)]) == 0


def test_the_figures_kept_are_the_answers_counted_again(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        given = drill(bankroll, "pontoon", 25) + drill(bankroll, "super_21", 25, seed=2)
    with closing(raw(folder)) as db:
        assert progress(db) == recount(db)
        found = progress(db)
    assert found.overall.decisions == 50
    assert found.overall.right == sum(answer.right for answer in given)
    assert found.overall.cost == sum(answer.cost for answer in given)
    assert set(found.games) == {"pontoon", "super_21"}
    assert {"forced_hit", "double_after_hits", "surrender"} <= set(found.kinds)


def test_accuracy_money_lost_and_streaks() -> None:
    figures = PracticeFigures()
    for right, cost in ((True, 0), (True, 0), (False, 37), (True, 0), (False, 506), (True, 0)):
        figures.add(right, cost)
    assert (figures.decisions, figures.right, figures.accuracy) == (6, 4, 66.7)
    assert (figures.cost, figures.lost_per_100) == (543, 9050)
    assert (figures.streak, figures.best_streak) == (1, 2)


def test_store_stats_json_has_a_practice_object(folder: Path) -> None:
    a_played_bankroll(folder)
    with Bankroll.open(folder) as bankroll:
        given = drill(bankroll, "blackjack", 10)
    out = StringIO()
    with redirect_stdout(out):
        assert store_command(["stats", "--data-dir", str(folder), "--json"]) == 0
    practice = json.loads(out.getvalue())["practice"]
    assert practice["decisions"] == 10
    assert practice["right"] == sum(answer.right for answer in given)
    assert practice["given_up"] == sum(answer.cost for answer in given)
    assert practice["games"]["blackjack"]["decisions"] == 10
    assert set(practice) >= {"accuracy_percent", "lost_per_100_decisions", "streak", "kinds"}
    text = StringIO()
    with redirect_stdout(text):
        store_command(["stats", "--data-dir", str(folder)])
    assert "Practice (no money): " in text.getvalue()


def test_a_kill_at_any_step_of_a_drill_loses_at_most_the_answer_in_flight(folder: Path) -> None:
    a_played_bankroll(folder)
    before = money_rows(folder)
    kept_answers = 0

    def three_answers() -> None:
        with Bankroll.open(folder) as bankroll:
            drill(bankroll, "no_bust_21", 3, seed=kept_answers + 5)

    for _ in every_kill_point(three_answers):
        with closing(raw(folder)) as db:
            (count,) = db.execute("SELECT count(*) FROM practice_answers").fetchone()
            assert kept_answers <= count <= kept_answers + 3
            assert progress(db) == recount(db)
            kept_answers = count
        assert money_rows(folder) == before
    with closing(raw(folder)) as db:
        assert progress(db) == recount(db)
    assert money_rows(folder) == before


def test_my_mistakes_come_from_the_real_tables_costliest_first(folder: Path) -> None:
    a_played_bankroll(folder)
    with Bankroll.open(folder) as bankroll:
        deck = due_deck(bankroll.practice().mistakes(), START)
        assert [(r.round_id, r.number) for r in deck] == [(2, 1), (1, 1)]
        assert deck[0].cost > deck[1].cost == 37
        first = bankroll.practice().mistake_card(deck[0])
        assert first is not None
        table = first.table()
        assert [card.rank for card in table.active_hand.cards] == ["8", "8"]  # type: ignore[union-attr]
        assert grade(table, Action.SPLIT).right
        stood = bankroll.practice().mistake_card(deck[1])
        assert stood is not None and not grade(stood.table(), Action.STAND).right


def test_a_mistakes_schedule_is_kept_and_retires_after_three_days(folder: Path) -> None:
    a_played_bankroll(folder)
    now = START
    with Bankroll.open(folder) as bankroll:
        review = next(r for r in bankroll.practice().mistakes() if r.round_id == 1)
        card = bankroll.practice().mistake_card(review)
        assert card is not None
        for day in range(3):
            now = START + timedelta(days=day * 3 + 1)
            assert review in due_deck(bankroll.practice().mistakes(), now)
            review = answered(review, True, now)
            graded = grade(card.table(), Action.HIT)
            bankroll.practice().record_practice(
                PracticeAnswer.of(DrillKind.MISTAKES, "blackjack", graded), review
            )
            assert replace(review) in bankroll.practice().mistakes()
        assert review.retired
        assert review not in due_deck(bankroll.practice().mistakes(), now + timedelta(days=400))
        assert bankroll.practice().progress().mistakes_retired == 1
        assert bankroll.practice().progress().mistakes_drilled == 1


def test_a_mistake_never_drilled_is_new() -> None:
    assert Review(1, 1, "blackjack", 37).due is None


def test_verify_replay_finds_practice_figures_that_are_not_its_answers(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        drill(bankroll, "blackjack", 4)
    assert store_command(["verify", "--replay", "--data-dir", str(folder)]) == 0
    with closing(raw(folder)) as db:
        db.execute("UPDATE practice_kept SET cost = cost + 1 WHERE scope = 'all'")
    out, err = StringIO(), StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        assert store_command(["verify", "--replay", "--data-dir", str(folder)]) != 0
    assert "practice's kept figures are not its answers counted again" in out.getvalue() + (
        err.getvalue()
    )


def test_an_answer_out_of_time_is_kept_as_timed_out_with_no_move(folder: Path) -> None:
    # A flash card of Standard BlackJack, its time run out: wrong, no move, no cost.
    card = next(iter(draw(GAMES["blackjack"], seed=4)))
    answer = PracticeAnswer.of(DrillKind.FLASH, "blackjack", grade(card.table(), None))
    assert (answer.timed_out, answer.taken, answer.right, answer.cost) == (True, None, False, 0)
    with Bankroll.open(folder) as bankroll:
        bankroll.practice().record_practice(answer)
    with closing(raw(folder)) as db:
        (taken,) = db.execute("SELECT taken FROM practice_answers").fetchone()
        # An earlier version kept a pseudo-move for it: it reads as timed out all the same.
        db.execute("UPDATE practice_answers SET taken = 'timeout'")
        db.commit()
        counted = recount(db)
    assert taken == ""  # neither a move nor a word standing for one
    assert (counted.overall.decisions, counted.overall.right) == (1, 0)
    assert store_command(["verify", "--data-dir", str(folder)]) == 0


def test_the_record_reads_back_as_members() -> None:
    table = next(iter(draw(GAMES["pontoon"], seed=2))).table()
    move = sorted(table.legal_actions(), key=lambda action: action.value)[0]
    answer = PracticeAnswer.of(DrillKind.FLASH, "pontoon", grade(table, move))
    assert type(answer.drill) is DrillKind and type(answer.best) is Action
    assert answer.taken is move and all(type(kind) is Kind for kind in answer.kinds)
