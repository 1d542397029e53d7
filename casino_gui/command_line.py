"""How every command of the casino answers bad input: one short line on stderr, status 2.

`casino-gui`, `python -m casino_gui.engine.replay`, `.engine.rules` and `.analysis` share
these pieces, so a bad value of any size (a 10 MB string, a 3,850-character path) is answered
the same way: at most `LINE_LIMIT` characters on one line, long values cut in the middle by
`elide`. Pure Python, no Qt: the engine's commands use it too.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

BAD_INPUT = 2
# The output cannot be written (a full disk, a closed pipe): the same status as bad input, as
# `python -m casino_gui.store` answers it too; a script needs one status for "no answer".
CANNOT_WRITE = 2
LINE_LIMIT = 300
VALUE_LIMIT = 80
# A path gets more room than other values: its start and its end both say where it is.
PATH_LIMIT = 150
ELLIPSIS = "…"
# Python refuses to read longer integers (sys.get_int_max_str_digits): no count or amount of
# the casino comes near, so they are refused with the other bad JSON instead of a traceback.
MAX_DIGITS = 4300


def elide(text: str, limit: int = VALUE_LIMIT) -> str:
    """`text` on one line of at most `limit` characters: control characters escaped, and a
    long text cut in the middle, where it says least.

    >>> elide("a" * 50 + "z" * 50, 11)
    'aaaaa…zzzzz'
    >>> elide("two\\nlines\\x00")
    'two\\\\nlines\\\\x00'
    """
    limit = max(limit, 3)
    # Cut before escaping, so a 10 MB value costs no more than a short one.
    text = _cut(text, limit)
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return _cut(text, limit)


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    head = (limit - 1) // 2 + (limit - 1) % 2
    tail = limit - 1 - head
    return text[:head] + ELLIPSIS + (text[-tail:] if tail else "")


def shown(path: str | os.PathLike[str]) -> str:
    """A path as a message names it: elided past PATH_LIMIT characters."""
    return elide(os.fspath(path), PATH_LIMIT)


def quoted(thing: object, limit: int = VALUE_LIMIT) -> str:
    """`repr(thing)` for a message, elided; safe for any value (an int of 5,000 digits too)."""
    if isinstance(thing, int) and not isinstance(thing, bool) and thing.bit_length() > 256:
        # str() of a huge int is refused (sys.get_int_max_str_digits), and says nothing useful.
        return f"a number of {_digits(thing):,} digits"
    if isinstance(thing, str):
        return repr(_cut(thing, limit + 2))  # the quotes of repr
    return elide(repr(thing), limit)


def _digits(number: int) -> int:
    """How many decimal digits `abs(number)` has, without printing it (refused past 4,300)."""
    number = abs(number)
    estimate = int((number.bit_length() - 1) * math.log10(2))  # never more than the count
    while 10 ** (estimate + 1) <= number:
        estimate += 1
    return estimate + 1


def say(prog: str, message: str) -> None:
    """Print `prog: message` to stderr as one line of at most LINE_LIMIT characters."""
    say_line(f"{prog}: {message}")


def say_line(text: str) -> None:
    """Print `text` to stderr as one line of at most LINE_LIMIT characters."""
    # When stderr itself is closed or full, the exit status is all that is left to say it;
    # print(file=None) would write to stdout instead.
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(elide(text, LINE_LIMIT), file=sys.stderr, flush=True)


def refuse(prog: str, message: str) -> int:
    """Say what is wrong with the input in one line; the exit status of bad input."""
    say(prog, message)
    return BAD_INPUT


def write_output(prog: str, text: str) -> int:
    """Write the command's result to stdout; 0, or CANNOT_WRITE with one line on stderr when
    stdout is closed, full (`> /dev/full`) or a pipe whose reader has gone. The line is said
    once: a later write after a lost one is not tried (`_Stdout.lost`)."""
    if _Stdout.lost:
        return CANNOT_WRITE
    try:
        put(text)
    except OutputLostError as lost:
        say(prog, f"cannot write the result: {lost}")
        return CANNOT_WRITE
    return 0


def flush_output(prog: str, status: int) -> int:
    """The exit status once what stdout holds is flushed: `status`, or CANNOT_WRITE (with
    one line, unless a lost write said it already) when an answer did not reach it. Nothing
    written, a closed stdout costs nothing: the casino's window asks no answer of it."""
    if sys.stdout is not None and not _Stdout.lost:
        try:
            put("")
        except OutputLostError as lost:
            say(prog, f"cannot write the result: {lost}")
    return status or (CANNOT_WRITE if _Stdout.lost else 0)


class _Stdout:
    lost = False  # set by `put` when stdout lost an answer: the process's status says it


class OutputLostError(Exception):
    """Standard output cannot take the answer: closed (`>&-`), full, or its reader gone."""


def put(text: str) -> None:
    """Write `text` to stdout now (flushed); `OutputLostError` saying why when it cannot be,
    with stdout silenced so that nothing later tries again."""
    try:
        if sys.stdout is None:
            raise OSError(0, "standard output is closed")
        sys.stdout.write(text)
        sys.stdout.flush()
    except (OSError, ValueError) as error:
        _Stdout.lost = True
        silence_stdout()
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise OutputLostError(reason) from None


def silence_stdout() -> None:
    """Point stdout at the null device: Python flushes stdout again at exit, and with the
    same fault that would print a traceback; and with descriptor 1 closed, the next file
    opened would take its number, where a stray print would write into it."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        if devnull != 1:
            os.dup2(devnull, 1 if sys.stdout is None else sys.stdout.fileno())
            os.close(devnull)
    sys.stdout = None


def read_input(source: str, max_bytes: int) -> str:
    """The UTF-8 text of the file `source`, or of standard input for `-`. OSError when it
    cannot be read (stdin closed with `<&-`, say), ValueError when it is not UTF-8 or is over
    `max_bytes` (`/dev/zero` is refused, not read on)."""
    if source == "-":
        if sys.stdin is None:
            raise OSError(0, "standard input is closed")
        data = sys.stdin.buffer.read(max_bytes + 1)
    else:
        with open(source, "rb") as file:
            data = file.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ValueError(f"it is over {max_bytes:,} bytes")
    # utf-8-sig: a byte-order mark (Windows Notepad writes one) is not part of the text.
    return data.decode("utf-8-sig")


class BadJsonError(ValueError):
    """JSON text that cannot be read, or that holds what no command of the casino takes."""


def read_json(text: str) -> Any:
    """Standard JSON (no NaN or Infinity, integers of at most MAX_DIGITS digits), nested no
    deeper than Python can read; every fault is a BadJsonError that says where."""

    def number(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise _TooLongError(digits)
        return int(digits)

    def constant(name: str) -> Any:
        raise _NotStandardError(name)

    try:
        return json.loads(text, parse_int=number, parse_constant=constant)
    except json.JSONDecodeError as error:
        raise BadJsonError(
            f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    except RecursionError:
        raise BadJsonError("not valid JSON: nested too deeply") from None
    except _TooLongError as error:
        (digits,) = error.args
        raise BadJsonError(
            f"a number of {len(digits.lstrip('-')):,} digits{_where(text, digits)}: "
            f"numbers have at most {MAX_DIGITS:,} digits"
        ) from None
    except _NotStandardError as error:
        (name,) = error.args
        raise BadJsonError(
            f"not valid JSON{_where(text, name)}: {name} is not a JSON number"
        ) from None


class _TooLongError(Exception):
    pass


class _NotStandardError(Exception):
    pass


def _where(text: str, token: str) -> str:
    at = text.find(token)
    if at < 0:
        return ""
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return f" (line {line}, column {column})"


class CommandParser(argparse.ArgumentParser):
    """argparse whose refusals are one line (`prog: error: ...; see --help`) and status 2,
    instead of the usage block and a message that may echo a 10 MB argument."""

    def error(self, message: str) -> NoReturn:
        say(self.prog, f"error: {message} (see --help)")
        sys.exit(BAD_INPUT)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """--help and --version through `put`: lost (stdout closed, full, its reader gone),
        they are one line on stderr and status CANNOT_WRITE, where argparse drops them
        silently and exits 0."""
        if not message:
            return
        if file is not None and file is sys.stderr:
            say_line(message.rstrip("\n"))
            return
        try:
            put(message)
        except OutputLostError as lost:
            say(self.prog, f"cannot write its answer: {lost}")
            sys.exit(CANNOT_WRITE)
