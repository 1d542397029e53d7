"""Every command answers bad input with status 2 and one line of at most LINE_LIMIT characters:
never a traceback, never a hang (issue 11, "Every input answered").

The replay command's own refusals are in tests/engine/test_replay.py, the analysis command's in
tests/strategy/test_analysis_command.py; here are the pieces they share, the rules command,
`casino-gui`'s options, and random records and rules thrown at the commands.
"""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

from casino_gui import command_line
from casino_gui.command_line import LINE_LIMIT, elide, quoted
from casino_gui.engine.describe import describe
from casino_gui.engine.games import rules_for

PROJECT = Path(__file__).resolve().parents[1]
RULES = (sys.executable, "-m", "casino_gui.engine.rules")


def one_line(done: subprocess.CompletedProcess[str], status: int = 2) -> str:
    """The one line a refusal prints, checked for the rules every refusal keeps."""
    assert done.returncode == status, (done.returncode, done.stdout[-500:], done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr[-2000:]
    assert len(lines[0]) <= LINE_LIMIT, lines[0]
    return lines[0]


def run(*command: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=PROJECT, capture_output=True, text=True, timeout=timeout, check=False
    )


# --- The shared pieces --------------------------------------------------------------------------


def test_the_command_line_doctests() -> None:
    failures, tried = doctest.testmod(command_line)
    assert tried > 0 and failures == 0


def test_elide_keeps_short_text_and_cuts_long_text_in_the_middle() -> None:
    assert elide("blackjack") == "blackjack"
    assert elide("a" * 5_000 + "z" * 5_000, 21) == "a" * 10 + "…" + "z" * 10
    assert len(elide("x" * 10_000_000)) == command_line.VALUE_LIMIT


def test_elide_puts_any_text_on_one_line() -> None:
    assert elide("one\ntwo\r\x1b[31m") == "one\\ntwo\\r\\x1b[31m"
    assert "\n" not in elide("\n" * 10_000, 50) and len(elide("\n" * 10_000, 50)) <= 50


def test_quoted_shows_a_number_too_long_to_print_by_its_size() -> None:
    assert quoted(10**5_000) == "a number of about 5,001 digits"
    assert quoted(1_000) == "1000"
    assert quoted("x" * 1_000).startswith("'xxx") and "…" in quoted("x" * 1_000)


# --- python -m casino_gui.engine.rules ----------------------------------------------------------


def test_rules_command_prints_the_rules() -> None:
    done = run(*RULES, "pontoon")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == describe(rules_for("pontoon"))


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            [],
            "python -m casino_gui.engine.rules: error: the following arguments are required: "
            "game (see --help)",
        ),
        (
            ["blackjack", "pontoon"],
            "python -m casino_gui.engine.rules: error: unrecognized arguments: pontoon "
            "(see --help)",
        ),
        (
            ["blackjack", "--colour"],
            "python -m casino_gui.engine.rules: error: unrecognized arguments: --colour",
        ),
    ],
)
def test_rules_command_refuses_bad_usage_in_one_line(argv: list[str], line: str) -> None:
    assert one_line(run(*RULES, *argv)).startswith(line)


def test_rules_command_refuses_a_100000_character_game_in_one_short_line() -> None:
    line = one_line(run(*RULES, "x" * 100_000))
    assert line.startswith("unknown game 'xxx")
    assert line.endswith(
        "(games are blackjack, face_up_21, pontoon, caribbean_21, super_21, "
        "match_play_21, no_bust_21)"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="this system has no /dev/full")
def test_rules_command_answers_a_full_standard_output() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*RULES, "blackjack"], stdout=full, stderr=subprocess.PIPE, text=True, check=False
        )
    assert one_line(done, status=1) == (
        "python -m casino_gui.engine.rules: cannot write the result: No space left on device"
    )
