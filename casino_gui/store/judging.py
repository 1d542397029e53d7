"""How far the judging of play has gone, and the window's worker job that judges the next few
rounds. Light on purpose: the window imports it to send the job and read its answer, and
loads neither the advisor nor the statistics (docs/decisions.md, "Startup and memory"); the
worker process does the judging (`casino_gui.store.stats.kept.judge_some`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

# Rounds a judging job judges: a third of a second or so with the exact advisor (63 ms a
# round), after which the worker takes the page's jobs and the lobby's before the next
# (docs/performance.md, "Judging play").
JOB_ROUNDS = 5


@dataclass(frozen=True)
class Judging:
    """How far the judging of play has gone: `judged` of the `rounds` settled are judged by
    this advisor; `stuck` when a round cannot be judged (edited by hand): judging stops
    there, and its reader judges the rest in memory, as for a file it may not write."""

    judged: int
    rounds: int
    stuck: bool = False

    @property
    def complete(self) -> bool:
        return self.judged >= self.rounds

    def text(self) -> str:
        """
        >>> Judging(1_200, 100_000).text()
        'judging 1,200 of 100,000 rounds'
        """
        return f"judging {self.judged:,} of {self.rounds:,} rounds"


def judge_some(folder: str) -> Judging | None:
    """The worker's job: judge the next JOB_ROUNDS rounds not yet judged; how far judging has
    gone then (None for a file this process may not write)."""
    from casino_gui.store.database import FILE_NAME
    from casino_gui.store.stats import kept

    return kept.judge_some(Path(folder) / FILE_NAME, JOB_ROUNDS)
