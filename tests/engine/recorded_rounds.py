"""Rounds of every game and of custom tables, played by a seeded random player and kept with
what they produced: the record (the replay format), the settled result in cents, and every
step's events and bankroll.

`recorded_rounds.json` was written by this module with the engine as it stood before the round
was cut into its modules (docs/architecture.md, "The engine"); `test_recorded_rounds.py`
replays each record through today's engine and the store's replay and asks for the very same
cents and events. Regenerate it (`python -m tests.engine.recorded_rounds`) only when a rule
changes on purpose, and say so in the commit.
"""

from __future__ import annotations

import dataclasses
import json
import random
from enum import Enum
from pathlib import Path
from typing import Any

from casino_gui.engine import (
    Action,
    Bet,
    Card,
    HandRecord,
    Phase,
    Round,
    RoundResult,
    actions_of,
    rules_for,
)
from casino_gui.engine.rules import from_overrides

FIXTURE = Path(__file__).with_name("recorded_rounds.json")

# The tables played: each game's preset, and custom tables that switch on what no preset
# combines (three doubles a hand, no doubling for less, Face Up 21's automatic
# hit of beaten hands, re-split aces, four hands a spot).
TABLES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("blackjack", {}),
    ("face_up_21", {}),
    ("pontoon", {}),
    ("caribbean_21", {}),
    ("super_21", {}),
    ("match_play_21", {}),
    ("no_bust_21", {}),
    ("face_up_21", {"auto_hit_beaten_hands": True}),
    (
        "blackjack",
        {
            "surrender": True,
            "double_for_less": False,
            "resplit_aces": True,
            "split_max_hands": 4,
            "dealer_hits_soft_17": False,
            "decks": 1,
        },
    ),
    ("blackjack", {"insurance": "none", "doubles_per_hand": 3, "double_max_cards": None}),
    ("caribbean_21", {"doubles_per_hand": 2, "insurance_pays": "2:1", "split_max_hands": 3}),
    ("pontoon", {"natural_pays": "3:2", "double_min_cards": 3}),
)

ROUNDS_PER_TABLE = 60


def event_json(event: object) -> list[Any]:
    """An event as its class name and its fields' values in order, in JSON's words."""
    fields = []
    for field in dataclasses.fields(event):  # type: ignore[arg-type]
        value = getattr(event, field.name)
        if isinstance(value, Card):
            value = str(value)
        elif isinstance(value, tuple):
            value = [str(card) for card in value]
        elif isinstance(value, Enum):
            value = value.value
        fields.append(value)
    return [type(event).__name__, *fields]


def steps_json(table: Round) -> list[list[Any]]:
    """Each step after the bets: its events and the bankroll after it."""
    return [
        [[event_json(event) for event in step.events], step.bankroll]
        for step in table.history
        if step.bet is None
    ]


def _play(rules_game: str, overrides: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    rules = from_overrides(rules_for(rules_game), overrides)
    circles = chooser.randint(1, min(3, rules.circles))
    bets = []
    for spot in sorted(chooser.sample(range(1, rules.circles + 1), circles)):
        amount = chooser.choice([rules.min_bet, 1_000, 2_500, 5_001, rules.max_bet])
        buster = chooser.choice([0, rules.buster_min, 500]) if rules.buster_bet else 0
        bets.append(Bet(spot, amount, buster))
    staked = sum(bet.amount + bet.buster for bet in bets)
    bankroll = chooser.choice([staked, staked + staked // 3, staked * 2, 1_000_000])
    record = HandRecord(rules_game, bankroll, tuple(bets), seed=chooser.randrange(2**32))
    record = dataclasses.replace(record, overrides=dict(overrides))
    table = record.open_round()
    table.deal()
    while table.phase is not Phase.SETTLED:
        action = chooser.choice(sorted(table.legal_actions(), key=lambda a: a.value))
        if action is Action.INSURE:
            least, most = table.insurance_amounts() or (0, 0)
            table.insure(chooser.choice([None, least, most, (least + most) // 2 or least]))
        else:
            getattr(table, _METHODS[action])()
    played = dataclasses.replace(record, actions=tuple(actions_of(table)))
    return {
        "record": played.to_json(),
        "result": RoundResult.of(table).to_json(),
        "steps": steps_json(table),
    }


_METHODS = {
    Action.HIT: "hit",
    Action.STAND: "stand",
    Action.DOUBLE: "double",
    Action.SPLIT: "split",
    Action.SURRENDER: "surrender",
    Action.NO_INSURANCE: "decline_insurance",
}


def record_rounds() -> list[dict[str, Any]]:
    rounds = []
    for number, (game, overrides) in enumerate(TABLES):
        chooser = random.Random(2026 + number)
        rounds += [_play(game, overrides, chooser) for _ in range(ROUNDS_PER_TABLE)]
    return rounds


def load() -> list[dict[str, Any]]:
    rounds: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return rounds


if __name__ == "__main__":
    text = json.dumps(record_rounds(), separators=(",", ":"))
    FIXTURE.write_text(text.replace('{"record"', '\n{"record"') + "\n", encoding="utf-8")
