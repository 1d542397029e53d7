"""Game ▸ Settings (Ctrl+,): how the table sounds, looks and plays, in the table's dress.

The dialog edits the player's settings it shows: OK checks the form and keeps its values,
Cancel keeps nothing. The window applies and saves what OK kept (`Preferences.apply`)
over its settings as they are then (`chosen(now)`), so a window size remembered while the
dialog was open is not undone. Every value is shown as loaded, so a hand-edited file that
`settings.py` clamped shows its defaults here. "Deal $N?" (`ask_deal`) lives here too: it asks
the question this dialog's last setting sets up.
"""

from __future__ import annotations

import asyncio
import dataclasses
from enum import StrEnum
from typing import Any, TypeVar

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import cents_to_entry, counting, dollars, dollars_to_cents
from casino_gui.gui.dialogs.felt_scroll import felt_scroll
from casino_gui.gui.dialogs.form_parts import dress_form_dialog, error_line, form_group, ok_button
from casino_gui.gui.dialogs.screen_fit import fit_scrolled_form, screen_room
from casino_gui.gui.dialogs.settings_tiles import BackPreview, ChoiceTile, FeltSwatch
from casino_gui.gui.settings import (
    MAX_CONFIRM_CENTS,
    MAX_SPREAD,
    MAX_VOLUME,
    MAX_WARN_THRESHOLD,
    TEXT_SIZES,
    CardBack,
    Contrast,
    CountKey,
    Felt,
    Settings,
    Speed,
)
from casino_gui.gui.theme import input_palette, use_fusion

W = TypeVar("W", bound=QWidget)
LABEL_WIDTH = 130
CONTRAST_NAMES = {
    Contrast.DESKTOP: "As the desktop asks",
    Contrast.HIGH: "High contrast",
    Contrast.NORMAL: "Normal",
}
NO_COUNT = ""  # the count combo's data for no count system (a combo's data is text)


class SettingsDialog(QDialog):
    """The player's settings in four groups: Sound, Table, Play, Counting."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._form: dict[str, Any] = {}  # the values OK kept, by `Settings` field
        layout = dress_form_dialog(
            self,
            "Settings",
            "How the table sounds, looks and plays. OK keeps them; Cancel changes nothing.",
        )

        self.error = error_line(1)

        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.reject)
        self.ok_button = ok_button(self, "OK")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.cancel_button, self.ok_button):
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.setMinimumWidth(110)
            buttons.addWidget(button)

        groups = QWidget()
        column = QVBoxLayout(groups)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(10)
        column.addWidget(self._sound_group())
        column.addWidget(self._table_group())
        column.addWidget(self._play_group())
        column.addWidget(self._counting_group())
        self.groups_area = felt_scroll(groups)
        layout.addWidget(self.groups_area, 1)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self._load(settings)
        self._groups = groups
        self.fit_to(screen_room(self))

    def showEvent(self, event: QShowEvent) -> None:
        # Measured again once shown: only then do the style sheet's fonts size every label.
        super().showEvent(event)
        self.fit_to(screen_room(self))

    def fit_to(self, room: QSize | None) -> None:
        """The whole form when `room` (the screen's) has space for it; on a small screen (800 x
        600, or twice the scale) the groups scroll between the title and the buttons."""
        fit_scrolled_form(self, self.groups_area, self._groups, room)

    # --- The groups ------------------------------------------------------------------------

    @staticmethod
    def _label(text: str) -> QLabel:
        # One width for the labels of every group, so that the three groups line up.
        label = QLabel(text)
        label.setMinimumWidth(LABEL_WIDTH)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return label

    def _sound_group(self) -> QGroupBox:
        group, form = form_group("Sound")
        self.sound_check = self._dress(QCheckBox("Sound on (M mutes at the table)"))
        self.volume_slider = QSlider(Qt.Orientation.Horizontal)
        self.volume_slider.setRange(0, MAX_VOLUME)
        self.volume_slider.setPageStep(10)
        self.volume_slider.setMinimumWidth(260)
        self.volume_slider.setAccessibleName("Volume")
        self._dress(self.volume_slider)
        self.volume_label = QLabel()
        self.volume_label.setMinimumWidth(48)
        self.volume_slider.valueChanged.connect(lambda v: self.volume_label.setText(f"{v}%"))
        self.sound_check.toggled.connect(self._enable)
        volume = QHBoxLayout()
        volume.addWidget(self.volume_slider)
        volume.addWidget(self.volume_label)
        form.addRow(self._label(""), self.sound_check)
        form.addRow(self._label("Volume"), volume)
        return group

    def _table_group(self) -> QGroupBox:
        group, form = form_group("Table")
        self.speed_group = QButtonGroup(self)
        self.speed_buttons: dict[Speed, QRadioButton] = {}
        speeds = QHBoxLayout()
        for speed in Speed:
            radio = self._dress(QRadioButton(speed.value.title()))
            self.speed_group.addButton(radio)
            self.speed_buttons[speed] = radio
            speeds.addWidget(radio)
        # The setting for reduced motion; until one is chosen, the desktop's request decides.
        self.speed_buttons[Speed.INSTANT].setToolTip("No motion: each step is shown at once")
        speeds.addStretch(1)
        form.addRow(self._label("Animation speed"), speeds)
        self.felt_group, self.felt_tiles = self._tiles([FeltSwatch(felt) for felt in Felt])
        form.addRow(self._label("Felt"), self._row(self.felt_tiles))
        self.back_group, self.back_tiles = self._tiles([BackPreview(back) for back in CardBack])
        form.addRow(self._label("Card back"), self._row(self.back_tiles))
        self.totals_check = self._dress(QCheckBox("Show hand totals"))
        # A row of its own would make the dialog too tall for an 800 x 600 screen.
        self.four_check = self._dress(QCheckBox("Four-colour deck"))
        self.four_check.setToolTip("Diamonds blue and clubs green: no suit told by colour alone")
        form.addRow(self._label(""), self._line(self.totals_check, self.four_check))
        self.contrast_combo = self._dress(QComboBox())
        for contrast in Contrast:
            self.contrast_combo.addItem(CONTRAST_NAMES[contrast], contrast.value)
        self.contrast_combo.setAccessibleName("Contrast")
        self.text_combo = self._dress(QComboBox())
        for percent in TEXT_SIZES:
            self.text_combo.addItem(f"{percent}%", percent)
        self.text_combo.setAccessibleName("Table text size")
        form.addRow(
            self._label("Contrast"),
            self._line(self.contrast_combo, QLabel("Table text"), self.text_combo),
        )
        return group

    def _play_group(self) -> QGroupBox:
        group, form = form_group("Play")
        self.warn_check = self._dress(QCheckBox("Warn me of mistakes"))
        self.threshold_spin = QDoubleSpinBox()
        self.threshold_spin.setRange(0.0, MAX_WARN_THRESHOLD / 10)
        self.threshold_spin.setDecimals(1)
        self.threshold_spin.setSingleStep(0.5)
        self.threshold_spin.setSuffix(" %")
        self.threshold_spin.setMinimumWidth(90)
        self.threshold_spin.setAccessibleName("Warning threshold")
        self._dress(self.threshold_spin)
        self.threshold_words = (QLabel("only when a move gives up more than"), QLabel("of the bet"))
        self.warn_check.toggled.connect(self._enable)
        form.addRow(self._label(""), self.warn_check)
        form.addRow(
            "", self._line(self.threshold_words[0], self.threshold_spin, self.threshold_words[1])
        )
        self.rebet_check = self._dress(
            QCheckBox("Auto-rebet: after each round, place the same bets again")
        )
        form.addRow(self._label(""), self.rebet_check)
        self.report_check = self._dress(QCheckBox("Show the session's report when I quit"))
        form.addRow(self._label(""), self.report_check)
        self.confirm_edit = QLineEdit()
        self.confirm_edit.setProperty("money", True)
        self.confirm_edit.setMaximumWidth(140)
        self.confirm_edit.setPlaceholderText("0")
        self.confirm_edit.setAccessibleName("Confirm bets over")
        self.confirm_edit.textEdited.connect(lambda _text: self._set_invalid(False))
        never = QLabel("0 = never ask")
        never.setProperty("role", "hint")
        confirm = self._line(QLabel("$"), self.confirm_edit, never)
        form.addRow(self._label("Confirm bets over"), confirm)
        return group

    def _counting_group(self) -> QGroupBox:
        """Counting aids at a shoe table (docs/decisions.md, "Counting"): off by default."""
        group, form = form_group("Counting")
        self.count_combo = self._dress(QComboBox())
        self.count_combo.addItem("Off", NO_COUNT)
        for key in CountKey:
            self.count_combo.addItem(counting.SYSTEMS[key].name, key.value)
        self.count_combo.setAccessibleName("Count system")
        where = QLabel("at a table dealt from a shoe; K shows or hides it")
        where.setProperty("role", "hint")
        form.addRow(self._label("Count system"), self._line(self.count_combo, where))
        self.spread_spin = self._dress(QSpinBox())
        self.spread_spin.setRange(1, MAX_SPREAD)
        self.spread_spin.setPrefix("1:")
        self.spread_spin.setSpecialValueText("1:1, no suggestion")
        self.spread_spin.setMinimumWidth(150)
        self.spread_spin.setAccessibleName("Bet spread")
        unit = QLabel("a bet suggested from the true count; one unit is the table's minimum")
        unit.setProperty("role", "hint")
        unit.setWordWrap(True)
        form.addRow(self._label("Bet spread"), self._line(self.spread_spin, unit))
        self.checks_check = self._dress(QCheckBox("Ask me the count now and then"))
        form.addRow(self._label(""), self.checks_check)
        self.count_combo.currentIndexChanged.connect(self._enable)
        return group

    def _tiles(self, tiles: list[ChoiceTile]) -> tuple[QButtonGroup, dict[StrEnum, ChoiceTile]]:
        group = QButtonGroup(self)
        group.setExclusive(True)
        for tile in tiles:
            group.addButton(tile)
        return group, {tile.choice: tile for tile in tiles}

    @staticmethod
    def _line(*widgets: QWidget) -> QHBoxLayout:
        line = QHBoxLayout()
        line.setSpacing(8)
        for widget in widgets:
            line.addWidget(widget)
        line.addStretch(1)
        return line

    @staticmethod
    def _row(tiles: dict[StrEnum, ChoiceTile]) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(6)
        for tile in tiles.values():
            row.addWidget(tile)
        row.addStretch(1)
        return row

    def _dress(self, widget: W) -> W:
        use_fusion(widget)
        widget.setPalette(input_palette(label_on_felt=not isinstance(widget, QDoubleSpinBox)))
        for inner in widget.findChildren(QLineEdit):
            inner.setPalette(input_palette())
        if isinstance(widget, QCheckBox | QRadioButton):
            widget.setCursor(Qt.CursorShape.PointingHandCursor)
        return widget

    def _enable(self) -> None:
        """The volume means nothing muted, nor the threshold without warnings, nor the spread
        and the count's questions without a count: shown dimmed."""
        self.volume_slider.setEnabled(self.sound_check.isChecked())
        self.volume_label.setEnabled(self.sound_check.isChecked())
        self.threshold_spin.setEnabled(self.warn_check.isChecked())
        for words in self.threshold_words:
            words.setEnabled(self.warn_check.isChecked())
        counted = self.count_combo.currentData() != NO_COUNT
        self.spread_spin.setEnabled(counted)
        self.checks_check.setEnabled(counted)

    # --- Values in and out -----------------------------------------------------------------

    def _load(self, settings: Settings) -> None:
        self.sound_check.setChecked(settings.sound)
        self.volume_slider.setValue(settings.volume)
        self.volume_label.setText(f"{settings.volume}%")
        self.speed_buttons[settings.speed].setChecked(True)
        self.felt_tiles[settings.felt].setChecked(True)
        self.back_tiles[settings.card_back].setChecked(True)
        self.totals_check.setChecked(settings.show_totals)
        self.four_check.setChecked(settings.four_colour)
        self.contrast_combo.setCurrentIndex(self.contrast_combo.findData(settings.contrast.value))
        self.text_combo.setCurrentIndex(self.text_combo.findData(settings.text_size))
        self.warn_check.setChecked(settings.warn_mistakes)
        self.threshold_spin.setValue(settings.warn_threshold / 10)
        self.rebet_check.setChecked(settings.auto_rebet)
        self.report_check.setChecked(settings.session_report)
        self.confirm_edit.setText(cents_to_entry(settings.confirm_over))
        count = NO_COUNT if settings.count_system is None else settings.count_system.value
        self.count_combo.setCurrentIndex(self.count_combo.findData(count))
        self.spread_spin.setValue(settings.count_spread)
        self.checks_check.setChecked(settings.count_checks)
        self._enable()

    def _read(self) -> dict[str, Any]:
        """The form's values by `Settings` field; a `ValueError` says what is wrong with the
        amount."""
        text = self.confirm_edit.text().strip() or "0"
        try:
            confirm = dollars_to_cents(text)
        except ValueError:
            raise ValueError(
                f"Confirm bets over: {text!r} is not an amount in dollars like 500 or 1,000"
            ) from None
        if confirm > MAX_CONFIRM_CENTS:
            raise ValueError(f"Confirm bets over: at most {dollars(MAX_CONFIRM_CENTS)}")
        speed = next(speed for speed, radio in self.speed_buttons.items() if radio.isChecked())
        felt = next(Felt(felt) for felt, tile in self.felt_tiles.items() if tile.isChecked())
        back = next(CardBack(back) for back, tile in self.back_tiles.items() if tile.isChecked())
        # A speed is the player's once he picks one other than the one he was given (until then
        # it follows the desktop's reduced motion).
        chosen = self._settings.speed_chosen or speed != self._settings.speed
        return dict(
            sound=self.sound_check.isChecked(),
            volume=self.volume_slider.value(),
            speed=speed,
            speed_chosen=chosen,
            felt=felt,
            card_back=back,
            show_totals=self.totals_check.isChecked(),
            four_colour=self.four_check.isChecked(),
            contrast=Contrast(self.contrast_combo.currentData()),
            text_size=self.text_combo.currentData(),
            warn_mistakes=self.warn_check.isChecked(),
            # The spin box holds one decimal: tenths of a percent, as stored.
            warn_threshold=round(self.threshold_spin.value() * 10),
            auto_rebet=self.rebet_check.isChecked(),
            session_report=self.report_check.isChecked(),
            confirm_over=confirm,
            count_system=CountKey(count) if (count := self.count_combo.currentData()) else None,
            count_spread=self.spread_spin.value(),
            count_checks=self.checks_check.isChecked(),
        )

    def _set_invalid(self, invalid: bool) -> None:
        if not invalid:
            self.error.clear()
        self.confirm_edit.setProperty("invalid", invalid)
        self.confirm_edit.style().unpolish(self.confirm_edit)
        self.confirm_edit.style().polish(self.confirm_edit)

    def accept(self) -> None:
        """Keep the form; a bad amount is outlined and said, and the dialog stays open."""
        try:
            form = self._read()
        except ValueError as error:
            self.error.setText(str(error))
            self._set_invalid(True)
            self.confirm_edit.setFocus()
            return
        self._form = form
        super().accept()

    def chosen(self, now: Settings | None = None) -> Settings:
        """`now` (by default the settings the dialog opened with) with the values OK kept;
        unchanged until OK."""
        return dataclasses.replace(now or self._settings, **self._form)


class _DealQuestion(QMessageBox):
    """The question, deaf to the repeats of a held key: the Enter that asked to deal, held a
    moment too long, must not answer it."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.isAutoRepeat():
            event.accept()
            return
        super().keyPressEvent(event)


async def ask_deal(total: int, over: int, parent: QWidget | None = None) -> bool:
    """ "Deal $1,500.00?": whether the player deals bets above the amount he set. The question
    is window-modal and the loop runs on. Enter answers Deal, the key that asked to deal (a
    held Enter's repeats are not an answer: docs/decisions.md, "Settings (Game ▸ Settings)"); No,
    Escape and closing the question deal nothing."""
    box = _DealQuestion(parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setWindowTitle("Deal?")
    # Wide enough to read in two lines; the message box would otherwise wrap it in five.
    box.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 360px; }")
    box.setText(f"Deal {dollars(total)}?")
    box.setInformativeText(
        f"Your bets come to {dollars(total)}, more than the {dollars(over)} you asked to "
        "confirm (Game ▸ Settings)."
    )
    deal = box.addButton("&Deal", QMessageBox.ButtonRole.AcceptRole)
    no = box.addButton("&No", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(deal)
    box.setEscapeButton(no)
    done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def finished(_code: int) -> None:
        if not done.done():
            done.set_result(box.clickedButton() is deal)

    box.finished.connect(finished)
    box.open()
    return await done
