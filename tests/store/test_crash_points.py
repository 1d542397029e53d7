"""The crash test, deterministic: a player process SIGKILLs itself at a kill point of the
store's commit sequence chosen by a seed (`tests/store/kill_points.py`), hundreds of times.

After each kill the file must hold exactly a prefix of what an uninterrupted run with the same
seeds and answers commits: every committed transaction is there (the deals, the answers, the
payouts and the refills, each its own transaction), nothing else is, and `verify` agrees. The
round the kill interrupted is then resumed and finished. At the end, the balance, every round
and the whole ledger equal, to the cent, those of the uninterrupted run.

Each life writes, after every commit, what the file then holds; after the kill the file must
hold exactly what the last commit said: nothing committed is lost, nothing uncommitted is kept.

A failure names its trial and kill point: the same seed replays the same crashes exactly.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bench.store import SeededPlayer
from casino_gui.store import Bankroll, Resumed
from casino_gui.store.verify import verify
from tests.store.bankroll_files import killed_at, raw

TRIALS = 200
MOST_POINTS = 40  # kill points per life: a start (backup, rotation, resume) and a few rounds
SEED = 20261130


def play_on(folder: Path, base: int) -> None:
    """A player's life: open the bankroll and play seeded rounds until killed."""
    with Bankroll.open(folder) as bankroll:
        SeededPlayer(bankroll, base).play_until(10**9)


def counts_to(witness: int) -> Callable[[sqlite3.Connection], None]:
    """A witness of commits that writes to the file descriptor `witness`, after each commit,
    what the file then holds."""

    def counts(db: sqlite3.Connection) -> None:
        (row,) = db.execute(
            "SELECT (SELECT count(*) FROM ledger), (SELECT count(*) FROM rounds),"
            " (SELECT count(*) FROM actions)"
        ).fetchall()
        os.write(witness, (" ".join(map(str, row)) + "\n").encode())

    return counts


def last_commit(reader: int) -> tuple[int, ...] | None:
    """What the last commit before the kill left: (movements, rounds, answers)."""
    with os.fdopen(reader, "rb") as pipe:
        lines = pipe.read().decode().split("\n")
    complete = [line for line in lines[:-1] if line]  # a kill may cut the last one short
    return tuple(map(int, complete[-1].split())) if complete else None


def ledger(folder: Path) -> list[tuple[Any, ...]]:
    """Every movement without its time: what must match the uninterrupted run."""
    with closing(raw(folder)) as db:
        return db.execute(
            "SELECT id, kind, amount, round_id, spot, action_number, balance_after"
            " FROM ledger ORDER BY id"
        ).fetchall()


def rounds(folder: Path) -> list[tuple[Any, ...]]:
    with closing(raw(folder)) as db:
        return db.execute(
            "SELECT id, game, rules, seed, bets, bankroll_before, state, bankroll_after, result"
            " FROM rounds ORDER BY id"
        ).fetchall()


def actions(folder: Path) -> list[tuple[Any, ...]]:
    with closing(raw(folder)) as db:
        return db.execute(
            "SELECT round_id, number, action FROM actions ORDER BY round_id, number"
        ).fetchall()


@dataclass
class Reference:
    """The uninterrupted run, played further whenever a lane gets ahead of it."""

    folder: Path
    base: int
    played: int = 0
    ledger: list[tuple[Any, ...]] = field(default_factory=list)
    rounds: list[tuple[Any, ...]] = field(default_factory=list)
    actions: list[tuple[Any, ...]] = field(default_factory=list)

    def cover(self, movements: int, closed: int) -> None:
        while len(self.ledger) <= movements or self.played <= closed + 1:
            self.played += 10
            with Bankroll.open(self.folder) as bankroll:
                SeededPlayer(bankroll, self.base).play_until(self.played)
            self.ledger = ledger(self.folder)
            self.rounds = rounds(self.folder)
            self.actions = actions(self.folder)


def check_prefix(lane: Path, reference: Reference, trial: str) -> None:
    """The lane's file holds exactly what the uninterrupted run had committed at some
    instant: a prefix of its ledger, its rounds and its journal."""
    result = verify(lane)
    assert result.agrees, f"{trial}\n{result.report()}"
    moved, played, answered = ledger(lane), rounds(lane), actions(lane)
    reference.cover(len(moved), len(played))
    assert moved == reference.ledger[: len(moved)], trial
    for mine, theirs in zip(played, reference.rounds, strict=False):
        if mine[6] == "open":  # the record is there; its result is not yet
            assert mine[:6] == theirs[:6], trial
        else:
            assert mine == theirs, trial
    assert (
        answered == [row for row in reference.actions if row[0] <= len(played)][: len(answered)]
    ), trial


def finish_the_round(lane: Path, base: int) -> bool:
    """Open the lane as the next start would; finish a resumed round. True if one was."""
    with Bankroll.open(lane) as bankroll:
        assert bankroll.lifetime().refunded_rounds == 0
        if not bankroll.round_open:
            return False
        assert isinstance(bankroll.resumed, Resumed)
        SeededPlayer(bankroll, base).play_round()
        return True


@pytest.fixture
def fast_folder(tmp_path: Path) -> Iterator[Path]:
    """A temporary folder in memory where there is one (/dev/shm): the store syncs every
    commit to disk, and on a real disk the syncs, not the test, would take the time."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    where = Path(tempfile.mkdtemp(prefix="casino-crash-points-", dir=shm))
    try:
        yield where
    finally:
        shutil.rmtree(where, ignore_errors=True)


@pytest.mark.parametrize("base", [100, 101])
def test_killed_at_seeded_commit_points_the_bankroll_is_always_a_prefix_of_an_uninterrupted_run(
    fast_folder: Path, base: int
) -> None:
    rng = random.Random(f"{SEED}:{base}")
    lane = fast_folder / "lane"
    reference = Reference(fast_folder / "uninterrupted", base)
    resumed = 0
    with Bankroll.open(lane):  # the wallet, opened before the first life
        pass
    for number in range(TRIALS // 2):
        point = rng.randint(1, MOST_POINTS)
        trial = f"seed {SEED}:{base}, trial {number}, killed at point {point}"
        before = (
            (len(ledger(lane)), len(rounds(lane)), len(actions(lane))) if lane.exists() else None
        )
        reader, writer = os.pipe()
        assert killed_at(point, lambda: play_on(lane, base), counts_to(writer)), trial
        os.close(writer)
        committed = last_commit(reader) or before  # none in this life
        check_prefix(lane, reference, trial)
        # Every transaction committed before the kill is in the file, and nothing after it:
        # a refill committed just before the kill included.
        held = (len(ledger(lane)), len(rounds(lane)), len(actions(lane)))
        assert held == committed, f"{trial}: the file holds {held}, the commits said {committed}"
        resumed += finish_the_round(lane, base)
        check_prefix(lane, reference, trial + ", then resumed")
    assert resumed > TRIALS // 10  # most lives end inside a round
    # Every round the lane played is settled, and is the uninterrupted run's to the cent.
    played = rounds(lane)
    assert len(played) > 50
    assert all(row[6] == "settled" for row in played)
    assert played == reference.rounds[: len(played)]
