"""Rounds recorded before the round was cut into its modules replay to the same cents and the
same events, step by step, through the replay command's path and the store's
(tests/engine/recorded_rounds.py says how they were recorded)."""

from __future__ import annotations

from typing import Any

import pytest

from casino_gui.engine import HandRecord, RoundResult, actions_of
from casino_gui.store.journal import replay
from tests.engine.recorded_rounds import TABLES, event_json, load, steps_json

ROUNDS = load()


def _table(recorded: dict[str, Any]) -> tuple[str, str]:
    return recorded["record"]["game"], str(sorted(recorded["record"]["rules"].items()))


BY_TABLE: dict[tuple[str, str], list[dict[str, Any]]] = {}
for _recorded in ROUNDS:
    BY_TABLE.setdefault(_table(_recorded), []).append(_recorded)


def test_the_recorded_rounds_cover_every_table_and_every_move() -> None:
    assert len(BY_TABLE) == len(TABLES)
    moves = {action.split(":")[0] for r in ROUNDS for action in r["record"]["actions"]}
    assert moves == {"hit", "stand", "double", "split", "surrender", "insure", "no_insurance"}
    assert any(":" in action for r in ROUNDS for action in r["record"]["actions"])


@pytest.mark.parametrize("table", BY_TABLE, ids=lambda table: f"{table[0]}{table[1]}")
def test_recorded_rounds_replay_to_the_same_cents_and_events(table: tuple[str, str]) -> None:
    for recorded in BY_TABLE[table]:
        _replays_as_recorded(recorded)


def _replays_as_recorded(recorded: dict[str, Any]) -> None:
    record = HandRecord.from_json(recorded["record"])
    assert record.to_json() == recorded["record"]
    assert record.play().to_json() == recorded["result"]
    table, events = replay(record)  # the store's replay of a journaled round
    assert RoundResult.of(table).to_json() == recorded["result"]
    assert steps_json(table) == recorded["steps"]
    # The round's typed moves write back the record's text, move for move.
    assert actions_of(table) == recorded["record"]["actions"]
    assert [event_json(event) for event in events] == [
        event for step in recorded["steps"] for event in step[0]
    ]
