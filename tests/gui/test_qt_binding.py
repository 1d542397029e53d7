"""Guards against a Qt binding that cannot carry the program (pyproject pins PySide6 for it)."""

from __future__ import annotations

import sys

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication


def test_void_qt_calls_keep_the_reference_count_of_none(qapp: QApplication) -> None:
    # PySide6 6.12.0 under Python 3.11 drops a reference to None on each call of a void
    # method; the casino paints thousands of fonts, and the interpreter aborts.
    font = QFont()
    before = sys.getrefcount(None)
    for _ in range(1_000):
        font.setBold(True)
    assert sys.getrefcount(None) >= before - 10
