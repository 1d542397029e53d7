"""The placeholder window and the program's command line."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem
from pytestqt.qtbot import QtBot

from casino_gui.app import GAME_NAMES, main
from casino_gui.gui.placeholder import PlaceholderTable, build_placeholder_scene


def _is_felt_green(colour: QColor) -> bool:
    return colour.green() > colour.red() + 40 and colour.green() > colour.blue() + 20


def _colours_on_a_grid(image: QImage, step: int = 8) -> set[int]:
    return {
        image.pixel(x, y)
        for x in range(0, image.width(), step)
        for y in range(0, image.height(), step)
    }


def _smoke_test_picture(tmp_path: Path, *options: str) -> QImage:
    png = tmp_path / "window.png"
    status = main(["--data-dir", str(tmp_path / "data"), "--smoke-test", str(png), *options])
    assert status == 0
    image = QImage(str(png))
    assert not image.isNull()
    return image


def test_smoke_test_writes_a_picture_of_the_felt_table(qapp: QApplication, tmp_path: Path) -> None:
    image = _smoke_test_picture(tmp_path)

    assert image.width() >= 640
    assert image.height() >= 360
    assert _is_felt_green(image.pixelColor(image.width() // 10, image.height() // 2))
    assert len(_colours_on_a_grid(image)) > 50


def test_smoke_test_prints_the_game_name_in_light_letters(
    qapp: QApplication, tmp_path: Path
) -> None:
    image = _smoke_test_picture(tmp_path, "--game", "pontoon")

    # The title is cream on green, in the upper middle of the table: no glyphs (no fonts)
    # would leave only green there.
    title_band = [
        image.pixelColor(x, y)
        for x in range(image.width() // 4, 3 * image.width() // 4, 2)
        for y in range(image.height() // 5, 2 * image.height() // 5, 2)
    ]
    assert any(min(c.red(), c.green(), c.blue()) > 200 for c in title_band)


def test_smoke_test_creates_the_data_folder(qapp: QApplication, tmp_path: Path) -> None:
    _smoke_test_picture(tmp_path)

    assert (tmp_path / "data").is_dir()


def test_closing_the_window_ends_the_program_with_status_0(
    qapp: QApplication, tmp_path: Path
) -> None:
    def close_the_table() -> None:
        for widget in qapp.topLevelWidgets():
            if isinstance(widget, PlaceholderTable):
                widget.close()

    QTimer.singleShot(200, close_the_table)

    assert main(["--data-dir", str(tmp_path / "data"), "--game", "super_21"]) == 0


def test_window_title_names_the_game(qtbot: QtBot) -> None:
    window = PlaceholderTable(GAME_NAMES["no_bust_21"])
    qtbot.addWidget(window)

    assert window.windowTitle() == "No Bust 21st Century Blackjack"


def _run_module(*options: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "casino_gui", *options],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        cwd=tmp_path,
        check=False,
    )


def test_python_m_casino_gui_help_lists_the_options(tmp_path: Path) -> None:
    result = _run_module("--help", tmp_path=tmp_path)

    assert result.returncode == 0
    for option in ("--data-dir", "--game", "--smoke-test"):
        assert option in result.stdout
    assert "face_up_21" in result.stdout


def test_python_m_casino_gui_refuses_an_unknown_game(tmp_path: Path) -> None:
    result = _run_module("--game", "roulette", tmp_path=tmp_path)

    assert result.returncode == 2
    assert "invalid choice: 'roulette'" in result.stderr


def test_python_m_casino_gui_smoke_test_in_a_fresh_process(tmp_path: Path) -> None:
    png = tmp_path / "window.png"
    result = _run_module(
        "--data-dir", str(tmp_path / "data"), "--smoke-test", str(png), tmp_path=tmp_path
    )

    assert result.returncode == 0, result.stderr
    assert png.stat().st_size > 1000


@pytest.mark.parametrize("game", list(GAME_NAMES))
def test_every_game_name_fits_on_the_table(qapp: QApplication, game: str) -> None:
    scene = build_placeholder_scene(GAME_NAMES[game])
    texts = [item for item in scene.items() if isinstance(item, QGraphicsSimpleTextItem)]

    assert sorted(item.text() for item in texts) == sorted([GAME_NAMES[game], "Table coming soon"])
    for item in texts:
        assert scene.sceneRect().contains(item.sceneBoundingRect())
