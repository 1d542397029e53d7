"""The Bankroll menu alone: `BankrollMenu` on a real bankroll in a tmp folder, at a plain
stand-in table (no window) that records what the menu says and the tables it sits at again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from casino_gui.engine import Rules
from casino_gui.engine.games import BLACKJACK
from casino_gui.gui.bankroll_menu import BankrollMenu
from casino_gui.gui.dialogs.restore import taken_at
from casino_gui.gui.table.messages import Severity
from casino_gui.store import Bankroll


class Table:
    def __init__(self, bankroll: Bankroll) -> None:
        self.bankroll, self.rules = bankroll, BLACKJACK
        self.round_in_play = False
        self.said: list[tuple[str, Severity]] = []
        self.sat_at: list[Rules] = []

    def say(self, text: str, severity: Severity) -> None:
        self.said.append((text, severity))

    def set_rules(self, rules: Rules) -> None:
        self.sat_at.append(rules)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Bankroll.open(tmp_path / "casino"))
    yield table
    table.bankroll.close()


def test_a_refill_of_a_full_wallet_says_the_stores_reason(table: Table) -> None:
    BankrollMenu(table, None).refill()
    why = "The wallet holds $1,000.00: a refill tops it up to $1,000.00 only when it holds less."
    assert table.said == [(why, Severity.ERROR)] and table.bankroll.balance == 100_000


def test_a_restore_opens_the_restored_bankroll_and_sits_at_the_table_again(table: Table) -> None:
    before = table.bankroll
    backup = before.backups()[0]  # taken at this start
    BankrollMenu(table, None).restore_backup(backup)
    assert table.bankroll is not before and table.bankroll.balance == 100_000
    assert table.sat_at == [BLACKJACK]
    when = f"{taken_at(backup):%d %B %Y, %H:%M}"
    said = f"Restored the backup of {when}: your bankroll is $1,000.00."
    assert table.said == [(said, Severity.INFO)]


def test_a_restore_is_refused_while_a_round_is_played(table: Table) -> None:
    before = table.bankroll
    table.round_in_play = True
    BankrollMenu(table, None).restore_backup(before.backups()[0])
    said = ("Finish the round on the table before restoring.", Severity.ERROR)
    assert table.said == [said] and table.bankroll is before and table.sat_at == []


def test_a_file_that_is_no_bankroll_is_refused_and_the_bankroll_opened_again(
    table: Table, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_text("nonsense", encoding="utf-8")
    BankrollMenu(table, None).restore_backup(bad)
    [(text, severity)] = table.said
    assert severity is Severity.ERROR
    assert "/bad.sqlite3 cannot be restored: it is not a bankroll database." in text
    assert table.bankroll.balance == 100_000 and table.sat_at == [BLACKJACK]
