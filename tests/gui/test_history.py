"""Bankroll ▸ History: readable rows (cards as symbols, the dealer's hand, each hand's result
and net, side bets, refunded rounds marked), the Net column in view at 800 x 600, filters,
the replay on double-click or Enter, and the export to CSV and JSON through the file dialog,
which replays to the same results and is written whole or not at all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLineEdit
from pytestqt.qtbot import QtBot

from bench.store import generate_history
from casino_gui.engine import GAMES, Bet
from casino_gui.engine.round import Action
from casino_gui.gui.dialogs.history import HistoryDialog
from casino_gui.gui.dialogs.history_export import ExportFormat
from casino_gui.gui.dialogs.history_rows import COLUMNS, NET
from casino_gui.gui.replay.viewer import ReplayViewer
from casino_gui.store import Bankroll, Refunded
from tests.gui.conftest import Table
from tests.store.bankroll_files import raw

Open = Callable[..., Table]


def row(dialog: HistoryDialog, number: int) -> dict[str, str]:
    model = dialog.table.model()
    return {name: model.index(number, column).data() for column, name in enumerate(COLUMNS)}


def dialog_of(
    qtbot: QtBot, bankroll: Bankroll, size: tuple[int, int] = (1000, 560)
) -> HistoryDialog:
    dialog = HistoryDialog(bankroll)
    qtbot.addWidget(dialog)
    dialog.resize(*size)
    with qtbot.waitExposed(dialog):
        dialog.show()
    qtbot.waitUntil(lambda: dialog.totals.text() != "Counting…")
    return dialog


def history(table: Table) -> HistoryDialog:
    return dialog_of(table.qtbot, table.window.bankroll)


@pytest.fixture
def bankroll(tmp_path: Path) -> Iterator[Bankroll]:
    with Bankroll.open(tmp_path / "data") as opened:
        yield opened


def test_history_shows_insurance_lost_and_the_net_with_it(open_table: Open) -> None:
    # Player 8S 8D, dealer AH 7C: insurance $5 lost; split 8S+3H doubled with TC = 21 wins $20,
    # 8D+9S = 17 loses $10 to the dealer's soft 18. Net -5 + 20 - 10 = +$5.
    table = open_table("blackjack")
    table.select_chip(1_000)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="8S AH 8D 7C 3H TC 9S")
    for action in (Action.INSURE, Action.SPLIT, Action.DOUBLE, Action.STAND):
        table.press(action)
    cells = row(history(table), 0)
    assert cells["Game"] == "Standard BlackJack"
    assert cells["Dealer"] == "A♥ 7♣ (18)"
    assert cells["Your hands"] == "8♠ 3♥ 10♣ 21 win +$20.00 · 8♦ 9♠ 17 lose −$10.00"
    assert cells["Side bets"] == "Insurance on 1: $5.00, −$5.00"
    assert cells["Net"] == "+$5.00"


def test_history_shows_a_buster_bet_won(open_table: Open) -> None:
    # No Bust 21: $10 on circle 1 with a $1 Buster. Player TS 9C stands on 19; the dealer
    # 6H TD draws KC and busts with 26 in three cards: the hand wins $10, the Buster bet pays
    # 1:1 on a three-card bust (+$1). Net +$11.
    table = open_table("no_bust_21")
    table.select_chip(1_000)
    table.click_circle(1)
    table.select_chip(100)
    table.click_circle(1, kind="buster")
    table.press(Action.DEAL, shoe="TS 6H 9C TD KC")
    table.press(Action.STAND)
    assert table.window.bankroll.balance == 101_100
    cells = row(history(table), 0)
    assert cells["Dealer"] == "6♥ 10♦ K♣ (26)"
    assert cells["Side bets"] == "Buster on 1: $1.00, +$1.00"
    assert cells["Net"] == "+$11.00"


def test_a_round_without_side_bets_shows_a_dash(open_table: Open) -> None:
    table = open_table("blackjack")
    table.select_chip(500)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9C 6H 8D")
    table.press(Action.STAND)  # 16 against 17: lost
    dialog = history(table)
    cells = row(dialog, 0)
    assert cells["Your hands"] == "10♠ 6♥ 16 lose −$5.00"
    assert cells["Side bets"] == "—"
    assert cells["Net"] == "−$5.00"
    assert dialog.totals.text() == "1 round · bet $5.00 · net −$5.00 · 0 won, 1 lost, 0 pushed"


def test_a_round_won_on_one_circle_and_lost_on_another_is_mixed_not_pushed(
    open_table: Open,
) -> None:
    table = open_table("blackjack")
    table.select_chip(1_000)
    table.click_circle(1)
    table.click_circle(2)
    # Circle 1: TS 9C = 19; circle 2: TH 6D = 16; the dealer 8C 9D = 17.
    table.press(Action.DEAL, shoe="TS TH 8C 9C 6D 9D")
    table.press(Action.STAND)
    table.press(Action.STAND)
    dialog = history(table)
    assert row(dialog, 0)["Net"] == "$0.00"
    assert dialog.totals.text() == (
        "1 round · bet $20.00 · net $0.00 · 0 won, 0 lost, 0 pushed, 1 mixed"
    )
    dialog.outcome.setCurrentIndex(dialog.outcome.findText("Pushes"))
    table.qtbot.waitUntil(lambda: dialog.rows.rowCount() == 0, timeout=5_000)
    dialog.outcome.setCurrentIndex(dialog.outcome.findText("Mixed"))
    table.qtbot.waitUntil(lambda: dialog.rows.rowCount() == 1, timeout=5_000)


def test_bankroll_history_in_the_menu_opens_the_paged_history(open_table: Open) -> None:
    table = open_table("blackjack")
    table.select_chip(500)
    table.click_circle(1)
    table.press(Action.DEAL, shoe="TS 9C 6H 8D")
    table.press(Action.STAND)
    seen: list[tuple[str, int]] = []

    def look_and_close() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, HistoryDialog)
        seen.append((dialog.windowTitle(), dialog.rows.rowCount()))
        dialog.reject()

    QTimer.singleShot(200, look_and_close)
    table.window.menu_action("History…").trigger()  # modal: returns once closed
    assert seen == [("History", 1)]


def refunded_bankroll(folder: Path) -> None:
    """Round 1: 10♠ 7♣ hits 5♠ and busts (−$10.00); round 2 left open and its journal
    spoiled, so the next start refunds it."""
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="TS 9H 7C TD 5S")
        bankroll.act("hit")
        bankroll.deal(GAMES["blackjack"], [Bet(1, 2_500)], shoe="8S 9H 8C 7D 3H TC 2D")
        bankroll.act("split")  # left open
    with closing(raw(folder)) as db:
        db.execute("UPDATE actions SET action = 'hit' WHERE round_id = 2")


def test_a_refunded_round_is_marked_and_counted_apart(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    refunded_bankroll(folder)
    with Bankroll.open(folder) as bankroll:
        assert isinstance(bankroll.resumed, Refunded)
        dialog = dialog_of(qtbot, bankroll)
        cells = row(dialog, 0)
        assert cells["Your hands"].startswith("Refunded: ")
        assert (cells["Dealer"], cells["Side bets"], cells["Net"]) == ("—", "—", "refunded")
        index = dialog.table.model().index(0, NET)
        assert index.data(Qt.ItemDataRole.FontRole).italic()
        assert dialog.totals.text().startswith("2 rounds (1 refunded) · ")
        dialog.outcome.setCurrentIndex(dialog.outcome.findText("Refunded"))
        assert dialog.rows.rowCount() == 1
        qtbot.waitUntil(lambda: dialog.totals.text().startswith("1 round (1 refunded) · bet $0.00"))


@pytest.mark.parametrize(
    "spoil",
    [
        "UPDATE rounds SET result = substr(result, 1, 20) WHERE id = 2",
        "UPDATE rounds SET result = '[]', closed_at = 'yesterday' WHERE id = 2",
    ],
)
def test_a_damaged_round_costs_only_its_own_row(qtbot: QtBot, tmp_path: Path, spoil: str) -> None:
    generate_history(tmp_path / "data", 3)
    with closing(raw(tmp_path / "data")) as db:
        db.execute(spoil)
    with Bankroll.open(tmp_path / "data") as bankroll:
        dialog = dialog_of(qtbot, bankroll)

        assert dialog.rows.rowCount() == 3
        damaged = row(dialog, 1)
        assert damaged["Round"] == "2"
        assert damaged["Your hands"].startswith("Damaged: its record cannot be read (")
        assert (damaged["Dealer"], damaged["Side bets"], damaged["Net"]) == ("—", "—", "damaged")
        assert (damaged["When"] == "—") is ("yesterday" in spoil)
        for number in (0, 2):
            assert row(dialog, number)["Net"].startswith(("+", "−", "$"))


def test_the_net_column_is_in_view_at_800_by_600(qtbot: QtBot, tmp_path: Path) -> None:
    generate_history(tmp_path / "data", 60)
    with Bankroll.open(tmp_path / "data") as bankroll:
        dialog = dialog_of(qtbot, bankroll, (800, 600))
        qtbot.waitUntil(lambda: dialog.size().width() == 800)
        header = dialog.table.horizontalHeader()
        right = header.sectionViewportPosition(NET) + header.sectionSize(NET)
        assert right <= dialog.table.viewport().width()
        for column in range(len(COLUMNS)):
            assert header.sectionSize(column) >= 40, COLUMNS[column]
        assert dialog.table.horizontalScrollBar().maximum() == 0


def test_no_column_title_is_cut_in_the_smallest_history(qtbot: QtBot, tmp_path: Path) -> None:
    # The dialog at its least size, as twice the scale on a 1280 x 800 screen gives it.
    with Bankroll.open(tmp_path / "data") as bankroll:
        dialog = dialog_of(qtbot, bankroll, (600, 320))
        header = dialog.table.horizontalHeader()
        bold = QFont(header.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        cut = [
            name
            for column, name in enumerate(COLUMNS)
            if header.sectionSize(column) < metrics.horizontalAdvance(name) + 8
        ]
        assert cut == []


def test_double_click_and_enter_open_the_round_in_the_replay_viewer(
    qtbot: QtBot, bankroll: Bankroll
) -> None:
    bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="TS 9C 6H 8D")
    bankroll.act("stand")
    bankroll.deal(GAMES["pontoon"], [Bet(1, 1_000)], shoe="TS 9C 6H 8D")
    bankroll.act("stand")
    dialog = dialog_of(qtbot, bankroll)
    viewport = dialog.table.viewport()
    point = dialog.table.visualRect(dialog.table.model().index(1, 1)).center()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=point)
    viewers = dialog.findChildren(ReplayViewer)
    assert [viewer.round_id for viewer in viewers] == [1]  # the older round, the second row
    assert not viewers[0].isModal()
    viewers[0].close()
    dialog.table.setFocus()
    dialog.table.setCurrentIndex(dialog.table.model().index(0, 0))
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any(v.round_id == 2 for v in dialog.findChildren(ReplayViewer)))
    assert dialog.isVisible()  # Enter opened the round; it did not close the dialog


def test_filters_by_game_and_reversed_dates_change_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    generate_history(tmp_path / "data", 70)  # the seven games in turn, ten rounds each
    with Bankroll.open(tmp_path / "data") as bankroll:
        dialog = dialog_of(qtbot, bankroll)
        assert dialog.rows.rowCount() == 70
        dialog.game.setCurrentIndex(dialog.game.findData("pontoon"))
        assert dialog.rows.rowCount() == 10
        assert {dialog.rows.line(n).game for n in range(10)} == {"pontoon"}
        qtbot.waitUntil(lambda: dialog.totals.text().startswith("10 rounds · "))
        # The generated rounds settled on 2026-01-01 (UTC): a day before finds none.
        dialog.dated.setChecked(True)
        dialog.since.setDate(QDate(2025, 12, 1))
        dialog.until.setDate(QDate(2025, 12, 2))
        assert dialog.rows.rowCount() == 0
        dialog.until.setDate(QDate(2026, 1, 2))
        assert dialog.rows.rowCount() == 10
        dialog.since.setDate(QDate(2026, 2, 1))  # after the last date: refused
        assert dialog.status.text() == (
            "The first date (2026-02-01) is after the last (2026-01-02): the list is unchanged."
        )
        assert dialog.rows.rowCount() == 10


# --- Export ---------------------------------------------------------------------------------


def export_through_the_file_dialog(
    qtbot: QtBot, dialog: HistoryDialog, form: ExportFormat, path: Path
) -> None:
    button = dialog.csv_button if form is ExportFormat.CSV else dialog.json_button
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(dialog.file_dialog.isVisible)
    name = dialog.file_dialog.findChild(QLineEdit, "fileNameEdit")
    name.setText(str(path))  # as typed (typing opens the name completer's popup)
    save = dialog.file_dialog.findChild(QDialogButtonBox).button(
        QDialogButtonBox.StandardButton.Save
    )
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.file_dialog.isVisible())
    qtbot.waitUntil(lambda: button.isEnabled() and not dialog.status.text().startswith("Export"))


def replayed(record: dict[str, object], folder: Path) -> dict[str, object]:
    """The replay command's output for a record, run as a player would run it."""
    path = folder / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "casino_gui.engine.replay", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_json_and_csv_exports_replay_to_the_same_results(qtbot: QtBot, tmp_path: Path) -> None:
    generate_history(tmp_path / "data", 21)
    with Bankroll.open(tmp_path / "data") as bankroll:
        dialog = dialog_of(qtbot, bankroll)
        dialog.game.setCurrentIndex(dialog.game.findData("caribbean_21"))  # rounds 4, 11, 18
        export_through_the_file_dialog(qtbot, dialog, ExportFormat.JSON, tmp_path / "out.json")
        assert dialog.status.text() == f"3 rounds written to {tmp_path / 'out.json'}."
        export_through_the_file_dialog(qtbot, dialog, ExportFormat.CSV, tmp_path / "out.csv")
        assert dialog.status.text() == f"3 rounds written to {tmp_path / 'out.csv'}."
    exported = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert [entry["round"] for entry in exported] == [4, 11, 18]
    for entry in exported:
        assert replayed(entry["record"], tmp_path) == entry["result"]
    import csv

    with (tmp_path / "out.csv").open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    assert [int(r["round"]) for r in rows] == [4, 11, 18]
    for entry, csv_row in zip(exported, rows, strict=True):
        result = replayed(json.loads(csv_row["record"]), tmp_path)
        assert result == entry["result"]
        assert int(csv_row["net"]) == result["bankroll"]["after"] - result["bankroll"]["before"]  # type: ignore[index]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "data",
        "out.csv",
        "out.json",
        "record.json",
    ]


@contextmanager
def mounted_tmpfs(folder: Path, options: str) -> Iterator[Path]:
    folder.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], check=False
    )
    if done.returncode != 0:
        pytest.skip("this machine does not allow mounting a tmpfs")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def failed_export(qtbot: QtBot, tmp_path: Path, target: Path) -> HistoryDialog:
    dialog = dialog_of(qtbot, bankroll_with_rounds(tmp_path))
    export_through_the_file_dialog(qtbot, dialog, ExportFormat.JSON, target)
    return dialog


_opened: list[Bankroll] = []


def bankroll_with_rounds(tmp_path: Path) -> Bankroll:
    generate_history(tmp_path / "data", 40)
    bankroll = Bankroll.open(tmp_path / "data")
    _opened.append(bankroll)
    return bankroll


@pytest.fixture(autouse=True)
def _close_bankrolls() -> Iterator[None]:
    yield
    while _opened:
        _opened.pop().close()


def test_an_export_to_a_full_disk_leaves_nothing_and_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    with mounted_tmpfs(tmp_path / "small", "size=64k") as small:
        (small / "filler").write_bytes(b"x" * 48 * 1024)
        dialog = failed_export(qtbot, tmp_path, small / "rounds.json")  # 40 rounds: ~50 kB
        assert dialog.status.text() == (
            f"Could not write {small / 'rounds.json'}: No space left on device. Nothing was written."
        )
        assert sorted(p.name for p in small.iterdir()) == ["filler"]  # no partial file
        assert dialog.json_button.isEnabled()


def test_an_export_to_a_read_only_disk_leaves_nothing_and_says_why(
    qtbot: QtBot, tmp_path: Path
) -> None:
    with mounted_tmpfs(tmp_path / "locked", "ro,size=64k") as locked:
        dialog = failed_export(qtbot, tmp_path, locked / "rounds.json")
        assert dialog.status.text() == (
            f"Could not write {locked / 'rounds.json'}: Read-only file system. Nothing was written."
        )
        assert list(locked.iterdir()) == []


def test_an_export_into_a_file_posing_as_a_folder_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    (tmp_path / "notes").write_text("not a folder")
    dialog = dialog_of(qtbot, bankroll_with_rounds(tmp_path))
    dialog.export_to(tmp_path / "notes" / "rounds.csv", ExportFormat.CSV)
    qtbot.waitUntil(dialog.csv_button.isEnabled)
    assert dialog.status.text() == (
        f"Could not write {tmp_path / 'notes' / 'rounds.csv'}: Not a directory. Nothing was written."
    )
    assert (tmp_path / "notes").read_text() == "not a folder"


def test_refunded_rounds_have_nothing_to_export(qtbot: QtBot, bankroll: Bankroll) -> None:
    dialog = dialog_of(qtbot, bankroll)
    dialog.outcome.setCurrentIndex(dialog.outcome.findText("Refunded"))
    qtbot.mouseClick(dialog.csv_button, Qt.MouseButton.LeftButton)
    assert not dialog.file_dialog.isVisible()
    assert dialog.status.text() == (
        "Refunded rounds have no result to replay: there is nothing to export."
    )
    QApplication.processEvents()
