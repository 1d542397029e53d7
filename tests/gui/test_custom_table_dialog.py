"""The custom table dialog: every bound, in the player's words, a steady size, a live house edge."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from casino_gui.engine.games import GAMES
from casino_gui.engine.rules import Rules
from casino_gui.engine.rules import bounds as bound
from casino_gui.engine.strategy import house_edge
from casino_gui.gui.dialogs.custom_table import CustomTableDialog
from casino_gui.gui.lobby.game_tile import edge_text
from casino_gui.gui.lobby.house_edges import HouseEdges
from casino_gui.gui.workers import WorkerProcess
from tests.gui.conftest import drain

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def edges(tmp_path: Path) -> Iterator[HouseEdges]:
    worker = WorkerProcess()
    yield HouseEdges(tmp_path, worker)
    worker.shutdown()


def open_dialog(
    qtbot: QtBot, base: Rules | None = None, edges: HouseEdges | None = None
) -> CustomTableDialog:
    dialog = CustomTableDialog(base, edges=edges)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def type_into(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Select the field's text and type over it, as a player does."""
    if isinstance(widget, QComboBox):
        edit = widget.lineEdit()
        assert edit is not None
        widget = edit
    assert isinstance(widget, QLineEdit | QSpinBox)
    widget.setFocus()
    widget.selectAll()
    if text:
        qtbot.keyClicks(widget, text)
    else:
        qtbot.keyClick(widget, Qt.Key.Key_Delete)


def refused(qtbot: QtBot, dialog: CustomTableDialog) -> None:
    """Click Play this table and see the dialog stay open."""
    with qtbot.assertNotEmitted(dialog.accepted):
        qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.isVisible()


# --- The spin boxes cannot leave their bounds ------------------------------------------------

SPINS = [
    ("decks", bound.DECKS, "9", "0"),
    ("doubles_per_hand", bound.DOUBLES_PER_HAND, "8", ""),
    ("double_min_cards", bound.DOUBLE_MIN_CARDS, "5", "1"),
    ("double_max_cards", (bound.DOUBLE_MAX_CARDS[0] - 1, bound.DOUBLE_MAX_CARDS[1]), "6", "0"),
    ("split_max_hands", bound.SPLIT_MAX_HANDS, "5", "0"),
    ("circles", bound.CIRCLES, "6", "0"),
    ("penetration", (49, 90), "95", "40"),  # 49 (below the engine's 50%): none
]


@pytest.mark.parametrize(("option", "bounds", "above", "below"), SPINS)
def test_a_spin_box_holds_only_its_options_range(
    qtbot: QtBot, option: str, bounds: tuple[int, int], above: str, below: str
) -> None:
    dialog = open_dialog(qtbot)
    spin = dialog.field(option)
    assert isinstance(spin, QSpinBox)
    assert (spin.minimum(), spin.maximum()) == bounds
    for text in (above, below):
        if text:
            type_into(qtbot, spin, text)
            spin.interpretText()
            assert bounds[0] <= spin.value() <= bounds[1]
    # Both ends are tables the engine accepts.
    for value in bounds:
        spin.setValue(value)
        if option == "double_min_cards":
            dialog.field("double_max_cards").setValue(0)  # type: ignore[attr-defined]
        qtbot.mouseClick(dialog.ok_button, LEFT)
        assert dialog.error_text(option) == "", dialog.general_error_text()
        dialog.show()


def test_the_cut_card_makes_a_shoe_table_and_its_lowest_choice_shuffles_every_round(
    qtbot: QtBot,
) -> None:
    dialog = open_dialog(qtbot)
    cut = dialog.field("penetration")
    assert isinstance(cut, QSpinBox)
    assert cut.text() == "Shuffle before every round"  # the seven games' way, the default
    type_into(qtbot, cut, "75")
    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.rules().penetration == 0.75
    # Opened again on that table, it shows its cut card; back to the lowest, no shoe.
    again = open_dialog(qtbot, dialog.rules())
    cut = again.field("penetration")
    assert isinstance(cut, QSpinBox)
    assert cut.value() == 75
    cut.setValue(cut.minimum())
    with qtbot.waitSignal(again.accepted, timeout=1000):
        qtbot.mouseClick(again.ok_button, LEFT)
    assert again.rules().penetration is None


def test_doubling_up_to_fewer_cards_than_the_minimum_is_refused(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot)
    type_into(qtbot, dialog.field("double_min_cards"), "4")
    type_into(qtbot, dialog.field("double_max_cards"), "3")
    refused(qtbot, dialog)
    assert dialog.error_text("double_max_cards") == (
        "Double up to (3 cards) must not be below Double on hands of (4 cards)"
    )
    assert dialog.is_highlighted("double_max_cards")


# --- Typed payouts and limits are refused in the player's words ------------------------------

PAYS = "Blackjack pays must be between 1:1 and 2:1, written like 3:2"
MIN_BET = "Minimum bet must be whole dollars from $1.00 to $500.00"
MAX_BET = "Maximum bet must be whole dollars from $1.00 to $5,000.00"

TYPED = [
    ("natural_pays", "1000:1", PAYS),
    ("natural_pays", "5:2", PAYS),
    ("natural_pays", "1:2", PAYS),
    ("natural_pays", "abc", PAYS),
    ("natural_pays", "3:0", PAYS),
    ("min_bet", "0.99", f"{MIN_BET} (not $0.99)"),
    ("min_bet", "5.25", f"{MIN_BET} (not $5.25)"),
    ("min_bet", "", "Minimum bet must be an amount in dollars, written like 25"),
    ("min_bet", "600", "Minimum bet ($600.00) must not be over the maximum bet ($500.00)"),
    ("max_bet", "5001", f"{MAX_BET} (not $5,001.00)"),
    ("max_bet", "25.50", f"{MAX_BET} (not $25.50)"),
    ("max_bet", ".", "Maximum bet must be an amount in dollars, written like 25"),
]


@pytest.mark.parametrize(("option", "text", "message"), TYPED)
def test_a_typed_value_out_of_bounds_is_refused_naming_the_option(
    qtbot: QtBot, option: str, text: str, message: str
) -> None:
    dialog = open_dialog(qtbot)
    type_into(qtbot, dialog.field(option), text)
    refused(qtbot, dialog)
    assert dialog.error_text(option) == message
    assert dialog.is_highlighted(option)
    assert dialog.rules() is GAMES["blackjack"]


@pytest.mark.parametrize(
    ("option", "text", "cents"),
    [
        ("natural_pays", "2:1", "2:1"),
        ("natural_pays", "1:1", "1:1"),
        ("natural_pays", "7:5", "7:5"),
        ("min_bet", "1", 100),
        ("max_bet", "5,000", 500_000),
    ],
)
def test_the_ends_of_the_typed_ranges_are_accepted(
    qtbot: QtBot, option: str, text: str, cents: object
) -> None:
    dialog = open_dialog(qtbot)
    type_into(qtbot, dialog.field(option), text)
    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        qtbot.mouseClick(dialog.ok_button, LEFT)
    assert str(getattr(dialog.rules(), option)) == str(cents)


def test_the_payout_is_named_as_pontoon_names_its_natural(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, GAMES["pontoon"])
    type_into(qtbot, dialog.field("natural_pays"), "3:1")
    refused(qtbot, dialog)
    assert dialog.error_text("natural_pays") == (
        "Pontoon pays must be between 1:1 and 2:1, written like 3:2"
    )


# --- The dialog keeps its size ---------------------------------------------------------------


def test_the_dialog_does_not_grow_on_an_error_and_never_stays_grown(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot)
    size = QSize(dialog.size())
    type_into(qtbot, dialog.field("min_bet"), "600")
    type_into(qtbot, dialog.field("max_bet"), "500")
    refused(qtbot, dialog)
    assert dialog.error_text("min_bet")
    drain(qtbot)
    assert dialog.size() == size
    # The longest refusal there is, then another game, then a good table: still the same size.
    type_into(qtbot, dialog.field("min_bet"), "5")
    type_into(qtbot, dialog.field("max_bet"), "")
    refused(qtbot, dialog)
    assert dialog.size() == size
    combo = dialog.findChildren(QComboBox)[0]
    combo.setCurrentIndex(combo.findData("no_bust_21"))
    drain(qtbot)
    assert dialog.size() == size
    assert dialog.general_error_text() == ""
    assert dialog.error_text("max_bet") == ""


def test_a_change_clears_the_refusal_until_the_form_is_checked_again(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot)
    type_into(qtbot, dialog.field("natural_pays"), "9:1")
    refused(qtbot, dialog)
    assert dialog.is_highlighted("natural_pays")
    type_into(qtbot, dialog.field("natural_pays"), "6:5")
    assert not dialog.is_highlighted("natural_pays")
    assert dialog.error_text("natural_pays") == ""
    # Checked again shortly after the last change (its timer has fired): still fine.
    qtbot.waitUntil(lambda: not dialog._edge_timer.isActive(), timeout=3_000)
    assert dialog.error_text("natural_pays") == ""


def test_a_refusal_appears_by_itself_shortly_after_typing(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot)
    type_into(qtbot, dialog.field("natural_pays"), "9:1")
    qtbot.waitUntil(lambda: dialog.error_text("natural_pays") == PAYS, timeout=3000)
    assert dialog.isVisible()


# --- The table's house edge, worked out in the worker as options change -----------------------


def test_the_house_edge_is_shown_and_follows_the_options(qtbot: QtBot, edges: HouseEdges) -> None:
    dialog = open_dialog(qtbot, edges=edges)
    line = dialog.edge_line
    assert line is not None
    # Opening asks for the starting table's edge; the spinner turns while the worker works.
    assert line.is_computing()
    assert line.spinner.isVisible()
    qtbot.waitUntil(lambda: not line.is_computing(), timeout=120_000)
    start = GAMES["blackjack"].replace(name="Custom table (from Standard BlackJack)")
    assert (
        line.text() == f"House edge with basic strategy: {edge_text(house_edge(start))} of the bet"
    )

    asked: list[Rules] = []
    edges.computing.connect(asked.append)
    # Three quick changes: one job, for the table as it stands after the last.
    type_into(qtbot, dialog.field("decks"), "1")
    type_into(qtbot, dialog.field("natural_pays"), "6:5")
    type_into(qtbot, dialog.field("circles"), "5")
    qtbot.waitUntil(line.is_computing, timeout=3000)
    assert line.spinner.isVisible()
    qtbot.waitUntil(lambda: not line.is_computing(), timeout=120_000)
    single_deck = start.replace(decks=1, natural_pays="6:5", circles=5)
    assert asked == [single_deck]
    assert line.text() == (
        f"House edge with basic strategy: {edge_text(house_edge(single_deck))} of the bet"
    )
    assert edges.worker.pid not in (None, os.getpid())


def test_a_refused_table_has_no_house_edge_and_stops_the_job(
    qtbot: QtBot, edges: HouseEdges
) -> None:
    dialog = open_dialog(qtbot, edges=edges)
    line = dialog.edge_line
    assert line is not None and line.is_computing()
    type_into(qtbot, dialog.field("natural_pays"), "9:1")
    qtbot.waitUntil(lambda: dialog.error_text("natural_pays") == PAYS, timeout=3000)
    assert not line.is_computing()
    assert not line.spinner.isVisible()
    assert line.text() == "House edge with basic strategy: —"
    assert not edges.worker.busy()


def test_closing_the_dialog_withdraws_its_house_edge_job(qtbot: QtBot, edges: HouseEdges) -> None:
    dialog = open_dialog(qtbot, edges=edges)
    assert edges.worker.busy()
    qtbot.mouseClick(dialog.cancel_button, LEFT)
    assert not edges.worker.busy()
    assert edges.worker.pid is None
