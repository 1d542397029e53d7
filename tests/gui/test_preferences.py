"""The player's settings alone: `Preferences` over a tmp folder's settings.json, no window; what
it hands on to be put in force is recorded instead."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from casino_gui.gui.settings import (
    MAX_VOLUME,
    SETTINGS_FILE,
    Settings,
    Speed,
    load_settings,
)
from casino_gui.gui.window_settings import Preferences


def kept(folder: Path) -> tuple[Preferences, list[Settings]]:
    obeyed: list[Settings] = []
    return Preferences(folder, load_settings(folder), obeyed.append), obeyed


def test_each_change_is_kept_at_once_and_put_in_force(tmp_path: Path) -> None:
    preferences, obeyed = kept(tmp_path)
    preferences.set_speed(Speed.FAST)
    preferences.set_warn_mistakes(True)
    preferences.apply_sound(False, 250)  # the volume is held to its range
    settings = preferences.settings
    assert (settings.speed, settings.speed_chosen, settings.warn_mistakes) == (
        Speed.FAST,
        True,
        True,
    )
    assert (settings.sound, settings.volume) == (False, MAX_VOLUME)
    assert obeyed[-1] == settings and len(obeyed) == 3
    assert load_settings(tmp_path) == settings  # a crash now loses nothing


def test_the_session_report_setting_is_kept_but_changes_nothing_on_the_table(
    tmp_path: Path,
) -> None:
    preferences, obeyed = kept(tmp_path)
    preferences.set_session_report(False)
    assert not load_settings(tmp_path).session_report and obeyed == []


def test_settings_that_did_not_change_are_not_written_again(tmp_path: Path) -> None:
    preferences, obeyed = kept(tmp_path)
    preferences.apply(dataclasses.replace(preferences.settings, show_totals=False))
    (tmp_path / SETTINGS_FILE).unlink()
    preferences.remember(preferences.settings)
    assert not (tmp_path / SETTINGS_FILE).exists()
    preferences.apply(preferences.settings)  # put in force again all the same
    assert len(obeyed) == 2
