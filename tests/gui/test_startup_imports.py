"""What the casino imports before its table or lobby is live: only what that page needs.

Each test starts the real program (`casino_gui.app.main`, offscreen, a real bankroll in a
temporary folder) and lists `sys.modules` at the moment it prints its "live page" line (or its
first one, the window's opening); sound, charts, the advisor, the dialogs and the statistics are
loaded on first use (docs/decisions.md, "Startup and memory"), and a change that pulled one of
them in again would fail here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# Run in a child process: this test process has imported everything already.
MODULES_AT_PAINT = """
import os, sys
from pathlib import Path
import casino_gui.app as app

def at_paint(program: str, text: str) -> None:
    if sys.argv[3] in text:
        Path(sys.argv[1]).write_text("\\n".join(sorted(sys.modules)), encoding="utf-8")
        os._exit(0)

app.write_output = at_paint
sys.exit(app.main(["--data-dir", sys.argv[2], "--timings", *sys.argv[4:]]))
"""

NOT_BEFORE_THE_LIVE_PAGE = (
    "PySide6.QtMultimedia",
    "PySide6.QtCharts",
    "casino_gui.engine.strategy",  # the advisor
    "casino_gui.gui.dialogs",
    "casino_gui.store.stats",
    "casino_gui.analysis.simulation",
)


def modules_at_paint(folder: Path, *options: str, line: str = "live page") -> set[str]:
    """The modules loaded when the casino prints its timing `line` (a paint)."""
    listing = folder / "modules.txt"
    data = str(folder / "data")
    subprocess.run(
        [sys.executable, "-c", MODULES_AT_PAINT, str(listing), data, line, *options],
        check=True,
        timeout=120,
        capture_output=True,
    )
    return set(listing.read_text(encoding="utf-8").split())


def loaded_early(modules: set[str]) -> list[str]:
    return sorted(
        name
        for name in modules
        for package in NOT_BEFORE_THE_LIVE_PAGE
        if name == package or name.startswith(package + ".")
    )


@pytest.mark.parametrize(
    "options",
    [("--game", "blackjack"), ()],
    ids=["a table shown first", "the lobby shown first"],
)
def test_sound_charts_advisor_dialogs_and_statistics_wait_for_first_use(
    tmp_path: Path, options: tuple[str, ...]
) -> None:
    modules = modules_at_paint(tmp_path, *options)
    assert "casino_gui.gui.window" in modules  # the listing was taken in the running casino
    assert loaded_early(modules) == []


def test_a_table_shown_first_is_painted_before_the_lobby_the_worker_and_secrets_are_loaded(
    tmp_path: Path,
) -> None:
    # The lobby's tiles and the worker process's module are made after the table's first
    # paint (the lobby before the house edges are asked for): a start at the table waits
    # for neither.
    modules = modules_at_paint(tmp_path, "--game", "blackjack")
    assert "casino_gui.gui.table.page" in modules
    assert {"casino_gui.gui.lobby.page", "casino_gui.gui.workers"}.isdisjoint(modules)
    # Nor for `secrets` (and its hashlib), which only the first shuffle needs, nor for qasync
    # and asyncio, which the table needs only for its first DEAL.
    assert {"secrets", "hashlib", "qasync", "asyncio"}.isdisjoint(modules)


def test_the_window_opens_before_the_engine_the_store_and_the_table_are_loaded(
    tmp_path: Path,
) -> None:
    modules = modules_at_paint(tmp_path, "--game", "blackjack", line="window opening")
    assert "casino_gui.gui.window" in modules
    loaded = sorted(
        name
        for name in modules
        for package in ("casino_gui.engine", "casino_gui.store", "qasync", "casino_gui.gui.table")
        if name == package or name.startswith(package + ".")
    )
    # The folder's lock is taken first (a second casino shows no window): that much of the
    # store, without SQLite.
    assert loaded == ["casino_gui.store", "casino_gui.store.errors", "casino_gui.store.lock"]
    assert "sqlite3" not in modules


def test_the_check_sees_a_module_loaded_early() -> None:
    # The filter itself: a sub-module of a listed package counts, a namesake prefix does not.
    assert loaded_early(
        {"casino_gui.gui.dialogs.rules", "PySide6.QtChartsX", "casino_gui.store.statistics"}
    ) == ["casino_gui.gui.dialogs.rules"]
