"""The lobby, the rules pages and the custom table, driven by real clicks and keys."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from casino_gui.engine import cents_to_entry, dollars_to_cents
from casino_gui.engine.describe import describe
from casino_gui.engine.games import GAMES
from casino_gui.engine.rules import GAME_IDS, Odds, Rules
from casino_gui.gui.dialogs.custom_table import CustomTableDialog
from casino_gui.gui.dialogs.rules import RulesDialog, rules_html
from casino_gui.gui.lobby.game_tile import CUSTOM, limits_text, short_dollars
from casino_gui.gui.lobby.page import DESCRIPTIONS, LobbyPage
from tests.gui.conftest import drain

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def lobby(qtbot: QtBot) -> LobbyPage:
    page = LobbyPage()
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.show()
    qtbot.waitExposed(page)
    return page


def _custom_dialog(qtbot: QtBot, base: Rules | None = None) -> CustomTableDialog:
    dialog = CustomTableDialog(base)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _type(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Replace a field's text the way a player does: select it all and type over it."""
    assert isinstance(widget, QLineEdit | QSpinBox)
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)


def _click_check_box(qtbot: QtBot, widget: QWidget) -> None:
    assert isinstance(widget, QCheckBox)
    # On the indicator, at the left: the middle of a wide row may be past the label's text.
    qtbot.mouseClick(widget, LEFT, pos=QPoint(9, widget.height() // 2))


def _only_child(parent: QWidget, kind: type[QWidget]) -> QWidget:
    children = [child for child in parent.findChildren(kind) if child.isVisible()]
    assert len(children) == 1
    return children[0]


# --- The tiles ------------------------------------------------------------------------------


def test_lobby_shows_the_seven_games_in_order_then_the_custom_table(lobby: LobbyPage) -> None:
    keys = [tile.key for tile in lobby.tiles()]

    # The games' order is docs/rules.md's ("The games"), pinned once in tests/engine/test_rules_object.py.
    assert keys == [*GAME_IDS, CUSTOM]


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_tile_shows_its_name_description_limits_and_decks(
    lobby: LobbyPage, game: str
) -> None:
    tile = lobby.tile(game)

    assert tile.name_label.text() == GAMES[game].name
    assert tile.description_label.text() == DESCRIPTIONS[game]
    assert tile.limits_label.text() == "$1 – $500 a circle"
    assert tile.isVisible()
    assert tile.play_button.isVisible()
    assert tile.rules_button.isVisible()


def test_deck_counts_follow_the_rules(lobby: LobbyPage) -> None:
    assert lobby.tile("blackjack").decks_label.text() == "8 decks · 3 circles"
    assert lobby.tile("super_21").decks_label.text() == "6 decks · 3 circles"
    assert lobby.tile("no_bust_21").decks_label.text() == "6 decks · 3 circles"
    # Match Play 21 deals from 48-card decks (the four 10s of each deck removed).
    assert lobby.tile("match_play_21").decks_label.text() == "8 decks of 48 cards · 3 circles"


def test_face_up_21_description_says_what_makes_it_different() -> None:
    assert (
        DESCRIPTIONS["face_up_21"]
        == "Both dealer cards face up; your blackjack always wins; the dealer wins ties"
    )
    assert set(DESCRIPTIONS) == set(GAMES)


def test_limits_show_cents_only_when_there_are_some() -> None:
    assert limits_text(GAMES["blackjack"]) == "$1 – $500 a circle"
    wide = GAMES["blackjack"].replace(min_bet=2_500, max_bet=100_000)
    assert limits_text(wide) == "$25 – $1,000 a circle"
    # A table's limits are whole dollars (engine/rules/bounds.py); an amount may have cents.
    assert short_dollars(525) == "$5.25"


@pytest.mark.parametrize("game", list(GAMES))
def test_play_click_chooses_the_game_preset(qtbot: QtBot, lobby: LobbyPage, game: str) -> None:
    with qtbot.waitSignal(lobby.game_chosen, timeout=1000) as chosen:
        qtbot.mouseClick(lobby.tile(game).play_button, LEFT)

    assert chosen.args == [GAMES[game]]


@pytest.mark.parametrize("game", ["blackjack", "pontoon", "match_play_21", "no_bust_21"])
def test_rules_click_opens_the_page_written_from_the_rules(
    qtbot: QtBot, lobby: LobbyPage, game: str
) -> None:
    with qtbot.waitSignal(lobby.rules_requested, timeout=1000) as requested:
        qtbot.mouseClick(lobby.tile(game).rules_button, LEFT)

    dialog = _only_child(lobby, RulesDialog)
    assert isinstance(dialog, RulesDialog)
    assert requested.args == [GAMES[game]]
    assert dialog.text() == describe(GAMES[game])
    assert dialog.windowTitle() == f"Rules of {GAMES[game].name}"

    qtbot.mouseClick(dialog.close_button, LEFT)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=1000)


def test_enter_on_the_focused_tile_plays_it(qtbot: QtBot, lobby: LobbyPage) -> None:
    tile = lobby.tile("caribbean_21")
    tile.setFocus()

    with qtbot.waitSignal(lobby.game_chosen, timeout=1000) as chosen:
        qtbot.keyClick(tile, Qt.Key.Key_Return)

    assert chosen.args == [GAMES["caribbean_21"]]


def test_arrow_keys_move_between_tiles(qtbot: QtBot, lobby: LobbyPage) -> None:
    lobby.activateWindow()
    lobby.tile("blackjack").setFocus()
    qtbot.waitUntil(lambda: lobby.tile("blackjack").hasFocus(), timeout=1000)

    qtbot.keyClick(lobby.tile("blackjack"), Qt.Key.Key_Right)
    assert lobby.tile("face_up_21").hasFocus()
    # Four tiles a row: down from Face Up 21 is Match Play 21.
    qtbot.keyClick(lobby.tile("face_up_21"), Qt.Key.Key_Down)
    assert lobby.tile("match_play_21").hasFocus()

    with qtbot.waitSignal(lobby.game_chosen, timeout=1000) as chosen:
        qtbot.keyClick(lobby.tile("match_play_21"), Qt.Key.Key_Enter)
    assert chosen.args == [GAMES["match_play_21"]]


def test_the_arrow_keys_reach_the_practice_tile_and_come_back(
    qtbot: QtBot, lobby: LobbyPage
) -> None:
    lobby.activateWindow()
    lobby.tile("match_play_21").setFocus()
    qtbot.waitUntil(lambda: lobby.tile("match_play_21").hasFocus(), timeout=1000)

    # Down from the last row is Practice; Up goes back to the column it came from.
    qtbot.keyClick(lobby.tile("match_play_21"), Qt.Key.Key_Down)
    assert lobby.practice_tile.hasFocus()
    qtbot.keyClick(lobby.practice_tile, Qt.Key.Key_Up)
    assert lobby.tile("match_play_21").hasFocus()
    # Down from the first row moves a row, not to Practice.
    qtbot.keyClick(lobby.tile("match_play_21"), Qt.Key.Key_Up)
    qtbot.keyClick(lobby.tile("face_up_21"), Qt.Key.Key_Down)
    assert lobby.tile("match_play_21").hasFocus()
    with qtbot.waitSignal(lobby.practice_chosen, timeout=1000):
        qtbot.keyClick(lobby.tile("match_play_21"), Qt.Key.Key_Down)
        qtbot.keyClick(lobby.practice_tile, Qt.Key.Key_Space)


def test_r_on_the_focused_tile_opens_its_rules(qtbot: QtBot, lobby: LobbyPage) -> None:
    tile = lobby.tile("super_21")
    tile.setFocus()

    qtbot.keyClick(tile, Qt.Key.Key_R)

    dialog = _only_child(lobby, RulesDialog)
    assert isinstance(dialog, RulesDialog)
    assert dialog.text() == describe(GAMES["super_21"])


def test_tiles_take_focus_and_their_buttons_do_not(lobby: LobbyPage) -> None:
    for tile in lobby.tiles():
        assert tile.focusPolicy() == Qt.FocusPolicy.StrongFocus
        assert tile.play_button.focusPolicy() == Qt.FocusPolicy.NoFocus


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1200, 675), (1000, 620)])
def test_every_tile_and_its_buttons_fit_the_window(
    qtbot: QtBot, lobby: LobbyPage, width: int, height: int
) -> None:
    lobby.resize(width, height)
    qtbot.waitUntil(lambda: lobby.size().width() == width, timeout=1000)
    # The layout is redone on a posted event: let it run.
    drain(qtbot)

    tiles = lobby.tiles()
    for tile in tiles:
        assert lobby.rect().contains(tile.geometry())
        for button in (tile.play_button, tile.rules_button):
            assert tile.rect().contains(button.geometry())
    for index, tile in enumerate(tiles):
        for other in tiles[index + 1 :]:
            assert not tile.geometry().intersects(other.geometry())


def clipped_words(lobby: LobbyPage) -> list[str]:
    """The labels of the tiles whose words do not all show: a wrapped line shorter than the
    height its words need at its width, a single line narrower than its words, or a label
    that reaches past its tile."""
    found = []
    for tile in [*lobby.tiles(), lobby.practice_tile]:
        for label in tile.findChildren(QLabel):
            if not label.isVisibleTo(lobby) or not label.text():
                continue
            if label.wordWrap():
                short = label.height() < label.heightForWidth(label.width())
            else:
                short = label.width() < label.sizeHint().width()
            if short or not tile.rect().contains(label.geometry()):
                found.append(f"{label.text()!r} {label.width()}x{label.height()}")
    return found


def test_no_tile_cuts_its_words_at_any_size_the_lobby_allows(
    qtbot: QtBot, lobby: LobbyPage
) -> None:
    # The house edges as they arrive: the decks lines grow ("... · house edge 1.43%").
    for rules in GAMES.values():
        lobby.set_house_edge(rules, 0.0143)
    # From the page of twice the scale on a 1280 x 800 screen (640 x 400 less the title bar
    # and the menu bar; the screen makes the window smaller than its minimum) to 1920 x 1080.
    widths = range(620, 1921, 61)
    heights = range(340, 1081, 37)
    # The default window's page (1280 x 820 less the menu bar), 800 x 600 and every step.
    sizes = [(1280, 793), (1280, 773), (800, 573), *((w, h) for w in widths for h in heights)]
    cut = {}
    for width, height in sizes:
        lobby.resize(width, height)
        drain(qtbot)
        found = clipped_words(lobby)
        if found:
            cut[(width, height)] = found
    assert cut == {}


# --- The rules page ------------------------------------------------------------------------


def test_rules_page_shows_every_line_of_the_rules_text(qtbot: QtBot) -> None:
    dialog = RulesDialog(GAMES["match_play_21"])
    qtbot.addWidget(dialog)
    shown = dialog.browser().toPlainText()

    for line in describe(GAMES["match_play_21"]).splitlines():
        if not line.strip() or set(line) == {"="}:
            continue
        if line.startswith("  "):
            label, _, pays = line.strip().rpartition(": ")
            assert label in shown
            assert pays in shown
        else:
            assert line.removeprefix("- ") in shown


def test_rules_html_turns_the_layout_into_headings_a_list_and_a_pay_table() -> None:
    text = describe(GAMES["match_play_21"])
    page = rules_html(text)
    bullets = [line for line in text.splitlines() if line.startswith("- ")]

    assert page.count("<h1") == 1
    assert '<h1 align="center">Match Play 21</h1>' in page
    assert "<h2>Payouts</h2>" in page
    assert "<h2>The table</h2>" in page
    assert page.count("<li>") == len(bullets)
    assert page.count("<tr>") == 7
    assert "<td>three suited 7s while the dealer's up card is a 7</td>" in page
    assert '<td class="pays" align="right">40:1</td>' in page


def test_rules_html_escapes_text() -> None:
    page = rules_html("A <b> & c\n=========\n\nSection\n- x < y & z\n")

    assert '<h1 align="center">A &lt;b&gt; &amp; c</h1>' in page
    assert "x &lt; y &amp; z" in page


def test_rules_dialog_close_button_closes_it(qtbot: QtBot) -> None:
    dialog = RulesDialog(GAMES["face_up_21"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)

    qtbot.mouseClick(dialog.close_button, LEFT)

    assert not dialog.isVisible()
    assert dialog.text() == describe(GAMES["face_up_21"])


# --- Money typed in dollars ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("5", 500),
        ("5.25", 525),
        ("5.2", 520),
        ("5.", 500),
        ("0.1", 10),
        ("0.07", 7),
        ("$7.05", 705),
        ("1,000", 100_000),
        (" 12.34 ", 1234),
        ("4.35", 435),  # 4.35 * 100 is 434.99999999999994 in floats
    ],
)
def test_dollars_become_exact_cents(text: str, cents: int) -> None:
    assert dollars_to_cents(text) == cents


@pytest.mark.parametrize("text", ["", "abc", "5.255", "-1", "1,00", "5 25", "1e3"])
def test_dollars_that_are_not_an_amount_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not an amount"):
        dollars_to_cents(text)


def test_amounts_fill_the_money_fields_in_dollars() -> None:
    assert cents_to_entry(500) == "5"
    assert cents_to_entry(525) == "5.25"
    assert cents_to_entry(50_000) == "500"
    assert cents_to_entry(7) == "0.07"


# --- The custom table ------------------------------------------------------------------------


def test_custom_table_with_two_decks_soft_17_stand_and_a_25_dollar_minimum(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot)
    _type(qtbot, dialog.field("decks"), "2")
    _click_check_box(qtbot, dialog.field("dealer_hits_soft_17"))
    _type(qtbot, dialog.field("min_bet"), "25")

    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        qtbot.mouseClick(dialog.ok_button, LEFT)

    rules = dialog.rules()
    assert rules.decks == 2
    assert rules.dealer_hits_soft_17 is False
    assert rules.min_bet == 2_500
    assert rules.max_bet == 50_000
    assert rules.game == "blackjack"
    assert rules.name == "Custom table (from Standard BlackJack)"
    assert rules == GAMES["blackjack"].replace(
        decks=2,
        dealer_hits_soft_17=False,
        min_bet=2_500,
        name="Custom table (from Standard BlackJack)",
    )
    assert not dialog.isVisible()


def test_custom_table_doubling_splitting_surrender_payout_and_circles(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot)
    _type(qtbot, dialog.field("doubles_per_hand"), "2")
    _type(qtbot, dialog.field("double_max_cards"), "3")
    _click_check_box(qtbot, dialog.field("double_after_split"))
    _type(qtbot, dialog.field("split_max_hands"), "4")
    _click_check_box(qtbot, dialog.field("resplit_aces"))
    _click_check_box(qtbot, dialog.field("surrender"))
    payout = dialog.field("natural_pays")
    assert isinstance(payout, QComboBox)
    payout.setCurrentText("6:5")
    _type(qtbot, dialog.field("circles"), "5")
    _type(qtbot, dialog.field("max_bet"), "1000")

    qtbot.mouseClick(dialog.ok_button, LEFT)

    rules = dialog.rules()
    assert rules == GAMES["blackjack"].replace(
        doubles_per_hand=2,
        double_max_cards=3,
        double_after_split=False,
        split_max_hands=4,
        resplit_aces=True,
        surrender=True,
        natural_pays=Odds(6, 5),
        circles=5,
        max_bet=100_000,
        name="Custom table (from Standard BlackJack)",
    )


def test_custom_table_untouched_is_the_preset_renamed(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot, GAMES["super_21"])

    qtbot.mouseClick(dialog.ok_button, LEFT)

    assert dialog.rules() == GAMES["super_21"].replace(name="Custom table (from Super 21)")
    # Super 21 doubles on any number of cards: the spin box's "any number" is the engine's None.
    assert dialog.rules().double_max_cards is None


def test_starting_from_another_game_loads_its_rules(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot)
    combo = dialog.findChildren(QComboBox)[0]
    combo.setCurrentIndex(combo.findData("no_bust_21"))

    decks = dialog.field("decks")
    payout = dialog.field("natural_pays")
    assert isinstance(decks, QSpinBox)
    assert isinstance(payout, QComboBox)
    assert decks.value() == 6
    assert payout.currentText() == "6:5"

    _type(qtbot, dialog.field("decks"), "2")
    qtbot.mouseClick(dialog.ok_button, LEFT)

    rules = dialog.rules()
    assert rules.game == "no_bust_21"
    assert rules.name == "Custom table (from No Bust 21st Century Blackjack)"
    assert rules.decks == 2
    # What the form does not show stays the game's own: the Buster bet, the no-bust push.
    assert rules.buster_bet is True
    assert rules.no_bust_totals == frozenset({23, 24, 25})


def test_caribbean_21_has_no_natural_payout_to_set(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot, GAMES["caribbean_21"])

    assert not dialog.field("natural_pays").isEnabled()
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.rules() == GAMES["caribbean_21"].replace(name="Custom table (from Caribbean 21)")


def test_decks_field_cannot_hold_an_impossible_shoe(qtbot: QtBot) -> None:
    decks = _custom_dialog(qtbot).field("decks")

    assert isinstance(decks, QSpinBox)
    assert (decks.minimum(), decks.maximum()) == (1, 8)


def test_minimum_over_maximum_is_refused_beside_the_minimum(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot)
    before = dialog.rules()
    _type(qtbot, dialog.field("min_bet"), "600")
    _type(qtbot, dialog.field("max_bet"), "500")

    with qtbot.assertNotEmitted(dialog.accepted):
        qtbot.mouseClick(dialog.ok_button, LEFT)

    assert dialog.isVisible()
    assert (
        dialog.error_text("min_bet")
        == "Minimum bet ($600.00) must not be over the maximum bet ($500.00)"
    )
    assert dialog.is_highlighted("min_bet")
    assert not dialog.is_highlighted("max_bet")
    assert dialog.error_text("max_bet") == ""
    assert dialog.rules() is before
    min_bet = dialog.field("min_bet")
    assert isinstance(min_bet, QLineEdit)
    assert min_bet.text() == "600"


def test_double_minimum_over_maximum_is_refused_beside_the_maximum(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot)
    _type(qtbot, dialog.field("double_min_cards"), "4")
    _type(qtbot, dialog.field("double_max_cards"), "3")

    with qtbot.assertNotEmitted(dialog.accepted):
        qtbot.mouseClick(dialog.ok_button, LEFT)

    assert dialog.isVisible()
    assert (
        dialog.error_text("double_max_cards")
        == "Double up to (3 cards) must not be below Double on hands of (4 cards)"
    )
    assert dialog.is_highlighted("double_max_cards")
    assert dialog.rules() is GAMES["blackjack"]


def test_a_refused_setting_is_cleared_when_edited_and_the_table_then_accepted(
    qtbot: QtBot,
) -> None:
    dialog = _custom_dialog(qtbot)
    _type(qtbot, dialog.field("min_bet"), "600")
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.is_highlighted("min_bet")

    _type(qtbot, dialog.field("min_bet"), "25")

    assert not dialog.is_highlighted("min_bet")
    assert dialog.error_text("min_bet") == ""
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.rules().min_bet == 2500
    assert not dialog.isVisible()


def test_a_payout_that_is_not_a_ratio_is_refused_beside_the_payout(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot)
    payout = dialog.field("natural_pays")
    assert isinstance(payout, QComboBox)
    payout.setCurrentText("three to two")

    qtbot.mouseClick(dialog.ok_button, LEFT)

    assert dialog.isVisible()
    assert (
        dialog.error_text("natural_pays")
        == "Blackjack pays must be between 1:1 and 2:1, written like 3:2"
    )
    assert dialog.is_highlighted("natural_pays")


def test_an_empty_amount_is_refused_beside_its_field(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot)
    max_bet = dialog.field("max_bet")
    assert isinstance(max_bet, QLineEdit)
    max_bet.clear()

    qtbot.mouseClick(dialog.ok_button, LEFT)

    assert dialog.isVisible()
    assert (
        dialog.error_text("max_bet") == "Maximum bet must be an amount in dollars, written like 25"
    )


def test_cancel_changes_nothing(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot)
    _type(qtbot, dialog.field("decks"), "1")

    qtbot.mouseClick(dialog.cancel_button, LEFT)

    assert not dialog.isVisible()
    assert dialog.rules() is GAMES["blackjack"]


def test_custom_table_preview_shows_the_rules_as_set(qtbot: QtBot) -> None:
    dialog = _custom_dialog(qtbot)
    _type(qtbot, dialog.field("decks"), "2")

    qtbot.mouseClick(dialog.preview_button, LEFT)

    page = _only_child(dialog, RulesDialog)
    assert isinstance(page, RulesDialog)
    assert page.text() == describe(
        GAMES["blackjack"].replace(decks=2, name="Custom table (from Standard BlackJack)")
    )
    assert "Two 52-card decks" in page.text()


# --- The custom table from the lobby -------------------------------------------------------------


def test_custom_tile_play_sets_up_a_table_and_chooses_it(qtbot: QtBot, lobby: LobbyPage) -> None:
    qtbot.mouseClick(lobby.tile(CUSTOM).play_button, LEFT)
    dialog = _only_child(lobby, CustomTableDialog)
    assert isinstance(dialog, CustomTableDialog)
    _type(qtbot, dialog.field("decks"), "2")
    _type(qtbot, dialog.field("min_bet"), "25")

    with qtbot.waitSignal(lobby.game_chosen, timeout=1000) as chosen:
        qtbot.mouseClick(dialog.ok_button, LEFT)

    expected = GAMES["blackjack"].replace(
        decks=2, min_bet=2_500, name="Custom table (from Standard BlackJack)"
    )
    assert chosen.args == [expected]
    assert lobby.custom_rules() == expected
    assert lobby.tile(CUSTOM).limits_label.text() == "$25 – $500 a circle"
    assert lobby.tile(CUSTOM).decks_label.text().startswith("2 decks · 3 circles")


def test_custom_tile_refused_table_chooses_nothing(qtbot: QtBot, lobby: LobbyPage) -> None:
    qtbot.mouseClick(lobby.tile(CUSTOM).play_button, LEFT)
    dialog = _only_child(lobby, CustomTableDialog)
    assert isinstance(dialog, CustomTableDialog)
    _type(qtbot, dialog.field("min_bet"), "501")

    with qtbot.assertNotEmitted(lobby.game_chosen):
        qtbot.mouseClick(dialog.ok_button, LEFT)

    assert dialog.isVisible()
    assert (
        dialog.error_text("min_bet")
        == "Minimum bet ($501.00) must not be over the maximum bet ($500.00)"
    )
    qtbot.mouseClick(dialog.cancel_button, LEFT)


def test_custom_tile_rules_show_the_custom_table(qtbot: QtBot, lobby: LobbyPage) -> None:
    qtbot.mouseClick(lobby.tile(CUSTOM).rules_button, LEFT)

    dialog = _only_child(lobby, RulesDialog)
    assert isinstance(dialog, RulesDialog)
    assert dialog.text() == describe(lobby.custom_rules())
    assert dialog.text().startswith("Custom table (from Standard BlackJack)\n")
