"""The wall-clock crash test (slow): a player process is killed (SIGKILL) at random instants,
over 200 times. `test_crash_points.py` is its deterministic twin that every run does.

After each kill the bankroll is checked (`verify` agrees), reopened, and the round the kill
interrupted (if any) is resumed and finished. At the end, the balance, every settled round's
result and the whole ledger equal, to the cent, those of a run that was never interrupted,
with the same seeds and the same answers.

Two lanes run side by side, each on its own data folder, to use two cores.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any

import pytest

from bench.store import SeededPlayer
from casino_gui.store import Bankroll, Resumed
from casino_gui.store.__main__ import main as store_command
from casino_gui.store.verify import verify
from tests.store import crash_player
from tests.store.bankroll_files import raw

KILLS_PER_LANE = 105
LANES = 2


@dataclass
class Lane:
    folder: Path
    base: int
    kills: int = 0
    resumed: int = 0  # kills that left a round open, resumed and finished afterwards
    killed_while_starting: int = 0


def player_processes() -> BaseContext:
    """Where the players' processes come from: forked from a server that has imported the
    casino already (POSIX), else started afresh."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tests.store.crash_player"])
        return context
    return multiprocessing.get_context("spawn")


def kill_at_random(lane: Lane, rng: random.Random, processes: BaseContext) -> None:
    ours, theirs = processes.Pipe(duplex=False)
    child = processes.Process(
        target=crash_player.play, args=(lane.folder, lane.base, 1_000_000, theirs)
    )
    child.start()
    theirs.close()
    try:
        if rng.random() < 0.1:
            # Now and then while it opens the file, backs it up or resumes a round.
            time.sleep(rng.uniform(0.0, 0.05))
            lane.killed_while_starting += 1
        else:
            assert ours.poll(30), f"the player did not start (exit status {child.exitcode})"
            assert ours.recv() == child.pid
            time.sleep(rng.uniform(0.0, 0.1))
        assert child.is_alive(), f"the player stopped by itself (exit status {child.exitcode})"
    finally:
        child.kill()  # SIGKILL on POSIX: no cleanup of any kind runs
        child.join()
        ours.close()
    lane.kills += 1


def check_and_resume(lane: Lane) -> None:
    result = verify(lane.folder)
    assert result.agrees, result.report()
    if result.open_round is not None:
        assert result.open_round.replayable is None, result.report()
    with Bankroll.open(lane.folder) as bankroll:
        assert not isinstance(bankroll.resumed, Resumed) or result.open_round is not None
        if bankroll.round_open:
            assert isinstance(bankroll.resumed, Resumed)
            SeededPlayer(bankroll, lane.base).play_round()
            lane.resumed += 1
        assert not bankroll.round_open
    assert verify(lane.folder).agrees


def run_lane(lane: Lane, seed: int, processes: BaseContext) -> Lane:
    rng = random.Random(seed)
    while lane.kills < KILLS_PER_LANE:
        kill_at_random(lane, rng, processes)
        check_and_resume(lane)
        if lane.kills % 35 == 0:  # the command a player would run, now and then
            assert store_command(["verify", "--data-dir", str(lane.folder)]) == 0
    return lane


def what_happened(folder: Path) -> tuple[int, list[Any], list[Any]]:
    """The balance, each settled round's result, and every ledger movement (without times)."""
    with closing(raw(folder)) as db:
        (balance,) = db.execute("SELECT balance FROM wallet").fetchone()
        results = db.execute(
            "SELECT id, state, bankroll_before, bankroll_after, result FROM rounds ORDER BY id"
        ).fetchall()
        ledger = db.execute(
            "SELECT id, kind, amount, round_id, spot, action_number, balance_after"
            " FROM ledger ORDER BY id"
        ).fetchall()
    return balance, results, ledger


@pytest.mark.slow
def test_killed_at_random_points_the_bankroll_ends_to_the_cent_where_an_uninterrupted_run_does(
    tmp_path: Path, capsys: Any
) -> None:
    lanes = [Lane(tmp_path / f"lane {n}", base=100 + n) for n in range(LANES)]
    with ThreadPoolExecutor(LANES) as pool:
        done = list(pool.map(run_lane, lanes, range(LANES), [player_processes()] * LANES))
    capsys.readouterr()  # the verify command's reports
    assert sum(lane.kills for lane in done) >= 200
    for lane in done:
        with Bankroll.open(lane.folder) as bankroll:
            rounds = bankroll.lifetime().rounds
            assert bankroll.lifetime().refunded_rounds == 0
        assert rounds > 50
        # Most kills fall between the deal and the settlement (a round has several steps).
        assert lane.resumed > lane.kills // 4, lane
        reference = tmp_path / f"uninterrupted {lane.base}"
        with Bankroll.open(reference) as bankroll:
            SeededPlayer(bankroll, lane.base).play_until(rounds)
        assert what_happened(lane.folder) == what_happened(reference)
