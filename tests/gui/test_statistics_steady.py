"""The Statistics page holds still and reads whole: it does not move when play quality arrives
after the figures, and no amount is broken after its sign in a narrow window."""

from __future__ import annotations

from PySide6.QtGui import QTextLayout, QTextOption
from PySide6.QtWidgets import QApplication, QLabel

from casino_gui.gui.stats.figures_panel import FiguresPanel
from casino_gui.gui.table.wording import MINUS
from tests.gui.conftest import Table
from tests.gui.test_statistics_page import open_statistics, session_table

__all__ = ["session_table"]  # the fixture, played once more here


def test_the_page_does_not_move_when_play_quality_arrives(session_table: Table) -> None:
    dialog = open_statistics(session_table)
    figures, judged = dialog.loader.figures, dialog.loader.answer
    assert figures is not None and judged is not None and judged.statistics.quality
    heights = []
    for answer in (figures, judged):
        dialog._show(answer)  # as the worker's two answers come, the figures first
        QApplication.sendPostedEvents()  # the layouts' requests: the page is laid out again
        QApplication.sendPostedEvents()
        heights.append(dialog.tabs.geometry().top())
    assert heights[0] == heights[1]


def lines(label: QLabel) -> list[str]:
    """The label's text as Qt wraps it at the label's width."""
    layout = QTextLayout(label.text(), label.font())
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    found = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(label.contentsRect().width())
        found.append(label.text()[line.textStart() : line.textStart() + line.textLength()])
    layout.endLayout()
    return found


def test_no_amount_is_broken_after_its_sign_in_a_narrow_window(session_table: Table) -> None:
    dialog = open_statistics(session_table)
    dialog.resize(dialog.minimumSizeHint().width(), dialog.height())
    panel = dialog.findChild(FiguresPanel)
    assert panel is not None
    session_table.qtbot.waitUntil(lambda: panel.width() < 700, timeout=2_000)
    labels = [panel._labels[key] for key in ("biggest_loss", "doubles", "split_hands")]
    for label in labels:
        label.setFixedWidth(
            label.fontMetrics().horizontalAdvance(f"2: 2 won, 0 lost, 0 pushed, {MINUS}")
        )
    wrapped = [lines(label) for label in labels]
    assert all(len(found) > 1 for found in wrapped[1:]), wrapped
    assert not any(line.rstrip().endswith(("+", MINUS)) for found in wrapped for line in found)
