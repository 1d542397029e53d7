"""The bankroll's life as sequences of what a player and the world do (bench/bankroll_life.py,
docs/decisions.md, "Lines of play"): a few short runs here, bounded to seconds; `python -m
bench.bankroll_life` runs thousands of steps."""

from __future__ import annotations

from bench.bankroll_life import BankrollLife, run


def test_the_bankroll_keeps_its_invariants_through_short_lives() -> None:
    assert BankrollLife.__doc__
    run(runs=6, steps_each=25)
