"""A bankroll whose rounds were edited by hand (a wrong type, broken JSON, JSON nested
30,000 deep): every command and a start answer with a message naming the round, never a
traceback; the money is never touched by it."""

from __future__ import annotations

import contextlib
import shutil
from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.engine import Action, Move
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import Bankroll, StoreError
from casino_gui.store.__main__ import main as store_command
from tests.store.bankroll_files import raw

COLUMNS = (
    "game",
    "rules",
    "seed",
    "shoe",
    "bets",
    "bankroll_before",
    "opened_at",
    "closed_at",
    "result",
    "state",
    "bankroll_after",
)
VALUES = (None, "", "x", "[]", "null", "[1]", '{"a": 1}', 1.5, -1, b"\xff", "[" * 30_000)


@pytest.fixture(scope="module")
def settled_and_open(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 1 settled, round 2 open."""
    folder = tmp_path_factory.mktemp("edited") / "casino"
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act(Move(Action.STAND))
        bankroll.deal(BLACKJACK, [Bet(1, 2_500)], shoe="8S 9H 8C 7D 3H TC 2D")
    return folder


@pytest.mark.parametrize("column", COLUMNS)
def test_an_edited_column_is_answered_not_a_crash(
    settled_and_open: Path, tmp_path: Path, column: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for number, value in enumerate(VALUES):
        folder = tmp_path / str(number)
        shutil.copytree(settled_and_open, folder)
        try:
            with closing(raw(folder)) as db:
                db.execute(f"UPDATE rounds SET {column} = ?", (value,))
        except Exception:  # a value the table's own checks refuse: nothing to test
            continue
        for command in (
            ["verify"],
            ["verify", "--replay"],
            ["export"],
            ["export", "--format", "csv"],
        ):
            status = store_command([*command, "--data-dir", str(folder)])
            said = capsys.readouterr().err
            assert status in (0, 1, 2), (column, value, command)
            assert said.count("\n") <= 1, (column, value, command, said)
        with contextlib.suppress(StoreError):  # named and explained; anything else fails
            Bankroll.open(folder).close()


MONEY_AND_JOURNAL = (
    ("wallet", "balance"),
    ("ledger", "amount"),
    ("ledger", "at"),
    ("ledger", "kind"),
    ("ledger", "spot"),
    ("ledger", "balance_after"),
    ("actions", "action"),
    ("actions", "number"),
)


@pytest.mark.parametrize(
    ("table", "column"), MONEY_AND_JOURNAL, ids=[".".join(pair) for pair in MONEY_AND_JOURNAL]
)
def test_an_edited_movement_or_answer_is_named_not_a_crash(
    settled_and_open: Path,
    tmp_path: Path,
    table: str,
    column: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for number, value in enumerate(("", "x", "stand", b"\xff", "9" * 5_000, None)):
        folder = tmp_path / str(number)
        shutil.copytree(settled_and_open, folder)
        try:
            with closing(raw(folder)) as db:
                db.execute(
                    f"UPDATE {table} SET {column} = ?"
                    f" WHERE rowid = (SELECT max(rowid) FROM {table})",
                    (value,),
                )
        except Exception:
            continue
        for command in (["verify", "--replay"], ["export"]):
            assert store_command([*command, "--data-dir", str(folder)]) in (0, 1, 2)
            assert capsys.readouterr().err.count("\n") <= 1
        with contextlib.suppress(StoreError), Bankroll.open(folder) as bankroll:
            bankroll.lifetime(), bankroll.ledger(), bankroll.history()
