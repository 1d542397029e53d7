"""The desktop's request for reduced motion starts the table at the instant speed until the
player chooses one (docs/decisions.md, "The look adapts"). Read from a real KDE settings file
in a temporary configuration folder."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from casino_gui.gui.dialogs.settings_dialog import SettingsDialog
from casino_gui.gui.reduced_motion import desktop_reduces_motion, follow_desktop_motion
from casino_gui.gui.settings import (
    Felt,
    Settings,
    Speed,
    load_settings,
    save_settings,
    settings_from_json,
)
from tests.gui.conftest import Table


@pytest.fixture
def desktop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A configuration folder of its own, no GNOME to ask (an empty PATH: no gsettings), and
    the desktop's answer asked afresh."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs"))
    (tmp_path / "config").mkdir()
    desktop_reduces_motion.cache_clear()
    yield tmp_path / "config"
    desktop_reduces_motion.cache_clear()


Open = Callable[..., Table]


def kde_animations(config: Path, factor: str) -> None:
    (config / "kdeglobals").write_text(f"[KDE]\nAnimationDurationFactor={factor}\n", "utf-8")


def test_kdes_instant_animations_ask_for_reduced_motion(desktop: Path) -> None:
    kde_animations(desktop, "0")
    assert desktop_reduces_motion()


@pytest.mark.parametrize("factor", ["1", "0.5", "not a number"])
def test_other_kde_speeds_ask_nothing(desktop: Path, factor: str) -> None:
    kde_animations(desktop, factor)
    assert not desktop_reduces_motion()


def test_reading_the_settings_never_asks_the_desktop(desktop: Path, tmp_path: Path) -> None:
    # The start reads settings.json before its first paint: no child process, no wait there.
    kde_animations(desktop, "0")
    folder = tmp_path / "casino"
    folder.mkdir()
    assert load_settings(folder).speed is Speed.NORMAL  # no settings file yet
    assert settings_from_json({"speed": "warp"}).speed is Speed.NORMAL
    assert not load_settings(folder).speed_chosen
    assert desktop_reduces_motion.cache_info().misses == 0  # the desktop was never asked


def follow(table: Table) -> None:
    """The start's step after the first paint, run to its end on the window's loop."""
    task = asyncio.ensure_future(follow_desktop_motion(table.window))
    table.qtbot.waitUntil(task.done, timeout=5_000)


def test_after_the_first_paint_the_desktop_slows_an_unchosen_speed(
    desktop: Path, open_table: Open
) -> None:
    kde_animations(desktop, "0")
    table = open_table()
    table.controller.speed = Speed.NORMAL  # as the start left it
    assert not table.window.settings.speed_chosen
    follow(table)
    assert (table.window.settings.speed, table.controller.speed) == (Speed.INSTANT, Speed.INSTANT)
    assert not table.window.settings.speed_chosen  # still the desktop's, asked at each start


def test_a_speed_the_player_chose_is_kept_whatever_the_desktop_asks(
    desktop: Path, open_table: Open
) -> None:
    kde_animations(desktop, "0")
    table = open_table()
    window = table.window
    window.preferences.apply(
        dataclasses.replace(window.settings, speed=Speed.FAST, speed_chosen=True)
    )
    follow(table)
    assert (window.settings.speed, table.controller.speed) == (Speed.FAST, Speed.FAST)


def test_a_saved_file_keeps_following_the_desktop_until_a_speed_is_chosen(tmp_path: Path) -> None:
    # Another setting saved (the felt) writes no speed: the desktop is still asked at each start.
    assert save_settings(tmp_path, dataclasses.replace(load_settings(tmp_path), felt=Felt.BLUE))
    assert "speed" not in json.loads((tmp_path / "settings.json").read_text())
    assert not load_settings(tmp_path).speed_chosen


def test_the_dialog_makes_a_speed_the_players_only_when_he_changes_it(
    qtbot: QtBot, desktop: Path
) -> None:
    given = Settings(speed=Speed.INSTANT)  # what reduced motion gave him
    kept, changed = SettingsDialog(given), SettingsDialog(given)
    for dialog in (kept, changed):
        qtbot.addWidget(dialog)  # deleted by Qt, as the window's are
    kept.accept()
    assert not kept.chosen().speed_chosen
    changed.speed_buttons["fast"].setChecked(True)
    changed.accept()
    assert changed.chosen().speed == "fast" and changed.chosen().speed_chosen
