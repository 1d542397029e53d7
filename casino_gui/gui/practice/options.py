"""The practice window's choices: the table, the drill, the practice chip, and for flash cards
the kinds of decision (or close calls only), the pace and an optional time limit."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import GAMES, dollars
from casino_gui.engine.betting import CHIPS
from casino_gui.engine.practice import PRACTICE_BET, DrillKind, Kind, kinds_for
from casino_gui.engine.rules import Rules

PRACTICE_CHIPS_OFFERED = tuple(chip for chip in CHIPS if chip <= 10_000)


class PracticeOptions(QWidget):
    """Every choice of a drill; `changed` when one changes (the drill starts again)."""

    changed = Signal()

    def __init__(self, tables: Sequence[Rules], chosen: Rules, parent: QWidget | None = None):
        super().__init__(parent)
        self._tables = list(tables)
        self.table_box = QComboBox()
        for rules in self._tables:
            self.table_box.addItem(rules.name)
        self.table_box.setCurrentIndex(self._tables.index(chosen))
        self.drill_box = QComboBox()
        for kind in DrillKind:
            self.drill_box.addItem(kind.title, kind)
        self.drill_box.setCurrentIndex(list(DrillKind).index(DrillKind.FLASH))
        self.chip_box = QComboBox()
        for chip in PRACTICE_CHIPS_OFFERED:
            self.chip_box.addItem(f"{dollars(chip)} practice chip", chip)
        self.chip_box.setCurrentIndex(PRACTICE_CHIPS_OFFERED.index(PRACTICE_BET))
        self.close_only = QCheckBox("Close calls only")
        self.pace = QSpinBox()
        self.pace.setRange(0, 10)
        self.pace.setSuffix(" s")
        self.pace.setSpecialValueText("on Space")
        self.pace.setValue(0)
        self.timed = QCheckBox("Time limit")
        self.limit = QSpinBox()
        self.limit.setRange(2, 30)
        self.limit.setValue(8)
        self.limit.setSuffix(" s")
        self.kind_boxes: dict[Kind, QCheckBox] = {}

        top = QHBoxLayout()
        for label, box in (("Table", self.table_box), ("Drill", self.drill_box)):
            top.addWidget(QLabel(label))
            top.addWidget(box)
        top.addWidget(self.chip_box)
        top.addStretch(1)
        self._kinds_row = QHBoxLayout()
        self._kinds_row.addStretch(1)
        pace = QHBoxLayout()
        pace.addWidget(self.close_only)
        pace.addStretch(1)
        self._pace_label = QLabel("Next card")
        pace.addWidget(self._pace_label)
        pace.addWidget(self.pace)
        pace.addWidget(self.timed)
        pace.addWidget(self.limit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addLayout(self._kinds_row)
        layout.addLayout(pace)
        self._fill_kinds()
        self.table_box.currentIndexChanged.connect(self._table_changed)
        for box in (self.drill_box, self.chip_box):
            box.currentIndexChanged.connect(self._changed)
        for check in (self.close_only, self.timed):
            check.toggled.connect(self._changed)
        self._show_flash()

    @property
    def rules(self) -> Rules:
        return self._tables[self.table_box.currentIndex()]

    @property
    def drill(self) -> DrillKind:
        kind: DrillKind = self.drill_box.currentData()
        return kind

    @property
    def bet(self) -> int:
        return int(self.chip_box.currentData())

    def kinds(self) -> list[Kind] | None:
        """The kinds ticked (None: every kind, as when all are)."""
        ticked = [kind for kind, box in self.kind_boxes.items() if box.isChecked()]
        return None if len(ticked) == len(self.kind_boxes) else ticked

    def choose_drill(self, kind: DrillKind) -> None:
        self.drill_box.setCurrentIndex(list(DrillKind).index(kind))

    def _fill_kinds(self) -> None:
        for box in self.kind_boxes.values():
            self._kinds_row.removeWidget(box)
            box.deleteLater()
        self.kind_boxes = {}
        for kind in kinds_for(self.rules):
            box = QCheckBox(kind.label)
            box.setChecked(True)
            box.toggled.connect(lambda _on, box=box: self._kind_toggled(box))
            self._kinds_row.insertWidget(len(self.kind_boxes), box)
            self.kind_boxes[kind] = box

    def _kind_toggled(self, box: QCheckBox) -> None:
        if not any(b.isChecked() for b in self.kind_boxes.values()):
            box.setChecked(True)  # at least one kind: the last one stays ticked
            return
        self.changed.emit()

    def _table_changed(self) -> None:
        self._fill_kinds()
        self.changed.emit()

    def _changed(self) -> None:
        self._show_flash()
        self.changed.emit()

    def _show_flash(self) -> None:
        flash = self.drill is DrillKind.FLASH
        for box in self.kind_boxes.values():
            box.setEnabled(flash)
        self.close_only.setEnabled(flash)
        # The counting drills have no table, chip, pace nor limit: their own choices.
        paced = self.drill not in (DrillKind.PLAY, DrillKind.COUNT_DOWN, DrillKind.TRUE_COUNT)
        self.limit.setEnabled(self.timed.isChecked() and paced)
        self.timed.setEnabled(paced)
        self.pace.setEnabled(paced)
        deciding = self.drill.counting is None
        for choice in (self.table_box, self.chip_box):
            choice.setEnabled(deciding)
        flash_choices = (self.close_only, self._pace_label, self.pace, self.timed, self.limit)
        for widget in (*self.kind_boxes.values(), *flash_choices):
            widget.setVisible(deciding)


def practice_tables(rules: Rules) -> list[Rules]:
    """The seven games, and the table `rules` if it is a custom one."""
    tables = list(GAMES.values())
    return tables if rules in tables else [*tables, rules]
