"""A frameless scroll area for the felt dialogs: the felt shows through it (the app style sheet
styles `QScrollArea[felt="true"]` in dialogs), and it scrolls only up and down, because a
sideways scroll hides half of every group."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def felt_scroll(inside: QWidget) -> QScrollArea:
    """`inside` in a frameless, vertical-only scroll area that lets the dialog's felt show."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(inside)
    area.setProperty("felt", True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return area
