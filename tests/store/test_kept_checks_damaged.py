"""What a start kept of its checks (`kept_checks`) can itself be damaged: a start never calls a
sound bankroll "does not add up" from it, nor sets one aside; it checks the whole file and says
what it found (docs/decisions.md, "The start's checks"). And what it says of a damaged row is a
sentence a player reads."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

import pytest

from casino_gui.store import Bankroll, DamagedFileError
from casino_gui.store.database import FILE_NAME
from tests.store.bankroll_files import raw
from tests.store.test_message_lengths import messages
from tests.store.test_start_checks import mark, rounds_of_1010


@pytest.mark.parametrize(
    "spoil",
    [
        "UPDATE kept_checks SET ledger_sum = ledger_sum + 777",
        "UPDATE kept_checks SET ledger_through = ledger_through + 5000",
        "UPDATE kept_checks SET ledger_through = 1",
        "UPDATE kept_checks SET ledger_sum = -5, ledger_through = 3",
    ],
)
def test_a_damaged_record_of_the_checks_does_not_set_a_sound_bankroll_aside(
    folder: Path, spoil: str
) -> None:
    rounds_of_1010(folder)
    with closing(raw(folder)) as db:
        db.execute(spoil)
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 101_000
        assert len(bankroll.history()) == 21
    assert (folder / FILE_NAME).exists()
    assert not list(folder.glob(f"{FILE_NAME}.bad-*"))
    whole = mark(folder)
    with closing(raw(folder)) as db:  # kept again from the whole file
        assert whole[1:3] == db.execute("SELECT max(id), sum(amount) FROM ledger").fetchone()


def test_a_damaged_record_and_a_damaged_wallet_say_what_the_whole_file_holds(
    folder: Path,
) -> None:
    rounds_of_1010(folder)
    with closing(raw(folder)) as db:
        db.execute("UPDATE kept_checks SET ledger_sum = ledger_sum + 777")
        db.execute("UPDATE wallet SET balance = balance + 100")
    with pytest.raises(DamagedFileError) as refused:
        Bankroll.open(folder)
    # The ledger's own sum, not the kept one spoilt by $7.77.
    assert "its wallet holds $1,011.00 but its ledger sums to $1,010.00" in str(refused.value)


@pytest.mark.parametrize("number", ["'third'", "X'FF'", "2.5"])
def test_an_answer_with_no_number_is_named_in_words(folder: Path, number: str) -> None:
    rounds_of_1010(folder)
    with closing(raw(folder)) as db:
        db.execute("PRAGMA ignore_check_constraints = 1")
        db.execute(f"UPDATE actions SET number = {number} WHERE round_id = 3")
        db.execute("UPDATE kept_checks SET in_use = 1")  # a kill: the next start checks all
    with pytest.raises(DamagedFileError) as refused:
        Bankroll.open(folder)
    said = str(refused.value)
    assert "is damaged: an answer of its journal holds something the casino never writes" in said
    assert "None" not in said and "third" not in said


def test_no_message_of_the_store_passes_on_sqlites_own_words(tmp_path: Path) -> None:
    folder = tmp_path / "casino"
    folder.mkdir()
    said = dict(messages(folder, "disk I/O error"))  # what SQLite (or the system) says
    sqlites = {what: text for what, text in said.items() if what.startswith("SQLite code")}
    assert len(sqlites) == 5
    raw_words = {
        what: text
        for what, text in sqlites.items()
        if "SQLite:" in text or "SQLite error" in text or "disk I/O error" in text
    }
    assert raw_words == {}
