"""Parts the form dialogs share: their heading, their fixed error line, their option groups.

The custom table (docs/rules.md, "Custom table") and Game ▸ Settings are one kind of dialog: a
heading and a hint over groups of options, an error line of fixed height under them, so the
dialog never changes size when a complaint appears or goes.
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
)

from casino_gui.gui.theme import dialog_style, sans, serif


def dress_form_dialog(dialog: QDialog, title: str, hint: str) -> QVBoxLayout:
    """Title `dialog` in the table's dress; its layout, the heading and hint laid out on top."""
    dialog.setWindowTitle(title)
    dialog.setStyleSheet(dialog_style())
    dialog.setFont(sans(14))
    heading = QLabel(title)
    heading.setProperty("role", "heading")
    heading.setFont(serif(30, bold=True))
    hint_label = QLabel(hint)
    hint_label.setProperty("role", "hint")
    layout = QVBoxLayout(dialog)
    layout.setContentsMargins(24, 18, 24, 18)
    layout.setSpacing(10)
    layout.addWidget(heading)
    layout.addWidget(hint_label)
    return layout


def ok_button(dialog: QDialog, text: str) -> QPushButton:
    """The dialog's default button, which accepts it."""
    button = QPushButton(text)
    button.setProperty("primary", True)
    button.setDefault(True)
    button.clicked.connect(dialog.accept)
    return button


def error_line(lines: int) -> QLabel:
    """An error label kept `lines` high whether or not it says anything; its width never widens
    the dialog."""
    message = QLabel()
    message.setProperty("role", "error")
    message.setWordWrap(True)
    message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    message.setFixedHeight(lines * message.fontMetrics().lineSpacing() + 6)
    return message


def form_group(title: str) -> tuple[QGroupBox, QFormLayout]:
    """A titled group of options, its labels right-aligned beside their fields."""
    group = QGroupBox(title)
    form = QFormLayout(group)
    form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    form.setHorizontalSpacing(12)
    form.setVerticalSpacing(8)
    return group, form
