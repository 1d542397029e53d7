"""The table's sound cues, counted by a recording player during scripted rounds with stacked
shoes; the mute button, the M key and the volume, remembered across a restart."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from casino_gui.engine.round import Action, Phase
from casino_gui.gui.settings import SETTINGS_FILE, load_settings
from casino_gui.gui.sound.cues import Cue
from casino_gui.gui.table.controller import Speed
from tests.gui.conftest import Table
from tests.gui.test_sound_cues import Recorder

Open = Callable[..., Table]
# Longer than the longest cue: what was heard before a click is over when it comes.
QUIET_S = 0.45


class MixerClock:
    """The mixer's clock: a second on at each reading (each cue), so that what is heard does
    not hang on how busy the machine is, and moved further on by `quiet`."""

    def __init__(self) -> None:
        self.ahead = 0.0
        self._seconds = itertools.count()

    def __call__(self) -> float:
        return float(next(self._seconds)) + self.ahead


def listen(table: Table, speed: Speed) -> Recorder:
    """Put a recording player in place of the window's, at this animation speed. The mixer's
    clock moves a second at each cue: what is heard does not hang on how busy the machine is
    (cards of a deal land a moment apart, and a stall can bring two together); the mixing of
    cues close in time is test_sound_cues.py's."""
    recorder = Recorder()
    table.window.sound.player = recorder
    table.window.sound.mixer.clock = MixerClock()
    table.controller.speed = speed
    return recorder


def quiet(table: Table) -> None:
    """What was heard is over: the next cue comes after every gap and every sound's end."""
    clock = table.window.sound.mixer.clock
    assert isinstance(clock, MixerClock)
    clock.ahead += QUIET_S


def bet(table: Table, cents: int, spot: int = 1) -> None:
    table.select_chip(cents)
    quiet(table)
    table.click_circle(spot)


def play(table: Table, shoe: str, *actions: Action) -> None:
    quiet(table)
    table.press(Action.DEAL, shoe=shoe)
    for action in actions:
        quiet(table)
        table.press(action)
    round_ = table.controller.table
    assert round_ is not None and round_.phase is Phase.SETTLED


def test_a_round_at_normal_speed_sounds_each_thing_the_player_sees_once(open_table: Open) -> None:
    # Player 9S TH (19), dealer 6H up and 7C in the hole: STAND, he turns 7C (13), draws 9D
    # and busts: the player wins $10.
    table = open_table("blackjack")
    heard = listen(table, Speed.NORMAL)
    bet(table, 1_000)
    play(table, "9S 6H TH 7C 9D", Action.STAND)
    assert table.controller.bankroll.balance == 100_000 + 1_000
    assert heard.cues == [
        Cue.CHIP_PLACED,  # the chip on circle 1
        Cue.SHUFFLE,  # DEAL: a new shoe (docs/rules.md, "The games": shuffled before every round)
        *[Cue.CARD_DEALT] * 4,  # each card as it lands, the hole card too
        Cue.BUTTON,  # STAND
        Cue.CARD_TURNED,  # the hole card turned
        Cue.CARD_DEALT,  # the dealer's 9D
        Cue.WIN,  # the round's result
        Cue.CHIPS_PAID,  # the dealer pays the winning hand
    ]


def test_a_fast_round_with_insurance_a_split_and_a_double_skips_the_minor_cues(
    open_table: Open,
) -> None:
    # Player 8S 8D, dealer AH up, 7C in the hole. Insurance (lost). Split: 8S+3H doubled with
    # TC = 21 wins; 8D+9S = 17 loses to the dealer's soft 18.
    table = open_table("blackjack")
    heard = listen(table, Speed.FAST)
    bet(table, 1_000)
    play(table, "8S AH 8D 7C 3H TC 9S", Action.INSURE, Action.SPLIT, Action.DOUBLE, Action.STAND)
    assert table.controller.bankroll.balance == 100_000 + 500
    # Fast leaves out the shuffle, the buttons' clicks, the turned card and the dealer's
    # collecting of the lost bet; every card, chip placed and the result remain.
    assert heard.cues == [
        Cue.CHIP_PLACED,
        *[Cue.CARD_DEALT] * 4,
        Cue.INSURANCE,  # the dealer's ace: insurance offered
        Cue.CHIP_PLACED,  # INSURE: the insurance bet
        Cue.CHIP_PLACED,  # SPLIT: the second hand's stake
        Cue.CARD_DEALT,  # 3H to the first hand
        Cue.CHIP_PLACED,  # DOUBLE
        Cue.CARD_DEALT,  # TC, the doubled hand's card
        Cue.CARD_DEALT,  # 9S, the second hand's second card
        Cue.WIN,  # one result cue: the best of a win and a loss
        Cue.CHIPS_PAID,
    ]


def test_instant_plays_only_the_settlement_cue(open_table: Open) -> None:
    # Player AS KD: blackjack against the dealer's 9H, settled at the deal.
    table = open_table("blackjack")
    heard = listen(table, Speed.INSTANT)
    bet(table, 1_000)
    play(table, "AS 9H KD 7C")
    assert table.controller.bankroll.balance == 100_000 + 1_500
    assert heard.cues == [Cue.NATURAL]


def test_a_bust_and_a_win_settle_with_one_cue_the_win(open_table: Open) -> None:
    # Circle 1: TS 9S stands on 19; circle 2: TH 6D hits KC and busts; the dealer's 7C TD
    # stands on 17. At the instant speed the bust is not heard on its own.
    table = open_table("blackjack")
    heard = listen(table, Speed.INSTANT)
    bet(table, 1_000, spot=1)
    bet(table, 1_000, spot=2)
    play(table, "TS TH 7C 9S 6D TD KC", Action.STAND, Action.HIT)
    assert table.controller.bankroll.balance == 100_000
    assert heard.cues == [Cue.WIN]


def test_a_bust_is_heard_when_it_happens_and_not_again_at_the_settlement(
    open_table: Open,
) -> None:
    # Player TH 6D hits KC and busts against the dealer's 7C TD.
    table = open_table("blackjack")
    heard = listen(table, Speed.FAST)
    bet(table, 1_000)
    play(table, "TH 7C 6D TD KC", Action.HIT)
    assert table.controller.bankroll.balance == 100_000 - 1_000
    assert heard.cues[-2:] == [Cue.CARD_DEALT, Cue.BUST]
    assert heard.cues.count(Cue.BUST) == 1


def test_taking_chips_off_and_clearing_sound_chip_removed(open_table: Open) -> None:
    table = open_table("blackjack")
    heard = listen(table, Speed.NORMAL)
    bet(table, 500)
    bet(table, 500)
    quiet(table)
    table.click_circle(1, right=True)
    quiet(table)
    table.qtbot.keyClick(table.window, Qt.Key.Key_C)  # CLEAR
    assert heard.cues == [Cue.CHIP_PLACED, Cue.CHIP_PLACED, Cue.CHIP_REMOVED, Cue.CHIP_REMOVED]


def test_the_mute_button_silences_the_table_and_is_remembered(
    open_table: Open, tmp_path: Path
) -> None:
    table = open_table("blackjack")
    window = table.window
    heard = listen(table, Speed.INSTANT)
    assert window.mute.isChecked() and window.sound.on
    table.qtbot.mouseClick(window.mute, Qt.MouseButton.LeftButton)
    assert not window.mute.isChecked() and not window.sound.on
    assert load_settings(window.bankroll.folder).sound is False
    bet(table, 1_000)
    play(table, "AS 9H KD 7C")
    assert heard.cues == []  # not even the settlement
    assert window.mute.toolTip().startswith("Muted")


def test_m_toggles_the_sound_at_the_table_only_and_a_restart_keeps_it(
    open_table: Open, tmp_path: Path
) -> None:
    table = open_table("blackjack")
    window = table.window
    folder = window.bankroll.folder
    table.qtbot.keyClick(window, Qt.Key.Key_M)
    assert not window.sound.on and not window.mute.isChecked()
    table.qtbot.keyClick(window, Qt.Key.Key_M)
    assert window.sound.on and window.mute.isChecked()
    table.qtbot.keyClick(window, Qt.Key.Key_M)
    assert json.loads((folder / SETTINGS_FILE).read_text(encoding="utf-8"))["sound"] is False
    window.show_lobby()
    table.qtbot.keyClick(window, Qt.Key.Key_M)  # the table's key does nothing in the lobby
    assert not window.sound.on
    window.close()
    window.bankroll.close()
    again = open_table("blackjack", folder=folder)
    assert not again.window.sound.on and not again.window.mute.isChecked()
    heard = listen(again, Speed.INSTANT)
    bet(again, 1_000)
    play(again, "AS 9H KD 7C")
    assert heard.cues == []


def test_apply_sound_sets_the_volume_and_the_mute_and_remembers_both(
    open_table: Open, tmp_path: Path
) -> None:
    table = open_table("blackjack")
    window = table.window
    folder = window.bankroll.folder
    heard = listen(table, Speed.INSTANT)
    window.preferences.apply_sound(True, 30)
    assert heard.gains[-1] == pytest.approx(0.09)  # 30 % of the volume, squared
    window.preferences.apply_sound(False, 250)  # clamped
    assert not window.mute.isChecked()
    assert (load_settings(folder).sound, load_settings(folder).volume) == (False, 100)
    window.preferences.apply_sound(True, 40)
    assert window.mute.isChecked() and window.mute.toolTip().startswith("Sound on")
    table.controller.speed = Speed.INSTANT  # applying the settings put back the saved speed
    bet(table, 1_000)
    play(table, "AS 9H KD 7C")
    assert heard.cues == [Cue.NATURAL]
    window.close()
    window.bankroll.close()
    again = open_table("blackjack", folder=folder)
    assert (again.window.sound.on, again.window.sound.volume) == (True, 40)
    recorder = listen(again, Speed.INSTANT)
    assert recorder.gains == [pytest.approx(0.16)]
