"""Pictures of the statistics page (its figures and its bankroll chart) and of the session
report, at 800 x 600 and 1280 x 800, from the scripted session of tests/store/test_stats.py
with a round played in the window (the session's). Written to a temporary folder unless
CASINO_SCREENSHOTS names one (the README's pictures in docs/ are made so)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog

from casino_gui.gui.stats.session_report import SessionReportDialog
from tests.gui.conftest import Table, drain
from tests.gui.test_session_report import play_a_winning_round
from tests.gui.test_statistics_page import WAIT_MS, open_statistics
from tests.store.test_stats import play_session

Open = Callable[..., Table]
SIZES = [(800, 600), (1280, 800)]


def save(table: Table, dialog: QDialog, path: Path, size: tuple[int, int]) -> Path:
    dialog.resize(*size)
    table.qtbot.waitUntil(lambda: (dialog.width(), dialog.height()) == size)
    drain(table.qtbot)
    picture = dialog.grab()
    assert (picture.width(), picture.height()) == size
    assert picture.save(str(path))
    return path


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_pictures_of_the_statistics_page_the_chart_and_the_session_report(
    open_table: Open, tmp_path: Path, pictures: Path, size: tuple[int, int]
) -> None:
    folder = tmp_path / "data"
    play_session(folder)
    table = open_table("blackjack", folder=folder)
    play_a_winning_round(table)
    name = f"{size[0]}x{size[1]}"
    dialog = open_statistics(table)
    assert save(table, dialog, pictures / f"statistics-{name}.png", size).exists()
    dialog.tabs.setCurrentIndex(1)
    assert save(table, dialog, pictures / f"bankroll-chart-{name}.png", size).exists()
    dialog.reject()
    table.window.menu_action("Session report…").trigger()
    report = table.window.findChild(SessionReportDialog)
    assert report is not None
    table.qtbot.waitUntil(lambda: report.answer is not None, timeout=WAIT_MS)
    assert save(table, report, pictures / f"session-report-{name}.png", size).exists()
