"""The counting drills' answers in practice's record (schema 6): a row per answer with what
was asked, the right answer, the player's and the time; each drill's sums kept with it; never
the ledger; a kill between answers loses at most the answer in flight."""

from __future__ import annotations

import json
from contextlib import closing, redirect_stderr, redirect_stdout
from datetime import timedelta
from io import StringIO
from pathlib import Path

from casino_gui.engine.counting import HI_LO, KO
from casino_gui.engine.practice.counting import (
    CountAnswer,
    CountDrill,
    CountQuestion,
    count_down,
    true_count_question,
)
from casino_gui.gui.stats.figures_panel import practice_group
from casino_gui.store import Bankroll
from casino_gui.store.__main__ import main as store_command
from casino_gui.store.practice import progress, recount
from casino_gui.store.practice_counts import CountFigures
from tests.store.bankroll_files import Clock, every_kill_point, raw, set_back_to_schema
from tests.store.test_practice_record import START, a_played_bankroll, drill, money_rows

CHECK = CountQuestion(CountDrill.COUNT_CHECK, "ko", "the running count after 130 cards", 130, 3)


def answers() -> list[CountAnswer]:
    """A deck counted down right in 26 s, another wrong in 31 s, two true counts (one
    right), a count check skipped and one answered right."""
    deck = count_down(HI_LO, seed=7).question
    other = count_down(HI_LO, seed=8, cards=26, pairs=True).question
    return [
        CountAnswer(deck, deck.expected, 26_000),
        CountAnswer(other, other.expected + 1, 31_000),
        CountAnswer(true_count_question(HI_LO, 9, 130), 3, 4_200),
        CountAnswer(true_count_question(HI_LO, -7, 104), -3, 5_800),
        CountAnswer(CHECK, None, 900),
        CountAnswer(CHECK, 3, 6_000),
    ]


def test_each_answer_is_a_row_with_what_was_asked_the_right_answer_and_the_time(
    folder: Path,
) -> None:
    with Bankroll.open(folder) as bankroll:
        for answer in answers():
            bankroll.practice().record_count(answer)
    with closing(raw(folder)) as db:
        rows = db.execute(
            "SELECT drill, system, asked, cards, expected, given, matched, millis"
            " FROM count_answers ORDER BY id"
        ).fetchall()
    assert rows == [
        ("count_down", "hilo", "52 cards", 52, 0, 0, 1, 26_000),
        ("count_down", "hilo", "26 cards in pairs", 26, 3, 4, 0, 31_000),
        ("true_count", "hilo", "+9 with 2.5 decks left", 130, 3, 3, 1, 4_200),
        ("true_count", "hilo", "\N{MINUS SIGN}7 with 2 decks left", 104, -4, -3, 0, 5_800),
        ("count_check", "ko", "the running count after 130 cards", 130, 3, None, 0, 900),
        ("count_check", "ko", "the running count after 130 cards", 130, 3, 3, 1, 6_000),
    ]


def test_the_figures_kept_are_the_answers_counted_again(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        for answer in answers():
            bankroll.practice().record_count(answer)
        figures = bankroll.practice().progress().counting
    assert figures == {
        "count_down": CountFigures(2, 1, 0, 57_000, 78),
        "true_count": CountFigures(2, 1, 0, 10_000, 234),
        "count_check": CountFigures(2, 1, 1, 6_000, 130),
    }
    # 57 s for 78 cards is 38 s a deck; a skipped check counts as not right, and no time.
    assert (figures["count_down"].seconds_per_deck, figures["count_down"].accuracy) == (38.0, 50)
    assert (figures["count_check"].seconds_each, figures["true_count"].seconds_each) == (6.0, 5.0)
    with closing(raw(folder)) as db:
        assert progress(db) == recount(db)


def test_the_statistics_show_the_counting_drills_accuracy_and_times(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        for answer in answers():
            bankroll.practice().record_count(answer)
        found = bankroll.practice().progress()
    title, rows = practice_group(found)
    assert title == "Practice (no money)"
    assert [text for _key, _label, text in rows] == [
        "1 of 2 right (50.0%), 1 skipped, 6.0 s each",
        "1 of 2 right (50.0%), 38.0 s a deck",
        "1 of 2 right (50.0%), 5.0 s each",
    ]
    assert [label for _key, label, _text in rows] == [
        "Count check at the table",
        "Count down a deck",
        "True count",
    ]
    out = StringIO()
    with redirect_stdout(out):
        assert store_command(["stats", "--data-dir", str(folder), "--json"]) == 0
    counting = json.loads(out.getvalue())["practice"]["counting"]
    assert counting["count_down"] == {
        "answers": 2,
        "right": 1,
        "skipped": 0,
        "accuracy_percent": 50.0,
        "seconds_each": 28.5,
        "seconds_per_deck": 38.0,
    }
    text = StringIO()
    with redirect_stdout(text):
        assert store_command(["stats", "--data-dir", str(folder)]) == 0
    assert "  Count down a deck: 1 of 2 right (50.0%), 38.0 s a deck" in text.getvalue()


def test_counting_never_touches_the_money_and_a_kill_loses_at_most_the_answer_in_flight(
    folder: Path,
) -> None:
    a_played_bankroll(folder)
    before = money_rows(folder)
    kept = 0

    def three_answers() -> None:
        with Bankroll.open(folder) as bankroll:
            for answer in answers()[:3]:
                bankroll.practice().record_count(answer)

    for _ in every_kill_point(three_answers):
        with closing(raw(folder)) as db:
            (count,) = db.execute("SELECT count(*) FROM count_answers").fetchone()
            assert kept <= count <= kept + 3
            assert progress(db) == recount(db)
            kept = count
        assert money_rows(folder) == before
    with closing(raw(folder)) as db:
        assert progress(db) == recount(db)
    assert money_rows(folder) == before
    assert store_command(["verify", "--replay", "--data-dir", str(folder)]) == 0


def test_a_bankroll_of_schema_5_keeps_its_practice_and_counts_from_6(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        given = drill(bankroll, "blackjack", 5)
    set_back_to_schema(folder, 5)
    with Bankroll.open(folder) as bankroll:
        found = bankroll.practice().progress()
        assert found.overall.decisions == len(given) and found.counting == {}
        bankroll.practice().record_count(CountAnswer(CHECK, 3, 1_500))
        assert bankroll.practice().progress().counting == {
            "count_check": CountFigures(1, 1, 0, 1_500, 130)
        }


def test_ko_counts_a_deck_down_to_plus_4() -> None:
    assert count_down(KO, seed=3).question.expected == 4


def test_verify_replay_finds_counting_figures_that_are_not_its_answers(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        for answer in answers():
            bankroll.practice().record_count(answer)
    assert store_command(["verify", "--replay", "--data-dir", str(folder)]) == 0
    with closing(raw(folder)) as db:
        db.execute("UPDATE count_kept SET millis = millis + 1 WHERE drill = 'true_count'")
    out = StringIO()
    with redirect_stdout(out), redirect_stderr(StringIO()) as err:
        assert store_command(["verify", "--replay", "--data-dir", str(folder)]) != 0
    assert "practice's kept figures are not its answers counted again" in (
        out.getvalue() + err.getvalue()
    )


def test_a_sessions_counting_is_counted_from_its_answers(folder: Path) -> None:
    clock = Clock(START)
    with Bankroll.open(folder, clock=clock) as bankroll:
        for answer in answers()[:2]:
            bankroll.practice().record_count(answer)
        clock.now = START + timedelta(hours=2)
        for answer in answers()[2:]:
            bankroll.practice().record_count(answer)
    with closing(raw(folder)) as db:
        since = recount(db, START + timedelta(hours=1)).counting
    assert set(since) == {"true_count", "count_check"}
