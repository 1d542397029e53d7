"""The strategy chart is dressed like the rest of the casino (docs/architecture.md, "The window"):
its grids
wear the application's felt style, and each is as large as its cells, no larger (Pontoon's
one-column chart was three white pages) and, at the dialog's size, no smaller."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from casino_gui.engine import rules_for
from casino_gui.engine.strategy import Section
from casino_gui.gui.dialogs.strategy_chart import StrategyChartDialog
from casino_gui.gui.theme import APP_STYLE
from casino_gui.gui.workers import WorkerProcess
from tests.gui.conftest import drain


@pytest.fixture
def worker() -> Iterator[WorkerProcess]:
    process = WorkerProcess()
    yield process
    process.shutdown()


@pytest.mark.parametrize("game", ["blackjack", "pontoon"])
def test_the_chart_wears_the_felt_and_shows_every_cell_without_a_scroll_bar(
    qtbot: QtBot, worker: WorkerProcess, qapp: object, tmp_path: Path, game: str
) -> None:
    qapp.setStyleSheet(APP_STYLE)  # type: ignore[attr-defined]
    dialog = StrategyChartDialog(rules_for(game), worker)
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.chart_ready, timeout=120_000):
        pass
    drain(qtbot)
    kept = os.environ.get("CASINO_SCREENSHOTS")
    folder = Path(kept) if kept else tmp_path
    assert dialog.grab().save(str(folder / f"strategy-chart-{game}.png"))
    for title, grid in dialog.tables.items():
        assert grid.property("felt") is True, title
        header = grid.horizontalHeader()
        rows = grid.verticalHeader()
        # Every row and column is on screen: nothing hidden behind a scroll bar ...
        assert not grid.verticalScrollBar().isVisible(), title
        assert not grid.horizontalScrollBar().isVisible(), title
        # ... and no empty field of white below or beside the cells.
        assert grid.width() <= rows.width() + header.length() + 4 * grid.frameWidth() + 8, title
        assert grid.height() <= header.height() + rows.length() + 4 * grid.frameWidth() + 8, title


def test_the_legend_ends_its_sentence_before_the_red_cells(
    qtbot: QtBot, worker: WorkerProcess
) -> None:
    dialog = StrategyChartDialog(rules_for("blackjack"), worker, cell=(Section.HARD, "16", "T"))
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.chart_ready, timeout=120_000):
        pass
    legend = dialog._legend.text()
    assert legend.endswith(
        "<b>Rp</b> surrender, else split. The red cell is the decision on the table."
    )
