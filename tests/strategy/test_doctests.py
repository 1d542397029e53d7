"""The walkthroughs in the strategy's docstrings run, so they cannot drift."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from casino_gui.engine.strategy import advice, basic, edge, insurance


@pytest.mark.parametrize("module", [advice, basic, edge, insurance], ids=lambda m: m.__name__)
def test_the_strategy_s_doctests(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
