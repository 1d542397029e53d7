"""The icons the installers ship, all made from resources/casino-gui.svg."""

from __future__ import annotations

import struct
from pathlib import Path

import icons
import project
import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk, which must come first."""
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    # A QApplication first, as in every GUI test, so that icons.py does not make a lesser one.
    if QApplication.instance() is None:
        made.app = QApplication([])  # type: ignore[attr-defined]
    return icons.make_icons(project.ICON_SVG, tmp_path_factory.mktemp("icons"), "casino-gui")


def test_the_icon_source_is_one_svg_in_resources() -> None:
    assert project.ICON_SVG.parent.name == "resources"
    assert project.ICON_SVG.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_each_png_is_square_at_its_size(made: dict[str, Path]) -> None:
    for size in icons.PNG_SIZES:
        path = made[f"png-{size}"]
        assert path.name == f"casino-gui-{size}.png"
        assert png_size(path.read_bytes()) == (size, size)


def test_the_png_shows_the_felt_card_and_chip_not_a_blank(made: dict[str, Path]) -> None:
    image = QImage(str(made["png-256"]))
    corner = image.pixelColor(2, 2)
    felt = image.pixelColor(40, 200)
    card = image.pixelColor(70, 110)
    chip = image.pixelColor(176, 178)  # the diamond in the middle of the chip
    assert corner.alpha() == 0  # the rounded corner is transparent
    assert felt.green() > felt.red() + 40, felt.name()
    assert min(card.red(), card.green(), card.blue()) > 200, card.name()
    assert chip.red() > chip.green() + 60, chip.name()


def test_the_ico_holds_a_png_for_each_size_from_16_to_256(made: dict[str, Path]) -> None:
    data = made["ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(icons.ICO_SIZES))
    sizes = []
    for index in range(count):
        entry = data[6 + 16 * index : 6 + 16 * (index + 1)]
        width, height, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", entry)
        side = width or 256
        assert (height or 256) == side
        assert (planes, bits) == (1, 32)
        image = data[offset : offset + length]
        assert png_size(image) == (side, side)
        sizes.append(side)
    assert sizes == sorted(icons.ICO_SIZES)
    assert not QImage(str(made["ico"])).isNull()  # Qt's own reader agrees


def test_the_icns_holds_each_type_at_its_size(made: dict[str, Path]) -> None:
    data = made["icns"].read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    found = {}
    offset = 8
    while offset < len(data):
        kind = data[offset : offset + 4]
        length = struct.unpack(">I", data[offset + 4 : offset + 8])[0]
        found[kind] = png_size(data[offset + 8 : offset + length])
        offset += length
    assert offset == len(data)
    assert found == {kind: (size, size) for kind, size in icons.ICNS_TYPES}


def test_a_file_that_is_not_svg_is_refused(tmp_path: Path) -> None:
    if QApplication.instance() is None:
        pytest.skip("needs the application of the module fixture")
    bad = tmp_path / "bad.svg"
    bad.write_text("not an image", encoding="utf-8")
    with pytest.raises(ValueError, match="not an SVG image"):
        icons.render_png(bad, 16)
