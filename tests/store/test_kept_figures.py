"""Figures and play quality kept as rounds settle: equal, game by game, to the same counted
again from every round; each round judged once and kept, by the advisor of JUDGE_VERSION."""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Iterator
from contextlib import closing
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bench.store import GENERATED_FROM, SeededPlayer, generate_history
from casino_gui.engine import GAMES, strategy
from casino_gui.store import Bankroll
from casino_gui.store.__main__ import main as store_command
from casino_gui.store.database import FILE_NAME
from casino_gui.store.stats import counted_statistics, kept, quality, statistics
from casino_gui.store.stats.report import to_json
from casino_gui.store.verify import open_for_reading, verify
from tests.store.bankroll_files import Clock, raw

# The advisor's code and the judging's, as JUDGE_VERSION 4 judged: a change to either may
# change a verdict. When this digest changes, raise JUDGE_VERSION (every kept verdict is then
# judged again) unless no verdict can change, and write the new digest here.
DIGEST = "614d9174537e7370"  # Caribbean 21's late insurance an option: JUDGE_VERSION 4


def advisor_digest() -> str:
    sources = [
        inspect.getsource(module)
        for name, module in sorted(vars(strategy).items())
        if inspect.ismodule(module) and module.__name__.startswith(strategy.__name__)
    ]
    sources.append(inspect.getsource(quality.verdicts))
    return hashlib.sha256("\n".join(sources).encode()).hexdigest()[:16]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """770 generated rounds (seventy copied), then 35 played through the bankroll with a
    clock of its own: breaks between some, rounds of every game."""
    folder = tmp_path_factory.mktemp("kept") / "casino"
    generate_history(folder, 770, judged=False)  # figures, not play
    clock = Clock(GENERATED_FROM + timedelta(days=2), step=timedelta(seconds=7))
    with Bankroll.open(folder, clock=clock) as bankroll:
        player = SeededPlayer(bankroll, base=2)
        for number in range(35):
            player.play_round()
            if number % 10 == 9:
                clock.now += timedelta(hours=1)  # a break
    return folder


@pytest.mark.parametrize("game", [None, *GAMES])
def test_kept_figures_equal_the_rounds_counted_again(played: Path, game: str | None) -> None:
    _, db = open_for_reading(played)
    with closing(db):
        found = statistics(db, game, quality=False)
        counted = counted_statistics(db, game, quality=False)
    assert to_json(found) == to_json(counted)
    assert found.overall == counted.overall  # the time at the table too, to the microsecond
    assert found.overall.rounds == (805 if game is None else 115)


def test_verify_checks_the_kept_figures(played: Path, tmp_path: Path) -> None:
    assert verify(played, replay_history=True).agrees
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / FILE_NAME).write_bytes((played / FILE_NAME).read_bytes())
    with closing(raw(copy)) as db:
        db.execute(
            "UPDATE kept_figures SET figures = json_set(figures, '$.naturals', 0)"
            " WHERE game = 'pontoon'"
        )
    assert verify(copy).agrees  # rounds and net, summed by SQL, still agree
    found = verify(copy, replay_history=True)
    assert found.problems == (
        "the figures kept for pontoon are not those of its rounds counted again",
    )
    with closing(raw(copy)) as db:
        db.execute(
            "UPDATE kept_figures SET figures = json_set(figures, '$.net', 1) WHERE game = 'super_21'"
        )
    (problem,) = verify(copy).problems
    assert problem.startswith("the figures kept for super_21 count 115 rounds netting 1 cents")


@pytest.fixture
def session(folder: Path) -> Path:
    generate_history(folder, 21, judged=False)  # each game three times, never judged
    return folder


class Judging:
    """Counts the rounds the advisor judges."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rounds: list[int] = []
        judge = kept.verdicts

        def counted(entry: Any) -> tuple[quality.JudgedDecision, ...]:
            self.rounds.append(entry.round_id)
            return judge(entry)

        monkeypatch.setattr(kept, "verdicts", counted)


@pytest.fixture
def judging(monkeypatch: pytest.MonkeyPatch) -> Iterator[Judging]:
    yield Judging(monkeypatch)


def quality_json(folder: Path) -> Any:
    _, db = open_for_reading(folder)
    with closing(db):
        return to_json(statistics(db))


def test_each_round_is_judged_once_and_kept(
    session: Path, judging: Judging, capsys: pytest.CaptureFixture[str]
) -> None:
    assert store_command(["stats", "--data-dir", str(session), "--json"]) == 0
    assert judging.rounds == list(range(1, 22))
    _, db = open_for_reading(session)
    with closing(db):
        counted = to_json(counted_statistics(db))
        assert kept.quality_is_kept(db)
    assert quality_json(session) == counted
    assert store_command(["stats", "--data-dir", str(session)]) == 0
    assert judging.rounds == list(range(1, 22))  # read, not judged again
    with Bankroll.open(session) as bankroll:
        SeededPlayer(bankroll, base=1).play_round()
    assert store_command(["stats", "--data-dir", str(session), "--since", "2026-01-01"]) == 0
    assert judging.rounds == list(range(1, 23))  # only the new round
    assert verify(session, replay_history=True).agrees


def test_another_advisor_judges_every_round_again(
    session: Path, judging: Judging, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert kept.judge(session / FILE_NAME)
    before = quality_json(session)
    monkeypatch.setattr(kept, "JUDGE_VERSION", quality.JUDGE_VERSION + 1)
    _, db = open_for_reading(session)
    with closing(db):
        assert not kept.quality_is_kept(db)
        assert to_json(statistics(db)) == before  # judged in memory meanwhile
    assert kept.judge(session / FILE_NAME)
    assert judging.rounds == [*range(1, 22), *range(1, 22)]
    assert quality_json(session) == before


def test_the_advisor_version_follows_its_code() -> None:
    assert quality.JUDGE_VERSION == 4
    assert advisor_digest() == DIGEST, (
        f"the advisor's code changed (digest {advisor_digest()}): if a verdict can change, "
        "raise JUDGE_VERSION; then write the new digest in this test"
    )
