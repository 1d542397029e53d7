"""The replay command's answers to inputs that once gave a traceback, a hang or a 10 MB line
(docs/decisions.md, "Command-line input"): each is now one line of at most LINE_LIMIT characters and
status 2 (also when the
result cannot be written). The helpers and the example record are test_replay.py's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from casino_gui.engine.record import HandRecord, RecordError
from tests.engine.test_replay import (
    EXAMPLE_INPUT,
    EXAMPLE_OUTPUT,
    PROJECT,
    bad_input_line,
    example,
    refusal_of,
    replayed,
    run_replay,
    write,
)


def test_refuses_a_bankroll_of_more_digits_than_python_reads(tmp_path: Path) -> None:
    text = EXAMPLE_INPUT.replace("100000", "1" * 5_000)
    assert refusal_of(tmp_path, text) == (
        "a number of 5,000 digits (line 1, column 35): numbers have at most 4,300 digits"
    )


def test_refuses_a_seed_of_more_digits_than_python_reads(tmp_path: Path) -> None:
    text = json.dumps(example(shoe=None, seed=7)).replace(": 7", ": " + "7" * 4_301)
    assert "a number of 4,301 digits" in refusal_of(tmp_path, text)


def test_refuses_nan_which_is_not_json(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, EXAMPLE_INPUT.replace("100000", "NaN"))
    assert message == "not valid JSON (line 1, column 35): NaN is not a JSON number"


def test_refuses_insurance_of_a_superscript_two(tmp_path: Path) -> None:
    # "²".isdigit() is true, but it is no amount of cents.
    record = {
        "game": "caribbean_21",
        "bankroll": 100_000,
        "shoe": ["5S", "AH", "6S", "TC", "KD", "QC"],
        "bets": [{"spot": 1, "amount": 1_000}],
        "actions": ["insure:\u00b2", "hit"],
    }
    assert refusal_of(tmp_path, record) == (
        "action 1 'insure:\u00b2': insure:\u00b2 is not an amount in cents"
    )


def test_refuses_insurance_of_more_digits_than_python_reads(tmp_path: Path) -> None:
    record = {
        "game": "caribbean_21",
        "bankroll": 100_000,
        "shoe": ["5S", "AH", "6S", "TC", "KD", "QC"],
        "bets": [{"spot": 1, "amount": 1_000}],
        "actions": ["insure:" + "3" * 5_000, "hit"],
    }
    assert refusal_of(tmp_path, record).endswith("insure: 5,000 digits is not an amount")


def test_a_spot_that_cannot_afford_insurance_is_told_so(tmp_path: Path) -> None:
    # $10.00 in the bankroll, all of it bet: the dealer's AH up asks for $5.00 of insurance,
    # which the player does not have, so the spot is not asked (docs/decisions.md).
    record = example(bankroll=1_000, shoe=["9S", "AH", "TH", "7C"], actions=["insure", "stand"])
    assert refusal_of(tmp_path, record) == (
        "action 1 'insure': spot 1 cannot afford insurance ($5.00; you have $0.00), "
        "so it was not offered"
    )


def test_insurance_after_the_dealer_shows_no_ace_keeps_its_message(tmp_path: Path) -> None:
    record = example(shoe=["9S", "7C", "TH", "AH"], actions=["insure", "stand"])
    assert refusal_of(tmp_path, record) == (
        "action 1 'insure': insurance is offered only on a dealer ace, before play"
    )


def test_a_ten_megabyte_game_name_is_answered_in_one_short_line(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(game="x" * 10_000_000))
    assert message.startswith("unknown game 'xxx")
    assert "…" in message


def test_a_ten_megabyte_action_is_answered_in_one_short_line(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(actions=["insure", "h" * 10_000_000]))
    assert message.startswith("action 2 'hhh")
    assert "…" in message
    assert message.endswith(
        "(actions are hit, stand, double, split, surrender, no_insurance, insure, insure:AMOUNT)"
    )


def test_a_file_that_never_ends_is_refused_not_read_on() -> None:
    line = bad_input_line(run_replay("/dev/zero"))
    assert line == "/dev/zero: cannot read the record: it is over 67,108,864 bytes"


def test_closed_standard_input_is_answered_in_one_line() -> None:
    done = subprocess.run(
        ["sh", "-c", f'exec "{sys.executable}" -m casino_gui.engine.replay - <&-'],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad_input_line(done) == "<stdin>: cannot read the record: standard input is closed"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="this system has no /dev/full")
def test_a_full_standard_output_is_answered_in_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, EXAMPLE_INPUT)
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "casino_gui.engine.replay", str(path)],
            cwd=PROJECT,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr == (
        "python -m casino_gui.engine.replay: cannot write the result: No space left on device\n"
    )


def test_usage_errors_are_one_line() -> None:
    line = bad_input_line(run_replay())
    assert line == (
        "python -m casino_gui.engine.replay: error: the following arguments are required: "
        "file (see --help)"
    )


def test_a_long_file_name_is_elided(tmp_path: Path) -> None:
    line = bad_input_line(run_replay(str(tmp_path / ("r" * 3_000))))
    assert "…" in line
    assert line.endswith(": cannot read the record: File name too long")


def test_400000_bets_are_checked_for_a_twice_bet_spot_in_linear_time() -> None:
    # The duplicate check was quadratic: 20,000 bets took 27 s and 400,000 never finished.
    bets = [{"spot": spot, "amount": 1_000} for spot in range(1, 400_001)]
    record = HandRecord.from_json({**example(), "bets": bets})
    assert len(record.bets) == 400_000
    with pytest.raises(RecordError, match=r"^bet 400001: spot 17 is bet twice$"):
        HandRecord.from_json({**example(), "bets": [*bets, {"spot": 17, "amount": 500}]})


def test_400000_bets_are_refused_by_the_command_at_the_first_missing_circle(
    tmp_path: Path,
) -> None:
    bets = [{"spot": spot, "amount": 1_000} for spot in range(1, 400_001)]
    message = refusal_of(tmp_path, example(bets=bets))
    assert message == "bet 4: there is no circle 4: this table has 3"


def test_a_record_saved_with_a_byte_order_mark_replays(tmp_path: Path) -> None:
    # Windows Notepad starts a UTF-8 file with EF BB BF; it is no part of the JSON.
    path = tmp_path / "round.json"
    path.write_bytes(b"\xef\xbb\xbf" + EXAMPLE_INPUT.encode())
    assert replayed(path) == json.loads(EXAMPLE_OUTPUT)


def test_refuses_a_bankroll_over_what_the_store_holds(tmp_path: Path) -> None:
    # A bankroll of 4,300 nines, which Python can still read, won $10.00 (player TS TC, dealer
    # 6H TD 8C busts) and the result could not be printed: 4,301 digits.
    record = example(bankroll=int("9" * 4_300), shoe=["TS", "6H", "TC", "TD", "8C"])
    record["actions"] = ["stand"]
    message = refusal_of(tmp_path, record)
    assert message == (
        "bankroll: a number of 4,300 digits is more than a bankroll holds "
        "($92,233,720,368,547,758.07)"
    )


def test_a_bankroll_of_the_most_the_store_holds_replays(tmp_path: Path) -> None:
    record = example(bankroll=2**63 - 1, shoe=["TS", "6H", "TC", "TD", "8C"], actions=["stand"])
    assert replayed(write(tmp_path, record))["bankroll"] == {
        "before": 2**63 - 1,
        "after": 2**63 - 1 + 1_000,
    }
