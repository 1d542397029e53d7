"""`python -m casino_gui.engine.replay FILE`: replay a hand record and print the settled round.

Bad input prints one line to stderr saying what and where, and exits with status 2; a result
that cannot be written (stdout full or closed) prints one line and exits with status 2 too.
"""

from __future__ import annotations

import json
import sys

from casino_gui.command_line import (
    BadJsonError,
    CommandParser,
    read_input,
    read_json,
    refuse,
    shown,
    write_output,
)
from casino_gui.engine.errors import BlackjackError
from casino_gui.engine.record import HandRecord, RecordError

PROG = "python -m casino_gui.engine.replay"
# A record of 400,000 bets is about 12 MB; nothing a player can make comes near this.
MAX_BYTES = 64 * 2**20


def replay_text(text: str) -> str:
    """The settled round of a record given as JSON text, as JSON text."""
    try:
        data = read_json(text)
    except BadJsonError as error:
        raise RecordError(str(error)) from None
    result = HandRecord.from_json(data).play()
    return json.dumps(result.to_json(), indent=2)


def main(argv: list[str] | None = None) -> int:
    parser = CommandParser(
        prog=PROG,
        description="Replay a hand record (JSON) and print the settled round as JSON.",
    )
    parser.add_argument("file", help="the hand record, or - for standard input")
    args = parser.parse_args(argv)
    name = "<stdin>" if args.file == "-" else shown(args.file)
    try:
        text = read_input(args.file, MAX_BYTES)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return refuse(name, f"cannot read the record: {reason}")
    try:
        output = replay_text(text)
    except BlackjackError as error:
        return refuse(name, str(error))
    return write_output(PROG, output + "\n")


if __name__ == "__main__":
    sys.exit(main())
