"""The custom table's options stay within real casino practice (docs/decisions.md), and the
`Rules` validation itself says so: the dialog, the replay command and `--rules` alike."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from casino_gui.analysis.__main__ import main as analysis_main
from casino_gui.engine.games import BLACKJACK, GAMES, PONTOON
from casino_gui.engine.replay import main as replay_main
from casino_gui.engine.rules import Odds, Rules
from casino_gui.engine.rules.bounds import OptionError, check_bounds

DECKS = "Decks must be from 1 to 8, written like 6"
PAYS = "Blackjack pays must be between 1:1 and 2:1, written like 3:2"
DOUBLES = "Doubles per hand must be from 0 (none) to 7, written like 1"
DOUBLE_ON = "Double on hands of must be from 2 to 4 cards, written like 2"
DOUBLE_UP_TO = "Double up to must be from 2 to 5 cards or any number (null), written like 2"
SPLIT = "Split up to must be from 1 (no splits) to 4 hands, written like 3"
CIRCLES = "Betting circles must be from 1 to 5, written like 3"
MIN_BET = "Minimum bet must be whole dollars from $1.00 to $500.00"
MAX_BET = "Maximum bet must be whole dollars from $1.00 to $5,000.00"

REFUSED: list[tuple[dict[str, Any], str, str]] = [
    ({"decks": 0}, "decks", DECKS),
    ({"decks": 9}, "decks", DECKS),
    ({"decks": "six"}, "decks", DECKS),
    ({"natural_pays": "1000:1"}, "natural_pays", PAYS),
    ({"natural_pays": "5:2"}, "natural_pays", PAYS),
    ({"natural_pays": "1:2"}, "natural_pays", PAYS),
    ({"natural_pays": "11:10"}, "natural_pays", PAYS),
    ({"natural_pays": "3:0"}, "natural_pays", PAYS),
    ({"natural_pays": "abc"}, "natural_pays", PAYS),
    ({"natural_pays": 1.5}, "natural_pays", PAYS),
    ({"doubles_per_hand": -1}, "doubles_per_hand", DOUBLES),
    ({"doubles_per_hand": 8}, "doubles_per_hand", DOUBLES),
    ({"double_min_cards": 1, "double_max_cards": None}, "double_min_cards", DOUBLE_ON),
    ({"double_min_cards": 5, "double_max_cards": None}, "double_min_cards", DOUBLE_ON),
    ({"double_max_cards": 1}, "double_max_cards", DOUBLE_UP_TO),
    ({"double_max_cards": 6}, "double_max_cards", DOUBLE_UP_TO),
    ({"double_max_cards": "any"}, "double_max_cards", DOUBLE_UP_TO),
    (
        {"double_min_cards": 3, "double_max_cards": 2},
        "double_max_cards",
        "Double up to (2 cards) must not be below Double on hands of (3 cards)",
    ),
    ({"split_max_hands": 0}, "split_max_hands", SPLIT),
    ({"split_max_hands": 5}, "split_max_hands", SPLIT),
    ({"circles": 0}, "circles", CIRCLES),
    ({"circles": 6}, "circles", CIRCLES),
    ({"min_bet": 99, "max_bet": 100}, "min_bet", f"{MIN_BET} (not $0.99)"),
    ({"min_bet": 525}, "min_bet", f"{MIN_BET} (not $5.25)"),
    ({"min_bet": 50_100, "max_bet": 100_000}, "min_bet", f"{MIN_BET} (not $501.00)"),
    ({"min_bet": "abc"}, "min_bet", f"{MIN_BET}, given in cents like 2500"),
    ({"max_bet": 500_100}, "max_bet", f"{MAX_BET} (not $5,001.00)"),
    ({"max_bet": 2_550}, "max_bet", f"{MAX_BET} (not $25.50)"),
    ({"max_bet": 5.0}, "max_bet", f"{MAX_BET}, given in cents like 2500"),
    (
        {"min_bet": 60_000},
        "min_bet",
        "Minimum bet ($600.00) must not be over the maximum bet ($500.00)",
    ),
    (
        {"min_bet": 2_500, "max_bet": 1_000},
        "min_bet",
        "Minimum bet ($25.00) must not be over the maximum bet ($10.00)",
    ),
    (
        {"dealer_hits_soft_17": 1},
        "dealer_hits_soft_17",
        "Dealer hits soft 17 must be true or false",
    ),
    ({"surrender": "yes"}, "surrender", "Surrender allowed must be true or false"),
    (
        {"double_after_split": None},
        "double_after_split",
        "Double after a split must be true or false",
    ),
    ({"resplit_aces": 0}, "resplit_aces", "Re-split aces must be true or false"),
]

ACCEPTED: list[dict[str, Any]] = [
    {"decks": 1},
    {"decks": 8},
    {"natural_pays": "1:1"},
    {"natural_pays": "2:1"},
    {"natural_pays": "6:5"},
    {"natural_pays": "7:5"},
    {"natural_pays": "4:2"},
    {"doubles_per_hand": 0},
    {"doubles_per_hand": 7},
    {"double_min_cards": 2, "double_max_cards": None},
    {"double_min_cards": 4, "double_max_cards": None},
    {"double_min_cards": 4, "double_max_cards": 4},
    {"double_max_cards": 5},
    {"split_max_hands": 1},
    {"split_max_hands": 4},
    {"circles": 1},
    {"circles": 5},
    {"min_bet": 100, "max_bet": 100},
    {"min_bet": 50_000, "max_bet": 50_000},
    {"max_bet": 500_000},
]

IDS = [json.dumps(overrides) for overrides, _, _ in REFUSED]


@pytest.mark.parametrize(("overrides", "option", "message"), REFUSED, ids=IDS)
def test_an_option_out_of_bounds_is_refused_in_the_players_words(
    overrides: dict[str, Any], option: str, message: str
) -> None:
    with pytest.raises(OptionError) as refusal:
        BLACKJACK.replace(**overrides)
    assert str(refusal.value) == message
    assert refusal.value.option == option


@pytest.mark.parametrize("overrides", ACCEPTED, ids=[json.dumps(o) for o in ACCEPTED])
def test_the_ends_of_every_range_are_accepted(overrides: dict[str, Any]) -> None:
    rules = BLACKJACK.replace(**overrides)
    for name, value in overrides.items():
        got = getattr(rules, name)
        assert str(got) == str(value) if isinstance(got, Odds) else got == value


def test_a_felt_cannot_print_a_blackjack_paying_a_thousand_to_one() -> None:
    # The report: 1000:1 was accepted and a $1 blackjack paid $1,000.
    with pytest.raises(OptionError, match=r"^Blackjack pays must be between 1:1 and 2:1"):
        Rules(natural_pays=Odds(1000, 1))


def test_the_payout_is_named_as_the_table_names_its_natural() -> None:
    with pytest.raises(OptionError) as refusal:
        PONTOON.replace(natural_pays="5:2")
    assert str(refusal.value) == "Pontoon pays must be between 1:1 and 2:1, written like 3:2"
    with pytest.raises(OptionError) as refusal:
        PONTOON.replace(natural_pays="two to one")
    assert str(refusal.value).startswith("Pontoon pays must be")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_house_game_is_within_the_bounds(game: str) -> None:
    check_bounds(GAMES[game])


# --- The replay command and --rules obey the same bounds ------------------------------------

RECORD = {
    "game": "blackjack",
    "bankroll": 100_000,
    "shoe": ["9S", "AH", "TH", "7C"],
    "bets": [{"spot": 1, "amount": 1_000}],
    "actions": ["no_insurance", "stand"],
}


@pytest.mark.parametrize(("overrides", "option", "message"), REFUSED, ids=IDS)
def test_the_replay_command_refuses_the_same_tables_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    overrides: dict[str, Any],
    option: str,
    message: str,
) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps({**RECORD, "rules": overrides}), "utf-8")
    assert replay_main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{path}: rules: {message}\n"


@pytest.mark.parametrize(("overrides", "option", "message"), REFUSED, ids=IDS)
def test_the_analysis_rules_option_refuses_the_same_tables_in_one_line(
    capsys: pytest.CaptureFixture[str], overrides: dict[str, Any], option: str, message: str
) -> None:
    assert analysis_main(["chart", "blackjack", "--rules", json.dumps(overrides)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"python -m casino_gui.analysis: {message}\n"


def test_the_replay_program_exits_2_with_one_line_and_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps({**RECORD, "rules": {"natural_pays": "1000:1"}}), "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "casino_gui.engine.replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"{path}: rules: {PAYS}\n"


def test_the_replay_plays_a_table_at_the_ends_of_the_ranges(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 9S TH against AH 7C: a single-deck, one-circle, $1-$5,000 table with 2:1 blackjacks.
    overrides = {"decks": 1, "circles": 1, "natural_pays": "2:1", "min_bet": 100}
    path = tmp_path / "round.json"
    path.write_text(json.dumps({**RECORD, "rules": {**overrides, "max_bet": 500_000}}), "utf-8")
    assert replay_main([str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["hands"][0]["net"] == 1_000  # 19 beats the dealer's 18
