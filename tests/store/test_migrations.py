"""The schema version and its forward migrations: all in one transaction, or none."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bench.store import generate_history
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Bet
from casino_gui.store import Bankroll, StoreError
from casino_gui.store.schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Migration,
    migrate,
    version_of,
)
from casino_gui.store.stats import Statistics, counted_statistics, statistics
from casino_gui.store.stats.report import to_json
from casino_gui.store.verify import open_for_reading, verify
from tests.store.bankroll_files import raw, set_back_to_schema


def a_bankroll_of_schema_1(folder: Path) -> Path:
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(BLACKJACK, [Bet(1, 1_000)], shoe="9S 7H TH TC")
        bankroll.act("stand")
    return set_back_to_schema(folder, 1)


def add_nicknames(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE nicknames (name TEXT NOT NULL)")
    db.execute("INSERT INTO nicknames VALUES ('high roller')")


def test_a_new_file_is_made_at_the_newest_schema(folder: Path) -> None:
    with Bankroll.open(folder):
        pass
    with closing(raw(folder)) as db:
        assert version_of(db) == SCHEMA_VERSION == 7
        assert db.execute("PRAGMA application_id").fetchone() == (0x43534E4F,)


def test_a_migration_brings_an_older_file_forward_and_keeps_its_money(folder: Path) -> None:
    path = a_bankroll_of_schema_1(folder)
    later = (*MIGRATIONS, Migration(SCHEMA_VERSION + 1, "nicknames", add_nicknames))
    with closing(raw(folder)) as db:
        assert migrate(db, path, later) == 1
        assert version_of(db) == SCHEMA_VERSION + 1
        assert db.execute("SELECT name FROM nicknames").fetchall() == [("high roller",)]
        assert db.execute("SELECT balance FROM wallet").fetchone() == (101_000,)
        assert migrate(db, path, later) == SCHEMA_VERSION + 1  # nothing left to do
        assert db.execute("SELECT count(*) FROM nicknames").fetchone() == (1,)


def test_a_migration_that_fails_leaves_the_file_as_it_was(folder: Path) -> None:
    path = a_bankroll_of_schema_1(folder)

    def breaks_half_way(db: sqlite3.Connection) -> None:
        add_nicknames(db)
        db.execute("INSERT INTO no_such_table VALUES (1)")

    later = (*MIGRATIONS, Migration(SCHEMA_VERSION + 1, "nicknames, badly", breaks_half_way))
    with closing(raw(folder)) as db:
        with pytest.raises(StoreError, match="a fault the casino does not expect"):
            migrate(db, path, later)
        assert version_of(db) == 1
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_schema")}
        assert "nicknames" not in tables
        assert "kept_figures" not in tables  # migration 2 went back with it
    with Bankroll.open(folder) as bankroll:
        assert bankroll.balance == 101_000


@pytest.mark.parametrize("version", [migration.version for migration in MIGRATIONS[:-1]])
def test_a_bankroll_of_every_earlier_schema_opens_with_its_figures_kept(
    folder: Path, version: int
) -> None:
    generate_history(folder, 70)  # the seven games in turn
    counted = statistics_counted(folder)
    set_back_to_schema(folder, version)
    with closing(raw(folder)) as db:
        assert version_of(db) == version
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_schema")}
        assert ("kept_checks" in tables) == (version >= 4)
        assert ("kept_figures" in tables) == (version >= 2)
        assert ("practice_answers" in tables) == (version >= 3)
        assert ("count_answers" in tables) == (version >= 6)
        columns = {name for (name,) in db.execute("SELECT name FROM pragma_table_info('rounds')")}
        assert ("first" in columns) == (version >= 5)
    with Bankroll.open(folder):  # migrated by the start
        pass
    with closing(raw(folder)) as db:
        assert version_of(db) == SCHEMA_VERSION
        assert db.execute("SELECT count(*) FROM rounds WHERE first IS NULL").fetchone() == (70,)
    _, db = open_for_reading(folder)
    with closing(db):
        kept = statistics(db, quality=False)
    assert to_json(kept) == to_json(counted)
    assert len(kept.games) == 7 and kept.overall.rounds == 70
    assert verify(folder).agrees


def statistics_counted(folder: Path) -> Statistics:
    _, db = open_for_reading(folder)
    with closing(db):
        return counted_statistics(db, quality=False)
