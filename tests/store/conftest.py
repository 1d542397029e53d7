"""Fixtures of the store's tests: a data folder in tmp_path and a clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.store.bankroll_files import Clock


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A data folder that does not exist yet (the store creates it)."""
    return tmp_path / "casino"


@pytest.fixture
def clock() -> Clock:
    return Clock()
