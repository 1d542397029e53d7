"""The custom table: start from one of the seven games and change its documented options.

docs/rules.md, "Custom table": decks, the cut card (a shuffle before every round, or a shoe dealt
to a penetration: docs/decisions.md, "Shoe games"), dealer soft 17, double rules, double after
split, split limit, resplit aces, surrender, natural payout, circles and limits. The engine
validates the result against each option's bounds (engine/rules/bounds.py); this dialog only
collects the values, outlines the option the engine refused and says why on one line of fixed
height, so the dialog never changes size. Half a second after the last change it shows the table's house edge,
worked out in the worker process.
"""

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QRegularExpressionValidator, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import GAMES, Rules, RulesError, cents_to_entry, dollars_to_cents
from casino_gui.engine.rules.bounds import (
    CIRCLES,
    DECKS,
    DOUBLE_MAX_CARDS,
    DOUBLE_MIN_CARDS,
    DOUBLES_PER_HAND,
    NATURAL_PAY_CHOICES,
    PENETRATION,
    SPLIT_MAX_HANDS,
    OptionError,
    label,
)
from casino_gui.gui.dialogs.felt_scroll import felt_scroll
from casino_gui.gui.dialogs.form_parts import dress_form_dialog, error_line, form_group, ok_button
from casino_gui.gui.dialogs.house_edge_line import HouseEdgeLine
from casino_gui.gui.dialogs.rules import RulesDialog
from casino_gui.gui.dialogs.screen_fit import FRAME_ROOM, fit_scrolled_form, screen_room
from casino_gui.gui.lobby.house_edges import HouseEdges
from casino_gui.gui.theme import input_palette, sans, use_fusion

# The house edge is worked out this long after the last change: typing "25" asks once.
EDGE_DELAY_MS = 500
# The cut card in whole percent of the shoe; one below the engine's range stands for none.
CUT_CARD = (round(PENETRATION[0] * 100) - 1, round(PENETRATION[1] * 100))
EVERY_ROUND = "Shuffle before every round"


class CustomTableDialog(QDialog):
    """Build a custom table from a game's preset; `rules()` is the table it made."""

    def __init__(
        self,
        base: Rules | None = None,
        parent: QWidget | None = None,
        edges: HouseEdges | None = None,
    ) -> None:
        super().__init__(parent)
        self._edge_timer = QTimer(self)
        self._edge_timer.setSingleShot(True)
        self._edge_timer.setInterval(EDGE_DELAY_MS)
        self._edge_timer.timeout.connect(self._recompute)
        self._refused: str | None = None  # the option outlined in red
        start = base if base is not None else next(iter(GAMES.values()))
        self._rules = start
        self._base = start
        self._fields: dict[str, QWidget] = {}

        self._layout = layout = dress_form_dialog(
            self,
            "Custom table",
            "Start from one of the house games, then set the rules you like to play.",
        )

        self._game = QComboBox()
        for game_id, rules in GAMES.items():
            self._game.addItem(rules.name, game_id)
        self._game.setMinimumWidth(300)
        self._dress(self._game)
        start_row = QHBoxLayout()
        start_label = QLabel("Start from")
        start_label.setFont(sans(15, bold=True))
        start_row.addWidget(start_label)
        start_row.addWidget(self._game)
        start_row.addStretch(1)

        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(10)
        self._grid = grid
        shoe, table = self._shoe_group(), self._table_group()
        self._boxes = (shoe, table, self._double_group(), self._split_group())
        self._place_boxes(columns=2)

        # The engine's refusal, on two lines kept for it whether or not there is one, so the
        # dialog does not grow when one appears (nor stay grown). Its width never widens it.
        self._message = error_line(2)
        self._message.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

        self.edge_line = HouseEdgeLine(edges) if edges is not None else None

        preview = QPushButton("Rules…")
        preview.setToolTip("Read the rules page of the table as set here")
        preview.clicked.connect(self._preview_rules)
        cancel = QPushButton("Cancel")
        cancel.clicked.connect(self.reject)
        ok = ok_button(self, "Play this table")
        for button in (preview, cancel, ok):
            button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.ok_button = ok
        self.cancel_button = cancel
        self.preview_button = preview
        buttons = QHBoxLayout()
        buttons.addWidget(preview)
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        buttons.addWidget(ok)

        # The start and the groups scroll between the title and the buttons on a small screen
        # (twice the scale: 640 x 400 to Qt); the buttons stay in view.
        groups = QWidget()
        column = QVBoxLayout(groups)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(start_row)
        column.addLayout(grid)
        self._groups = groups
        self.groups_area = felt_scroll(groups)
        layout.addWidget(self.groups_area, 1)
        if self.edge_line is not None:
            layout.addWidget(self.edge_line)
        layout.addWidget(self._message)
        layout.addLayout(buttons)

        self._game.setCurrentIndex(max(0, self._game.findData(start.game)))
        self._load(start)
        self._game.currentIndexChanged.connect(self._game_changed)
        self._fit()
        self._recompute()

    def showEvent(self, event: QShowEvent) -> None:
        # Measured again once shown: only then do the style sheet's fonts size every label.
        super().showEvent(event)
        self._fit()

    def _place_boxes(self, columns: int) -> None:
        """The option groups in two columns (the shoe and the table, then doubling and
        splitting), or one under the other."""
        for index, box in enumerate(self._boxes):
            row, column = (index % 2, index // 2) if columns == 2 else (index, 0)
            self._grid.addWidget(box, row, column)

    def _fit(self) -> None:
        """The groups side by side where the screen is wide enough for them, else in one
        column (twice the scale: 640 x 400 to Qt), which scrolls up and down only."""
        room = screen_room(self)
        self._place_boxes(columns=2)
        if room is not None:
            self.ensurePolished()
            edges = self.contentsMargins() + self._layout.contentsMargins()
            bar = self.groups_area.verticalScrollBar().sizeHint().width()
            wanted = self._groups.sizeHint().width() + bar + edges.left() + edges.right()
            if wanted > room.width() - FRAME_ROOM[0]:
                self._place_boxes(columns=1)
        fit_scrolled_form(self, self.groups_area, self._groups, room)

    # --- The form -----------------------------------------------------------------------

    def _add(self, form: QFormLayout, text: str | QLabel, name: str, widget: QWidget) -> None:
        """A setting's row; a change clears its complaint and asks for the house edge again."""
        self._fields[name] = widget
        self._dress(widget)
        form.addRow(text, widget)
        for signal_name in ("valueChanged", "toggled", "textEdited", "editTextChanged"):
            signal = getattr(widget, signal_name, None)
            if signal is not None:
                signal.connect(lambda *_: self._changed(name))

    @staticmethod
    def _spin(bounds: tuple[int, int], suffix: str = "", special: str = "") -> QSpinBox:
        """A spin box over an option's bounds: it cannot hold a value the engine refuses."""
        spin = QSpinBox()
        spin.setRange(*bounds)
        spin.setSuffix(suffix)
        # The lowest value stands for "none" or "any" where the rule allows it.
        if special:
            spin.setSpecialValueText(special)
        spin.setMinimumWidth(170)
        return spin

    @staticmethod
    def _check(text: str) -> QCheckBox:
        check = QCheckBox(text)
        check.setCursor(Qt.CursorShape.PointingHandCursor)
        return check

    def _money(self) -> QLineEdit:
        edit = QLineEdit()
        edit.setProperty("money", True)
        edit.setValidator(QRegularExpressionValidator(r"\$?[0-9,]{0,9}(\.[0-9]{0,2})?", edit))
        edit.setPlaceholderText("dollars, e.g. 5 or 5.25")
        edit.setMinimumWidth(170)
        return edit

    def _shoe_group(self) -> QGroupBox:
        group, form = form_group("Shoe and dealer")
        self._add(form, label("decks"), "decks", self._spin(DECKS, " decks"))
        cut = self._spin(CUT_CARD, "% dealt, then shuffle", EVERY_ROUND)
        cut.setSingleStep(5)
        cut.setToolTip(
            "Deal from a shoe to a cut card: the share of the shoe dealt before the shuffle"
        )
        self._add(form, label("penetration"), "penetration", cut)
        self._add(form, "", "dealer_hits_soft_17", self._check("Dealer hits soft 17"))
        self._natural_label = QLabel("Blackjack pays")
        payout = QComboBox()
        payout.setEditable(True)
        payout.addItems(NATURAL_PAY_CHOICES)  # the combo box is editable: any a:b
        payout.setMinimumWidth(170)
        self._add(form, self._natural_label, "natural_pays", payout)
        self._add(form, "", "surrender", self._check("Surrender allowed"))
        return group

    def _double_group(self) -> QGroupBox:
        group, form = form_group("Doubling down")
        self._add(
            form,
            label("doubles_per_hand"),
            "doubles_per_hand",
            self._spin(DOUBLES_PER_HAND, "", "none"),
        )
        self._add(
            form,
            label("double_min_cards"),
            "double_min_cards",
            self._spin(DOUBLE_MIN_CARDS, " cards or more"),
        )
        # One below the range stands for "any number" (the engine's None).
        any_number = (DOUBLE_MAX_CARDS[0] - 1, DOUBLE_MAX_CARDS[1])
        self._add(
            form,
            label("double_max_cards"),
            "double_max_cards",
            self._spin(any_number, " cards", "any number of cards"),
        )
        self._add(form, "", "double_after_split", self._check("Double after a split"))
        return group

    def _split_group(self) -> QGroupBox:
        group, form = form_group("Splitting")
        self._add(
            form,
            label("split_max_hands"),
            "split_max_hands",
            self._spin(SPLIT_MAX_HANDS, " hands", "no splits"),
        )
        self._add(form, "", "resplit_aces", self._check("Re-split aces"))
        return group

    def _table_group(self) -> QGroupBox:
        group, form = form_group("The table")
        self._add(form, label("circles"), "circles", self._spin(CIRCLES, " circles"))
        self._add(form, "Minimum bet ($)", "min_bet", self._money())
        self._add(form, "Maximum bet ($)", "max_bet", self._money())
        return group

    # --- Values in and out --------------------------------------------------------------

    def _load(self, rules: Rules) -> None:
        def spin(name: str) -> QSpinBox:
            widget = self._fields[name]
            assert isinstance(widget, QSpinBox)
            return widget

        def check(name: str) -> QCheckBox:
            widget = self._fields[name]
            assert isinstance(widget, QCheckBox)
            return widget

        spin("decks").setValue(rules.decks)
        cut = spin("penetration")
        pct = cut.minimum() if rules.penetration is None else round(rules.penetration * 100)
        cut.setValue(pct)
        check("dealer_hits_soft_17").setChecked(rules.dealer_hits_soft_17)
        spin("doubles_per_hand").setValue(rules.doubles_per_hand)
        spin("double_min_cards").setValue(rules.double_min_cards)
        # The spin box's lowest value is "any number" (the engine's None).
        max_cards = spin("double_max_cards")
        max_cards.setValue(rules.double_max_cards or max_cards.minimum())
        check("double_after_split").setChecked(rules.double_after_split)
        spin("split_max_hands").setValue(rules.split_max_hands)
        check("resplit_aces").setChecked(rules.resplit_aces)
        check("surrender").setChecked(rules.surrender)
        spin("circles").setValue(rules.circles)
        payout = self._fields["natural_pays"]
        assert isinstance(payout, QComboBox)
        payout.setCurrentText(str(rules.natural_pays))
        # Caribbean 21 has no naturals: its payout would change nothing.
        payout.setEnabled(rules.naturals)
        self._natural_label.setEnabled(rules.naturals)
        self._natural_label.setText(label("natural_pays", rules.natural_name))
        for name, cents in (("min_bet", rules.min_bet), ("max_bet", rules.max_bet)):
            edit = self._fields[name]
            assert isinstance(edit, QLineEdit)
            edit.setText(cents_to_entry(cents))
        self._clear_errors()

    def _game_changed(self) -> None:
        self._base = GAMES[self._game.currentData()]
        self._load(self._base)

    def _overrides(self) -> dict[str, Any]:
        """The form's values as `Rules.replace` overrides; a bad amount raises `RulesError`."""
        values: dict[str, Any] = {}
        for name, widget in self._fields.items():
            if isinstance(widget, QCheckBox):
                values[name] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                values[name] = widget.value()
            elif isinstance(widget, QComboBox):
                if widget.isEnabled():
                    values[name] = widget.currentText().strip()
            elif isinstance(widget, QLineEdit):
                try:
                    values[name] = dollars_to_cents(widget.text())
                except ValueError:
                    raise OptionError(
                        name, f"{label(name)} must be an amount in dollars, written like 25"
                    ) from None
        any_number = self._fields["double_max_cards"]
        assert isinstance(any_number, QSpinBox)
        if values["double_max_cards"] == any_number.minimum():
            values["double_max_cards"] = None
        cut = values["penetration"]
        values["penetration"] = None if cut == CUT_CARD[0] else cut / 100
        return values

    def _build(self) -> Rules:
        game = self._game.currentData()
        overrides = self._overrides()
        return self._base.replace(**overrides, name=f"Custom table (from {GAMES[game].name})")

    # --- Checking and the house edge -----------------------------------------------------

    def _changed(self, name: str) -> None:
        # The whole form is checked again shortly: an old complaint would mislead until then.
        self._clear_errors()
        self._edge_timer.start()

    def _recompute(self) -> None:
        """Check the form as it stands and show its house edge, or why it has none."""
        self._edge_timer.stop()
        try:
            rules = self._build()
        except RulesError as error:
            self._show_error(error, focus=False)
            if self.edge_line is not None:
                self.edge_line.show_edge(None)
            return
        if self.edge_line is not None:
            self.edge_line.show_for(rules)

    def done(self, result: int) -> None:
        # Closed: the house edge of a table nobody will play is not worked out.
        self._edge_timer.stop()
        if self.edge_line is not None:
            self.edge_line.cancel()
        super().done(result)

    # --- Errors -------------------------------------------------------------------------

    def _show_error(self, error: RulesError, *, focus: bool = True) -> None:
        self._clear_errors()
        if self.edge_line is not None:
            self.edge_line.show_edge(None)  # a refused table has no edge
        self._message.setText(str(error))
        option = error.option if isinstance(error, OptionError) else None
        if option in self._fields:
            assert option is not None
            self._refused = option
            widget = self._fields[option]
            self._set_invalid(widget, True)
            if focus:
                widget.setFocus()

    def _dress(self, widget: QWidget, invalid: bool = False) -> None:
        if isinstance(widget, QSpinBox | QComboBox | QCheckBox):
            use_fusion(widget)
            palette = input_palette(invalid=invalid, label_on_felt=isinstance(widget, QCheckBox))
            widget.setPalette(palette)
            # The line edit inside a spin box stops inheriting once the style sheet polished it.
            for inner in widget.findChildren(QLineEdit):
                inner.setPalette(palette)

    def _set_invalid(self, widget: QWidget, invalid: bool) -> None:
        widget.setProperty("invalid", invalid)
        # A dynamic property only restyles the widget once its style is re-applied; that resets
        # the palette too, so the palette comes after.
        widget.style().unpolish(widget)
        widget.style().polish(widget)
        self._dress(widget, invalid)

    def _clear_errors(self) -> None:
        self._message.clear()
        if self._refused is not None:
            self._set_invalid(self._fields[self._refused], False)
            self._refused = None

    # --- Public -------------------------------------------------------------------------

    def accept(self) -> None:
        """Apply the form; on the engine's refusal, outline the setting, say why, stay open."""
        try:
            rules = self._build()
        except RulesError as error:
            self._show_error(error)
            return
        self._rules = rules
        super().accept()

    def _preview_rules(self) -> None:
        try:
            rules = self._build()
        except RulesError as error:
            self._show_error(error)
            return
        dialog = RulesDialog(rules, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def rules(self) -> Rules:
        """The table made by the last accepted form; the starting rules until then."""
        return self._rules

    def field(self, setting: str) -> QWidget:
        """The widget that edits a setting (a `Rules` field name)."""
        return self._fields[setting]

    def error_text(self, setting: str) -> str:
        """The refusal shown, when it is about this setting; else ""."""
        return self._message.text() if self._refused == setting else ""

    def general_error_text(self) -> str:
        """The refusal shown, when it names no setting of the form; else ""."""
        return self._message.text() if self._refused is None else ""

    def is_highlighted(self, setting: str) -> bool:
        return bool(self._fields[setting].property("invalid"))
