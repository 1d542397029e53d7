"""Every command answers bad input with status 2 and one line of at most LINE_LIMIT characters:
never a traceback, never a hang (docs/decisions.md, "Command-line input").

The replay command's own refusals are in tests/engine/test_replay.py, the analysis command's in
tests/strategy/test_analysis_command.py; here are the pieces they share, the rules command,
`casino-gui`'s options, and random records and rules thrown at the commands.
"""

from __future__ import annotations

import doctest
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from casino_gui import command_line
from casino_gui.app import parse_args
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
    assert quoted(10**5_000) == "a number of 5,001 digits"
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
            "python -m casino_gui.engine.rules: error: name a game, or --page for every game "
            "(see --help)",
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
    assert one_line(done) == (
        "python -m casino_gui.engine.rules: cannot write the result: No space left on device"
    )


# --- casino-gui's options -----------------------------------------------------------------------

CASINO = (sys.executable, "-m", "casino_gui")


def casino(*argv: str, powers: bool = True) -> subprocess.CompletedProcess[str]:
    """`casino-gui` as a real process; without root's powers over files when `powers` is
    False (as root: CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH dropped)."""
    command: tuple[str, ...] = (*CASINO, *argv)
    if not powers and os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv to drop root's powers over files")
        command = ("setpriv", "--bounding-set=-dac_override,-dac_read_search", "--", *command)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        command, capture_output=True, text=True, timeout=120, env=env, check=False
    )


def refused_options(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What `casino-gui` says about options it refuses before it starts anything."""
    with pytest.raises(SystemExit) as exit_:
        parse_args(list(argv))
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and len(lines[0]) <= LINE_LIMIT, err[-2000:]
    assert lines[0].startswith("casino-gui: error: ") and lines[0].endswith(" (see --help)")
    return lines[0].removeprefix("casino-gui: error: ").removesuffix(" (see --help)")


def test_an_unknown_game_is_one_line() -> None:
    line = one_line(casino("--game", "poker"))
    assert line.startswith("casino-gui: error: argument --game: invalid choice: 'poker'")


def test_a_ten_megabyte_game_is_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    message = refused_options(capsys, "--game", "x" * 10_000_000)
    assert message.startswith("argument --game: invalid choice: 'xxx")
    assert "…" in message


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--colour"], "unrecognized arguments: --colour"),
        (["--data-dir"], "argument --data-dir: expected one argument"),
        (["--data-dir", ""], "argument --data-dir: give a path, not an empty name"),
        (["--smoke-test", ""], "argument --smoke-test: give a path, not an empty name"),
        (["--smoke-test", "/"], "--smoke-test /: give the name of a PNG file to write"),
        (
            ["--smoke-test", "/no/such/folder/table.png"],
            "--smoke-test /no/such/folder/table.png: the folder /no/such/folder does not exist",
        ),
    ],
)
def test_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert refused_options(capsys, *argv) == message


def test_a_data_folder_that_is_a_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "bankroll").write_text("not a folder")
    message = refused_options(capsys, "--data-dir", str(tmp_path / "bankroll"))
    assert message == f"--data-dir {tmp_path / 'bankroll'}: this is a file, not a folder"


def test_a_data_folder_path_of_3850_characters_is_refused_before_it_is_created(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path.joinpath(*["d" * 199] * 19)
    assert 3_800 < len(str(folder)) < 4_096
    message = refused_options(capsys, "--data-dir", str(folder))
    assert message.startswith(f"--data-dir {str(tmp_path)[:20]}")
    assert message.endswith(
        f": a path of {len(str(folder)):,} characters is too long for the bankroll's "
        "database; give one of at most 400"
    )
    assert not (tmp_path / ("d" * 199)).exists()


def test_a_data_folder_inside_a_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    line = one_line(casino("--data-dir", str(tmp_path / "file" / "casino")))
    assert line == (
        f"casino-gui: cannot create the data folder {tmp_path / 'file' / 'casino'}: Not a directory"
    )


def test_a_data_folder_in_a_read_only_folder_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "locked").mkdir(mode=0o555)
    line = one_line(casino("--data-dir", str(tmp_path / "locked" / "casino"), powers=False))
    assert line == (
        f"casino-gui: cannot create the data folder {tmp_path / 'locked' / 'casino'}: "
        "Permission denied"
    )


def test_a_read_only_data_folder_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "locked").mkdir(mode=0o555)
    done = casino(
        "--data-dir",
        str(tmp_path / "locked"),
        "--smoke-test",
        str(tmp_path / "t.png"),
        powers=False,
    )
    line = one_line(done)
    assert line.startswith(f"casino-gui: {tmp_path / 'locked'}")
    assert "read-only" in line
    assert not (tmp_path / "t.png").exists()


def test_a_smoke_test_picture_in_a_missing_folder_is_refused_before_the_round(
    tmp_path: Path,
) -> None:
    picture = tmp_path / "missing" / "table.png"
    line = one_line(casino("--data-dir", str(tmp_path / "data"), "--smoke-test", str(picture)))
    assert line == (
        f"casino-gui: error: --smoke-test {picture}: the folder {picture.parent} does not "
        "exist (see --help)"
    )
    assert not (tmp_path / "data").exists()


# --- Closed and broken standard streams ---------------------------------------------------------


def shell(command: str) -> subprocess.CompletedProcess[str]:
    """`command` run by sh in the project, with `$PY` the test's Python."""
    env = {**os.environ, "PY": sys.executable, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        ["sh", "-c", command],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def test_a_closed_standard_output_is_one_line_and_status_2() -> None:
    done = shell('"$PY" -m casino_gui.engine.rules blackjack >&-')
    assert one_line(done) == (
        "python -m casino_gui.engine.rules: cannot write the result: standard output is closed"
    )


def test_a_reader_that_went_away_is_one_line_and_status_2() -> None:
    reader, writer = os.pipe()
    os.close(reader)  # before the command writes: its write meets a broken pipe
    try:
        done = subprocess.run(
            [*RULES, "blackjack"], stdout=writer, stderr=subprocess.PIPE, text=True, check=False
        )
    finally:
        os.close(writer)
    assert one_line(done) == (
        "python -m casino_gui.engine.rules: cannot write the result: Broken pipe"
    )


def test_a_refusal_with_stderr_closed_writes_nothing_to_stdout(tmp_path: Path) -> None:
    done = shell(f'"$PY" -m casino_gui.engine.replay "{tmp_path}/missing.json" 2>&-')
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "")


@pytest.mark.parametrize("where", ["folder", "file"])
def test_a_read_only_smoke_test_picture_is_refused_before_the_round(
    tmp_path: Path, where: str
) -> None:
    pictures = tmp_path / "pictures"
    pictures.mkdir()
    picture = pictures / "table.png"
    if where == "file":
        picture.write_bytes(b"")
        picture.chmod(0o444)
    else:
        pictures.chmod(0o555)
    done = casino("--data-dir", str(tmp_path / "data"), "--smoke-test", str(picture), powers=False)
    reason = f"the folder {pictures} is read-only" if where == "folder" else "the file is read-only"
    assert one_line(done) == f"casino-gui: error: --smoke-test {picture}: {reason} (see --help)"
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("option", ["--data-dir", "--smoke-test"])
def test_a_name_over_255_bytes_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str
) -> None:
    # Short enough as a whole path, but no file system takes a name this long.
    name = tmp_path / ("n" * 300)
    message = refused_options(capsys, option, str(name))
    assert message.startswith(f"{option} {str(tmp_path)[:20]}")
    assert message.endswith(": File name too long")


def test_a_data_folder_behind_a_folder_it_cannot_search_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "closed").mkdir(mode=0o000)
    folder = tmp_path / "closed" / "casino"
    line = one_line(casino("--data-dir", str(folder), powers=False))
    assert line == f"casino-gui: error: --data-dir {folder}: Permission denied (see --help)"
