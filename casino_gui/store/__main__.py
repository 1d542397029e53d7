"""`python -m casino_gui.store verify|export|backups|restore [--data-dir DIR]`.

- verify: print the balance, the ledger's sum and any open round; exit 0 when they agree,
  1 when they do not.
- export: the settled rounds (hand record and result) as JSON or CSV, on stdout or to a file.
- backups: list the backups, each with the line of play it belongs to: those of the line
  being played first, the newest first (docs/decisions.md, "Lines of play").
- restore: put a backup (by default the newest sound one of the line being played) in place
  of the bankroll, the casino closed; says which backup and its balance.
- stats: the player's statistics and play quality, per game and overall, for all time or
  since a moment; text, or JSON with --json. The rounds not judged yet are judged first (a
  bar on a terminal); with --no-wait, play quality is that of the rounds judged so far.

A round whose row cannot be read (an edited or damaged file) costs only itself: `export` and
`stats` leave it out, name it in one line on stderr, give the rest, and exit 1.
- new-wallet: start over with $1,000 where the bankroll is missing or empty (the casino
  refuses to do that by itself where backups or the wallet marker remain).

Bad input, or a file or folder that cannot be used, prints one line (long values cut short)
naming it and saying what to do, and exits with status 2; never a traceback. So does an answer
that cannot be written (standard output closed, full, or a pipe whose reader has gone): no
command exits 0 without having said what it was asked, and with standard output closed none
starts its work.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import NoReturn, TextIO, cast

from casino_gui.command_line import (
    CommandParser,
    OutputLostError,
    elide,
    put,
    say,
    shown,
    silence_stdout,
)
from casino_gui.engine import GAMES, dollars
from casino_gui.paths import data_dir, data_dir_problem
from casino_gui.progress import Progress, on_terminal, progress_bar
from casino_gui.store import steps
from casino_gui.store.backups import linked, listing, no_sound_backup
from casino_gui.store.database import FILE_NAME, speaking
from casino_gui.store.errors import PROG, StoreError
from casino_gui.store.history import (
    Damaged,
    HistoryEntry,
    count,
    entries,
    left_out,
    write_csv,
    write_json,
)
from casino_gui.store.verify import open_for_reading, verify
from casino_gui.store.whole_file import clear_orphans, open_whole

AGREE, DISAGREE, CANNOT = 0, 1, 2

_EARLIEST = datetime.min.replace(tzinfo=UTC)
_LATEST = datetime.max.replace(tzinfo=UTC)


def _moment(text: str) -> datetime:
    """A date (``2025-01-31``) or date and time, in UTC; without a zone, the computer's local
    time. A moment beyond what a date can hold once in UTC (the first hours of year 1, the
    last of 9999) is the earliest or latest there is: it bounds no round either way."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{elide(text, 40)!r} is not a date such as 2025-01-31 or 2025-01-31T18:30"
        ) from None
    try:
        return moment.astimezone(UTC) if moment.tzinfo else moment.astimezone().astimezone(UTC)
    except (OverflowError, ValueError, OSError):
        return _EARLIEST if moment.year < 5000 else _LATEST


class _Parser(CommandParser):
    """argparse, answering bad input in one line (its usage is one --help away), and a help
    that cannot be written in one line too (`CommandParser`)."""

    def error(self, message: str) -> NoReturn:
        self.exit(CANNOT, f"{self.prog}: {elide(message, 200)} (see --help)\n")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    common = _Parser(add_help=False)
    common.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help="the casino's data folder (default: the per-user data folder)",
    )
    parser = _Parser(prog=PROG, description="Check, export and restore the bankroll.")
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )
    check = commands.add_parser(
        "verify",
        parents=[common],
        help="print the balance, the ledger's sum and any open round; exit 0 if they agree",
    )
    check.add_argument(
        "--replay",
        action="store_true",
        help="also replay every settled round through the engine and compare its result",
    )
    export = commands.add_parser(
        "export", parents=[common], help="write the settled rounds as JSON or CSV"
    )
    export.add_argument("--format", choices=("json", "csv"), default="json")
    export.add_argument("--game", metavar="ID", help="only this game's rounds")
    export.add_argument("--since", type=_moment, metavar="DATE", help="settled at or after")
    export.add_argument("--until", type=_moment, metavar="DATE", help="settled before")
    export.add_argument("--output", type=Path, metavar="FILE", help="write here, not stdout")
    commands.add_parser("backups", parents=[common], help="list the backups, newest first")
    restore = commands.add_parser(
        "restore", parents=[common], help="replace the bankroll with a backup (casino closed)"
    )
    restore.add_argument(
        "backup", nargs="?", type=Path, help="the backup (default: the newest sound one)"
    )
    figures = commands.add_parser(
        "stats",
        parents=[common],
        help="the player's statistics and play quality, per game and overall",
    )
    figures.add_argument("--game", metavar="ID", help="only this game's rounds")
    figures.add_argument(
        "--since", type=_moment, metavar="DATE", help="rounds settled at or after (a session)"
    )
    figures.add_argument("--json", action="store_true", help="JSON (amounts in cents)")
    figures.add_argument(
        "--no-quality",
        action="store_true",
        help="leave out play quality (each round is judged once and kept: only rounds not "
        "judged before take the advisor's time, a few ms a decision)",
    )
    figures.add_argument(
        "--no-wait",
        action="store_true",
        help="do not judge the rounds not judged yet: play quality of those judged so far, "
        "and how many they are",
    )
    commands.add_parser(
        "new-wallet",
        parents=[common],
        help="start over with $1,000 where the bankroll is missing or empty",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parse_args(argv)
    except SystemExit as done:  # --help, or bad usage already answered in one line
        return done.code if isinstance(done.code, int) else CANNOT
    if sys.stdout is None:  # `>&-`: its answer would be lost, so nothing is done
        silence_stdout()
        return _refuse(
            f"cannot write its answer: standard output is closed; {args.command} was not run"
        )
    folder = data_dir(args.data_dir)
    try:
        if folder.exists() and not folder.is_dir():
            return _refuse(
                f"{shown(folder)} is a file, not a data folder: give --data-dir a folder"
            )
    except OSError:
        pass  # a name over the system's limit: said below
    problem = data_dir_problem(args.data_dir)  # a name or a path over the system's limits
    if problem is not None:
        return _refuse(problem)
    try:
        return _run(folder, args)
    except StoreError as error:
        return _refuse(str(error))
    except OSError as error:  # a path the checks above could not foresee (a backup's name)
        where = shown(str(error.filename)) if error.filename else shown(folder)
        return _refuse(f"{where}: {error.strerror or error}")
    except OutputLostError as lost:
        changed = (
            f"; the {args.command} itself was done (`verify` shows the bankroll)"
            if args.command in ("restore", "new-wallet")
            else ""
        )
        return _refuse(f"cannot write its answer: {lost}{changed}")


def _run(folder: Path, args: argparse.Namespace) -> int:
    if args.command == "verify":
        result = verify(folder, replay_history=args.replay)
        put(result.report() + "\n")
        return AGREE if result.agrees else DISAGREE
    if args.command == "export":
        return _export(folder, args)
    if args.command == "backups":
        if linked(folder):
            raise no_sound_backup(folder)  # a link is not followed, nor listed through
        found = listing(folder)
        put("".join(f"{backup}\n" for backup in found) or f"no backups in {shown(folder)}\n")
        return 0
    if args.command == "new-wallet":
        return _new_wallet(folder)
    if args.command == "stats":
        return _stats(folder, args)
    from casino_gui.store.bankroll import Bankroll  # each command loads what it uses

    put(Bankroll.restore(folder, args.backup).report() + "\n")
    return 0


def _left_out(damaged: list[Damaged]) -> int:
    """The answer was given without the rounds in `damaged`: one line says which."""
    if not damaged:
        return 0
    _say_on_stderr(f"{left_out(damaged)}; `verify` checks the rest")
    return DISAGREE


def _say_on_stderr(message: str) -> None:
    say(PROG, message)  # one line of at most LINE_LIMIT; stderr gone, the status says it


def _refuse(message: str) -> int:
    _say_on_stderr(message)
    return CANNOT


def _new_wallet(folder: Path) -> int:
    from casino_gui.store.bankroll import Bankroll

    path = folder / FILE_NAME
    if path.exists() and path.stat().st_size > 0:
        with Bankroll.open(folder) as bankroll:  # a bankroll that opens is never replaced
            put(f"{shown(path)} holds {dollars(bankroll.balance)}: it was left as it is\n")
            return CANNOT
    with Bankroll.open(folder, new_wallet=True) as bankroll:
        put(f"a new wallet of {dollars(bankroll.balance)} was opened in {shown(path)}\n")
    return 0


def _stats(folder: Path, args: argparse.Namespace) -> int:
    from casino_gui.store.stats import kept, report, statistics

    if args.game is not None and args.game not in GAMES:
        return _unknown_game(args.game)
    path, db = open_for_reading(folder, every_row=False)
    try:
        wait = not args.no_wait
        if not args.no_quality and wait:  # each round judged once, and kept: only new rounds wait
            with progress_bar("judging play", "round", on_terminal()) as progress:
                kept.judge(path, progress)
        with speaking(path):
            found = statistics(db, args.game, args.since, quality=not args.no_quality, wait=wait)
    finally:
        db.close()
    put(report.to_json_text(found) if args.json else report.to_text(found))
    return _left_out(found.damaged)


def _write_whole(output: Path, write: Callable[[TextIO], object]) -> None:
    """Write a file beside `output` and move it in whole (`open_whole`): a kill or a full
    disk never leaves half an export under the name asked for. A device or a pipe is written
    as it is."""
    if output.exists() and not output.is_file():
        with output.open("w", encoding="utf-8", newline="") as special:
            write(special)
        return
    clear_orphans(output.parent, output.name)  # what a killed export of this name left
    with open_whole(output, "w", encoding="utf-8", newline="") as file:
        write(cast(TextIO, file))
        steps.reached()
    steps.reached()


def _unknown_game(game: str) -> int:
    return _refuse(f"unknown game {elide(game, 40)!r} (games are {', '.join(GAMES)})")


def _export(folder: Path, args: argparse.Namespace) -> int:
    if args.game is not None and args.game not in GAMES:
        return _unknown_game(args.game)  # not an empty export that looks like no rounds
    damaged: list[Damaged] = []
    path, db = open_for_reading(folder, every_row=False)
    try:
        with speaking(path):
            total = count(db, args.game, args.since, args.until)
        steps.reached()
        written = 0

        def write(out: TextIO) -> None:
            # The rounds stream from the file to the output, one at a time (docs/performance.md,
            # "The store at scale"); the file's errors name the file, the output's the output.
            nonlocal written
            with progress_bar("exporting", "round", on_terminal()) as progress:
                rounds = entries(db, args.game, args.since, args.until, damaged=damaged)
                writer = write_json if args.format == "json" else write_csv
                written = writer(_read(path, rounds, total, progress), out)

        if args.output is None:
            _to_stdout(write)
            return _left_out(damaged)
        output: Path = args.output
        try:
            _write_whole(output, write)
        except OSError as error:
            return _refuse(f"{shown(output)}: cannot write the export: {error.strerror or error}")
    finally:
        db.close()
    put(f"{written} rounds of {shown(path)} written to {shown(output)}\n")
    return _left_out(damaged)


def _to_stdout(write: Callable[[TextIO], object]) -> None:
    """`write` to stdout as it goes; `OutputLostError` (as `put` says it) when stdout cannot
    take it."""
    try:
        if sys.stdout is None:
            raise OSError(0, "standard output is closed")
        write(sys.stdout)
        sys.stdout.flush()
    except StoreError:
        raise
    except (OSError, ValueError) as error:
        silence_stdout()
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise OutputLostError(reason) from None


def _read(
    path: Path, rounds: Iterator[HistoryEntry], total: int, progress: Progress | None
) -> Iterator[HistoryEntry]:
    """The rounds, their errors naming the bankroll, the bar moved every thousand."""
    done = 0
    with speaking(path):
        for done, entry in enumerate(rounds, start=1):
            yield entry
            if progress is not None and done % 1_000 == 0:
                progress(done, total)
    if progress is not None:
        progress(done, total)


if __name__ == "__main__":
    sys.exit(main())
