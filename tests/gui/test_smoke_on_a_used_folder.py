"""`casino-gui --smoke-test` on a folder a player has used passes as on a fresh one: where a
killed program left a round open it finishes that round first, by its own
rule (the first lit of NO INSURANCE, STAND, HIT), then plays its own round and exits 0 (real
processes, a real SIGKILL); the player's "Warn me of mistakes", a custom table's higher
minimum and an empty wallet do not stop it either."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from casino_gui.engine import Action, Move
from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Bet, Phase
from casino_gui.gui.smoke import play_scripted_round
from casino_gui.store import Bankroll
from casino_gui.store.history import HistoryEntry
from tests.gui.conftest import Table

# A player in a process of its own: opens the bankroll, deals the first seeded round of
# blackjack that stops at the wanted phase, plays `hits` hits, says where it stands, and waits
# to be killed.
PLAYER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from casino_gui.engine.games import rules_for
    from casino_gui.engine.record import parse_move
    from casino_gui.engine.round import Bet, Phase, Round
    from casino_gui.engine.shoe import Shoe
    from casino_gui.store import Bankroll

    folder, phase, hits = Path(sys.argv[1]), Phase[sys.argv[2]], int(sys.argv[3])
    rules, bets = rules_for("blackjack"), [Bet(1, 1_000), Bet(2, 2_500)]

    def stops_at(seed):
        table = Round(rules, Shoe.shuffled(rules, seed), 100_000).place(bets)
        table.deal()
        if phase is Phase.PLAYER_TURNS:
            for _ in range(hits):
                if "hit" not in {a.value for a in table.legal_actions()}:
                    return False
                table.apply(parse_move("hit"))
        return table.phase is phase

    seed = next(s for s in range(10_000) if stops_at(s))
    bankroll = Bankroll.open(folder)
    table, _ = bankroll.deal(rules, bets, seed=seed)
    for _ in range(hits if phase is Phase.PLAYER_TURNS else 0):
        bankroll.act(parse_move("hit"))
    print(f"mid-round {bankroll.round_id} {bankroll.table.phase.name}", flush=True)
    sys.stdin.readline()  # killed here
    """
)


def killed_mid_round(folder: Path, phase: Phase, hits: int = 0) -> int:
    """Run the player, SIGKILL it while its round is open; the round's id."""
    player = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(folder), phase.name, str(hits)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert player.stdout is not None
        line = player.stdout.readline()
        assert line.startswith("mid-round "), (line, player.stderr and player.stderr.read())
        _, round_id, phase_name = line.split()
        assert phase_name == phase.name
    finally:
        os.kill(player.pid, signal.SIGKILL)
        player.communicate(timeout=60)
    assert player.returncode == -signal.SIGKILL
    return int(round_id)


CASINO = (sys.executable, "-m", "casino_gui")


def smoke_test(folder: Path, picture: Path, *options: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [*CASINO, "--data-dir", str(folder), "--smoke-test", str(picture), *options],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        check=False,
    )


@pytest.mark.parametrize(
    ("phase", "hits"),
    [(Phase.PLAYER_TURNS, 0), (Phase.PLAYER_TURNS, 1), (Phase.INSURANCE, 0)],
    ids=["before-any-move", "after-a-hit", "insurance-offered"],
)
def test_smoke_test_finishes_a_round_left_open_by_a_kill_then_plays_its_own(
    tmp_path: Path, phase: Phase, hits: int
) -> None:
    folder = tmp_path / "data"
    open_round = killed_mid_round(folder, phase, hits)
    with Bankroll.open(folder) as bankroll:
        assert bankroll.round_open and bankroll.round_id == open_round

    done = smoke_test(folder, tmp_path / "table.png")

    assert done.returncode == 0, done.stderr
    assert "smoke test: the resumed round finished, then one round played" in done.stdout
    assert (tmp_path / "table.png").stat().st_size > 0
    with Bankroll.open(folder) as bankroll:
        assert not bankroll.round_open
        history = bankroll.history()
        assert len(history) == 2
        assert {entry.round_id for entry in history} >= {open_round}
        # The killed round was played on with its two bets; the smoke test's own has one.
        newest = max(history, key=lambda entry: entry.round_id)
        assert bankroll.balance == newest.result["bankroll"]["after"]


def test_a_second_smoke_test_on_that_folder_passes_too(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    killed_mid_round(folder, Phase.PLAYER_TURNS)
    assert smoke_test(folder, tmp_path / "one.png").returncode == 0
    done = smoke_test(folder, tmp_path / "two.png")
    assert done.returncode == 0, done.stderr
    assert "smoke test: one round played" in done.stdout


def test_after_the_resumed_round_the_smoke_test_plays_at_the_asked_table(tmp_path: Path) -> None:
    # The killed round was blackjack; --game pontoon asks for the smoke test's own round.
    folder = tmp_path / "data"
    killed_mid_round(folder, Phase.PLAYER_TURNS)
    done = smoke_test(folder, tmp_path / "table.png", "--game", "pontoon")
    assert done.returncode == 0, done.stderr
    with Bankroll.open(folder) as bankroll:
        games = [entry.record.game for entry in sorted(bankroll.history(), key=by_id)]
    assert games == ["blackjack", "pontoon"]


def by_id(entry: HistoryEntry) -> int:
    return entry.round_id


def test_the_players_mistake_warnings_do_not_stop_the_smoke_test(
    open_table: Callable[..., Table], qtbot: QtBot, tmp_path: Path
) -> None:
    # A $5 chip on circle 1; player TS 2C (12) against the dealer's TH (7D in the hole):
    # standing is worse than hitting, and with "Warn me of mistakes" on, STAND only warned
    # and waited for a second press: the smoke test failed after 30 s with its round open.
    table = open_table()
    table.controller.warn_mistakes = True
    table.controller.next_shoe = "TS TH 2C 7D"
    picture = tmp_path / "table.png"

    assert run_smoke_test(table, qtbot, picture) == 0
    history = table.window.controller.bankroll.history()
    assert [entry.record.actions for entry in history] == [("stand",)]
    assert history[0].result["bankroll"] == {"before": 100_000, "after": 99_500}


def run_smoke_test(table: Table, qtbot: QtBot, picture: Path) -> int:
    task = asyncio.ensure_future(play_scripted_round(table.window, picture))
    qtbot.waitUntil(task.done, timeout=120_000)
    return task.result()


def test_at_a_table_whose_minimum_is_over_the_chip_it_bets_the_minimum(
    open_table: Callable[..., Table], qtbot: QtBot, tmp_path: Path
) -> None:
    # A custom table with a $25 minimum: one $5 chip kept DEAL unlit, and the smoke test failed
    # after 30 s. Player TS 7C (17) stands against TH 7D: a push.
    table = open_table(min_bet=2_500)
    table.controller.next_shoe = "TS TH 7C 7D"
    assert run_smoke_test(table, qtbot, tmp_path / "table.png") == 0
    (entry,) = table.controller.bankroll.history()
    assert [(bet.spot, bet.amount) for bet in entry.record.bets] == [(1, 2_500)]
    assert entry.result["bankroll"] == {"before": 100_000, "after": 100_000}


def test_on_a_bankroll_too_short_to_bet_it_refills_first(
    open_table: Callable[..., Table], qtbot: QtBot, tmp_path: Path
) -> None:
    # Two $500 bets lost (player TS 6C, 16, stands against TH 7D) leave the wallet empty.
    folder = tmp_path / "data"
    with Bankroll.open(folder) as bankroll:
        for _ in range(2):
            bankroll.deal(rules_for("blackjack"), [Bet(1, 50_000)], shoe="TS TH 6C 7D")
            bankroll.act(Move(Action.STAND))
        assert bankroll.balance == 0
    table = open_table(folder=folder)
    table.controller.next_shoe = "TS TH 7C 7D"
    assert run_smoke_test(table, qtbot, tmp_path / "table.png") == 0
    assert table.controller.bankroll.balance == 100_000  # refilled to $1,000, then a push
