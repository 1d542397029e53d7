"""The table in words: the felt's things reach screen readers (docs/decisions.md, "The table
in words").

In-process, through Qt's own accessibility API (what every platform bridge reads); and once
for real through AT-SPI, as Orca reads it: a session D-Bus, the AT-SPI bus, Xvfb and the
system's pyatspi (tests/gui/atspi_driver.py). `.ci/run` installs those; where they are missing
that test is skipped with the list, unless CASINO_GUI_REQUIRE_ATSPI is set (CI sets it): then
it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from casino_gui.engine import Card, Move, rules_for
from casino_gui.engine.round import Action
from casino_gui.gui.accessible_felt import Announcer, announced
from casino_gui.gui.table.picture import picture_of
from casino_gui.gui.table.spoken import Role, card_words, felt_words
from tests.gui.conftest import Table

Open = Callable[..., Table]
HERE = Path(__file__).resolve().parent


def things(table: Table) -> list[tuple[str, QAccessible.Role, bool]]:
    """The felt's accessible children: (name, role, selected)."""
    felt = QAccessible.queryAccessibleInterface(table.window.view)
    assert felt is not None and felt.text(QAccessible.Text.Name) == "Table: Standard BlackJack"
    children: list[QAccessibleInterface] = [felt.child(i) for i in range(felt.childCount())]
    assert [felt.indexOfChild(child) for child in children] == list(range(len(children)))
    return [(c.text(QAccessible.Text.Name), c.role(), bool(c.state().selected)) for c in children]


def test_card_words() -> None:
    assert card_words(Card.parse("TH")) == "ten of hearts"
    assert card_words(Card.parse("AS")) == "ace of spades"
    assert card_words(Card.parse("QD")) == "queen of diamonds"


def test_the_felt_between_rounds_in_words() -> None:
    from casino_gui.gui.table.picture import Betting

    picture = picture_of(
        rules_for("blackjack"), None, Betting.of({2: 2_500}, {}, None, 500, chosen=2), 100_000
    )
    spoken = felt_words(picture)
    assert [s.name for s in spoken] == [
        "Dealer: no cards",
        "Discard tray: empty",
        "Circle 1, no bet",
        "Circle 2, bet $25.00, selected",
        "Circle 3, no bet",
    ]
    assert [s.role for s in spoken] == [Role.GROUP, Role.LABEL, *[Role.BUTTON] * 3]
    assert [s.selected for s in spoken] == [False, False, False, True, False]


def test_a_round_and_a_split_read_through_qts_accessibility(open_table: Open) -> None:
    table = open_table("blackjack")
    table.select_chip(2_500)
    table.click_circle(2)
    assert ("Circle 2, bet $25.00", QAccessible.Role.Button, False) in things(table)
    # Eights against the dealer's six, his ten in the hole; each eight draws a ten.
    table.press(Action.DEAL, shoe="8S 6H 8D TD TC TS 5C")
    names = [name for name, _, _ in things(table)]
    assert names[0] == "Dealer: six of hearts, face down, showing 6"
    assert (
        "Hand 1, circle 2: eight of spades, eight of diamonds, 16, bet $25.00, your turn" in names
    )
    table.press(Action.SPLIT)
    names = [name for name, _, _ in things(table)]
    assert names[3:6] == [
        "Circle 2, bet $50.00",
        "Hand 1, circle 2: eight of spades, ten of clubs, 18, bet $25.00, your turn",
        "Hand 2, circle 2: eight of diamonds, bet $25.00",  # its second card comes at its turn
    ]
    table.press(Action.STAND)
    table.press(Action.STAND)
    names = [name for name, _, _ in things(table)]
    assert names[0] == "Dealer: six of hearts, ten of diamonds, five of clubs, Dealer has 21"
    assert names[4:6] == [
        "Hand 1, circle 2: eight of spades, ten of clubs, 18, lose −$25.00",
        "Hand 2, circle 2: eight of diamonds, ten of spades, 18, lose −$25.00",
    ]
    # The next round has one hand: the second one's accessible object leaves, freed by Qt.
    felt = QAccessible.queryAccessibleInterface(table.window.view)
    second = felt.child(5)
    table.click_circle(2)
    table.press(Action.DEAL, shoe="9S 6H 9D TD")
    assert not second.isValid()
    names = [name for name, _, _ in things(table)]
    assert [n for n in names if n.startswith("Hand")] == [
        "Hand 1, circle 2: nine of spades, nine of diamonds, 18, bet $25.00, your turn"
    ]


def test_the_chosen_circle_is_selected_and_focused(open_table: Open) -> None:
    from PySide6.QtCore import Qt

    table = open_table("blackjack")
    table.qtbot.keyClick(table.window, Qt.Key.Key_Right)
    table.qtbot.waitUntil(lambda: any(selected for _, _, selected in things(table)))
    chosen = [name for name, _, selected in things(table) if selected]
    assert len(chosen) == 1 and chosen[0].endswith("selected")
    felt = QAccessible.queryAccessibleInterface(table.window.view)
    assert felt.focusChild().text(QAccessible.Text.Name) == chosen[0]


ATSPI_TOOLS = ("Xvfb", "dbus-run-session", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/python3")


def _missing() -> list[str]:
    missing = [tool for tool in ATSPI_TOOLS if shutil.which(tool) is None]
    if not missing:
        probe = subprocess.run(
            ["/usr/bin/python3", "-c", "import pyatspi"], capture_output=True, check=False
        )
        if probe.returncode:
            missing.append("python3-pyatspi")
    return missing


def test_a_screen_reader_reads_the_table_through_at_spi(tmp_path: Path) -> None:
    missing = _missing()
    if missing and not os.environ.get("CASINO_GUI_REQUIRE_ATSPI"):
        pytest.skip(f"AT-SPI check needs {', '.join(missing)} (xvfb, dbus, at-spi2-core)")
    assert not missing, f"AT-SPI check needs {', '.join(missing)}"
    run = subprocess.run(
        ["dbus-run-session", "--", sys.executable, str(HERE / "atspi_driver.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
        cwd=HERE.parents[1],
    )
    assert run.returncode == 0, run.stderr[-3000:]
    trees = json.loads(run.stdout.strip().splitlines()[-1])

    def row(tree: str, name: str) -> tuple[str, list[str]]:
        found = [(role, states) for _, role, text, states in trees[tree] if text == name]
        assert found, f"{name!r} is not in the tree {tree}"
        return found[0]

    assert row("before", "Table: Standard BlackJack")[0] == "panel"
    assert row("before", "Circle 2, no bet")[0] == "push button"
    assert "sensitive" not in row("before", "Stand (S)")[1]  # dark until a round
    assert row("bet", "Circle 2, bet $25.00")[0] == "push button"
    assert "checked" in row("bet", "$25 chip")[1]
    turn_name = "Hand 1, circle 2: ten of hearts, six of clubs, 16, bet $25.00, your turn"
    turn = row("turn", turn_name)
    assert turn[0] == "panel" and {"focusable", "active"} <= set(turn[1])
    # The arrows walk the felt: the thing they reach is the one focused.
    assert "focused" in row("walked", "Circle 3, no bet")[1]
    assert "focused" not in row("walked", turn_name)[1]
    assert row("turn", "Dealer: nine of spades, face down, showing 9")[0] == "panel"
    assert "sensitive" in row("turn", "Stand (S)")[1]
    row(
        "settled",
        "Dealer: nine of spades, seven of diamonds, king of diamonds, Dealer busts with 26",
    )
    row("settled", "Hand 1, circle 2: ten of hearts, six of clubs, 16, win +$25.00")
    row("settled", "Bankroll: $1,025.00")
    row("bet", "On the table: $25.00")
    assert trees["heard"] == [
        "$100 chip",
        "$25 chip",
        "You have ten of hearts, six of clubs: 16. Dealer shows nine of spades",
        "Dealer turns seven of diamonds, draws king of diamonds",
        "Dealer busts with 26. Circle 2: Win +$25.00. Round +$25.00",
    ]
    row("again", "Hand 1, circle 2: ace of spades, king of hearts, Blackjack, blackjack +$37.50")


@pytest.fixture
def listening() -> Iterator[None]:
    """An accessibility client listens (offscreen Qt has no bridge: Qt is told so)."""
    QAccessible.setActive(True)
    yield
    QAccessible.setActive(False)


def test_a_round_is_announced_one_at_a_time_after_the_cards_land(
    open_table: Open, listening: None
) -> None:
    table = open_table("blackjack")
    view = table.window.view
    table.select_chip(2_500)
    table.click_circle(2)
    table.press(Action.DEAL, shoe="TH 9S 6C 7D KD")
    table.press(Action.STAND)
    table.qtbot.waitUntil(lambda: len(announced(view)) >= 4, timeout=15_000)
    assert announced(view) == [
        "Circle 2: bet $25.00",
        "You have ten of hearts, six of clubs: 16. Dealer shows nine of spades",
        "Dealer turns seven of diamonds, draws king of diamonds",
        "Dealer busts with 26. Circle 2: Win +$25.00. Round +$25.00",
    ]


def test_a_refusal_is_announced(open_table: Open, listening: None) -> None:
    table = open_table("blackjack")
    table.select_chip(50_000)
    table.click_circle(1)
    table.click_circle(1)  # over the table's $500 limit
    table.qtbot.waitUntil(lambda: bool(announced(table.window.view)))
    assert "$500" in announced(table.window.view)[-1]


def test_news_faster_than_speech_wait_their_turn_and_only_stale_news_is_replaced(
    qtbot: QtBot, listening: None
) -> None:
    from PySide6.QtCore import QObject

    announcer = Announcer(QObject())
    announcer.announce("Circle 1: bet $5.00", "bets")  # said at once
    announcer.announce("Circle 1: bet $10.00", "bets")
    announcer.announce("You have ten of hearts, six of clubs: 16")
    announcer.announce("Circle 1: bet $15.00", "bets")  # replaces the $10.00 waiting
    announcer.announce("Dealer turns seven of diamonds")
    assert list(announcer.said) == ["Circle 1: bet $5.00"]
    qtbot.waitUntil(lambda: len(announcer.said) == 4, timeout=10_000)
    assert list(announcer.said) == [
        "Circle 1: bet $5.00",
        "Circle 1: bet $15.00",
        "You have ten of hearts, six of clubs: 16",
        "Dealer turns seven of diamonds",
    ]


def test_a_chip_out_of_reach_says_so(qtbot: QtBot) -> None:
    from casino_gui.engine.betting import affordable_chips
    from casino_gui.gui.panels.chip_rack import ChipRack

    rack = ChipRack()
    qtbot.addWidget(rack)
    rack.set_affordable(affordable_chips({}, 4_000))  # $40: the $100 and $500 chips are not
    chip = QAccessible.queryAccessibleInterface(rack.chip_button(10_000))
    assert chip.text(QAccessible.Text.Name) == "$100 chip"
    assert chip.text(QAccessible.Text.Description) == "dimmed: more than your bankroll, key 5"
    assert chip.state().disabled
    near = QAccessible.queryAccessibleInterface(rack.chip_button(2_500))
    assert near.text(QAccessible.Text.Description) == "key 4"


def test_a_lobby_tile_says_its_game_limits_decks_and_house_edge(qtbot: QtBot) -> None:
    from casino_gui.gui.lobby.page import LobbyPage

    lobby = LobbyPage()
    qtbot.addWidget(lobby)
    tile = lobby.tiles()[0]
    tile.set_house_edge(0.0062)
    said = QAccessible.queryAccessibleInterface(tile)
    assert said.text(QAccessible.Text.Name) == "Standard BlackJack"
    assert said.text(QAccessible.Text.Description) == (
        "$1 – $500 a circle, 8 decks · 3 circles · house edge 0.62%"
    )


def test_the_replay_viewer_reads_each_step_once(
    qtbot: QtBot, tmp_path: Path, listening: None
) -> None:
    from casino_gui.engine import Bet
    from casino_gui.gui.replay.viewer import ReplayViewer
    from casino_gui.store import Bankroll

    with Bankroll.open(tmp_path / "data") as bankroll:
        bankroll.deal(rules_for("blackjack"), [Bet(1, 1_000)], shoe="TH 9S 6C 7D KD")
        bankroll.act(Move(Action.STAND))
        assert bankroll.round_id is not None
        viewer = ReplayViewer(bankroll, bankroll.round_id)
        qtbot.addWidget(viewer)
        with qtbot.waitExposed(viewer):
            viewer.show()
        viewer.go_to(1)
        qtbot.waitUntil(lambda: len(announced(viewer.view)) >= 2, timeout=10_000)
        first, second = announced(viewer.view)[:2]
        assert first.startswith("Step 1 of ") and viewer.caption.text().rstrip(".") not in first
        assert second.startswith("Step 2 of ")
        assert viewer.caption.text().rstrip(".") in second
        QTest.qWait(1_500)
        assert len(announced(viewer.view)) == 2  # the felt's own news are not said as well


def test_bets_and_the_chosen_circle_are_announced(open_table: Open, listening: None) -> None:
    from PySide6.QtCore import Qt

    table = open_table("blackjack")
    view = table.window.view
    table.select_chip(2_500)
    table.click_circle(2)
    table.qtbot.waitUntil(lambda: "Circle 2: bet $25.00" in announced(view), timeout=5_000)
    table.qtbot.keyClick(table.window, Qt.Key.Key_Right)
    table.qtbot.waitUntil(lambda: len(announced(view)) >= 2, timeout=5_000)
    assert announced(view)[-1].startswith("Circle ") and announced(view)[-1].endswith("selected")
    table.click_circle(2, right=True)
    table.qtbot.waitUntil(lambda: announced(view)[-1] == "Circle 2: no bet", timeout=5_000)


def test_a_table_nobody_reads_never_loads_the_bridge(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from casino_gui.engine import rules_for\n"
        "from casino_gui.gui.window import CasinoWindow\n"
        "from casino_gui.store import Bankroll\n"
        f"window = CasinoWindow(Bankroll.open(Path({str(tmp_path)!r})), rules_for('blackjack'))\n"
        "window.show()\n"
        "window.controller.refresh()\n"
        "app.processEvents()\n"
        "print('casino_gui.gui.accessible_felt' in sys.modules)\n"
    )
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=True
    )
    assert done.stdout.strip().splitlines()[-1] == "False"
