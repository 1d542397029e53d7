"""The tables of the bankroll file, its schema version, and the forward migrations.

The version is SQLite's ``user_version``; ``application_id`` marks the file as ours. Each
migration takes the file from one version to the next; all the migrations a start needs run in
one transaction, so a file is either fully upgraded or left as it was. A file from a newer
version is refused, never downgraded.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from casino_gui.store.database import damaged, remedy_for_bad_file, transaction
from casino_gui.store.errors import BadFileError, DamagedFileError, NewerSchemaError
from casino_gui.store.lines import begin_line

APPLICATION_ID = 0x43534E4F  # "CSNO"


@dataclass(frozen=True)
class Migration:
    version: int  # the version the file has after it
    summary: str
    apply: Callable[[sqlite3.Connection], None]
    # Rows written from what the file holds, once every migration's tables and columns are
    # there: the journal is read as this version reads it (schema 5's `first` included).
    fill: Callable[[sqlite3.Connection], None] | None = None


def _create_tables(db: sqlite3.Connection) -> None:
    for statement in _VERSION_1:
        db.execute(statement)


# Money is integer cents. Times are UTC text, fixed width ("2025-01-31T20:15:00.000000Z").
_VERSION_1 = (
    """CREATE TABLE wallet (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        balance INTEGER NOT NULL CHECK (balance >= 0)
    )""",
    # One row per round: the hand record (game, rules, shoe, bets) and, once closed, its result.
    """CREATE TABLE rounds (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,           -- JSON object: overrides of the game's rules
        seed TEXT,                     -- decimal text: a 64-bit seed overflows SQLite's INTEGER
        shoe TEXT,                     -- stacked cards in dealing order, when not shuffled
        bets TEXT NOT NULL,            -- JSON list, as in the replay format
        bankroll_before INTEGER NOT NULL,
        opened_at TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('open', 'settled', 'refunded')),
        closed_at TEXT,
        bankroll_after INTEGER,
        result TEXT,                   -- JSON: the replay output, or the refund and its reason
        CHECK ((seed IS NULL) <> (shoe IS NULL)),
        CHECK ((state = 'open') = (closed_at IS NULL))
    )""",
    "CREATE UNIQUE INDEX one_open_round ON rounds (state) WHERE state = 'open'",
    "CREATE INDEX rounds_by_date ON rounds (closed_at)",
    "CREATE INDEX rounds_by_game_and_date ON rounds (game, closed_at)",
    # The round journal: the player's answers in order, as in the replay format.
    """CREATE TABLE actions (
        round_id INTEGER NOT NULL REFERENCES rounds (id),
        number INTEGER NOT NULL CHECK (number >= 1),
        action TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (round_id, number)
    ) WITHOUT ROWID""",
    # One row per money movement; the wallet's balance is always the sum of `amount`.
    """CREATE TABLE ledger (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN (
            'opening', 'stake', 'side_bet', 'double', 'split', 'insurance',
            'payout', 'insurance_payout', 'side_bet_payout', 'refill', 'refund')),
        amount INTEGER NOT NULL CHECK (amount <> 0),   -- negative: onto the table
        round_id INTEGER REFERENCES rounds (id),
        spot INTEGER,
        action_number INTEGER,         -- the journal entry that moved it; NULL for the deal
        balance_after INTEGER NOT NULL CHECK (balance_after >= 0)
    )""",
    "CREATE INDEX ledger_by_round ON ledger (round_id)",
)


# What the statistics keep as rounds settle (casino_gui.store.stats.kept).
_VERSION_2 = (
    # Each game's figures over every settled round: `Figures.to_json`.
    """CREATE TABLE kept_figures (
        game TEXT PRIMARY KEY,
        figures TEXT NOT NULL
    )""",
    # Which advisor judged the kept verdicts, and up to which round every settled one is judged.
    """CREATE TABLE kept_judging (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        advisor INTEGER NOT NULL,
        judged_through INTEGER NOT NULL
    )""",
    """CREATE TABLE kept_quality (
        game TEXT PRIMARY KEY,
        decisions INTEGER NOT NULL,
        matched INTEGER NOT NULL,
        given_up INTEGER NOT NULL
    )""",
    """CREATE TABLE verdicts (
        round_id INTEGER NOT NULL REFERENCES rounds (id),
        number INTEGER NOT NULL,
        game TEXT NOT NULL,
        taken TEXT NOT NULL,
        best TEXT NOT NULL,
        bet INTEGER NOT NULL,
        given_up INTEGER NOT NULL,
        matched INTEGER NOT NULL,
        PRIMARY KEY (round_id, number)
    ) WITHOUT ROWID""",
    # The costliest decisions of a game, read off the top of an index.
    "CREATE INDEX costliest_verdicts ON verdicts (game, given_up DESC, round_id, number)"
    " WHERE given_up > 0",
    # Each settled round's place among its game's and the game's running net after it: the
    # chart of one game, drawn through some of its rounds, reads only those.
    """CREATE TABLE kept_game_rounds (
        round_id INTEGER PRIMARY KEY REFERENCES rounds (id),
        game TEXT NOT NULL,
        number INTEGER NOT NULL,
        net INTEGER NOT NULL,
        opened_at TEXT NOT NULL,
        closed_at TEXT NOT NULL
    )""",
    # Everything a chart reads, in the index: its points are read off it in order.
    "CREATE INDEX game_rounds_by_number ON kept_game_rounds"
    " (game, number, net, opened_at, closed_at, round_id)",
)
# What kept_game_rounds holds, counted again from the rounds.
GAME_ROUNDS = """SELECT id, game,
    row_number() OVER (PARTITION BY game ORDER BY id),
    sum(bankroll_after - bankroll_before) OVER (PARTITION BY game ORDER BY id),
    opened_at, closed_at
    FROM rounds WHERE state = 'settled'"""


def _keep_figures(db: sqlite3.Connection) -> None:
    for statement in (*_VERSION_2, *_VERSION_2_INDEXES):
        db.execute(statement)
    db.execute("INSERT INTO kept_judging (id, advisor, judged_through) VALUES (1, 0, 0)")
    db.execute(f"INSERT INTO kept_game_rounds {GAME_ROUNDS}")


def _fill_figures(db: sqlite3.Connection) -> None:
    if db.execute("SELECT 1 FROM rounds WHERE state = 'settled' LIMIT 1").fetchone():
        # Imported only then: the statistics (and the advisor) wait for their first use.
        from casino_gui.store.stats import kept

        kept.keep_what_was_settled(db)


# What the statistics read: the refunded rounds since a moment, the refills since one (with
# what a chart shows of them). Partial: an index of every round by its state, or of every
# movement by its kind, would lure the history's filters off their game's index.
_VERSION_2_INDEXES = (
    "CREATE INDEX refunded_rounds ON rounds (closed_at, game) WHERE state = 'refunded'",
    "CREATE INDEX refills ON ledger (at, balance_after, amount) WHERE kind = 'refill'",
)

# Practice's record (casino_gui.store.practice): never in the ledger.
_VERSION_3 = (
    # One row per answer of a drill. Amounts are cents of the practice bet.
    """CREATE TABLE practice_answers (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        drill TEXT NOT NULL CHECK (drill IN ('play', 'flash', 'mistakes')),
        game TEXT NOT NULL,
        kinds TEXT NOT NULL,           -- the decision's kinds, space-separated
        taken TEXT NOT NULL,
        best TEXT NOT NULL,
        bet INTEGER NOT NULL CHECK (bet > 0),
        cost INTEGER NOT NULL CHECK (cost >= 0),
        matched INTEGER NOT NULL CHECK (matched IN (0, 1))
    )""",
    # The answers' sums and streaks: scope 'all' (name ''), 'game' or 'kind'.
    """CREATE TABLE practice_kept (
        scope TEXT NOT NULL CHECK (scope IN ('all', 'game', 'kind')),
        name TEXT NOT NULL,
        decisions INTEGER NOT NULL,
        matched INTEGER NOT NULL,
        cost INTEGER NOT NULL,
        streak INTEGER NOT NULL,       -- right answers in a row, up to the last
        best_streak INTEGER NOT NULL,
        PRIMARY KEY (scope, name)
    ) WITHOUT ROWID""",
    # A mistake of the real tables on the spaced schedule, once drilled.
    """CREATE TABLE practice_mistakes (
        round_id INTEGER NOT NULL REFERENCES rounds (id),
        number INTEGER NOT NULL,
        due TEXT NOT NULL,
        right_days TEXT NOT NULL,      -- JSON list of the days answered right, ISO dates
        PRIMARY KEY (round_id, number)
    ) WITHOUT ROWID""",
)


def _keep_practice(db: sqlite3.Connection) -> None:
    for statement in _VERSION_3:
        db.execute(statement)


# What a start has checked, so that the next one checks only what was written since
# (casino_gui.store.checked). Version 4, not 3: it stands apart from the practice tables'.
_VERSION_4 = (
    """CREATE TABLE kept_checks (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        ledger_through INTEGER NOT NULL,  -- the ledger's rows up to this id were checked
        ledger_sum INTEGER NOT NULL,      -- and their amounts add up to this
        answers_from INTEGER NOT NULL,    -- the answers of rounds from this id on are not
        in_use INTEGER NOT NULL           -- 1 from a start until the casino closes it cleanly
    )""",
    # Nothing checked yet, and not known to have been closed cleanly: the next start checks all.
    "INSERT INTO kept_checks VALUES (1, 0, 0, 0, 1)",
)


def _keep_checks(db: sqlite3.Connection) -> None:
    for statement in _VERSION_4:
        db.execute(statement)


# A shoe game's round is dealt from a shuffle opened at its first card (docs/replay-format.md,
# `first`); NULL for a round shuffled anew or stacked, as every round before it.
_VERSION_5 = ("ALTER TABLE rounds ADD COLUMN first INTEGER CHECK (first >= 0)",)


def _keep_first_cards(db: sqlite3.Connection) -> None:
    for statement in _VERSION_5:
        db.execute(statement)


# The counting drills' answers (casino_gui.store.practice_counts): practice, never the ledger.
_VERSION_6 = (
    """CREATE TABLE count_answers (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        drill TEXT NOT NULL CHECK (drill IN ('count_down', 'true_count', 'count_check')),
        system TEXT NOT NULL,          -- the count system's key (casino_gui.engine.counting)
        asked TEXT NOT NULL,           -- what was asked, in words
        cards INTEGER NOT NULL CHECK (cards >= 0),  -- the cards shown, seen or left
        expected INTEGER NOT NULL,     -- the right answer
        given INTEGER,                 -- the player's; NULL: skipped
        matched INTEGER NOT NULL CHECK (matched IN (0, 1)),
        millis INTEGER NOT NULL CHECK (millis >= 0)  -- the time taken
    )""",
    # Each counting drill's sums, kept with every answer.
    """CREATE TABLE count_kept (
        drill TEXT PRIMARY KEY,
        answers INTEGER NOT NULL,
        matched INTEGER NOT NULL,
        skipped INTEGER NOT NULL,
        millis INTEGER NOT NULL,       -- of the answers given
        cards INTEGER NOT NULL         -- of the answers given
    ) WITHOUT ROWID""",
)


def _keep_count_answers(db: sqlite3.Connection) -> None:
    for statement in _VERSION_6:
        db.execute(statement)


# The line of play the file continues (casino_gui.store.lines): inherited by each backup of it.
_VERSION_7 = (
    """CREATE TABLE play_line (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        line TEXT NOT NULL,            -- 32 random hex digits
        parent TEXT,                   -- the line it left; NULL: a new wallet's own
        fork_ledger INTEGER,           -- how far the parent's play went where it was left:
        fork_round INTEGER,            -- its last ledger row, last round, and the round and
        fork_answer_round INTEGER,     -- number of its last answer (NULL with no parent)
        fork_answer_number INTEGER
    )""",
)


def _keep_line(db: sqlite3.Connection) -> None:
    for statement in _VERSION_7:
        db.execute(statement)


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "the wallet, the ledger, the round journal and its history", _create_tables),
    Migration(2, "figures and play quality kept as rounds settle", _keep_figures, _fill_figures),
    Migration(3, "practice's answers, figures and schedule of mistakes", _keep_practice),
    Migration(4, "what a start has checked, and whether the file was closed cleanly", _keep_checks),
    Migration(5, "the first card of a shoe game's round in the shuffle", _keep_first_cards),
    Migration(6, "the counting drills' answers and figures", _keep_count_answers),
    Migration(7, "the line of play the file continues", _keep_line, begin_line),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def version_of(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def check_ownership(db: sqlite3.Connection, path: Path, latest: int = SCHEMA_VERSION) -> int:
    """The file's schema version, after checking the file is a bankroll this program reads."""
    version = version_of(db)
    owner = int(db.execute("PRAGMA application_id").fetchone()[0])
    tables = db.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
    if owner not in (0, APPLICATION_ID) or (owner == 0 and tables):
        raise BadFileError(
            path,
            "is an SQLite database of another program, not a bankroll",
            remedy_for_bad_file(path.parent),
        )
    if version > latest:
        raise NewerSchemaError(
            path,
            f"was written by a newer casino (schema {version}; this one reads up to schema "
            f"{latest})",
            "Run the newer version, or start this one with another --data-dir.",
        )
    return version


def migrate(
    db: sqlite3.Connection, path: Path, migrations: Sequence[Migration] = MIGRATIONS
) -> int:
    """Bring the file forward to the last migration's version, in one transaction; returns
    the version it had before."""
    latest = migrations[-1].version
    with transaction(db, path):
        before = check_ownership(db, path, latest)
        applied = [migration for migration in migrations if migration.version > before]
        for migration in applied:
            migration.apply(db)
        for migration in applied:
            if migration.fill is not None:
                migration.fill(db)
        if before < latest:
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {latest}")
    return before


Objects = dict[tuple[str, str], tuple[str, ...]]  # (type, name): a table's columns


def objects_of(db: sqlite3.Connection) -> Objects:
    """The tables (with their columns) and indexes of a file, SQLite's own left out."""
    rows = db.execute(
        "SELECT type, name FROM sqlite_schema WHERE type IN ('table', 'index')"
        " AND name NOT LIKE 'sqlite%'"
    ).fetchall()
    return {
        (kind, name): tuple(
            column for (column,) in db.execute("SELECT name FROM pragma_table_info(?)", (name,))
        )
        if kind == "table"
        else ()
        for kind, name in rows
    }


@cache
def expected_objects(version: int) -> Objects:
    """What a bankroll of schema `version` holds: the migrations up to it, run in memory, so
    the schema is written down once (in MIGRATIONS)."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for migration in MIGRATIONS:
            if migration.version <= version:
                migration.apply(db)
        return objects_of(db)
    finally:
        db.close()


def check_schema(db: sqlite3.Connection, path: Path, version: int) -> None:
    """Refuse a bankroll whose tables are not those of its version (a table dropped, a
    column lost): it would fail at the first bet, or worse, be backed up in place of a good one."""
    if version == 0:
        return
    found = objects_of(db)
    for (kind, name), columns in expected_objects(version).items():
        if (kind, name) not in found:
            raise _schema_damaged(path, f"its {kind} {name} is missing")
        missing = [column for column in columns if column not in found[kind, name]]
        if missing:
            raise _schema_damaged(path, f"its table {name} has lost its column {missing[0]}")


def _schema_damaged(path: Path, what: str) -> DamagedFileError:
    error = damaged(path, schema=True)
    return DamagedFileError(path, f"is damaged: {what}", error.remedy)
