"""The history dialog's query: pages, filters and their totals over a generated bankroll,
and readable entries (cards as symbols, side bets, refunded rounds marked)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import timedelta
from pathlib import Path

import pytest

from bench.store import GENERATED_EVERY, GENERATED_FROM, generate_history
from casino_gui.engine import GAMES, Bet, HandRecord
from casino_gui.store import Bankroll, Refunded
from casino_gui.store.history import history, to_json_text
from casino_gui.store.history_query import (
    HistoryFilter,
    ResultFilter,
    card_symbol,
    cards_text,
    entries,
    following,
    page,
    totals,
)
from casino_gui.store.verify import open_for_reading
from tests.store.bankroll_files import Clock, raw

ROUNDS = 2_000


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    folder = tmp_path_factory.mktemp("generated")
    generate_history(folder, ROUNDS, judged=False)
    _, db = open_for_reading(folder)
    with closing(db):
        yield db


def test_the_first_page_is_the_newest_rounds_with_the_totals_of_all(
    generated: sqlite3.Connection,
) -> None:
    first = page(generated, HistoryFilter(), 0, 50)
    assert [line.round_id for line in first.lines] == list(range(ROUNDS, ROUNDS - 50, -1))
    entries = history(generated)
    assert first.totals.rounds == first.totals.settled == len(entries) == ROUNDS
    assert first.totals.net == sum(entry.net for entry in entries)
    assert first.totals.wins == sum(entry.net > 0 for entry in entries)
    assert first.totals.losses == sum(entry.net < 0 for entry in entries)
    # An even round is a push, or "mixed" when one hand won what another lost.
    assert first.totals.pushes + first.totals.mixed == sum(entry.net == 0 for entry in entries)
    assert first.totals.mixed > 0  # two thousand rounds of every game hold a few
    assert first.pages == ROUNDS // 50
    by_id = {entry.round_id: entry for entry in entries}
    for line in first.lines:
        assert line.net == by_id[line.round_id].net
        assert (
            sum(hand.net for hand in line.player_hands) + sum(bet.net for bet in line.side_bets)
            == line.net
        )


def test_pages_cover_every_round_once(generated: sqlite3.Connection) -> None:
    seen = []
    number = 0
    while lines := page(generated, HistoryFilter(), number, 300).lines:
        seen += [line.round_id for line in lines]
        number += 1
    assert number == 7  # six full pages and one of 200
    assert sorted(seen) == list(range(1, ROUNDS + 1))


def test_scrolling_seeks_by_round_id_and_keeps_the_totals(
    generated: sqlite3.Connection,
) -> None:
    selection = HistoryFilter(game="blackjack")
    first = page(generated, selection, 0, 100)
    pages, current = [first], first
    while current.lines:
        current = following(generated, selection, current)
        pages.append(current)
        assert current.totals is first.totals  # counted once
    seen = [line.round_id for shown in pages for line in shown.lines]
    assert seen == [entry.round_id for entry in reversed(history(generated, "blackjack"))]
    assert [shown.lines for shown in pages[:3]] == [
        page(generated, selection, number, 100, counted=first.totals).lines for number in range(3)
    ]


def test_a_game_and_an_outcome_filter(generated: sqlite3.Connection) -> None:
    selection = HistoryFilter(game="pontoon", result=ResultFilter.WIN)
    found = page(generated, selection, 0, 1_000)
    expected = [e for e in history(generated, "pontoon") if e.net > 0]
    assert [line.round_id for line in found.lines] == [e.round_id for e in reversed(expected)]
    assert found.totals.rounds == found.totals.wins == len(expected) > 0
    assert found.totals.net == sum(e.net for e in expected)
    assert all(line.game == "pontoon" and line.net > 0 for line in found.lines)
    losses = totals(generated, HistoryFilter(game="pontoon", result=ResultFilter.LOSS))
    assert losses.net == sum(e.net for e in history(generated, "pontoon") if e.net < 0)


def test_a_date_range_takes_the_rounds_settled_within_it(generated: sqlite3.Connection) -> None:
    # Generated round n (id n + 1) settles at GENERATED_FROM + n * GENERATED_EVERY.
    since = GENERATED_FROM + 100 * GENERATED_EVERY
    until = GENERATED_FROM + 200 * GENERATED_EVERY
    found = page(generated, HistoryFilter(since=since, until=until), 0, 500)
    assert [line.round_id for line in found.lines] == list(range(200, 100, -1))
    assert found.totals.rounds == 100
    nothing = HistoryFilter(since=GENERATED_FROM + timedelta(days=3_650))
    assert totals(generated, nothing).rounds == 0


def test_a_bad_page_is_refused(generated: sqlite3.Connection) -> None:
    with pytest.raises(ValueError, match="a page is a number from 0"):
        page(generated, HistoryFilter(), -1)
    with pytest.raises(ValueError, match="a page is a number from 0"):
        page(generated, HistoryFilter(), 0, 0)


def test_cards_read_as_symbols() -> None:
    assert cards_text(["AS", "TH", "QD", "7C"]) == "A♠ 10♥ Q♦ 7♣"
    assert card_symbol("td") == "10♦"


def test_entries_are_readable_and_refunded_rounds_marked(folder: Path) -> None:
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="TS 9H 7C TD 5S")
        bankroll.act("hit")
        bankroll.deal(GAMES["no_bust_21"], [Bet(1, 1_000, 500)], shoe="TS 6H 8C TD TH")
        bankroll.act("stand")
        bankroll.deal(GAMES["blackjack"], [Bet(1, 2_500)], shoe="8S 9H 8C 7D 3H TC 2D")
        bankroll.act("split")  # left open
    with closing(raw(folder)) as db:  # its journal now says "hit": it no longer replays
        db.execute("UPDATE actions SET action = 'hit' WHERE round_id = 3")
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        assert isinstance(bankroll.resumed, Refunded)  # at the start
    _, db = open_for_reading(folder)
    with closing(db):
        found = page(db, HistoryFilter())
        refunded = page(db, HistoryFilter(result=ResultFilter.REFUNDED))
    refund, buster, bust = found.lines
    assert bust.summary == "#1 blackjack: dealer 9♥ 10♦ (19); 10♠ 7♣ 5♠ (22) lose -1000; net -1000"
    assert buster.summary == (
        "#2 no_bust_21: dealer 6♥ 10♦ 10♥ (26); 10♠ 8♣ (18) win +1000; buster +500; net +1500"
    )
    assert refund.refunded and refund.net == 0 and refund.player_hands == ()
    assert refund.summary.startswith("#3 blackjack: refunded (")
    assert [line.round_id for line in refunded.lines] == [3]
    assert (found.totals.rounds, found.totals.settled, found.totals.refunded) == (3, 2, 1)
    assert found.totals.net == 500


def test_the_window_reads_pages_while_its_bankroll_is_open(folder: Path) -> None:
    """The history dialog reads through a read-only connection of its own, beside the
    bankroll that keeps playing: it sees every round settled so far."""
    with Bankroll.open(folder, clock=Clock()) as bankroll:
        bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="TS 9H 7C TD 5S")
        bankroll.act("hit")
        _, db = open_for_reading(folder)
        with closing(db):
            assert [line.round_id for line in page(db, HistoryFilter()).lines] == [1]
            bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="AS 9H KD 7C")
            found = page(db, HistoryFilter())
            assert [line.round_id for line in found.lines] == [2, 1]
            assert found.totals.net == 500


def test_the_filtered_rounds_export_as_records_that_replay(generated: sqlite3.Connection) -> None:
    selection = HistoryFilter(game="caribbean_21", result=ResultFilter.LOSS)
    exported = json.loads(to_json_text(entries(generated, selection)))
    assert len(exported) == totals(generated, selection).rounds > 0
    for round_ in exported:
        assert round_["result"]["bankroll"]["after"] < round_["result"]["bankroll"]["before"]
        assert HandRecord.from_json(round_["record"]).play().to_json() == round_["result"]
    assert entries(generated, HistoryFilter(result=ResultFilter.REFUNDED)) == []
