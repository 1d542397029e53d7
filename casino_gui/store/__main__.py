"""`python -m casino_gui.store verify|export|backups|restore [--data-dir DIR]`.

- verify: print the balance, the ledger's sum and any open round; exit 0 when they agree,
  1 when they do not.
- export: the settled rounds (hand record and result) as JSON or CSV, on stdout or to a file.
- backups: list the backups, newest first.
- restore: put a backup (the newest by default) in place of the bankroll, the casino closed.

A file or folder that cannot be used prints one message naming it and saying what to do, and
exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from casino_gui.paths import data_dir
from casino_gui.store.backups import list_backups
from casino_gui.store.bankroll import Bankroll
from casino_gui.store.database import speaking
from casino_gui.store.errors import StoreError
from casino_gui.store.history import history, to_csv_text, to_json_text
from casino_gui.store.verify import open_for_reading, verify

AGREE, DISAGREE, CANNOT = 0, 1, 2


def _moment(text: str) -> datetime:
    """A date (``2025-01-31``) or date and time; without a zone, the computer's local time."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date such as 2025-01-31 or 2025-01-31T18:30"
        ) from None
    return moment if moment.tzinfo is not None else moment.astimezone()


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help="the casino's data folder (default: the per-user data folder)",
    )
    parser = argparse.ArgumentParser(
        prog="python -m casino_gui.store", description="Check, export and restore the bankroll."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
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
    restore.add_argument("backup", nargs="?", type=Path, help="the backup (default: newest)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    folder = data_dir(args.data_dir)
    try:
        if args.command == "verify":
            result = verify(folder, replay_history=args.replay)
            print(result.report())
            return AGREE if result.agrees else DISAGREE
        if args.command == "export":
            return _export(folder, args)
        if args.command == "backups":
            for backup in list_backups(folder):
                print(backup)
            return 0
        restored = Bankroll.restore(folder, args.backup)
        print(f"restored {restored.backup}")
        if restored.set_aside is not None:
            print(f"the bankroll it replaced was kept as {restored.set_aside}")
        return 0
    except StoreError as error:
        print(error, file=sys.stderr)
        return CANNOT


def _export(folder: Path, args: argparse.Namespace) -> int:
    path, db = open_for_reading(folder)
    try:
        with speaking(path):
            entries = history(db, args.game, args.since, args.until)
    finally:
        db.close()
    text = to_json_text(entries) if args.format == "json" else to_csv_text(entries)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        args.output.write_text(text, encoding="utf-8", newline="")
    except OSError as error:
        print(f"{args.output}: cannot write the export: {error.strerror}", file=sys.stderr)
        return CANNOT
    print(f"{len(entries)} rounds of {path} written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
