"""Judging play as a sequence (docs/architecture.md, "The store": judged play is kept as rounds
settle): rounds settle, the worker's jobs judge a few, a job is killed inside its transaction,
a new advisor comes; after every step the kept verdicts are those of a judging from nothing
for every round judged, their kept sums add up, and what the statistics say of how far
judging has gone is so."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Iterable
from contextlib import closing
from pathlib import Path

from hypothesis import settings, strategies
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from bench.store import SeededPlayer
from casino_gui.store.bankroll import Bankroll
from casino_gui.store.database import FILE_NAME, connect
from casino_gui.store.history import HistoryEntry, entries
from casino_gui.store.judging import Judging
from casino_gui.store.stats import kept, quality, statistics
from casino_gui.store.stats.figures import readable
from casino_gui.store.stats.quality import JudgedDecision, verdicts

Batch = Iterable[tuple[HistoryEntry, tuple[JudgedDecision, ...]]]


class KilledError(Exception):
    """The worker's process killed inside a job's transaction."""


class JudgingSequence(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="casino-judging-"))
        self.bankroll = Bankroll.open(self.folder)
        self.player = SeededPlayer(self.bankroll, base=3)
        self.path = self.folder / FILE_NAME
        self.fresh: dict[int, tuple[JudgedDecision, ...]] = {}  # judged from nothing, once a round
        self.advisor = quality.JUDGE_VERSION

    def teardown(self) -> None:
        kept.JUDGE_VERSION = self.advisor  # type: ignore[attr-defined]
        self.bankroll.close()
        shutil.rmtree(self.folder)

    @rule(rounds=strategies.integers(1, 3))
    def play(self, rounds: int) -> None:
        for _ in range(rounds):
            self.player.play_round()

    @rule(most=strategies.integers(1, 4))
    def a_job_judges(self, most: int) -> None:
        before = self.state()
        after = kept.judge_some(self.path, most)
        assert after is not None and not after.stuck
        assert after.judged == min(before.rounds, before.judged + most)

    @rule()
    def a_job_is_killed(self) -> None:
        keep = kept._keep_verdicts

        def killed(db: sqlite3.Connection, batch: Batch) -> None:
            keep(db, batch)  # the verdicts written, the transaction not committed
            raise KilledError

        kept._keep_verdicts = killed
        try:
            kept.judge_some(self.path, 2)
        except KilledError:
            pass
        finally:
            kept._keep_verdicts = keep

    @rule()
    def a_new_advisor(self) -> None:
        # Every round is judged again, by the same verdicts.
        kept.JUDGE_VERSION += 1  # type: ignore[attr-defined]

    def state(self) -> Judging:
        with closing(connect(self.path, read_only=True)) as db:
            return kept.judging_state(db)

    @invariant()
    def the_kept_verdicts_are_those_of_a_judging_from_nothing(self) -> None:
        with closing(connect(self.path, read_only=True)) as db:
            advisor = db.execute("SELECT advisor FROM kept_judging").fetchone()[0]
            own = advisor == kept.JUDGE_VERSION  # type: ignore[attr-defined]
            through = kept.judged_through(db) if own else 0
            judged = [entry for entry in entries(db) if entry.round_id <= through]
            for entry in judged:
                if entry.round_id not in self.fresh:
                    with readable(entry):
                        self.fresh[entry.round_id] = verdicts(entry)
            expected = [v for entry in judged for v in self.fresh[entry.round_id]]
            kept_rows = db.execute(
                "SELECT round_id, number, taken, best, given_up FROM verdicts"
                " ORDER BY round_id, number"
            ).fetchall()
            if own:
                assert kept_rows == [
                    (v.round_id, v.number, v.taken, v.best, v.given_up) for v in expected
                ]
            sums = db.execute(
                "SELECT game, decisions, matched, given_up FROM kept_quality WHERE decisions > 0"
                " ORDER BY game"
            ).fetchall()
            counted = db.execute(
                "SELECT game, count(*), sum(matched), sum(given_up) FROM verdicts"
                " GROUP BY game ORDER BY game"
            ).fetchall()
            assert sums == counted
            settled = len(list(entries(db)))
            state = kept.judging_state(db)
            if own:
                assert state == Judging(len(judged), settled)
                found = statistics(db, wait=False)
                assert found.quality is not None
                assert found.quality.decisions == len(expected)
                assert (found.judging is None) == (len(judged) == settled)
                assert found.judging is None or found.judging == state


JudgingSequence.TestCase.settings = settings(max_examples=6, stateful_step_count=10, deadline=None)
TestJudgingSequence = JudgingSequence.TestCase
