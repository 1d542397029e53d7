"""A shoe game at a bankroll: the shoe lasts across rounds and starts, and a kill at any moment
resumes the same shoe with the same next cards (docs/decisions.md, "Shoe games").

One deck cut at half (26 cards); seed 2026's shuffle deals, after its burn card 8S:
8H 7D JC 3C 7S | 2H KD AC TD | ... (tests/engine/test_shoe_game.py spells it out).
"""

from __future__ import annotations

import json
import shutil
from contextlib import closing
from pathlib import Path
from typing import Any

from casino_gui.engine import Move
from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Action, Bet, Phase
from casino_gui.store import Bankroll, Resumed
from tests.store.bankroll_files import killed_at, raw

RULES = rules_for("blackjack").replace(decks=1, penetration=0.5)
ROUNDS = 8  # the sixth round reaches the cut card: the seventh is dealt from a new shuffle


def stand_out(bankroll: Bankroll) -> None:
    """Answer the round on the table: no insurance, every hand stands."""
    while bankroll.table is not None and bankroll.table.phase is not Phase.SETTLED:
        legal = bankroll.table.legal_actions()
        bankroll.act(Move(Action.NO_INSURANCE if Action.NO_INSURANCE in legal else Action.STAND))


def play_to(folder: Path, rounds: int) -> None:
    """Open the bankroll, finish a round a kill left open, and play until `rounds` rounds are
    in the file; a new shuffle is seed 2026's, then 2027's, ..."""
    with Bankroll.open(folder) as bankroll:
        stand_out(bankroll)
        while (played := len(kept(folder))) < rounds:
            seeds = {seed for seed, _, _ in kept(folder)}
            bankroll.deal(RULES, [Bet(1, 1_000)], seed=2026 + len(seeds))
            stand_out(bankroll)
            assert len(kept(folder)) == played + 1


def kept(folder: Path) -> list[tuple[Any, ...]]:
    """Each round's seed, first card and result as the file keeps them."""
    with closing(raw(folder)) as db:
        return [
            (int(seed), first, json.loads(result) if result else None)
            for seed, first, result in db.execute(
                "SELECT seed, first, result FROM rounds ORDER BY id"
            )
        ]


def cards(result: dict[str, Any]) -> tuple[list[str], list[str]]:
    return result["hands"][0]["cards"], result["dealer"]["cards"]


def test_a_shoe_game_goes_on_across_rounds_and_starts(folder: Path) -> None:
    for played in range(1, ROUNDS + 1):
        play_to(folder, played)  # a start for every round
    rounds = kept(folder)
    assert [(seed, first) for seed, first, _ in rounds] == [
        (2026, 1),
        (2026, 6),
        (2026, 10),
        (2026, 15),
        (2026, 20),
        (2026, 25),  # dealt past the cut card (26) to its end: 29 cards out
        (2027, 1),  # a new shuffle, its first card burnt
        (2027, 6),
    ]
    assert cards(rounds[0][2]) == (["8H", "JC"], ["7D", "3C", "7S"])
    assert cards(rounds[5][2]) == (["5D", "5C"], ["9H", "KH"])
    # Every round in the history replays from its record: the seed and its first card.
    with Bankroll.open(folder) as bankroll:
        history = bankroll.history()
    assert [entry.record.to_json()["first"] for entry in history] == [1, 6, 10, 15, 20, 25, 1, 6]
    for entry in history:
        assert entry.record.play().to_json() == entry.result


def test_another_table_or_a_game_shuffled_every_round_leaves_the_shoe_alone(
    folder: Path,
) -> None:
    play_to(folder, 2)
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(rules_for("blackjack"), [Bet(1, 1_000)], seed=5)  # shuffled every round
        stand_out(bankroll)
        bankroll.deal(RULES.replace(penetration=0.75), [Bet(1, 1_000)], seed=6)  # another shoe
        stand_out(bankroll)
        bankroll.deal(RULES, [Bet(1, 1_000)], seed=7)
        stand_out(bankroll)
    assert [(seed, first) for seed, first, _ in kept(folder)] == [
        (2026, 1),
        (2026, 6),
        (5, None),
        (6, 1),
        (2026, 10),  # the half-cut table's shoe, where its last round left it
    ]


def test_a_kill_between_or_inside_rounds_resumes_the_same_shoe(
    folder: Path, tmp_path: Path
) -> None:
    play_to(folder, 4)
    whole = tmp_path / "whole"
    shutil.copytree(folder, whole)
    play_to(whole, ROUNDS)
    expected = kept(whole)
    resumed = points = 0
    while True:
        points += 1
        life = tmp_path / f"killed-{points}"
        shutil.copytree(folder, life)
        if not killed_at(points, lambda: play_to(life, ROUNDS)):  # noqa: B023 - run at once
            break
        with Bankroll.open(life) as bankroll:
            resumed += isinstance(bankroll.resumed, Resumed)
        play_to(life, ROUNDS)
        assert kept(life) == expected, f"killed at point {points}"
        shutil.rmtree(life)
    assert points > 10 and resumed  # kills fell between rounds and inside them
