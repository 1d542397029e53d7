"""The wallet and its ledger: one row per money movement, the balance always their sum.

Rows are only ever added. What a round moves is read off the engine's `Round` (its spots and
hands), never worked out here: the engine is the one authority on what a rule pays.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from casino_gui.engine import Round, spot_accounts
from casino_gui.store.database import parse_stamp
from casino_gui.store.errors import StoreError

STARTING_BALANCE = 100_000  # $1,000, in cents: a new wallet, and what a refill tops up to


class LedgerKind(StrEnum):
    OPENING = "opening"  # the wallet's first $1,000
    STAKE = "stake"  # a main bet, at the deal
    SIDE_BET = "side_bet"  # No Bust 21's Buster bet, at the deal
    DOUBLE = "double"
    SPLIT = "split"
    INSURANCE = "insurance"
    PAYOUT = "payout"  # what a hand pays back, stake included
    INSURANCE_PAYOUT = "insurance_payout"
    SIDE_BET_PAYOUT = "side_bet_payout"
    REFILL = "refill"  # "refill to $1,000"
    REFUND = "refund"  # a round that could not be resumed, given back in full


WAGERS = (
    LedgerKind.STAKE,
    LedgerKind.SIDE_BET,
    LedgerKind.DOUBLE,
    LedgerKind.SPLIT,
    LedgerKind.INSURANCE,
)
PAYOUTS = (LedgerKind.PAYOUT, LedgerKind.INSURANCE_PAYOUT, LedgerKind.SIDE_BET_PAYOUT)

Movement = tuple[LedgerKind, int]  # a kind of movement on one betting circle (spot)


def round_money(table: Round) -> dict[Movement, int]:
    """Everything the round has taken (negative) and paid (positive), by kind and spot.

    Checked against the engine's own bankroll, so a movement this store does not know of
    stops the store instead of going unrecorded.
    """
    money: dict[Movement, int] = {}
    for account in spot_accounts(table):
        amounts = {
            LedgerKind.STAKE: -account.stake,
            LedgerKind.SIDE_BET: -account.side_bet,
            LedgerKind.SPLIT: -account.split,
            LedgerKind.DOUBLE: -account.doubled,
            LedgerKind.INSURANCE: -account.insurance,
            LedgerKind.PAYOUT: account.payout,
            LedgerKind.INSURANCE_PAYOUT: account.insurance_payout,
            LedgerKind.SIDE_BET_PAYOUT: account.side_bet_payout,
        }
        for kind, amount in amounts.items():
            if amount:
                money[kind, account.spot] = amount
    moved = sum(money.values())
    if table.bankroll_before + moved != table.bankroll:
        raise StoreError(
            f"the engine's bankroll went from {table.bankroll_before} to {table.bankroll} "
            f"cents, but its bets and payouts account for {moved:+} cents: nothing was saved"
        )
    return money


def balance(db: sqlite3.Connection) -> int:
    row = db.execute("SELECT balance FROM wallet WHERE id = 1").fetchone()
    if row is None:
        raise StoreError("the bankroll file has no wallet")
    return int(row[0])


def ledger_sum(db: sqlite3.Connection) -> tuple[int, int]:
    """The sum of every movement, and how many there are."""
    total, count = db.execute("SELECT coalesce(sum(amount), 0), count(*) FROM ledger").fetchone()
    return int(total), int(count)


def post(
    db: sqlite3.Connection,
    kind: LedgerKind,
    amount: int,
    at: str,
    *,
    round_id: int | None = None,
    spot: int | None = None,
    action_number: int | None = None,
) -> int:
    """Move money: a ledger row and the wallet's new balance, in the caller's transaction."""
    after = balance(db) + amount
    if after < 0:
        raise StoreError(
            f"a {kind} of {amount} cents would take the balance below zero ({after} cents)"
        )
    db.execute("UPDATE wallet SET balance = ? WHERE id = 1", (after,))
    db.execute(
        "INSERT INTO ledger (at, kind, amount, round_id, spot, action_number, balance_after)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (at, kind.value, amount, round_id, spot, action_number, after),
    )
    return after


def open_wallet(db: sqlite3.Connection, at: str) -> None:
    """A new wallet holds $1,000: an opening movement, so the ledger explains every cent."""
    if db.execute("SELECT 1 FROM wallet").fetchone() is None:
        db.execute("INSERT INTO wallet (id, balance) VALUES (1, 0)")
        post(db, LedgerKind.OPENING, STARTING_BALANCE, at)


def recorded_money(db: sqlite3.Connection, round_id: int) -> dict[Movement, int]:
    """What the ledger holds for a round, in the shape of `round_money`."""
    rows = db.execute(
        "SELECT kind, spot, sum(amount) FROM ledger WHERE round_id = ? AND kind <> 'refund'"
        " GROUP BY kind, spot",
        (round_id,),
    )
    return {(LedgerKind(kind), int(spot)): int(total) for kind, spot, total in rows if total}


@dataclass(frozen=True)
class LedgerRow:
    id: int
    at: datetime
    kind: LedgerKind
    amount: int
    round_id: int | None
    spot: int | None
    action_number: int | None
    balance_after: int


def ledger_rows(db: sqlite3.Connection, round_id: int | None = None) -> list[LedgerRow]:
    """The movements in order: all of them, or one round's."""
    query = "SELECT id, at, kind, amount, round_id, spot, action_number, balance_after FROM ledger"
    if round_id is None:
        rows = db.execute(f"{query} ORDER BY id")
    else:
        rows = db.execute(f"{query} WHERE round_id = ? ORDER BY id", (round_id,))
    return [
        LedgerRow(row[0], parse_stamp(row[1]), LedgerKind(row[2]), *row[3:])
        for row in rows.fetchall()
    ]


@dataclass(frozen=True)
class LifetimeFigures:
    """The player's figures since the wallet opened; refills add to them, never reset them."""

    since: datetime
    rounds: int  # settled rounds
    refunded_rounds: int
    wagered: int  # every stake, double, split, insurance and side bet of the settled rounds
    paid: int  # every payout of the settled rounds, stakes returned included
    biggest_win: int  # the best net result of one round (0 before the first win)
    refills: int
    refilled: int

    @property
    def net(self) -> int:
        """Won (positive) or lost (negative) at the tables."""
        return self.paid - self.wagered


def lifetime(db: sqlite3.Connection) -> LifetimeFigures:
    wagers = ", ".join(f"'{kind}'" for kind in WAGERS)
    payouts = ", ".join(f"'{kind}'" for kind in PAYOUTS)
    since, wagered, paid, refills, refilled = db.execute(
        f"""SELECT
            min(ledger.at),
            -coalesce(sum(amount) FILTER (WHERE kind IN ({wagers}) AND state = 'settled'), 0),
            coalesce(sum(amount) FILTER (WHERE kind IN ({payouts}) AND state = 'settled'), 0),
            count(*) FILTER (WHERE kind = 'refill'),
            coalesce(sum(amount) FILTER (WHERE kind = 'refill'), 0)
        FROM ledger LEFT JOIN rounds ON rounds.id = ledger.round_id"""
    ).fetchone()
    rounds, refunded, best = db.execute(
        """SELECT count(*) FILTER (WHERE state = 'settled'),
            count(*) FILTER (WHERE state = 'refunded'),
            coalesce(max(bankroll_after - bankroll_before) FILTER (WHERE state = 'settled'), 0)
        FROM rounds"""
    ).fetchone()
    return LifetimeFigures(
        since=parse_stamp(since),
        rounds=rounds,
        refunded_rounds=refunded,
        wagered=wagered,
        paid=paid,
        biggest_win=max(0, best),
        refills=refills,
        refilled=refilled,
    )
