"""What the casino imports before its first paint: only what the first page needs.

Each test starts the real program (`casino_gui.app.main`, offscreen, a real bankroll in a
temporary folder) and lists `sys.modules` at the moment it prints its first-paint line; sound,
charts, the advisor, the dialogs and the statistics are loaded on first use (docs/decisions.md,
"Startup and memory"), and a change that pulled one of them in again would fail here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# Run in a child process: this test process has imported everything already.
FIRST_PAINT_MODULES = """
import os, sys
from pathlib import Path
import casino_gui.app as app

def at_first_paint(program: str, text: str) -> None:
    Path(sys.argv[1]).write_text("\\n".join(sorted(sys.modules)), encoding="utf-8")
    os._exit(0)

app.write_output = at_first_paint
sys.exit(app.main(["--data-dir", sys.argv[2], "--timings", *sys.argv[3:]]))
"""

NOT_BEFORE_THE_FIRST_PAINT = (
    "PySide6.QtMultimedia",
    "PySide6.QtCharts",
    "casino_gui.engine.strategy",  # the advisor
    "casino_gui.gui.dialogs",
    "casino_gui.store.stats",
    "casino_gui.analysis.simulation",
)


def modules_at_first_paint(folder: Path, *options: str) -> set[str]:
    listing = folder / "modules.txt"
    subprocess.run(
        [sys.executable, "-c", FIRST_PAINT_MODULES, str(listing), str(folder / "data"), *options],
        check=True,
        timeout=120,
        capture_output=True,
    )
    return set(listing.read_text(encoding="utf-8").split())


def loaded_early(modules: set[str]) -> list[str]:
    return sorted(
        name
        for name in modules
        for package in NOT_BEFORE_THE_FIRST_PAINT
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
    modules = modules_at_first_paint(tmp_path, *options)
    assert "casino_gui.gui.window" in modules  # the listing was taken in the running casino
    assert loaded_early(modules) == []


def test_a_table_shown_first_is_painted_before_the_lobby_the_worker_and_secrets_are_loaded(
    tmp_path: Path,
) -> None:
    # The lobby's tiles and the worker process's module are made after the table's first
    # paint (the lobby before the house edges are asked for): a start at the table waits
    # for neither.
    modules = modules_at_first_paint(tmp_path, "--game", "blackjack")
    assert "casino_gui.gui.table.page" in modules
    assert {"casino_gui.gui.lobby.page", "casino_gui.gui.workers"}.isdisjoint(modules)
    # Nor for `secrets` (and its hashlib), which only the first shuffle needs.
    assert {"secrets", "hashlib"}.isdisjoint(modules)


def test_the_check_sees_a_module_loaded_early() -> None:
    # The filter itself: a sub-module of a listed package counts, a namesake prefix does not.
    assert loaded_early(
        {"casino_gui.gui.dialogs.rules", "PySide6.QtChartsX", "casino_gui.store.statistics"}
    ) == ["casino_gui.gui.dialogs.rules"]
