"""Statistics and play quality of a scripted session, played through the real `Bankroll`
with stacked shoes, against figures counted by hand (cents) and the advisor's own values."""

from __future__ import annotations

from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bench.store import generate_history
from casino_gui.engine import (
    GAMES,
    Action,
    Bet,
    Move,
    Outcome,
    Round,
    Shoe,
    is_natural,
    parse_move,
)
from casino_gui.engine.strategy import advise, value_in_cents
from casino_gui.store import Bankroll
from casino_gui.store.history import history
from casino_gui.store.journal import replay
from casino_gui.store.stats import Fared, QualityCache, SideBets, Statistics, statistics
from casino_gui.store.stats.chart import bankroll_points, net_points
from casino_gui.store.verify import open_for_reading
from tests.store.bankroll_files import Clock

START = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)

# (seconds after START the round opens, game, shoe, bets, actions); round ids 1..7.
SESSION = (
    (0, "blackjack", "TS 9H 7C TD 5S", [Bet(1, 1_000)], ["hit"]),  # 17 hits, busts: -10
    (60, "blackjack", "AS 9H KD 7C", [Bet(1, 1_000)], []),  # a blackjack: +15
    (120, "blackjack", "8S 6H 8C TD TC 9C TS", [Bet(1, 1_000)], ["split", "stand", "stand"]),
    (180, "blackjack", "6S 6H 5C TD 9H TS", [Bet(1, 2_500)], ["double"]),  # 11 doubled: +50
    (240, "super_21", "TS 9H 6C 8D", [Bet(1, 1_000)], ["surrender"]),  # -5
    (300, "blackjack", "TS AH 9C KD", [Bet(1, 1_000)], ["insure"]),  # -10 +10 insured
    (3_600, "no_bust_21", "TS 6H 8C TD TH", [Bet(1, 1_000, 500)], ["stand"]),  # +10, Buster +5
)
LAST_SETTLED = 3_630  # the last round's stand, 30 s after its deal
REFILL_AT = 30  # after the first round's loss


def play_session(folder: Path) -> None:
    clock = Clock(START, timedelta(0))
    with Bankroll.open(folder, clock=clock) as bankroll:
        for number, (seconds, game, shoe, bets, actions) in enumerate(SESSION):
            clock.now = START + timedelta(seconds=seconds)
            bankroll.deal(GAMES[game], bets, shoe=shoe)
            if number == len(SESSION) - 1:
                clock.now = START + timedelta(seconds=LAST_SETTLED)
            for action in actions:
                bankroll.act(parse_move(action))
            assert not bankroll.round_open
            if seconds == 0:
                clock.now = START + timedelta(seconds=REFILL_AT)
                assert bankroll.refill() == 1_000


def stats_of(folder: Path, game: str | None = None, since: datetime | None = None) -> Statistics:
    _, db = open_for_reading(folder)
    with closing(db):
        return statistics(db, game, since, quality=False)


@pytest.fixture
def session(folder: Path) -> Path:
    play_session(folder)
    return folder


def test_all_time_figures_match_the_hand_count(session: Path) -> None:
    overall = stats_of(session).overall
    assert (overall.rounds, overall.hands_played) == (7, 8)
    assert (overall.wins, overall.losses, overall.pushes, overall.surrenders) == (5, 2, 0, 1)
    assert [overall.percent(n) for n in (5, 2, 0, 1)] == [62.5, 25.0, 0.0, 12.5]
    assert overall.naturals == 1
    assert overall.splits == 1
    assert overall.split_hands == Fared(count=2, wins=2, losses=0, pushes=0, net=2_000)
    assert overall.doubles == Fared(count=1, wins=1, losses=0, pushes=0, net=5_000)
    assert overall.insurance == SideBets(bets=1, won=1, staked=500, paid=1_500)
    assert overall.buster == SideBets(bets=1, won=1, staked=500, paid=1_000)
    # -1000 + 1500 + 2000 + 5000 - 500 + 0 + 1500
    assert overall.net == 8_500
    # stakes 1000, 1000, 2000 (split), 5000 (doubled), 1000, 1000 + 500 insurance, 1000 + 500
    assert overall.wagered == 13_000
    assert overall.biggest_win == (5_000, 4)
    assert overall.biggest_loss == (-1_000, 1)
    assert overall.average_bet == 1_214  # 8,500 cents over 7 bets: 1,214.29
    # 60 s for each of the first five rounds, 300 s (a break cut to 5 min) for the sixth,
    # 30 s for the last: 630 s for 8 hands.
    assert overall.seconds == 630
    assert overall.hands_per_hour == 45.7


def test_figures_per_game_and_refills(session: Path) -> None:
    found = stats_of(session)
    assert sorted(found.games) == ["blackjack", "no_bust_21", "super_21"]
    blackjack = found.games["blackjack"]
    assert (blackjack.rounds, blackjack.hands_played, blackjack.wins, blackjack.losses) == (
        5,
        6,
        4,
        2,
    )
    assert blackjack.net == 7_500
    assert found.games["super_21"].surrenders == 1
    assert found.games["super_21"].net == -500
    assert found.games["no_bust_21"].buster.net == 500
    assert (found.refills, found.refilled, found.refunded) == (1, 1_000, 0)
    only = stats_of(session, game="super_21")
    assert list(only.games) == ["super_21"] and only.overall.net == -500


def test_a_session_counts_the_rounds_since_its_start(session: Path) -> None:
    found = stats_of(session, since=START + timedelta(seconds=240))
    assert (found.overall.rounds, found.overall.hands_played, found.overall.net) == (3, 3, 1_000)
    assert (found.refills, found.refilled) == (0, 0)  # the refill came before
    assert found.overall.seconds == 60 + 300 + 30
    assert found.overall.hands_per_hour == 27.7


def advice_at(game: str, shoe: str, bet: int, before: list[str]) -> dict[Action, float]:
    """The advisor's values at the decision after the actions `before`, on a fresh round."""
    rules = GAMES[game]
    table = Round(rules, Shoe.stacked(rules, shoe), 100_000).place([Bet(1, bet)])
    table.deal()
    for action in before:
        table.apply(parse_move(action))
    return advise(table).values


def test_play_quality_gives_up_what_the_advisor_says(session: Path) -> None:
    _, db = open_for_reading(session)
    with closing(db):
        found = statistics(db)
    quality = found.quality
    assert quality is not None
    # Eight decisions; two were not the best: hitting 17 against a 9, insuring a 19.
    hit = advice_at("blackjack", "TS 9H 7C TD 5S", 1_000, [])
    insure = advice_at("blackjack", "TS AH 9C KD", 1_000, [])
    assert max(hit, key=hit.__getitem__) is Action.STAND
    assert max(insure, key=insure.__getitem__) is Action.NO_INSURANCE
    hit_cost = value_in_cents(hit[Action.STAND] - hit[Action.HIT], 1_000)
    insure_cost = value_in_cents(insure[Action.NO_INSURANCE] - insure[Action.INSURE], 1_000)
    assert hit_cost > 0 and insure_cost > 0
    assert (quality.decisions, quality.matched) == (8, 6)
    assert quality.given_up == hit_cost + insure_cost
    assert quality.matched_percent == 75.0
    assert quality.given_up_percent == round(100 * (hit_cost + insure_cost) / 13_000, 2)
    costliest = [(v.round_id, v.number, v.taken, v.best, v.given_up) for v in quality.costliest]
    assert sorted(costliest, key=lambda c: -c[4]) == costliest
    assert sorted(costliest) == [
        (1, 1, "hit", "stand", hit_cost),
        (6, 1, "insure", "no_insurance", insure_cost),
    ]
    # Per game: the Super 21 surrender of 16 against a 9 was the best move.
    assert found.game_quality["super_21"].given_up == 0
    assert found.game_quality["blackjack"].given_up == hit_cost + insure_cost


def test_the_cache_judges_each_round_once(session: Path) -> None:
    cache = QualityCache()
    _, db = open_for_reading(session)
    with closing(db):
        first = statistics(db, cache=cache).quality
        again = statistics(db, cache=cache).quality
    assert first is not None and again is not None
    assert again.costliest[0] is first.costliest[0]  # the same verdict object, not recomputed
    _, db = open_for_reading(session)
    with closing(db):
        assert statistics(db).quality == first  # a new cache: computed afresh, the same


def test_figures_read_off_the_results_agree_with_a_replay_of_every_round(folder: Path) -> None:
    """The figures count doubles, splits and naturals from the stored results; replaying
    each round through the engine must count the same (600 rounds of every game)."""
    generate_history(folder, 600, judged=False)  # figures only: no play quality
    found = stats_of(folder)
    _, db = open_for_reading(folder)
    with closing(db):
        entries = history(db)
    tables = [replay(entry.record)[0] for entry in entries]
    hands = [hand for table in tables for hand in table.hands]
    assert found.overall.hands_played == len(hands)
    assert found.overall.naturals == sum(
        is_natural(table.rules, hand.facts) for table in tables for hand in table.hands
    )
    assert found.overall.doubles.count == sum(hand.doubles > 0 for hand in hands)
    assert found.overall.doubles.net == sum(h.payout - h.stake for h in hands if h.doubles)
    assert found.overall.split_hands.count == sum(hand.from_split for hand in hands)
    assert found.overall.splits == sum(len(table.hands) - len(table.spots) for table in tables)
    assert found.overall.surrenders == sum(h.outcome is Outcome.SURRENDER for h in hands)
    assert found.overall.insurance.paid == sum(
        spot.insurance_payout or 0 for table in tables for spot in table.spots.values()
    )
    assert found.overall.net == sum(table.bankroll - table.bankroll_before for table in tables)
    assert found.overall.naturals > 0 and found.overall.splits > 0


def test_the_chart_follows_the_wallet_and_marks_the_refill(session: Path) -> None:
    _, db = open_for_reading(session)
    with closing(db):
        points = bankroll_points(db)
        blackjack = net_points(db, "blackjack")
        late = bankroll_points(db, since=START + timedelta(seconds=240))
    assert [(p.round_id, p.value, p.refill) for p in points] == [
        (None, 100_000, 0),  # the opening balance, before round 1
        (1, 99_000, 0),
        (None, 100_000, 1_000),  # the refill, marked
        (2, 101_500, 0),
        (3, 103_500, 0),
        (4, 108_500, 0),
        (5, 108_000, 0),
        (6, 108_000, 0),
        (7, 109_500, 0),
    ]
    assert (points[0].at, points[0].opening) == (START, True)
    assert points[2].at == START + timedelta(seconds=REFILL_AT)
    assert [(p.round_id, p.value) for p in blackjack] == [
        (None, 0),  # a game's running net opens at 0
        (1, -1_000),
        (2, 500),
        (3, 2_500),
        (4, 7_500),
        (6, 7_500),
    ]
    # From round 5 on: it opens at the wallet before round 5's stake, at its deal.
    assert [(p.round_id, p.value) for p in late] == [
        (None, 108_500),
        (5, 108_000),
        (6, 108_000),
        (7, 109_500),
    ]
    assert late[0].at == START + timedelta(seconds=240)


def test_a_custom_tables_rounds_are_named_by_its_own_name(folder: Path) -> None:
    """The figures are kept by game, but a costly decision's round names the table it was
    played at: a custom table by its own name, a game's own table by none (its game's)."""
    custom = GAMES["blackjack"].replace(name="My table", surrender=True)
    with Bankroll.open(folder) as bankroll:
        for rules in (custom, GAMES["blackjack"]):  # 17 hits against a 9 and busts, twice
            bankroll.deal(rules, [Bet(1, 1_000)], shoe="TS 9H 7C TD 5S")
            bankroll.act(Move(Action.HIT))
    _, db = open_for_reading(folder)
    with closing(db):
        for since in (None, START):  # all time, and a session
            found = statistics(db, since=since)
            assert found.quality is not None
            assert sorted(verdict.round_id for verdict in found.quality.costliest) == [1, 2]
            assert found.tables == {1: "My table"}
