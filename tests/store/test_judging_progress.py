"""`store stats --no-wait`: play quality of the rounds judged so far, and how far judging has
gone, without waiting for the rest (docs/architecture.md, "The store"); judged in small
steps, each kept (`kept.judge_some`), the rest judged later to the same verdicts."""

from __future__ import annotations

import json
import subprocess
import sys
from contextlib import closing
from pathlib import Path

from bench.store import GENERATED_EVERY, GENERATED_FROM, generate_history
from casino_gui.store.database import FILE_NAME, connect
from casino_gui.store.history import entries
from casino_gui.store.judging import Judging
from casino_gui.store.stats import counted_statistics, kept
from casino_gui.store.stats.report import to_json

STORE = [sys.executable, "-m", "casino_gui.store"]


def stats(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*STORE, "stats", "--data-dir", str(folder), *options],
        capture_output=True,
        text=True,
        check=True,
    )


def kept_verdicts(folder: Path) -> list[int]:
    """The round of each kept verdict."""
    with closing(connect(folder / FILE_NAME, read_only=True)) as db:
        return [int(round_id) for (round_id,) in db.execute("SELECT round_id FROM verdicts")]


def test_no_wait_prints_the_quality_of_the_rounds_judged_so_far(folder: Path) -> None:
    generate_history(folder, 21, judged=False)  # as a restore of an older bankroll leaves it
    assert kept.judge_some(folder / FILE_NAME, 10) == Judging(10, 21)
    with closing(connect(folder / FILE_NAME, read_only=True)) as db:
        judged = [entry for entry in entries(db) if entry.round_id <= 10]
        decisions, matched, given_up = db.execute(
            "SELECT count(*), sum(matched), sum(given_up) FROM verdicts"
        ).fetchone()
    wagered = sum(entry.stake for entry in judged)  # the rounds judged: 1 to 10

    text = stats(folder, "--no-wait")
    assert text.stderr == ""
    lines = text.stdout.splitlines()
    assert lines[1] == (
        "Play quality so far: judging 10 of 21 rounds; the rest are judged as the casino "
        "plays, or by `stats` without --no-wait"
    )
    assert "  Rounds 21, hands" in text.stdout  # every other figure of every round
    assert (
        f"  Play quality: {matched} of {decisions} decisions best ({round(100 * matched / decisions, 1)}%)"
        in text.stdout
    )
    found = json.loads(stats(folder, "--no-wait", "--json").stdout)
    assert found["judging"] == {"judged": 10, "rounds": 21}
    assert found["overall"]["rounds"] == 21
    quality = found["overall"]["play_quality"]
    assert (quality["decisions"], quality["matched"], quality["given_up"]) == (
        decisions,
        matched,
        given_up,
    )
    assert quality["given_up_percent_of_wagered"] == round(100 * given_up / wagered, 2)
    # A session: its rounds 5 to 21, of which 5 to 10 are judged, not judged in memory.
    since = f"{GENERATED_FROM + 4 * GENERATED_EVERY:%Y-%m-%dT%H:%M:%S}"
    session = json.loads(stats(folder, "--no-wait", "--json", "--since", since).stdout)
    assert session["judging"] == {"judged": 6, "rounds": 17}
    assert session["overall"]["rounds"] == 17
    assert session["overall"]["play_quality"]["decisions"] == sum(
        1 for verdict in kept_verdicts(folder) if 5 <= verdict <= 10
    )
    with closing(connect(folder / FILE_NAME, read_only=True)) as db:
        assert kept.judged_through(db) == 10  # nothing judged by a look that does not wait

    # Without --no-wait the rest is judged first: the verdicts of a judging from nothing.
    whole = json.loads(stats(folder, "--json").stdout)
    assert whole["judging"] is None
    with closing(connect(folder / FILE_NAME, read_only=True)) as db:
        assert whole == to_json(counted_statistics(db))
