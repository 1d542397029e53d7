"""The replay command, run as a real program: `python -m casino_gui.engine.replay FILE`.

docs/replay-format.md: a hand record (JSON) replays to the settled round as JSON
on stdout with exit status 0; bad input prints one line to stderr that says what and where
(`FILE: what and where`) and exits with status 2, never with a traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from casino_gui.command_line import LINE_LIMIT
from casino_gui.engine import Move, actions_of
from casino_gui.engine.games import GAMES
from casino_gui.engine.money import dollars
from casino_gui.engine.result import RoundResult
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.shoe import Shoe

PROJECT = Path(__file__).resolve().parents[2]

# docs/replay-format.md: the example input and the output it documents.
EXAMPLE_INPUT = """\
{"game": "blackjack", "bankroll": 100000,
 "shoe": ["9S", "AH", "TH", "7C"],
 "bets": [{"spot": 1, "amount": 1000}],
 "actions": ["insure", "stand"],
 "rules": {}}
"""

EXAMPLE_OUTPUT = """\
{"game": "blackjack",
 "dealer": {"cards": ["AH", "7C"], "total": 18},
 "hands": [{"spot": 1, "cards": ["9S", "TH"], "total": 19, "stake": 1000,
            "outcome": "win", "payout": 2000, "net": 1000}],
 "insurance": [{"spot": 1, "stake": 500, "payout": 0, "net": -500}],
 "buster": [],
 "bankroll": {"before": 100000, "after": 100500}}
"""


def run_replay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "casino_gui.engine.replay", *args],
        cwd=PROJECT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def example(**changes: Any) -> dict[str, Any]:
    """The docs/replay-format.md example record with some fields changed (None removes one)."""
    record: dict[str, Any] = json.loads(EXAMPLE_INPUT)
    for name, value in changes.items():
        if value is None:
            record.pop(name, None)
        else:
            record[name] = value
    return record


def write(tmp_path: Path, record: Any, name: str = "round.json") -> Path:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), "utf-8")
    return path


def replayed(path: Path) -> dict[str, Any]:
    done = run_replay(str(path))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def bad_input_line(done: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused record prints, checked for the rules every refusal keeps."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert len(lines[0]) <= LINE_LIMIT, lines[0]
    return lines[0]


def refusal(path: Path) -> str:
    """What the command says about a bad record in `path`, after the `FILE: ` prefix."""
    line = bad_input_line(run_replay(str(path)))
    prefix = f"{path}: "
    assert line.startswith(prefix), line
    return line.removeprefix(prefix)


def refusal_of(tmp_path: Path, record: Any) -> str:
    return refusal(write(tmp_path, record))


def mentions_amount(message: str, cents: int) -> bool:
    """Whether a message states an amount, in dollars ($501.00) or in cents (50100)."""
    return dollars(cents) in message or str(cents) in message


# --- Good records -----------------------------------------------------------------------------


def test_architecture_example_replays_to_the_documented_output(tmp_path: Path) -> None:
    path = write(tmp_path, EXAMPLE_INPUT)
    assert replayed(path) == json.loads(EXAMPLE_OUTPUT)


def test_no_bust_record_with_a_buster_bet_replays_to_exact_cents(tmp_path: Path) -> None:
    # Player TS 6S 7C = 23 (three cards); dealer TH 6H 8D = 24 busts with three cards:
    # the no-bust push returns the $10 stake and the $2 Buster bet pays 1:1.
    record = {
        "game": "no_bust_21",
        "bankroll": 100_000,
        "shoe": ["TS", "TH", "6S", "6H", "7C", "8D"],
        "bets": [{"spot": 1, "amount": 1_000, "buster": 200}],
        "actions": ["hit"],
    }
    output = replayed(write(tmp_path, record))
    assert output["dealer"] == {"cards": ["TH", "6H", "8D"], "total": 24}
    assert output["hands"] == [
        {
            "spot": 1,
            "cards": ["TS", "6S", "7C"],
            "total": 23,
            "stake": 1_000,
            "outcome": "push",
            "payout": 1_000,
            "net": 0,
        }
    ]
    assert output["buster"] == [{"spot": 1, "stake": 200, "payout": 400, "net": 200}]
    assert output["bankroll"] == {"before": 100_000, "after": 100_200}


def test_pontoon_record_doubling_a_four_card_soft_21_nets_exactly_4000_cents(
    tmp_path: Path,
) -> None:
    # Pontoon's soft 21 (docs/rules.md, "Pontoon"): A-2-3-5 (soft 21 in four cards) doubles and draws
    # the 4 for a five-card trick against the dealer's 9-8 (17), paid 2:1 on the doubled $20 stake.
    record = {
        "game": "pontoon",
        "bankroll": 100_000,
        "shoe": ["AS", "9H", "2C", "8D", "3H", "5C", "4D"],
        "bets": [{"spot": 1, "amount": 1_000}],
        "actions": ["hit", "hit", "double"],
    }
    output = replayed(write(tmp_path, record))
    assert output["dealer"] == {"cards": ["9H", "8D"], "total": 17}
    assert output["hands"] == [
        {
            "spot": 1,
            "cards": ["AS", "2C", "3H", "5C", "4D"],
            "total": 15,
            "stake": 2_000,
            "outcome": "win",
            "payout": 6_000,
            "net": 4_000,
        }
    ]
    assert output["bankroll"] == {"before": 100_000, "after": 104_000}


def test_caribbean_21_record_with_late_insurance_replays_to_exact_cents(tmp_path: Path) -> None:
    # Player 5S 6S against the dealer's AH; $3.00 of late insurance, then a hit (TC, 21) stands.
    # The dealer's next two cards KD QC make a Caribbean 21: insurance pays 9:1; the dealer's
    # Caribbean 21 beats the player's plain 21.
    record = {
        "game": "caribbean_21",
        "bankroll": 100_000,
        "shoe": ["5S", "AH", "6S", "TC", "KD", "QC"],
        "bets": [{"spot": 1, "amount": 1_000}],
        "actions": ["insure:300", "hit"],
    }
    output = replayed(write(tmp_path, record))
    assert output["dealer"] == {"cards": ["AH", "KD", "QC"], "total": 21}
    assert output["hands"][0]["outcome"] == "lose"
    assert output["insurance"] == [{"spot": 1, "stake": 300, "payout": 3_000, "net": 2_700}]
    assert output["bankroll"] == {"before": 100_000, "after": 101_700}


def test_record_read_from_stdin_with_a_dash() -> None:
    done = run_replay("-", stdin=EXAMPLE_INPUT)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(EXAMPLE_OUTPUT)


def test_bad_record_on_stdin_is_refused_in_one_line() -> None:
    line = bad_input_line(run_replay("-", stdin=json.dumps(example(game="baccarat"))))
    assert "'baccarat'" in line


@pytest.mark.parametrize("game", list(GAMES))
def test_seed_record_replays_like_the_stacked_shoe_it_dealt(game: str, tmp_path: Path) -> None:
    """A round dealt from seed 11 and played out (no insurance; stand where the game allows,
    hit otherwise) replays from its seed and from the cards that seed dealt to one result."""
    rules, seed = GAMES[game], 11
    bets = [{"spot": 1, "amount": 1_000}, {"spot": 2, "amount": 2_500}]
    if rules.buster_bet:
        bets[1]["buster"] = 200
    table = Round(rules, Shoe.shuffled(rules, seed), bankroll=100_000)
    for bet in bets:
        table.bet(bet["spot"], bet["amount"], bet.get("buster", 0))
    table.deal()
    while table.phase is not Phase.SETTLED:
        legal = table.legal_actions()
        for action in (Action.NO_INSURANCE, Action.STAND, Action.HIT):
            if action in legal:
                table.apply(Move(action))
                break
        else:
            pytest.fail(f"no insurance answer, stand or hit among {legal}")
    shoe = Shoe.shuffled(rules, seed)
    dealt = [str(shoe.draw()) for _ in range(table.shoe.dealt)]
    record = {"game": game, "bankroll": 100_000, "bets": bets, "actions": actions_of(table)}

    by_seed = replayed(write(tmp_path, {**record, "seed": seed}, "seed.json"))
    by_cards = replayed(write(tmp_path, {**record, "shoe": dealt}, "shoe.json"))

    assert by_seed == by_cards == RoundResult.of(table).to_json()


# --- Bad records: one line on stderr, exit status 2, what and where -----------------------------


def test_refuses_text_that_is_not_json(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, '{"game": "blackjack",\n "bankroll": 100000,,}')
    assert "JSON" in message
    assert "line 2" in message


def test_refuses_json_that_is_not_an_object(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, '["blackjack", 100000]')
    assert "object" in message


def test_refuses_an_unknown_field(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(colour="red"))
    assert "'colour'" in message


def test_refuses_a_record_without_a_game(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(game=None))
    assert "game" in message
    assert "missing" in message


def test_refuses_a_game_that_is_not_a_game_id(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(game=5))
    assert message == "game: 5 is not a game id such as 'blackjack'"


def test_refuses_json_nested_too_deeply(tmp_path: Path) -> None:
    assert refusal_of(tmp_path, "[" * 100_000) == "not valid JSON: nested too deeply"


def test_refuses_an_unknown_game(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(game="baccarat"))
    assert "'baccarat'" in message


def test_refuses_an_unknown_card_naming_its_place_in_the_shoe(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(shoe=["9S", "AH", "1X", "7C"]))
    assert "shoe card 3" in message
    assert "'1X'" in message


def test_refuses_a_ten_in_match_play_21_whose_decks_hold_none(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(game="match_play_21", shoe=["9S", "AH", "TS", "7C"]))
    assert "shoe card 3" in message
    assert "TS" in message
    assert "match_play_21" in message


@pytest.mark.parametrize(
    ("rules", "place"),
    [({"decks": 1}, "shoe card 2"), ({}, "shoe card 9")],
    ids=["one deck holds one AS", "eight decks hold eight"],
)
def test_refuses_more_copies_of_a_card_than_the_decks_hold(
    tmp_path: Path, rules: dict[str, Any], place: str
) -> None:
    message = refusal_of(tmp_path, example(shoe=["AS"] * 9, rules=rules))
    assert place in message
    assert "AS" in message


def test_refuses_a_shoe_that_runs_out_during_the_deal(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(shoe=["9S", "AH", "TH"]))
    assert "deal" in message
    assert "ran out" in message


def test_refuses_a_shoe_that_runs_out_during_a_hit(tmp_path: Path) -> None:
    # Player 9S 5H (14) against a dealer 6H up, 7C in the hole: the hit finds no card.
    message = refusal_of(tmp_path, example(shoe=["9S", "6H", "5H", "7C"], actions=["hit"]))
    assert message.startswith("action 1 'hit'")
    assert "ran out" in message


def test_refuses_a_shoe_that_runs_out_during_the_dealers_turn(tmp_path: Path) -> None:
    # Player 9S TH stands on 19; the dealer's 6H 7C (13) must draw from an empty shoe.
    message = refusal_of(tmp_path, example(shoe=["9S", "6H", "TH", "7C"], actions=["stand"]))
    assert message.startswith("action 1 'stand'")
    assert "ran out" in message


def test_refuses_a_bet_over_the_table_maximum(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(bets=[{"spot": 1, "amount": 50_100}]))
    assert "bet 1" in message
    assert mentions_amount(message, 50_100)
    assert mentions_amount(message, 50_000)


def test_refuses_a_bet_over_a_custom_tables_maximum(tmp_path: Path) -> None:
    record = example(bets=[{"spot": 1, "amount": 2_500}], rules={"max_bet": 2_000})
    message = refusal_of(tmp_path, record)
    assert "bet 1" in message
    assert mentions_amount(message, 2_000)


def test_refuses_a_bet_under_the_table_minimum(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(bets=[{"spot": 1, "amount": 50}]))
    assert "bet 1" in message
    assert mentions_amount(message, 50)
    assert mentions_amount(message, 100)


def test_refuses_bets_over_the_bankroll(tmp_path: Path) -> None:
    bets = [{"spot": 1, "amount": 1_000}, {"spot": 2, "amount": 1_000}]
    message = refusal_of(tmp_path, example(bankroll=1_500, bets=bets))
    assert "bet 2" in message
    assert "bankroll" in message
    assert mentions_amount(message, 1_500)


def test_refuses_a_bet_on_a_circle_that_does_not_exist(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(bets=[{"spot": 4, "amount": 1_000}]))
    assert "bet 1" in message
    assert "circle 4" in message


def test_refuses_an_illegal_action_with_the_documented_message(tmp_path: Path) -> None:
    # Player 5S 4C, dealer AH up and 7D in the hole: no insurance, a hit (2C, 11 in three
    # cards), then a double that Standard BlackJack allows on the first two cards only.
    record = example(shoe=["5S", "AH", "4C", "7D", "2C"], actions=["no_insurance", "hit", "double"])
    assert refusal_of(tmp_path, record) == (
        "action 3 'double': hand 1 has 3 cards; Standard BlackJack allows doubling on the first two "
        "cards only"
    )


def test_refuses_an_unknown_action(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(actions=["insure", "fold"]))
    assert message.startswith("action 2 'fold'")
    assert "unknown" in message


def test_refuses_actions_left_over_after_the_round_settles(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(actions=["insure", "stand", "hit"]))
    assert message.startswith("action 3 'hit'")
    assert "left over" in message


def test_refuses_a_record_whose_actions_stop_before_the_round_settles(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(actions=["insure"]))
    assert "missing" in message
    assert "hand 1" in message


def test_refuses_an_unknown_rule(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(rules={"colour": "green"}))
    assert "rule" in message
    assert "'colour'" in message


def test_refuses_a_bad_rule_value(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(rules={"decks": "many"}))
    assert message.endswith("Decks must be from 1 to 8, written like 6")


def test_refuses_a_table_minimum_over_its_maximum(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(rules={"min_bet": 1_000, "max_bet": 500}))
    assert "Minimum bet ($10.00) must not be over the maximum bet ($5.00)" in message
    assert mentions_amount(message, 1_000)
    assert mentions_amount(message, 500)


def test_refuses_both_a_shoe_and_a_seed(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(seed=7))
    assert "shoe" in message
    assert "seed" in message


def test_refuses_neither_a_shoe_nor_a_seed(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(shoe=None))
    assert "shoe" in message
    assert "seed" in message


def test_refuses_a_negative_bankroll(tmp_path: Path) -> None:
    message = refusal_of(tmp_path, example(bankroll=-100))
    assert "bankroll" in message
    assert "negative" in message


def test_refuses_a_file_that_does_not_exist(tmp_path: Path) -> None:
    message = refusal(tmp_path / "missing.json")
    assert "No such file" in message
