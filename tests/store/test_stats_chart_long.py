"""A chart of a long selection is drawn through CHART_POINTS of its rounds and REFILL_MARKS of
its refills at most: each a point of the whole curve, at its own round's number."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

import pytest

from bench.store import GENERATED_EVERY, GENERATED_FROM, generate_history
from casino_gui.store.stats import REFUNDED, REFUNDED_OF_GAME, chart
from casino_gui.store.stats.chart import bankroll_points, net_points
from casino_gui.store.verify import open_for_reading


@pytest.fixture(scope="module")
def long(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("long") / "casino"
    generate_history(folder, 1_500, judged=False)
    return folder


def every_point(
    folder: Path, monkeypatch: pytest.MonkeyPatch, game: str | None = None
) -> list[chart.Point]:
    with monkeypatch.context() as patched:
        patched.setattr(chart, "CHART_POINTS", 10**9)
        _, db = open_for_reading(folder)
        with closing(db):
            return bankroll_points(db) if game is None else net_points(db, game)


def test_the_wallet_of_a_long_selection_is_drawn_through_some_of_its_rounds(
    long: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chart, "CHART_POINTS", 100)
    monkeypatch.setattr(chart, "REFILL_MARKS", 5)
    _, db = open_for_reading(long)
    with closing(db):
        drawn = bankroll_points(db)
    whole = every_point(long, monkeypatch)
    rounds = [point for point in drawn if point.round_id is not None]
    refills = [point for point in drawn if point.refill]
    assert len(rounds) == 100 and 0 < len(refills) <= 5
    assert rounds[0].round_id == 1 and rounds[-1].round_id == 1_500 and rounds[-1].number == 1_500
    assert drawn[0] == whole[0] and drawn[0].opening  # the same opening point
    numbered = {(point.round_id, point.refill, point.at): point for point in whole}
    for point in drawn[1:]:
        same = numbered[point.round_id, point.refill, point.at]
        assert (point, point.number) == (same, same.number)
    assert [point.number for point in drawn] == sorted(point.number for point in drawn)


def test_a_session_of_a_long_history_starts_at_its_first_round(
    long: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chart, "CHART_POINTS", 100)
    since = GENERATED_FROM + 1_000 * GENERATED_EVERY  # rounds 1,001 to 1,500
    _, db = open_for_reading(long)
    with closing(db):
        drawn = bankroll_points(db, since)
    rounds = [point for point in drawn if point.round_id is not None]
    assert (rounds[0].round_id, rounds[0].number) == (1_001, 1)
    assert (rounds[-1].round_id, rounds[-1].number) == (1_500, 500)


def test_one_game_of_a_long_history_keeps_its_running_net(
    long: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = every_point(long, monkeypatch, "pontoon")
    monkeypatch.setattr(chart, "CHART_POINTS", 50)
    _, db = open_for_reading(long)
    with closing(db):
        drawn = net_points(db, "pontoon")
    assert len(whole) == 1 + 214  # the opening point and every round: n % 7 == 2, n < 1,500
    assert 40 <= len(drawn) - 1 <= 50 and drawn[-1] == whole[-1]
    assert set(drawn) <= set(whole)
    assert drawn[-1].number == 214


def test_the_wallets_points_are_read_off_indexes_not_a_scan_of_the_ledger(long: Path) -> None:
    _, db = open_for_reading(long)
    with closing(db):
        plan = [
            step
            for *_, step in db.execute(
                f"EXPLAIN QUERY PLAN {chart.BANKROLL_POINTS}", ("[1]", "", 1)
            )
        ]
    assert "SEARCH ledger USING INDEX refills (at>?)" in plan
    assert not [step for step in plan if step.startswith("SCAN ledger")]


@pytest.mark.parametrize(
    ("query", "arguments"), [(REFUNDED, ("",)), (REFUNDED_OF_GAME, ("", "blackjack"))]
)
def test_the_refunded_rounds_are_counted_off_their_own_index(
    long: Path, query: str, arguments: tuple[str, ...]
) -> None:
    _, db = open_for_reading(long)
    with closing(db):
        plan = [step for *_, step in db.execute(f"EXPLAIN QUERY PLAN {query}", arguments)]
    assert plan == ["SEARCH rounds USING INDEX refunded_rounds (closed_at>?)"]
