"""Random, mostly malformed input thrown at the replay and analysis commands and at casino-gui's
options (hypothesis): every one is answered with status 0 and a result, or status 2 and one line
of at most LINE_LIMIT characters; never a traceback, never anything else (docs/decisions.md,
"Command-line input").

The records are built near the real format (real games, cards, actions and rule values mixed
with wrong types, huge numbers, odd text), so that most reach deep into the checks; raw text
and raw bytes cover the JSON reader.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino_gui.analysis.__main__ import _BadInputError, _rules
from casino_gui.app import parse_args
from casino_gui.command_line import LINE_LIMIT
from casino_gui.engine import replay
from casino_gui.engine.games import GAMES
from casino_gui.engine.rules import Rules, rules_to_json
from casino_gui.engine.shoe import shoe_cards

FUZZ = settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --- Pieces of records ---------------------------------------------------------------------------

leaf = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats()
    | st.text(max_size=12)
)
anything = st.recursive(
    leaf,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)
odd_text = st.sampled_from(["", " ", "²", "١", "\u00a0", "\n", "\x00", "\ud800", "x" * 5_000])
cards = st.sampled_from(["AS", "TD", "10H", "9C", "KD", "QS", "JH", "2S", "7c", " 5d ", "XX", "1S"])
actions = st.sampled_from(
    ["hit", "stand", "double", "split", "surrender", "insure", "no_insurance", "insure:500"]
) | st.sampled_from(["insure:²", "insure:-5", "insure:", "insure:0", "insure:" + "9" * 5_000])
# Each rule with the values the seven games give it, plus anything at all.
rule_values: dict[str, list[Any]] = {}
for rules in GAMES.values():
    for name, value in rules_to_json(rules).items():
        if name != "game" and value not in rule_values.setdefault(name, []):
            rule_values[name].append(value)
rule_value = st.sampled_from(sorted(rule_values)).flatmap(
    lambda name: st.tuples(
        st.just(name),
        st.sampled_from(rule_values[name]) | anything | st.integers(min_value=-3, max_value=12),
    )
)
rule_changes = st.lists(rule_value, max_size=4).map(dict) | st.dictionaries(
    st.text(max_size=8) | st.sampled_from(["self", "game", "decks", "__class__"]),
    anything,
    max_size=3,
)
good_rule = st.sampled_from(sorted(rule_values)).flatmap(
    lambda name: st.tuples(st.just(name), st.sampled_from(rule_values[name]))
)
moves = st.sampled_from(
    ["stand", "stand", "hit", "no_insurance", "insure", "double", "split", "surrender"]
) | st.sampled_from(["insure:300", "insure:1", "insure:²", "insure:" + "9" * 5_000, "Stand"])
# What a field may be replaced with: the wrong type, an odd value, or a near miss.
corruptions: dict[str, st.SearchStrategy[Any]] = {
    "game": odd_text | anything | st.sampled_from(["Blackjack", "blackjack ", "baccarat"]),
    "bankroll": anything
    | st.sampled_from([-1, 2**63, 10**40, 10**4_000, int("9" * 4_300), 1.5, "100000", True]),
    "bets": anything
    | st.lists(
        st.fixed_dictionaries(
            {"spot": st.integers(min_value=-1, max_value=6) | anything, "amount": anything},
            optional={"buster": anything, "side": anything},
        ),
        max_size=4,
    ),
    "shoe": anything | st.lists(cards | odd_text | anything, max_size=24),
    "seed": anything | st.sampled_from([-1, 2**64, 10**4_000, 1.0, "7"]),
    "actions": anything | st.lists(actions | odd_text | anything, max_size=10),
    "rules": anything | rule_changes,
    "colour": anything,
}


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    """A record that is right but for zero to two fields, so the checks deep inside run."""
    game = draw(st.sampled_from(list(GAMES)))
    rules = GAMES[game]
    spots = draw(st.lists(st.integers(1, rules.circles), min_size=1, max_size=3, unique=True))
    bets: list[dict[str, Any]] = []
    for spot in spots:
        bet: dict[str, Any] = {
            "spot": spot,
            "amount": draw(st.sampled_from([rules.min_bet, 1_000])),
        }
        if rules.buster_bet and draw(st.booleans()):
            bet["buster"] = rules.buster_min
        bets.append(bet)
    record: dict[str, Any] = {
        "game": game,
        "bankroll": draw(
            st.sampled_from([100_000, 100_000, 2_000, rules.min_bet * len(spots), 2**63 - 1])
        ),
        "bets": bets,
        "actions": draw(st.lists(moves, max_size=8)),
        "rules": dict(draw(st.lists(good_rule, max_size=2))),
    }
    if draw(st.booleans()):
        record["seed"] = draw(st.integers(min_value=0, max_value=2**64))
    else:
        deck = [str(card) for card in shoe_cards(rules)]
        record["shoe"] = draw(st.lists(st.sampled_from(deck), min_size=4, max_size=30))
    for field in draw(st.lists(st.sampled_from(sorted(corruptions)), max_size=2)):
        if draw(st.booleans()) and field in record:
            del record[field]
        else:
            record[field] = draw(corruptions[field])
    return record


def replay_answer(folder: Path, text: str | bytes) -> tuple[int, str, str]:
    """Run the replay command on `text` in this process: (status, stdout, stderr)."""
    path = folder / "record.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = replay.main([str(path)])
    return status, out.getvalue(), err.getvalue()


def assert_answered(status: int, out: str, err: str) -> None:
    if status == 0:
        assert err == ""
        assert json.loads(out)["bankroll"]["after"] >= 0
        return
    assert status == 2, (status, out, err)
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert len(err) - 1 <= LINE_LIMIT, err


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(record=records())
def test_any_record_is_replayed_or_refused_in_one_line(
    folder: Path, record: dict[str, Any]
) -> None:
    assert_answered(*replay_answer(folder, json.dumps(record)))


@FUZZ
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(bytes))
def test_any_text_is_replayed_or_refused_in_one_line(folder: Path, text: str | bytes) -> None:
    assert_answered(*replay_answer(folder, text))


@FUZZ
@given(
    record=records(),
    cut=st.integers(min_value=0, max_value=400),
    insert=st.sampled_from(["", ",", "]", "}", '"', "NaN", "1" * 4_400, "[" * 2_000, "\\ud800"]),
)
def test_a_damaged_record_is_refused_in_one_line(
    folder: Path, record: dict[str, Any], cut: int, insert: str
) -> None:
    text = json.dumps(record)
    assert_answered(*replay_answer(folder, text[:cut] + insert + text[cut:]))


@FUZZ
@given(game=st.sampled_from(list(GAMES)) | odd_text, changes=rule_changes | anything)
def test_any_rules_of_the_analysis_are_a_table_or_one_refusal(game: str, changes: Any) -> None:
    try:
        rules = _rules(game, json.dumps(changes))
    except _BadInputError as refusal:
        assert str(refusal)
    else:
        assert isinstance(rules, Rules)


@FUZZ
@given(text=st.text(max_size=200))
def test_any_rules_text_of_the_analysis_is_a_table_or_one_refusal(text: str) -> None:
    try:
        _rules("blackjack", text)
    except _BadInputError as refusal:
        assert str(refusal)


# --- casino-gui's options -----------------------------------------------------------------------

option_words = st.sampled_from(
    ["--data-dir", "--game", "--smoke-test", "--timings", "--colour", "-x", "--", "--game="]
)
option_values = (
    st.sampled_from(list(GAMES))
    | odd_text.filter(lambda text: "\x00" not in text and "\ud800" not in text)
    | st.sampled_from(["/", "/dev/null", "/proc/1/root/x", "n" * 300, "a/" * 150, ".", "-"])
    | st.text().filter(lambda text: "\x00" not in text)  # argv holds no NUL
)
odd_paths = st.sampled_from(
    ["", ".", "/", "/dev/null", "/dev/null/x", "/proc/1/root/x", "n" * 300, "a/" * 150]
) | st.sampled_from(["/" + "d/" * 300, "/root/" + "p" * 256 + ".png", "~", "-", "/tmp/\n"])
# Mostly an option with a value, so each check behind an option is reached.
argvs = st.lists(
    st.tuples(st.sampled_from(["--data-dir", "--smoke-test"]), odd_paths).map(list)
    | st.tuples(option_words, option_values).map(list)
    | st.lists(option_words | option_values, max_size=2),
    max_size=3,
).map(lambda parts: [word for part in parts for word in part])


@FUZZ
@given(argv=argvs)
def test_any_options_of_casino_gui_start_it_or_are_one_line(argv: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            parse_args(argv)
        except SystemExit as exit_:
            assert exit_.code == 2, (exit_.code, out.getvalue(), err.getvalue())
            assert err.getvalue().count("\n") == 1, err.getvalue()
            assert len(err.getvalue()) - 1 <= LINE_LIMIT
            return
    assert err.getvalue() == ""
