"""`python -m bench.bankroll_life [--runs N] [--steps N]`: the bankroll's life as sequences.

A Hypothesis state machine whose rules are what a player and the world do to a data folder:
play a session (a start, with its backup and rotation, then rounds), be killed at a random
step of one (SIGKILL at one of the store's kill steps), restore the default backup or any one,
open a new wallet where the file was emptied, empty the file, roll it back to an older copy
(and start on it), move the clock either way, and plant a link where the backups are. After
every step (docs/decisions.md, "Lines of play"):

- the wallet is what the ledger sums to (`verify`);
- the default restore (`newest_sound_backup`: the command line's and the window's) is the
  backup holding the most of the play being played: of the backups whose play is the start of
  the live file's (or, once the file is gone, of what it last held), the one holding most;
- rotation never deleted the newest backup of that play, and a session never lost a row of it:
  what the live file held before a session (killed or not) begins what it holds after.

The check is by content (ledger rows, rounds and answers, with their times), not by the
store's line ids: it knows nothing of how the store tells lines apart. The suite runs a few
short sequences (tests/store/test_bankroll_life.py); this runs thousands of steps and prints
figures (docs/performance.md, "The bankroll's life").
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import sqlite3
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from bench.store import SeededPlayer
from casino_gui.store import steps
from casino_gui.store.backups import backup_folder, newest_sound_backup
from casino_gui.store.bankroll import Bankroll
from casino_gui.store.database import COMPANIONS, FILE_NAME
from casino_gui.store.errors import StoreError
from casino_gui.store.verify import verify

# What a file holds, in order: its ledger rows, its rounds and its answers.
Print = tuple[tuple[tuple[object, ...], ...], ...]
COUNTS: Counter[str] = Counter()  # the rules run, for the figures


def print_of(path: Path) -> Print | None:
    """What the bankroll or backup at `path` holds; None if it holds no readable bankroll."""
    if not path.is_file() or path.stat().st_size == 0:
        return None
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        return (
            tuple(db.execute("SELECT id, at, amount FROM ledger ORDER BY id")),
            tuple(db.execute("SELECT id, opened_at FROM rounds ORDER BY id")),
            tuple(db.execute("SELECT round_id, number, at FROM actions ORDER BY round_id, number")),
        )
    except sqlite3.Error:
        return None
    finally:
        db.close()


def begins(start: Print, whole: Print) -> bool:
    """Whether the play in `start` is the beginning of the play in `whole`."""
    return all(part == rows[: len(part)] for part, rows in zip(start, whole, strict=True))


def size(found: Print) -> int:
    return sum(len(part) for part in found)


class Clock:
    """The machine's clock: a second a reading, moved by the `move_clock` rule; a reading
    never repeats (a clock set back to an hour already lived must not write the same times
    twice, or two histories could hold the same rows by chance)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)
        self.readings = 0

    def __call__(self) -> datetime:
        self.readings += 1
        self.now += timedelta(seconds=1)
        return self.now + timedelta(microseconds=self.readings % 1_000_000)


def killed_at(point: int, work: Callable[[], object]) -> bool:
    """Run `work` in a forked process that SIGKILLs itself at the store's `point`-th kill
    step (`casino_gui.store.steps`); True if it was killed there."""
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's end is what the parent reads
        passed = [0]

        def reached() -> None:
            passed[0] += 1
            if passed[0] >= point:
                os.kill(os.getpid(), signal.SIGKILL)

        steps.reached = reached
        steps.committed = lambda db: reached()
        ended = 1  # the work raised: the parent fails the run
        with contextlib.suppress(BaseException):
            work()
            ended = 0
        os._exit(ended)
    status = os.waitpid(child, 0)[1]
    killed = os.WIFSIGNALED(status)
    assert killed or os.WEXITSTATUS(status) == 0, f"the session failed, not killed ({point})"
    return killed


class BankrollLife(RuleBasedStateMachine):
    """One data folder's life; see the module's text."""

    def __init__(self) -> None:
        super().__init__()
        shm = Path("/dev/shm")
        self.top = Path(tempfile.mkdtemp(prefix="casino-life-", dir=shm if shm.is_dir() else None))
        self.folder = self.top / "casino"
        self.clock = Clock()
        self.copies: list[bytes] = []  # the live file as sessions left it, to roll back to
        self.played: Print | None = None  # the play being played, as last seen
        self.planted = False
        with Bankroll.open(self.folder, clock=self.clock):
            pass
        self._seen()

    def teardown(self) -> None:
        shutil.rmtree(self.top, ignore_errors=True)

    # --- What the machine sees ---------------------------------------------------------

    @property
    def live(self) -> Path:
        return self.folder / FILE_NAME

    def _best(self) -> tuple[int, Print | None]:
        """The most of the play being played that a backup holds, and that backup's play."""
        if self.played is None:
            return 0, None
        best: tuple[int, Print | None] = (0, None)
        for path in backup_folder(self.folder).glob("bankroll-*.sqlite3"):
            found = print_of(path)
            if found is not None and begins(found, self.played) and size(found) > best[0]:
                best = (size(found), found)
        return best

    def _seen(self) -> None:
        found = print_of(self.live)
        if found is not None:
            self.played = found

    def _session_of(self, rounds: int) -> None:
        with Bankroll.open(self.folder, clock=self.clock) as bankroll:
            player = SeededPlayer(bankroll, base=7)
            player.play_until(player.rounds + rounds)

    def _after_play(self, before: Print | None, best: int) -> None:
        """A session, killed or not, loses nothing of the play it went on with."""
        now = print_of(self.live)
        assert now is not None, "a session left no bankroll"
        if before is not None:
            assert begins(before, now), "a session lost play the file held before it"
        self.played = now
        assert self._best()[0] >= best, "a rotation deleted the newest backup of the play"
        self.copies = [*self.copies[-4:], self.live.read_bytes()]

    # --- Rules -------------------------------------------------------------------------

    def _readable(self) -> bool:
        return print_of(self.live) is not None

    @precondition(lambda self: self._readable())
    @rule(rounds=st.integers(0, 3))
    def session(self, rounds: int) -> None:
        COUNTS["session"] += 1
        before, best = self.played, self._best()[0]
        self._session_of(rounds)
        self._after_play(before, best)

    @precondition(lambda self: self._readable())
    @rule(rounds=st.integers(0, 3))
    def another_session(self, rounds: int) -> None:
        """Sessions are most of a bankroll's life: a second rule makes them twice as likely."""
        self.session(rounds)

    @precondition(lambda self: self._readable())
    @rule(rounds=st.integers(1, 3), point=st.integers(1, 60))
    def killed_session(self, rounds: int, point: int) -> None:
        COUNTS["killed session"] += 1
        before, best = self.played, self._best()[0]
        if killed_at(point, lambda: self._session_of(rounds)):
            COUNTS["killed"] += 1
        self.clock.now += timedelta(hours=1)  # the child's readings are never read again
        self._after_play(before, best)

    @rule()
    def restore_default(self) -> None:
        COUNTS["default restore"] += 1
        expected = self._best()[1]
        try:
            restored = Bankroll.restore(self.folder, clock=self.clock)
        except StoreError:
            assert expected is None, "no default restore, where a backup holds the play"
            return
        assert print_of(restored.backup) == expected
        self._seen()

    @rule(which=st.integers(0, 30))
    def restore_one(self, which: int) -> None:
        found = sorted(backup_folder(self.folder).glob("bankroll-*.sqlite3"))
        if not found:
            return
        COUNTS["restore one"] += 1
        Bankroll.restore(self.folder, found[which % len(found)], clock=self.clock)
        self._seen()

    @precondition(lambda self: not self._readable())
    @rule()
    def new_wallet(self) -> None:
        COUNTS["new wallet"] += 1
        with Bankroll.open(self.folder, clock=self.clock, new_wallet=True) as bankroll:
            assert bankroll.balance == 100_000
        self.played = print_of(self.live)

    @precondition(lambda self: self._readable())
    @rule(delete=st.booleans())
    def empty_the_file(self, delete: bool) -> None:
        COUNTS["file emptied"] += 1
        for suffix in COMPANIONS:
            Path(f"{self.live}{suffix}").unlink(missing_ok=True)
        if delete:
            self.live.unlink(missing_ok=True)
        else:
            self.live.write_bytes(b"")

    @precondition(lambda self: bool(self.copies))
    @rule(which=st.integers(0, 4))
    def roll_back_and_start(self, which: int) -> None:
        """A sync tool puts an older copy back with the casino closed; the player starts."""
        COUNTS["rolled back"] += 1
        for suffix in COMPANIONS:
            Path(f"{self.live}{suffix}").unlink(missing_ok=True)
        self.live.write_bytes(self.copies[which % len(self.copies)])
        self.played = print_of(self.live)
        self._session_of(0)
        self._seen()

    @rule(hours=st.integers(-24 * 400, 24 * 400))
    def move_clock(self, hours: int) -> None:
        COUNTS["clock moved"] += 1
        self.clock.now += timedelta(hours=hours)

    @precondition(lambda self: self._readable() and not self.planted)
    @rule()
    def plant_a_link(self) -> None:
        """Another folder's backups linked in place of ours: nothing is done through it."""
        COUNTS["link planted"] += 1
        self.planted = True  # once a run: it changes nothing, and costs the others' steps
        ours, decoy = backup_folder(self.folder), self.top / "decoy"
        decoy.mkdir()
        (decoy / "bankroll-20260101T000000000000Z-n1.sqlite3").write_bytes(self.live.read_bytes())
        kept = {path.name: path.read_bytes() for path in decoy.iterdir()}
        aside = self.top / "ours"
        ours.rename(aside)
        ours.symlink_to(decoy)
        try:
            before = print_of(self.live)
            for attempt in (
                lambda: Bankroll.open(self.folder, clock=self.clock),
                lambda: Bankroll.restore(self.folder, clock=self.clock),
            ):
                try:
                    attempt()
                except StoreError:  # a `BackupError` names the link
                    pass
                else:
                    raise AssertionError("a start or a restore went through a linked folder")
            assert print_of(self.live) == before
            assert {path.name: path.read_bytes() for path in decoy.iterdir()} == kept
        finally:
            ours.unlink()
            aside.rename(ours)
            shutil.rmtree(decoy)

    # --- Invariants ----------------------------------------------------------------------

    @invariant()
    def the_wallet_is_what_the_ledger_sums_to(self) -> None:
        if self._readable():
            assert verify(self.folder).agrees

    @invariant()
    def the_default_restore_is_the_newest_backup_of_the_play(self) -> None:
        expected = self._best()[1]
        choice = newest_sound_backup(self.folder)
        chosen = print_of(choice.backup) if choice is not None else None
        assert chosen == expected, "the default restore is not the newest backup of the play"


def run(runs: int, steps_each: int) -> float:
    """Run the machine `runs` times of up to `steps_each` steps; the seconds taken."""
    began = time.perf_counter()
    run_state_machine_as_test(
        BankrollLife,
        settings=settings(
            max_examples=runs,
            stateful_step_count=steps_each,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
            print_blob=True,
        ),
    )
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=80)
    parser.add_argument("--steps", type=int, default=50)
    args = parser.parse_args()
    seconds = run(args.runs, args.steps)
    total = sum(COUNTS[name] for name in COUNTS if name != "killed")
    print(f"{args.runs} runs of up to {args.steps} steps: {total} steps in {seconds:.1f} s")
    print(f"{total / seconds:.1f} steps a second, every invariant checked after each")
    for name, count in sorted(COUNTS.items(), key=lambda item: -item[1]):
        print(f"  {name:16} {count}")


if __name__ == "__main__":
    main()
