"""Caribbean 21's late insurance: the amount is made of chips, bounded by the cap.

The cap (`room`) comes from the engine (half the hand's bet, no more than the bankroll holds);
the picker only adds chips up to it: a chip that would pass the cap is dimmed, and "Up to the
cap" makes the exact amount, cents included, that chips alone might not reach. It opens at
nothing: Enter declines until chips are put up, then insures them (docs/decisions.md,
"Settings (Game ▸ Settings)").
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import dollars
from casino_gui.engine.betting import CHIPS
from casino_gui.engine.rules import Odds
from casino_gui.gui.panels.chip_rack import ChipButton
from casino_gui.gui.theme import sans, serif


class LateInsuranceDialog(QDialog):
    """Accepted with `amount()` cents, from 1 cent up to `room`; rejected means no insurance."""

    def __init__(self, room: int, pays: Odds, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if room <= 0:
            raise ValueError(f"there is no room for insurance (the cap is {dollars(room)})")
        self.room = room
        self._amount = 0
        self.setWindowTitle("Late insurance")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 16)
        layout.setSpacing(10)
        heading = QLabel("Insure this hand?")
        heading.setFont(serif(20, bold=True))
        heading.setProperty("role", "heading")
        layout.addWidget(heading)
        explain = QLabel(
            f"Click chips to make the amount, up to {dollars(room)}. "
            f"Insurance pays {pays.num} to {pays.den}."
        )
        explain.setWordWrap(True)
        explain.setFont(sans(14))
        layout.addWidget(explain)

        chips = QHBoxLayout()
        chips.setSpacing(0)
        self.chips: dict[int, ChipButton] = {}
        for cents in CHIPS:
            chip = ChipButton(cents, self)
            chip.setCheckable(False)
            chip.setToolTip(f"Add {chip.text()}")
            chip.clicked.connect(lambda _checked=False, c=cents: self.add(c))
            chips.addWidget(chip)
            self.chips[cents] = chip
        layout.addLayout(chips)

        self.amount_label = QLabel()
        self.amount_label.setFont(sans(20, bold=True))
        self.amount_label.setProperty("role", "heading")
        self.amount_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.amount_label)

        tools = QHBoxLayout()
        self.cap_button = QPushButton(f"Up to the cap ({dollars(room)})")
        self.cap_button.clicked.connect(lambda: self.set_amount(self.room))
        self.clear_button = QPushButton("Clear")
        self.clear_button.clicked.connect(lambda: self.set_amount(0))
        tools.addWidget(self.cap_button)
        tools.addWidget(self.clear_button)
        layout.addLayout(tools)

        answers = QHBoxLayout()
        self.decline_button = QPushButton("No insurance")
        self.decline_button.clicked.connect(self.reject)
        self.insure_button = QPushButton()
        self.insure_button.setProperty("primary", True)
        self.insure_button.clicked.connect(self.accept)
        answers.addWidget(self.decline_button)
        answers.addStretch(1)
        answers.addWidget(self.insure_button)
        layout.addLayout(answers)
        self.set_amount(0)

    def amount(self) -> int:
        return self._amount

    def add(self, chip: int) -> None:
        """Add a chip; one that would pass the cap is refused (it is dimmed)."""
        if self._amount + chip <= self.room:
            self.set_amount(self._amount + chip)

    def set_amount(self, cents: int) -> None:
        if not 0 <= cents <= self.room:
            raise ValueError(f"{dollars(cents)} is not between $0.00 and {dollars(self.room)}")
        self._amount = cents
        self.amount_label.setText(f"Insurance: {dollars(cents)} of {dollars(self.room)}")
        for chip_cents, chip in self.chips.items():
            chip.set_affordable(cents + chip_cents <= self.room)
        self.insure_button.setEnabled(cents > 0)
        self.insure_button.setDefault(cents > 0)  # Enter insures what the chips make...
        self.decline_button.setDefault(cents == 0)  # ... or, with none, declines
        self.insure_button.setText(f"Insure {dollars(cents)}")
        self.clear_button.setEnabled(cents > 0)
        self.cap_button.setEnabled(cents < self.room)


async def ask_late_insurance(room: int, pays: Odds, parent: QWidget | None = None) -> int | None:
    """The amount the player insures, or None; the dialog is window-modal, the loop runs on."""
    dialog = LateInsuranceDialog(room, pays, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    done: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()

    def finished(code: int) -> None:
        # Read before the dialog deletes itself.
        accepted = code == QDialog.DialogCode.Accepted.value
        if not done.done():
            done.set_result(dialog.amount() if accepted else None)

    dialog.finished.connect(finished)
    dialog.open()
    return await done
