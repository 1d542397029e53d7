"""The engine benchmark runs and prints its figures (no timing is asserted)."""

from __future__ import annotations

import pytest

from bench import engine as bench


def test_the_bench_times_another_tree_in_the_same_run_and_checks_it_played_alike(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The same source tree given as the "other" engine: the same seeds must give the same
    # checksums, so every row says "yes".
    bench.main(
        ["--rounds", "5", "--runs", "1", "--source", str(bench.ROOT), "blackjack", "pontoon"]
    )
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("random legal play, 5 seeded rounds per game")
    rows = {line.split()[0]: line.split() for line in lines[2:5]}
    assert set(rows) == {"blackjack", "pontoon", "all"}
    assert rows["blackjack"][-1] == rows["pontoon"][-1] == "yes"
    # The floor: the same seeds' shuffles and cards, timed in this tree, against the other.
    floor = next(line for line in lines if line.startswith("floor: "))
    assert " µs a round " in floor and "at most " in floor and str(bench.ROOT) in floor
    assert "the seeded shuffle" in floor and "the bench's own random choices" in floor


def test_the_floor_draws_as_many_cards_as_each_round_drew() -> None:
    played = bench.time_tree(bench.ROOT, ["no_bust_21"], 4)
    _, _, drawn = played["no_bust_21"]
    assert len(drawn) == 4 and all(count >= 3 for count in drawn)  # a card each, at least
    assert bench.floor_seconds("no_bust_21", drawn) >= 0.0


def test_the_bench_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench.main(["poker"])
    assert "unknown game 'poker'" in capsys.readouterr().err


def test_the_players_choices_are_noted_without_changing_the_rounds() -> None:
    from bench import engine_play as bench_play

    calls, checksum = bench.record_choices("no_bust_21", 6)
    kinds = {kind for kind, _ in calls}
    assert kinds <= {"random", "choice", "moves", "randint"} and "moves" in kinds
    # Each round bets on circle 1 at least: an amount, and a Buster choice, chosen.
    assert sum(kind == "choice" for kind, _ in calls) >= 2 * 6
    moves = [argument for kind, argument in calls if kind == "moves"]
    assert all(isinstance(legal, list) and legal for legal in moves)
    # Noting the calls changes no round: the same checksum as the plain player's.
    assert checksum == bench_play.play(["no_bust_21"], 6)["no_bust_21"][1]
    assert bench.choices_seconds(calls) >= 0.0
