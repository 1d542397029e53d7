"""The strategy chart's window holds still (docs/decisions.md, "The window"): it opens at the
size its chart needs, so it neither grows nor moves when the chart arrives from the worker."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from casino_gui.engine import rules_for
from casino_gui.gui.dialogs.strategy_chart import StrategyChartDialog
from casino_gui.gui.theme import APP_STYLE
from casino_gui.gui.workers import WorkerProcess
from tests.gui.test_strategy_chart_look import worker

__all__ = ["worker"]  # the fixture


@pytest.mark.parametrize("game", ["blackjack", "face_up_21", "pontoon", "caribbean_21"])
def test_the_chart_window_keeps_its_size_and_place_when_the_chart_arrives(
    qtbot: QtBot, worker: WorkerProcess, qapp: QApplication, game: str
) -> None:
    qapp.setStyleSheet(APP_STYLE)
    dialog = StrategyChartDialog(rules_for(game), worker)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    before = dialog.geometry()
    with qtbot.waitSignal(dialog.chart_ready, timeout=120_000):
        pass
    QApplication.sendPostedEvents()  # the layouts' requests: the dialog is laid out again
    QApplication.sendPostedEvents()
    assert dialog.geometry() == before
    scroller = dialog._pages.currentWidget()
    room = dialog.screen().availableGeometry().width()
    if scroller.widget().width() < room - 200:  # Face Up 21's 26 columns scroll on most screens
        assert scroller.widget().width() <= scroller.viewport().width(), "the whole chart is seen"
