"""`python -m casino_gui.engine.replay FILE`: replay a hand record and print the settled round.

Bad input prints one line to stderr saying what and where, and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from casino_gui.engine.errors import BlackjackError
from casino_gui.engine.record import HandRecord

BAD_INPUT = 2


def replay_text(text: str) -> str:
    """The settled round of a record given as JSON text, as JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BlackjackError(
            f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    except RecursionError:
        raise BlackjackError("not valid JSON: nested too deeply") from None
    result = HandRecord.from_json(data).play()
    return json.dumps(result.to_json(), indent=2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m casino_gui.engine.replay",
        description="Replay a hand record (JSON) and print the settled round as JSON.",
    )
    parser.add_argument("file", help="the hand record, or - for standard input")
    args = parser.parse_args(argv)
    name = "<stdin>" if args.file == "-" else args.file
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        print(f"{name}: cannot read the file: {reason}", file=sys.stderr)
        return BAD_INPUT
    try:
        output = replay_text(text)
    except BlackjackError as error:
        print(f"{name}: {error}", file=sys.stderr)
        return BAD_INPUT
    print(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
