"""Practice through the real window: Game ▸ Practice and the lobby's tile, the three drills
answered with the table's own buttons and keys, feedback at once, the chart opened on the
decision's cell, and the bankroll's money untouched."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from casino_gui.engine import GAMES, Action, Bet
from casino_gui.engine.practice import CLOSE_CALL, DrillKind, Kind, kinds_of
from casino_gui.engine.strategy import advise
from casino_gui.gui.dialogs.strategy_chart import StrategyChartDialog
from casino_gui.gui.panels.action_bar import SHORTCUTS
from casino_gui.gui.practice.dialog import PracticeDialog
from casino_gui.gui.settings import CardBack, Felt
from casino_gui.store.practice import progress
from tests.gui.conftest import Table, drain
from tests.store.bankroll_files import raw

Open = Callable[..., Table]


def money_rows(folder: Path) -> list[tuple[object, ...]]:
    with closing(raw(folder)) as db:
        return [
            *db.execute("SELECT * FROM wallet").fetchall(),
            *db.execute("SELECT * FROM ledger ORDER BY id").fetchall(),
        ]


def practice_of(table: Table) -> PracticeDialog:
    """Game ▸ Practice, and the window it opens."""
    table.window.menu_action("Practice…").trigger()
    dialogs = table.window.findChildren(PracticeDialog)
    assert len(dialogs) == 1
    dialog = dialogs[0]
    # Its keys are the dialog's own: they act once it is the active window (queued offscreen).
    table.qtbot.waitUntil(
        lambda: dialog.drill is not None and QApplication.activeWindow() is dialog
    )
    return dialog


def best_and_worse(dialog: PracticeDialog) -> tuple[Action, Action]:
    assert dialog.drill is not None and dialog.drill.table is not None
    advice = advise(dialog.drill.table)
    worse = min(advice.values, key=lambda action: advice.values[action])
    return advice.best, worse


def click(table: Table, dialog: PracticeDialog, action: Action) -> None:
    with table.qtbot.waitSignal(dialog.answered, timeout=10_000):
        table.qtbot.mouseClick(dialog.bar.button(action), Qt.MouseButton.LeftButton)


def key(table: Table, dialog: PracticeDialog, action: Action) -> None:
    with table.qtbot.waitSignal(dialog.answered, timeout=10_000):
        table.qtbot.keyClick(dialog, QKeySequence(SHORTCUTS[action])[0].key())


def test_flash_cards_answered_by_clicks_and_keys_with_feedback_at_once(open_table: Open) -> None:
    table = open_table("super_21")
    folder = table.window.bankroll.folder
    before = money_rows(folder)
    dialog = practice_of(table)
    assert dialog.options.drill is DrillKind.FLASH and dialog.options.rules == GAMES["super_21"]
    best, worse = best_and_worse(dialog)
    assert dialog.bar.lit() == dialog.drill.table.legal_actions()  # type: ignore[union-attr]
    click(table, dialog, best)
    assert dialog.feedback.verdict_text.startswith("Right: ")
    assert dialog.bar.lit() == frozenset()  # one answer a card
    table.qtbot.keyClick(dialog, Qt.Key.Key_Space)
    best, worse = best_and_worse(dialog)
    key(table, dialog, worse)
    said = dialog.feedback.verdict_text
    assert said.startswith(f"Wrong: {worse.value.upper().replace('_', ' ')} gives up $")
    assert "Each move is worth: " in dialog.feedback.values.text()
    assert "This drill: 1 of 2 right" in dialog.tally.text()
    with closing(raw(folder)) as db:
        kept = progress(db)
    assert (kept.overall.decisions, kept.overall.right) == (2, 1)
    assert kept.games["super_21"].decisions == 2
    assert money_rows(folder) == before


def test_the_kinds_chosen_and_close_calls_only(open_table: Open) -> None:
    table = open_table("pontoon")
    dialog = practice_of(table)
    for kind, box in dialog.options.kind_boxes.items():
        if kind is not Kind.FIVE_CARD:
            table.qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert dialog.options.kinds() == [Kind.FIVE_CARD]
    for _ in range(3):
        assert dialog.drill is not None and dialog.drill.table is not None
        assert Kind.FIVE_CARD in kinds_of(dialog.drill.table)
        key(table, dialog, best_and_worse(dialog)[0])
        table.qtbot.keyClick(dialog, Qt.Key.Key_Space)
    table.qtbot.mouseClick(dialog.options.close_only, Qt.MouseButton.LeftButton)
    # Drawing for a five-card trick is never a close call: the window says so.
    assert dialog.feedback.verdict_text.startswith("No close calls of the kinds chosen came up")
    assert dialog.bar.lit() == frozenset()
    for box in dialog.options.kind_boxes.values():
        if not box.isChecked():
            table.qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    for _ in range(3):
        assert dialog.drill is not None and dialog.drill.table is not None
        values = sorted(advise(dialog.drill.table).values.values(), reverse=True)
        assert values[0] - values[1] < CLOSE_CALL
        key(table, dialog, best_and_worse(dialog)[1])
        table.qtbot.keyClick(dialog, Qt.Key.Key_Space)


def test_play_it_out_deals_real_rounds_and_grades_every_decision(open_table: Open) -> None:
    table = open_table("blackjack")
    folder = table.window.bankroll.folder
    before = money_rows(folder)
    dialog = practice_of(table)
    dialog.options.choose_drill(DrillKind.PLAY)
    assert dialog.drill is not None and dialog.drill.kind is DrillKind.PLAY
    answered = 0
    for _round in range(3):
        while dialog.drill.waiting:
            click(table, dialog, best_and_worse(dialog)[0])
            answered += 1
            assert dialog.feedback.verdict_text.startswith("Right: ")
        assert dialog.bar.lit() == frozenset({Action.DEAL})
        table.qtbot.keyClick(dialog, Qt.Key.Key_Return)
        table.qtbot.waitUntil(lambda: dialog.drill is not None and dialog.drill.waiting)
    with closing(raw(folder)) as db:
        assert progress(db).overall.decisions == answered
        assert progress(db).overall.right == answered
    assert "Practice chips $" in dialog.chips.text()
    assert money_rows(folder) == before
    assert table.window.bankroll.balance == 100_000


def test_my_mistakes_come_back_from_the_real_tables(open_table: Open) -> None:
    table = open_table("blackjack")
    bankroll = table.window.bankroll
    bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="TS 9H 6C 7D 5S")
    bankroll.act("stand")  # hard 16 against a 9: hit is best
    dialog = practice_of(table)
    dialog.options.choose_drill(DrillKind.MISTAKES)
    table.qtbot.waitUntil(lambda: dialog.drill is not None and dialog.drill.waiting, timeout=60_000)
    assert dialog.drill is not None and dialog.drill.table is not None
    cards = [card.rank for card in dialog.drill.table.active_hand.cards]  # type: ignore[union-attr]
    assert cards == ["T", "6"]
    key(table, dialog, Action.HIT)
    assert dialog.feedback.verdict_text == "Right: HIT."
    (review,) = bankroll.practice().mistakes()
    assert review.box == 1 and review.due is not None
    table.qtbot.keyClick(dialog, Qt.Key.Key_Space)
    assert dialog.feedback.verdict_text.startswith("No mistake of yours is due")


def test_the_chart_opens_on_the_decisions_cell(open_table: Open) -> None:
    table = open_table("blackjack")
    dialog = practice_of(table)
    while True:  # a two-card hard hand, whose cell every chart has
        assert dialog.drill is not None and dialog.drill.table is not None
        if kinds_of(dialog.drill.table) == {Kind.HARD}:
            break
        key(table, dialog, best_and_worse(dialog)[0])
        table.qtbot.keyClick(dialog, Qt.Key.Key_Space)
    key(table, dialog, best_and_worse(dialog)[0])
    cell = dialog.drill.last.cell  # type: ignore[union-attr]
    assert cell is not None
    assert dialog.feedback.cell.text().startswith(f"Chart: Hard {cell.row} against")
    table.qtbot.mouseClick(dialog.feedback.chart_button, Qt.MouseButton.LeftButton)
    (chart,) = dialog.findChildren(StrategyChartDialog)
    with table.qtbot.waitSignal(chart.chart_ready, timeout=60_000):
        pass
    assert chart.highlighted == (cell.section, cell.row, cell.column)
    chart.close()


def test_a_timed_card_runs_out_of_time(open_table: Open) -> None:
    table = open_table("no_bust_21")
    dialog = practice_of(table)
    dialog.options.limit.setValue(2)
    table.qtbot.mouseClick(dialog.options.timed, Qt.MouseButton.LeftButton)
    with table.qtbot.waitSignal(dialog.answered, timeout=10_000):
        pass
    assert dialog.feedback.verdict_text.startswith("Out of time. Best: ")
    assert "0 of 1 right" in dialog.tally.text()
    kept = dialog.drill.last_answer if dialog.drill is not None else None
    assert kept is not None and kept.timed_out and kept.taken is None  # no move invented


def test_the_lobby_has_a_practice_tile(open_table: Open) -> None:
    table = open_table("caribbean_21")
    table.window.show_lobby()
    tile = table.window.lobby.practice_tile
    table.qtbot.mouseClick(tile.button, Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: bool(table.window.findChildren(PracticeDialog)))
    (dialog,) = table.window.findChildren(PracticeDialog)
    assert dialog.options.rules == GAMES["caribbean_21"]
    assert Kind.LATE_INSURANCE in dialog.options.kind_boxes
    dialog.close()
    drain(table.qtbot)


def test_the_statistics_page_shows_practice(open_table: Open) -> None:
    table = open_table("blackjack")
    dialog = practice_of(table)
    key(table, dialog, best_and_worse(dialog)[0])
    table.qtbot.keyClick(dialog, Qt.Key.Key_Space)
    key(table, dialog, best_and_worse(dialog)[1])
    dialog.close()
    page = table.window.show_statistics()  # Game ▸ Statistics
    table.qtbot.waitUntil(lambda: page.answer is not None, timeout=60_000)
    assert page.figures.value("practice_right") == "1 of 2 (50.0%)"
    assert page.figures.value("practice_streak") == "0 (best 1)"
    page.close()


def test_practice_deals_on_the_players_felt_card_back_and_deck(
    open_table: Open, tmp_path: Path
) -> None:
    from casino_gui.gui.settings import Settings, save_settings

    folder = tmp_path / "casino"
    folder.mkdir()
    assert save_settings(
        folder, Settings(felt=Felt.RED, card_back=CardBack.LATTICE, four_colour=True)
    )
    table = open_table("blackjack", folder=folder)
    dialog = practice_of(table)
    scene = dialog.scene
    assert (scene.look.felt, scene.look.card_back, scene.look.four_colour) == (
        "red",
        "lattice",
        True,
    )


def test_the_drills_fill_a_big_window_without_scrolling(open_table: Open) -> None:
    # The drills scroll only where the screen is too small for them (twice the scale on a
    # 1280 x 800 screen): at 1280 x 800 the felt, the buttons and the feedback are all in view.
    table = open_table("super_21")
    dialog = practice_of(table)
    dialog.resize(1280, 800)
    drain(table.qtbot)
    area = dialog.drills_area
    assert not area.verticalScrollBar().isVisible()
    bar = dialog.bar.mapTo(area.viewport(), dialog.bar.rect().bottomRight())
    assert bar.y() <= area.viewport().height()
