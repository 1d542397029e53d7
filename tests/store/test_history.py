"""History: the settled rounds in the replay format, by game and date, exported to JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from casino_gui.engine import Action, Move
from casino_gui.engine.games import BLACKJACK, PONTOON
from casino_gui.engine.round import Bet
from casino_gui.store import Bankroll
from casino_gui.store.history import to_csv_text, to_json_text
from tests.store.bankroll_files import Clock


def three_days(folder: Path) -> None:
    """Blackjack on Jan 1 (won $10), Pontoon on Jan 2 (won $10), blackjack on Jan 3 (lost
    $10), and a fourth round left open."""
    clock = Clock(datetime(2025, 1, 1, 12, tzinfo=UTC))
    with Bankroll.open(folder, clock=clock) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act(Move(Action.STAND))
        clock.now = datetime(2025, 1, 2, 12, tzinfo=UTC)
        # Pontoon: 9S 7C = 16 stands against the dealer's TH 6D, who draws TD and busts.
        bankroll.deal(PONTOON, [Bet(1, 1_000)], shoe="9S TH 7C 6D TD")
        bankroll.act(Move(Action.STAND))
        clock.now = datetime(2025, 1, 3, 12, tzinfo=UTC)
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="TS 9H 6C 8D")
        bankroll.act(Move(Action.STAND))
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")


def test_history_holds_each_settled_round_as_a_hand_record_and_its_result(
    folder: Path,
) -> None:
    three_days(folder)
    with Bankroll.open(folder) as bankroll:
        entries = bankroll.history()
    assert [entry.round_id for entry in entries] == [1, 2, 3]  # not the open round 4
    first = entries[0]
    assert first.record.to_json() == {
        "game": "blackjack",
        "bankroll": 100_000,
        "shoe": ["9S", "7H", "TH", "TC"],
        "bets": [{"spot": 1, "amount": 1_000}],
        "actions": ["stand"],
        "rules": {},
    }
    assert first.result == {
        "game": "blackjack",
        "dealer": {"cards": ["7H", "TC"], "total": 17},
        "hands": [
            {
                "spot": 1,
                "cards": ["9S", "TH"],
                "total": 19,
                "stake": 1_000,
                "outcome": "win",
                "payout": 2_000,
                "net": 1_000,
            }
        ],
        "insurance": [],
        "buster": [],
        "bankroll": {"before": 100_000, "after": 101_000},
    }
    assert [(entry.stake, entry.payout, entry.net) for entry in entries] == [
        (1_000, 2_000, 1_000),
        (1_000, 2_000, 1_000),
        (1_000, 0, -1_000),
    ]
    for entry in entries:
        assert entry.record.play().to_json() == entry.result


def test_history_is_asked_by_game_and_by_date(folder: Path) -> None:
    three_days(folder)
    jan = [datetime(2025, 1, day, tzinfo=UTC) for day in range(1, 5)]
    with Bankroll.open(folder) as bankroll:
        assert [e.round_id for e in bankroll.history(game="blackjack")] == [1, 3]
        assert [e.round_id for e in bankroll.history(game="pontoon")] == [2]
        assert [e.round_id for e in bankroll.history(since=jan[1])] == [2, 3]
        assert [e.round_id for e in bankroll.history(until=jan[1])] == [1]
        assert [e.round_id for e in bankroll.history(since=jan[1], until=jan[2])] == [2]
        assert bankroll.history(game="blackjack", since=jan[1], until=jan[2]) == []
        assert bankroll.history(game="super_21") == []


def test_json_export_is_records_the_replay_command_plays_to_their_results(
    folder: Path, tmp_path: Path
) -> None:
    three_days(folder)
    with Bankroll.open(folder) as bankroll:
        exported = json.loads(to_json_text(bankroll.history()))
    assert [item["round"] for item in exported] == [1, 2, 3]
    assert exported[1]["settled_at"] == "2025-01-02T12:00:01.000000Z"
    for item in exported:
        record = tmp_path / f"round-{item['round']}.json"
        record.write_text(json.dumps(item["record"]), encoding="utf-8")
        replayed = subprocess.run(
            [sys.executable, "-m", "casino_gui.engine.replay", str(record)],
            capture_output=True,
            text=True,
            check=True,
        )
        assert json.loads(replayed.stdout) == item["result"]


def test_csv_export_is_one_row_per_round_with_amounts_in_cents(folder: Path) -> None:
    three_days(folder)
    with Bankroll.open(folder) as bankroll:
        rows = list(csv.DictReader(io.StringIO(to_csv_text(bankroll.history()))))
    assert [
        (row["round"], row["game"], row["stake"], row["payout"], row["net"]) for row in rows
    ] == [
        ("1", "blackjack", "1000", "2000", "1000"),
        ("2", "pontoon", "1000", "2000", "1000"),
        ("3", "blackjack", "1000", "0", "-1000"),
    ]
    assert rows[0]["shoe"] == "9S 7H TH TC"
    assert rows[0]["actions"] == "stand"
    assert rows[2]["bankroll_before"] == "102000"
    assert rows[2]["bankroll_after"] == "101000"
    assert json.loads(rows[1]["record"])["game"] == "pontoon"


def test_a_seeded_round_is_exported_with_its_seed(folder: Path) -> None:
    with Bankroll.open(folder) as bankroll:
        table, _ = bankroll.deal(BLACKJACK, [Bet(1, 500)], seed=42)
        while bankroll.round_open:
            legal = table.legal_actions()
            bankroll.act(Move(Action.STAND if Action.STAND in legal else Action.NO_INSURANCE))
        (row,) = csv.DictReader(io.StringIO(to_csv_text(bankroll.history())))
    assert row["seed"] == "42"
    assert row["shoe"] == ""
    assert json.loads(row["record"])["seed"] == 42
