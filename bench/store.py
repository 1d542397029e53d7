"""`python -m bench.store`: settled rounds per second through the engine and the store.

A figure to watch, not a test. The rounds are played by a seeded player: round `n` of seed
`base` always has the same game, bets, shoe and answers, whether it is played in one go or
resumed after a crash, so the crash test uses the same player to compare runs to the cent.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sqlite3
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench import store_scale
from casino_gui.engine import GAMES, Action, Bet, Phase, Round, Shoe, parse_move
from casino_gui.engine.rules import Insurance, Rules
from casino_gui.store.bankroll import Bankroll
from casino_gui.store.database import FILE_NAME, connect, stamp
from casino_gui.store.history import entries
from casino_gui.store.history_query import HistoryFilter, ResultFilter, following, page
from casino_gui.store.journal import insert_round, write_step
from casino_gui.store.ledger import STARTING_BALANCE, LedgerKind, balance, post
from casino_gui.store.stats import kept, statistics
from casino_gui.store.stats.figures import Figures, figures_by_game, time_played

GAME_ORDER = tuple(GAMES)
BET_SIZES = (100, 500, 1_000, 2_500)


def seeded_round(base: int, number: int) -> tuple[Rules, list[Bet], int]:
    """The game, the bets and the shoe's seed of round `number`: one to three circles."""
    rng = random.Random(f"{base}:{number}")
    rules = GAMES[GAME_ORDER[number % len(GAME_ORDER)]]
    bets = []
    for spot in range(1, rules.circles + 1):
        if spot == 1 or rng.random() < 0.4:
            buster = rng.choice((0, rules.buster_min)) if rules.buster_bet else 0
            bets.append(Bet(spot, rng.choice(BET_SIZES), buster))
    return rules, bets, rng.getrandbits(64)


def seeded_action(table: Round, base: int, number: int) -> str:
    """The player's answer at this point of round `number`, from the answers given so far."""
    rng = random.Random(f"{base}:{number}:{len(table.moves)}")
    legal = sorted(table.legal_actions(), key=lambda action: action.value)
    action = rng.choice(legal)
    amounts = table.insurance_amounts()
    if action is Action.INSURE and table.rules.insurance is Insurance.LATE and amounts:
        return f"insure:{rng.randint(*amounts)}"
    return action.value


class SeededPlayer:
    """Plays rounds `0, 1, 2, ...` of seed `base` on a bankroll, refilling when short."""

    def __init__(self, bankroll: Bankroll, base: int) -> None:
        self.bankroll = bankroll
        self.base = base
        figures = bankroll.lifetime()
        self.rounds = figures.rounds + figures.refunded_rounds  # rounds closed so far
        self.steps = 0  # transactions written: deals and actions

    def play_round(self) -> None:
        """Finish the open round if there is one, else deal and play the next."""
        bankroll = self.bankroll
        if not bankroll.round_open:
            rules, bets, seed = seeded_round(self.base, self.rounds)
            if sum(bet.amount + bet.buster for bet in bets) > bankroll.balance:
                bankroll.refill()
                self.steps += 1
            bankroll.deal(rules, bets, seed=seed)
            self.steps += 1
        table = bankroll.table
        assert table is not None
        while bankroll.round_open:
            bankroll.act(seeded_action(table, self.base, self.rounds))
            self.steps += 1
        self.rounds += 1

    def play_until(self, rounds: int) -> None:
        while self.rounds < rounds:
            self.play_round()


GENERATED_FROM = datetime(2026, 1, 1, tzinfo=UTC)
GENERATED_EVERY = timedelta(seconds=40)  # round n opens GENERATED_FROM + n * 40 s


PLAYED = 700  # rounds played through the engine: a hundred of each game


def generate_history(
    folder: Path, rounds: int, base: int = 1, batch: int = 1_000, *, judged: bool = True
) -> None:
    """A bankroll of `rounds` settled rounds of the seeded player, for the benchmarks and
    tests, dated from GENERATED_FROM (round n opens at GENERATED_FROM + n * GENERATED_EVERY).

    The first PLAYED rounds are played as `SeededPlayer` plays them (the store's own
    `insert_round` and `write_step`, `batch` rounds a transaction, no fsync); past them, the
    same rounds again, copied by SQL with their ids, dates and ledger rows moved on (and a
    refill between copies, the player having lost): real recorded rounds, 100,000 in seconds.
    Their kept figures are those of the rounds played, added up copy by copy, and their
    verdicts are judged once and copied too, as play leaves them (the casino judges each
    round as it settles); `judged=False` leaves them unjudged, as a restore of an older
    bankroll, an import or a new advisor does."""
    with Bankroll.open(folder, clock=lambda: GENERATED_FROM) as bankroll:
        if bankroll.lifetime().rounds or bankroll.round_open:
            raise ValueError(f"{folder} holds rounds already: give a new folder")
    path = folder / FILE_NAME
    db = connect(path)
    try:
        db.execute("PRAGMA synchronous = OFF")  # a scratch file: a crash loses nothing
        played = min(rounds, PLAYED)
        for first in range(0, played, batch):
            db.execute("BEGIN")
            for number in range(first, min(first + batch, played)):
                _generated_round(db, base, number)
            db.execute("COMMIT")
        if judged:
            kept.judge(path)
        if rounds > played:
            db.execute("BEGIN")
            _copied(db, rounds)
            db.execute("COMMIT")
    finally:
        db.close()


def _copied(db: sqlite3.Connection, rounds: int) -> None:
    """Rounds PLAYED.. `rounds` - 1 as copies of the rounds played (ids 1..PLAYED)."""
    short = STARTING_BALANCE - balance(db)
    if short < 0:
        raise ValueError("the seeded player won: its copies cannot start from $1,000 again")
    if short:
        post(db, LedgerKind.REFILL, short, stamp(GENERATED_FROM + (PLAYED - 1) * GENERATED_EVERY))
    (last_row,) = db.execute("SELECT max(id) FROM ledger").fetchone()
    span = last_row - 1  # the ledger rows of the rounds played, the first refill left out
    played = list(entries(db))
    figures = kept.kept_figures(db)
    counted: dict[int, dict[str, Figures]] = {}  # the figures of the first n rounds played
    # Each game's rounds and net over the rounds played: what each copy moves its own on by.
    block = json.dumps(
        {
            game: [number, net]
            for game, number, net in db.execute(
                "SELECT game, number, net FROM kept_game_rounds AS last WHERE number = ("
                "SELECT max(number) FROM kept_game_rounds WHERE game = last.game)"
            )
        }
    )
    for copy in range(1, -(-rounds // PLAYED)):
        first = copy * PLAYED
        count = min(PLAYED, rounds - first)
        moved = functools.partial(_moved, seconds=first * int(GENERATED_EVERY.total_seconds()))
        db.execute(
            f"""INSERT INTO rounds SELECT id + {first}, game, rules, seed, shoe, bets,
            bankroll_before, {moved("opened_at")}, state, {moved("closed_at")}, bankroll_after,
            result, first FROM rounds WHERE id <= {count}"""
        )
        db.execute(
            f"""INSERT INTO actions SELECT round_id + {first}, number, action, {moved("at")}
            FROM actions WHERE round_id <= {count}"""
        )
        (bound,) = db.execute("SELECT max(id) FROM ledger WHERE round_id <= ?", (count,))
        db.execute(
            f"""INSERT INTO ledger SELECT id + {copy * span}, {moved("at")}, kind, amount,
            round_id + {first}, spot, action_number, balance_after FROM ledger
            WHERE id BETWEEN 2 AND {last_row if count == PLAYED else bound[0]}"""
        )
        db.execute(
            f"""INSERT INTO verdicts SELECT round_id + {first}, number, game, taken, best, bet,
            given_up, matched FROM verdicts WHERE round_id <= {count}"""
        )
        db.execute(
            f"""INSERT INTO kept_game_rounds SELECT round_id + {first}, game,
            number + {copy} * (block.value ->> 0), net + {copy} * (block.value ->> 1),
            {moved("opened_at")}, {moved("closed_at")}
            FROM kept_game_rounds JOIN json_each(?) AS block ON block.key = game
            WHERE round_id <= {count}""",
            (block,),
        )
        # The copy's figures: those of its rounds, the last of the copy before it running
        # until this copy's first deal (the rounds are GENERATED_EVERY apart).
        last = played[PLAYED - 1]
        before = figures.setdefault(last.game, Figures())
        before.time_played += time_played(
            last.opened_at, last.settled_at, last.opened_at + GENERATED_EVERY
        ) - time_played(last.opened_at, last.settled_at, None)
        if count not in counted:
            counted[count] = figures_by_game(played[:count])
        for game, added in counted[count].items():
            figures.setdefault(game, Figures()).merge(added)
    for game, total in figures.items():
        db.execute(
            "UPDATE kept_figures SET figures = ? WHERE game = ?",
            (json.dumps(total.to_json()), game),
        )
    db.execute("DELETE FROM kept_quality")
    db.execute(
        """INSERT INTO kept_quality SELECT game, count(*), sum(matched), sum(given_up)
        FROM verdicts GROUP BY game"""
    )
    if kept.judged_through(db) >= PLAYED:
        db.execute("UPDATE kept_judging SET judged_through = ?", (rounds,))
    db.execute(
        "UPDATE wallet SET balance = (SELECT balance_after FROM ledger ORDER BY id DESC LIMIT 1)"
    )


def _moved(column: str, seconds: int) -> str:
    """SQL: a stored stamp `seconds` later (the stamps keep their fixed width)."""
    return (
        f"strftime('%Y-%m-%dT%H:%M:%S', substr({column}, 1, 19), '+{seconds} seconds')"
        f" || substr({column}, 20)"
    )


def _generated_round(db: sqlite3.Connection, base: int, number: int) -> None:
    at = stamp(GENERATED_FROM + number * GENERATED_EVERY)
    rules, bets, seed = seeded_round(base, number)
    if sum(bet.amount + bet.buster for bet in bets) > balance(db):
        post(db, LedgerKind.REFILL, STARTING_BALANCE - balance(db), at)
    table = Round(rules, Shoe.shuffled(rules, seed), balance(db)).place(bets)
    table.deal()
    round_id = insert_round(db, table, tuple(bets), None, at)
    recorded = write_step(db, round_id, table, recorded={}, journaled=0, at=at)
    while table.phase is not Phase.SETTLED:
        journaled = len(table.moves)
        table.apply(parse_move(seeded_action(table, base, number)))
        recorded = write_step(db, round_id, table, recorded=recorded, journaled=journaled, at=at)


def history_figures(folder: Path) -> str:
    """The time to open the history's first page (rows and totals), to scroll to the next,
    and to filter (one game's wins) with the filter's totals; the time of the statistics of
    every round, and of the last 100 rounds' with play quality."""
    db = connect(folder / FILE_NAME, read_only=True)
    try:
        start = time.perf_counter()
        first = page(db, HistoryFilter())
        opened = time.perf_counter() - start
        start = time.perf_counter()
        following(db, HistoryFilter(), first)
        scrolled = time.perf_counter() - start
        start = time.perf_counter()
        wins = page(db, HistoryFilter(game="blackjack", result=ResultFilter.WIN))
        filtered = time.perf_counter() - start
        start = time.perf_counter()
        statistics(db, quality=False)
        counted = time.perf_counter() - start
        session_start = GENERATED_FROM + (first.totals.rounds - 100) * GENERATED_EVERY
        start = time.perf_counter()
        session = statistics(db, since=session_start)
        judged = time.perf_counter() - start
    finally:
        db.close()
    decisions = session.quality.decisions if session.quality else 0
    return (
        f"statistics of all {first.totals.rounds:,} rounds in {counted:.1f} s; the last "
        f"{session.overall.rounds} rounds with play quality ({decisions} decisions judged) "
        f"in {judged:.1f} s\n"
        f"history of {first.totals.rounds:,} rounds (net {first.totals.net:+,} cents): first "
        f"page of {len(first.lines)} with the totals in {opened * 1000:.1f} ms, the next page "
        f"in {scrolled * 1000:.1f} ms; blackjack wins: {wins.totals.rounds:,} rounds, net "
        f"{wins.totals.net:+,} cents, first page and totals in {filtered * 1000:.1f} ms"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.store", description=__doc__)
    parser.add_argument("--rounds", type=int, default=1_000, help="rounds to settle (1000)")
    parser.add_argument(
        "--data-dir", type=Path, metavar="DIR", help="play here (default: a temporary folder)"
    )
    parser.add_argument(
        "--history",
        type=int,
        metavar="N",
        help="instead: generate N rounds (batched) and time the history's first page and a filter",
    )
    parser.add_argument(
        "--scale",
        type=int,
        nargs="+",
        metavar="N",
        help="instead: time stats, the statistics page, a start, export and verify on "
        "histories of N rounds, side by side (kept in --data-dir if given)",
    )
    parser.add_argument("--runs", type=int, default=3, help="runs of each figure (median)")
    args = parser.parse_args(argv)
    if args.scale is not None:
        store_scale.main(sorted(args.scale), args.runs, args.data_dir)
        return
    if args.history is not None:
        with tempfile.TemporaryDirectory(prefix="casino-bench-") as scratch:
            folder = args.data_dir or Path(scratch)
            start = time.perf_counter()
            generate_history(folder, args.history)
            print(f"{args.history:,} rounds generated in {time.perf_counter() - start:.1f} s")
            print(history_figures(folder))
        return
    with (
        tempfile.TemporaryDirectory(prefix="casino-bench-") as scratch,
        Bankroll.open(args.data_dir or Path(scratch)) as bankroll,
    ):
        player = SeededPlayer(bankroll, base=1)
        start = time.perf_counter()
        player.play_until(player.rounds + args.rounds)
        elapsed = time.perf_counter() - start
    print(
        f"{args.rounds} rounds settled through the store in {elapsed:.2f} s: "
        f"{args.rounds / elapsed:,.0f} settled rounds per second "
        f"({player.steps / elapsed:,.0f} transactions per second; WAL, synchronous=FULL)"
    )


if __name__ == "__main__":
    main()
