"""settings.json: every value checked on load, the size fitted to the screen, written atomically
each time a setting changes (docs/decisions.md, "Settings (Game ▸ Settings)")."""

from __future__ import annotations

import doctest
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtWidgets import QApplication

from casino_gui.engine.games import rules_for
from casino_gui.gui import settings as settings_module
from casino_gui.gui.opening import opening_window
from casino_gui.gui.settings import (
    MAX_FILE_BYTES,
    SETTINGS_FILE,
    CardBack,
    Contrast,
    CountKey,
    Felt,
    Settings,
    Speed,
    fit_size,
    load_settings,
    save_settings,
    settings_from_json,
    window_look,
)
from casino_gui.gui.table import wording
from casino_gui.gui.window import CasinoWindow
from casino_gui.store import Bankroll
from tests.gui.conftest import Table
from tests.screens import offscreen_platform

Open = Callable[..., Table]


def write(folder: Path, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / SETTINGS_FILE).write_text(text, "utf-8")


@pytest.mark.parametrize(
    "size",
    [
        [100_000, 100_000],
        [10**12, 10**12],
        [40_000, 40_000],
        [0, 600],
        [-5, 600],
        [True, True],
        [800.5, 600],
        ["800", "600"],
        [800],
        [800, 600, 1],
        None,
        "big",
    ],
)
def test_a_size_no_screen_can_have_falls_back_to_the_default(size: object) -> None:
    assert settings_from_json({"size": size}).size is None


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"speed": "warp"}, Settings()),
        ({"speed": 3}, Settings()),
        ({"warn_mistakes": "yes"}, Settings()),
        ({"maximized": 1}, Settings()),
        ({"game": "poker"}, Settings()),
        ({"game": ["blackjack"]}, Settings()),
        ({"game": "pontoon", "rules": "3:2"}, Settings(game="pontoon")),
        ([1, 2], Settings()),
        ("settings", Settings()),
        (None, Settings()),
    ],
)
def test_a_bad_value_falls_back_to_its_default(data: object, expected: Settings) -> None:
    assert settings_from_json(data) == expected


def test_a_bad_value_keeps_the_good_ones() -> None:
    settings = settings_from_json(
        {"game": "pontoon", "speed": "fast", "warn_mistakes": True, "size": [10**12, 3]}
    )
    assert settings == Settings(
        game="pontoon", speed=Speed.FAST, speed_chosen=True, warn_mistakes=True
    )


def test_rules_the_engine_refuses_give_the_games_preset() -> None:
    for rules in ({"decks": "many"}, {"circles": 99}, {"nonsense": 1}, {"decks": 10**400}):
        settings = settings_from_json({"game": "pontoon", "rules": rules})
        assert settings.rules == {}, "refused on load"
        assert settings.table_rules() == rules_for("pontoon")
        assert Settings(game="pontoon", rules=rules).table_rules() == rules_for("pontoon")


def test_a_custom_table_is_kept_as_changes_from_its_preset() -> None:
    custom = rules_for("blackjack").replace(decks=2, min_bet=1_000)
    settings = Settings().with_table(custom)
    assert settings.game == "blackjack"
    assert dict(settings.rules) == {"decks": 2, "min_bet": 1_000}
    assert settings_from_json(json.loads(json.dumps(settings_to_dict(settings)))).table_rules() == (
        custom
    )


def settings_to_dict(settings: Settings) -> dict[str, object]:
    from casino_gui.gui.settings import settings_to_json

    return settings_to_json(settings)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[" * 30_000 + "]" * 30_000,  # nested deeper than Python's parser recurses
        '{"size": [' + "9" * 5_000 + ", 600]}",  # more digits than int() converts
        "\udcff",
    ],
)
def test_a_file_that_is_not_settings_gives_the_defaults(tmp_path: Path, text: str) -> None:
    (tmp_path / SETTINGS_FILE).write_text(text, "utf-8", errors="surrogateescape")
    assert load_settings(tmp_path) == Settings()


def test_a_file_too_big_to_be_settings_is_not_read(tmp_path: Path) -> None:
    write(tmp_path, json.dumps({"speed": "fast", "pad": "x" * MAX_FILE_BYTES}))
    assert load_settings(tmp_path) == Settings()


def test_a_settings_file_that_is_a_folder_gives_the_defaults(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).mkdir()
    assert load_settings(tmp_path) == Settings()
    assert save_settings(tmp_path, Settings(speed=Speed.FAST, speed_chosen=True)) is False


@pytest.mark.parametrize(
    ("size", "available", "expected"),
    [
        ((100_000, 100_000), (1920, 1032), (1920, 1032)),
        ((1300, 860), (1024, 552), (1024, 552)),
        ((700, 500), (1920, 1032), (773, 500)),  # never below the window's minimum...
        ((700, 300), (760, 400), (760, 400)),  # ...unless the screen itself is smaller
        (None, (1920, 1032), (1280, 820)),
    ],
)
def test_the_size_is_fitted_to_the_screen(
    size: tuple[int, int] | None, available: tuple[int, int], expected: tuple[int, int]
) -> None:
    assert fit_size(size, available=available, minimum=(773, 420)) == expected


def test_saving_writes_beside_and_moves_in_leaving_no_partial_file(tmp_path: Path) -> None:
    write(tmp_path, '{"speed": "fast"}')
    assert save_settings(
        tmp_path, Settings(speed=Speed.INSTANT, speed_chosen=True, size=(900, 700))
    )
    assert load_settings(tmp_path) == Settings(
        speed=Speed.INSTANT, speed_chosen=True, size=(900, 700)
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == [SETTINGS_FILE]


def test_a_full_disk_keeps_the_old_settings(tmp_path: Path) -> None:
    folder = tmp_path / "small"
    folder.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=12k", "tmpfs", str(folder)], check=False
    )
    if mounted.returncode != 0:
        pytest.skip("this machine does not allow mounting a tmpfs")
    try:
        assert save_settings(folder, Settings(speed=Speed.FAST, speed_chosen=True))
        (folder / "filler").write_bytes(b"x" * 8192)
        huge = Settings(game="blackjack", rules={"name": "x" * 20_000})
        assert save_settings(folder, huge) is False
        assert load_settings(folder) == Settings(speed=Speed.FAST, speed_chosen=True)
        assert sorted(path.name for path in folder.iterdir()) == ["filler", SETTINGS_FILE]
    finally:
        subprocess.run(["umount", str(folder)], check=False)


# --- In the window --------------------------------------------------------------------


def test_a_setting_is_written_when_it_changes_not_only_on_close(open_table: Open) -> None:
    table = open_table("pontoon")
    folder = table.window.bankroll.folder
    table.window.menu_action("Fast").trigger()
    assert load_settings(folder).speed == "fast"
    table.window.menu_action("Warn me of mistakes").trigger()
    assert load_settings(folder).warn_mistakes is True
    table.window.sit_at(rules_for("super_21"))
    assert load_settings(folder).game == "super_21"
    table.window.resize(1000, 700)
    table.qtbot.waitUntil(lambda: load_settings(folder).size == (1000, 700), timeout=3_000)


@pytest.mark.parametrize("side", [100_000, 40_000, 10**12])
def test_a_huge_remembered_size_opens_a_window_that_fits_the_screen(
    qapp: QApplication, tmp_path: Path, side: int
) -> None:
    write(tmp_path, json.dumps({"size": [side, side], "game": "blackjack"}))
    with Bankroll.open(tmp_path) as bankroll:
        window = CasinoWindow(bankroll)
        room = window.screen().availableGeometry()
        assert window.width() <= room.width() and window.height() <= room.height()
        window.close()
        window.deleteLater()


def run_program(
    folder: Path, platform: str, *extra: str, scale: str = "1"
) -> subprocess.CompletedProcess[str]:
    """The program on a screen of its own, with Qt's scale factor (2: every size doubled)."""
    env = {**os.environ, "QT_QPA_PLATFORM": platform, "QT_SCALE_FACTOR": scale}
    return subprocess.run(
        [sys.executable, "-m", "casino_gui", "--data-dir", str(folder), *extra],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


@pytest.mark.parametrize("side", [100_000, 10**12, 40_000])
def test_the_program_starts_and_plays_with_a_huge_remembered_size(
    tmp_path: Path, side: int
) -> None:
    folder = tmp_path / "data"
    write(folder, json.dumps({"size": [side, side]}))
    done = run_program(
        folder, offscreen_platform(1600, 1000, tmp_path), "--smoke-test", str(tmp_path / "t.png")
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    # The file is rewritten with a size that fits the screen.
    width, height = load_settings(folder).size or (0, 0)
    assert 0 < width <= 1600 and 0 < height <= 1000


def test_a_size_the_screen_forced_does_not_replace_the_players_choice(
    qapp: QApplication, tmp_path: Path
) -> None:
    write(tmp_path, json.dumps({"size": [3000, 2000], "game": "blackjack"}))
    with Bankroll.open(tmp_path) as bankroll:
        window = CasinoWindow(bankroll)
        room = window.screen().availableGeometry()
        assert window.width() < 3000 and window.width() <= room.width()
        window.close()
        window.deleteLater()
    assert load_settings(tmp_path).size == (3000, 2000)
    # A size the player chooses is kept.
    with Bankroll.open(tmp_path) as bankroll:
        window = CasinoWindow(bankroll)
        window.resize(900, 640)
        window.close()
        window.deleteLater()
    assert load_settings(tmp_path).size == (900, 640)


@pytest.mark.parametrize(
    "place",
    [[-20_000, 0], [0, 10**9], [True, False], [10.5, 20], ["10", "20"], [10], None, "top"],
)
def test_a_place_no_desktop_can_have_is_forgotten(place: object) -> None:
    assert settings_from_json({"place": place}).place is None
    assert settings_from_json({"place": [-1200, 40]}).place == (-1200, 40)  # a left screen


def test_the_window_opens_where_it_was_closed(qapp: QApplication, tmp_path: Path) -> None:
    write(tmp_path, json.dumps({"size": [900, 640], "game": "blackjack"}))
    with Bankroll.open(tmp_path) as bankroll:
        window = CasinoWindow(bankroll)
        window.show()
        window.move(130, 70)
        window.close()
        window.deleteLater()
    assert load_settings(tmp_path).place == (130, 70)
    with Bankroll.open(tmp_path) as bankroll:
        window = CasinoWindow(bankroll)
        assert (window.x(), window.y()) == (130, 70)
        window.close()
        window.deleteLater()


def test_the_opening_window_takes_the_place_too(qapp: QApplication, tmp_path: Path) -> None:
    write(tmp_path, json.dumps({"size": [900, 640], "place": [210, 90]}))
    window, _felt = opening_window(window_look(tmp_path))
    assert (window.x(), window.y()) == (210, 90)
    window.deleteLater()


def test_a_place_on_a_screen_now_gone_leaves_the_window_to_the_window_manager(
    qapp: QApplication, tmp_path: Path
) -> None:
    room = qapp.primaryScreen().availableGeometry()
    write(tmp_path, json.dumps({"size": [900, 640], "place": [room.right() + 500, 90]}))
    window, _felt = opening_window(window_look(tmp_path))
    assert window.screen().availableGeometry().contains(window.frameGeometry().topLeft())
    window.deleteLater()


def test_a_maximised_window_keeps_its_normal_place(qapp: QApplication, tmp_path: Path) -> None:
    write(tmp_path, json.dumps({"size": [900, 640], "place": [150, 60], "game": "blackjack"}))
    with Bankroll.open(tmp_path) as bankroll:
        window = CasinoWindow(bankroll)
        window.show()
        window.showMaximized()
        window.close()
        window.deleteLater()
    assert load_settings(tmp_path).place == (150, 60)
    assert load_settings(tmp_path).maximized


@pytest.mark.parametrize("module", [settings_module, wording])
def test_the_doctests_of_the_window_modules(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"volume": 250}, Settings(volume=100)),
        ({"volume": -5}, Settings(volume=0)),
        ({"volume": 40.5}, Settings()),
        ({"volume": True}, Settings()),
        ({"felt": "purple"}, Settings()),
        ({"felt": "blue"}, Settings(felt=Felt.BLUE)),
        ({"card_back": 3}, Settings()),
        ({"card_back": "lattice"}, Settings(card_back=CardBack.LATTICE)),
        ({"warn_threshold": 10**9}, Settings(warn_threshold=1_000)),
        ({"warn_threshold": "2%"}, Settings()),
        ({"confirm_over": -100}, Settings(confirm_over=0)),
        ({"confirm_over": 50_000}, Settings(confirm_over=50_000)),
        ({"sound": "no"}, Settings()),
        ({"sound": False, "auto_rebet": True}, Settings(sound=False, auto_rebet=True)),
        ({"show_totals": 0, "session_report": None}, Settings()),
        ({"chip": 2_500}, Settings(chip=2_500)),
        ({"chip": 9_999}, Settings(chip=2_500)),  # no such chip: the biggest below it
        ({"chip": 0}, Settings(chip=100)),
        ({"chip": 10**12}, Settings(chip=50_000)),
        ({"chip": True}, Settings()),
        ({"chip": 25.0}, Settings()),
        ({"count_system": "hilo"}, Settings(count_system=CountKey.HILO)),
        ({"count_system": "wong-halves"}, Settings()),
        ({"count_spread": 50, "count_checks": True}, Settings(count_spread=20, count_checks=True)),
        ({"count_spread": 0}, Settings(count_spread=1)),
        ({"count_spread": "1:12"}, Settings()),
    ],
)
def test_the_table_settings_are_clamped_or_fall_back(data: object, expected: Settings) -> None:
    assert settings_from_json(data) == expected


def test_every_setting_survives_a_round_trip(tmp_path: Path) -> None:
    chosen = Settings(
        sound=False,
        volume=35,
        felt=Felt.RED,
        card_back=CardBack.BLUE,
        warn_threshold=55,
        auto_rebet=True,
        show_totals=False,
        confirm_over=25_000,
        session_report=False,
        chip=10_000,
        count_system=CountKey.ZEN,
        count_spread=12,
        count_checks=True,
        four_colour=True,
    )
    assert save_settings(tmp_path, chosen)
    assert load_settings(tmp_path) == chosen


def test_the_settings_name_every_count_system() -> None:
    from casino_gui.engine.counting import SYSTEMS

    assert [key.value for key in CountKey] == list(SYSTEMS)


EARLIER_FILE = {  # a file of an earlier version: its choices as text, "off" for no count
    "speed": "fast",
    "felt": "grey",
    "card_back": "lattice",
    "contrast": "high",
    "count_system": "off",
}


def test_an_earlier_versions_file_loads_as_members_and_is_written_back_alike(
    tmp_path: Path,
) -> None:
    write(tmp_path, json.dumps(EARLIER_FILE))
    settings = load_settings(tmp_path)
    assert settings == Settings(
        speed=Speed.FAST,
        speed_chosen=True,
        felt=Felt.GREY,
        card_back=CardBack.LATTICE,
        contrast=Contrast.HIGH,
        count_system=None,
    )
    # Members, not text that merely compares equal: the code compares them with `is`.
    chosen = (settings.speed, settings.felt, settings.card_back, settings.contrast)
    assert [type(choice) for choice in chosen] == [Speed, Felt, CardBack, Contrast]
    assert save_settings(tmp_path, settings)
    written = json.loads((tmp_path / SETTINGS_FILE).read_text("utf-8"))
    assert {name: written[name] for name in EARLIER_FILE} == EARLIER_FILE


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"count_system": "ko"}, CountKey.KO),
        ({"count_system": "off"}, None),
        ({"count_system": "OFF"}, None),  # not a stored text: the default, no count
        ({"count_system": None}, None),
    ],
)
def test_a_count_system_is_a_member_or_none(data: object, expected: CountKey | None) -> None:
    assert settings_from_json(data).count_system is expected


def test_twice_the_scale_on_a_small_screen_does_not_replace_the_players_size(
    tmp_path: Path,
) -> None:
    # At 2x on an 800 x 600 screen the window's own minimum is larger than the screen: the
    # size the screen forced is not the player's, and the next start at 1x opens at his size.
    folder = tmp_path / "data"
    write(folder, json.dumps({"size": [780, 540], "game": "blackjack"}))
    screen = offscreen_platform(800, 600, tmp_path)
    done = run_program(folder, screen, "--smoke-test", str(tmp_path / "t.png"), scale="2")
    assert done.returncode == 0, done.stderr
    assert load_settings(folder).size == (780, 540)


def test_a_first_start_on_a_small_screen_keeps_no_size_of_its_own(tmp_path: Path) -> None:
    # The default size fitted to a small screen is not a choice: a bigger screen later opens
    # the window at the default size, not at the small screen's.
    folder = tmp_path / "data"
    screen = offscreen_platform(800, 600, tmp_path)
    done = run_program(folder, screen, "--smoke-test", str(tmp_path / "t.png"))
    assert done.returncode == 0, done.stderr
    assert load_settings(folder).size is None
