"""What the frozen bundle leaves out of Qt, and how build.py looks at the smoke test's picture."""

from __future__ import annotations

import re
from pathlib import Path

import project
import pytest
import qt_trim
import smoke_check
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication


def qt_modules_imported_by_the_program() -> set[str]:
    pattern = re.compile(r"\bPySide6\.(Qt\w+)|from PySide6 import ([\w, ]+)")
    found = set()
    for path in (project.ROOT / "casino_gui").rglob("*.py"):
        for dotted, listed in pattern.findall(path.read_text(encoding="utf-8")):
            found.update([dotted] if dotted else [n.strip() for n in listed.split(",")])
    return found


def test_every_qt_module_the_program_imports_is_kept() -> None:
    imported = qt_modules_imported_by_the_program()
    assert {"QtCore", "QtGui", "QtWidgets", "QtMultimedia"} <= imported
    assert "QtTest" not in imported  # a testing library has no place in the shipped program
    # A new import must be added to QT_MODULES_USED, or the frozen program cannot load it.
    assert imported <= qt_trim.QT_MODULES_USED


def test_the_unused_qt_modules_are_excluded() -> None:
    excluded = set(qt_trim.excluded_qt_modules())
    for name in ("QtQml", "QtQuick", "QtWebEngineCore", "Qt3DCore", "QtMultimediaWidgets"):
        assert f"PySide6.{name}" in excluded
    # The sound cues' QSoundEffect; PySide6's QtMultimedia imports QtNetwork.
    assert {"QtMultimedia", "QtNetwork"} <= qt_trim.QT_MODULES_USED
    for name in qt_trim.QT_MODULES_USED:
        assert f"PySide6.{name}" not in excluded


@pytest.mark.parametrize(
    ("destination", "kept"),
    [
        ("PySide6/Qt/lib/libQt6Gui.so.6", True),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6\\plugins\\platforms\\qwindows.dll", True),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
        ("PySide6/Qt/plugins/styles/libqmacstyle.dylib", True),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
        ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
        ("PySide6/Qt/plugins/imageformats/libqtiff.so", False),
        ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
        ("PySide6/Qt/plugins/networkinformation/libqglib.so", False),
        ("PySide6/Qt/translations/qt_de.qm", False),
        ("PySide6\\translations\\qtbase_fr.qm", False),
        ("PySide6/Qt/lib/libQt6Multimedia.so.6", True),
        ("PySide6/Qt/lib/libQt6Network.so.6", True),  # libQt6Multimedia links it
        ("PySide6\\Qt6Network.dll", True),
        ("PySide6/Qt/lib/QtNetwork.framework/Versions/A/QtNetwork", True),
        # QSoundEffect needs no media backend: the FFmpeg plugin and FFmpeg stay out.
        ("PySide6/Qt/plugins/multimedia/libffmpegmediaplugin.so", False),
        ("PySide6\\plugins\\multimedia\\ffmpegmediaplugin.dll", False),
        ("PySide6/Qt/lib/libavcodec.so.61", False),
        ("PySide6/Qt/lib/libswresample.so.5", False),
        ("PySide6\\avformat-61.dll", False),
        ("PySide6/Qt/lib/libavutil.59.dylib", False),
        ("PySide6/Qt/lib/libQt6FFmpegStub-va.so.2", False),
        # The system's PulseAudio client, not a copy (the .deb depends on libpulse0).
        ("libpulse.so.0", False),
        ("libpulsecommon-16.1.so", False),
        ("libsndfile.so.1", False),
        ("libvorbisenc.so.2", False),
        ("libFLAC.so.12", False),
        ("libstdc++.so.6", True),
        ("libopenjp2.so.7", True),
        # numba's TBB threading layer links a libtbb the player may not have (the .deb would
        # depend on libtbb12); the fast simulation runs no parallel loops. Its LLVM stays.
        ("numba/np/ufunc/tbbpool.cpython-311-x86_64-linux-gnu.so", False),
        ("numba\\np\\ufunc\\tbbpool.cp311-win_amd64.pyd", False),
        ("numba/np/ufunc/workqueue.cpython-311-x86_64-linux-gnu.so", True),
        ("llvmlite/binding/libllvmlite.so", True),
    ],
)
def test_the_bundle_keeps_what_a_desktop_window_needs(destination: str, kept: bool) -> None:
    assert qt_trim.keep(destination) is kept


def table_like_picture(path: Path) -> Path:
    """Felt green with a few cards and chips on it: what the smoke test's picture looks like."""
    image = QImage(640, 400, QImage.Format.Format_RGB32)
    image.fill(QColor("#1f8a45"))
    painter = QPainter(image)
    for index in range(160):
        painter.fillRect(
            QRect(8 + (index % 16) * 38, 20 + (index // 16) * 36, 30, 28),
            QColor.fromHsv((index * 37) % 360, 200, 120 + index % 120),
        )
    painter.end()
    image.save(str(path))
    return path


def test_a_picture_of_the_table_passes(tmp_path: Path, qapp: QApplication) -> None:
    colours, felt = smoke_check.check_picture(table_like_picture(tmp_path / "table.png"))
    assert colours >= smoke_check.MIN_COLOURS
    assert felt >= smoke_check.MIN_FELT_SHARE


def test_a_blank_picture_fails(tmp_path: Path) -> None:
    image = QImage(640, 400, QImage.Format.Format_RGB32)
    image.fill(QColor("#1f8a45"))
    image.save(str(tmp_path / "blank.png"))
    with pytest.raises(smoke_check.SmokeTestError, match="blank"):
        smoke_check.check_picture(tmp_path / "blank.png")


def test_a_picture_without_felt_fails(tmp_path: Path, qapp: QApplication) -> None:
    path = table_like_picture(tmp_path / "table.png")
    image = QImage(str(path))
    image.invertPixels()  # felt green turns magenta
    image.save(str(path))
    with pytest.raises(smoke_check.SmokeTestError, match="shows no table"):
        smoke_check.check_picture(path)


def test_no_picture_fails(tmp_path: Path) -> None:
    with pytest.raises(smoke_check.SmokeTestError, match="no readable picture"):
        smoke_check.check_picture(tmp_path / "missing.png")


@pytest.mark.parametrize(
    "line",
    [
        "smoke test: sound: 9 of 9 cues loaded with QtMultimedia",
        "smoke test: sound: 9 of 9 cues loaded with QtMultimedia, 9 silent (no audio device)",
        # A build machine without sound: QtMultimedia loaded to say so, every file there.
        "smoke test: sound: silent: no audio device (QtMultimedia loaded, 9 of 9 cue files)",
    ],
)
def test_the_cues_are_bundled_with_or_without_an_audio_device(line: str) -> None:
    smoke_check.check_sound(f"smoke test: a round\n{line}\n")


@pytest.mark.parametrize(
    "line",
    [
        "smoke test: sound: 7 of 9 cues loaded with QtMultimedia",
        "smoke test: sound: silent: no audio device (QtMultimedia loaded, 0 of 9 cue files)",
        "smoke test: sound: silent: QtMultimedia is not available (libpulse.so.0)",
        "smoke test: sound: SilentPlayer",
    ],
)
def test_a_bundle_without_its_cues_or_qtmultimedia_fails(line: str) -> None:
    with pytest.raises(smoke_check.SmokeTestError, match="did not load its sound cues"):
        smoke_check.check_sound(f"{line}\n")


def test_llvmlites_library_is_kept_though_no_module_links_it() -> None:
    # numba's LLVM is opened by ctypes at run time: no extension module links it, so the
    # orphan pruning dropped it and the frozen program could not simulate at compiled speed.
    import llvmlite.binding

    folder = Path(llvmlite.binding.__file__).parent
    library = next(folder.glob("libllvmlite.*"))
    destination = f"llvmlite/binding/{library.name}"
    orphan = ("lib/libnothing-links-this.so.1", str(library), "BINARY")
    kept = qt_trim.without_orphans([(destination, str(library), "BINARY"), orphan])
    assert [entry[0] for entry in kept] == [destination]
