"""The real thing: `python packaging/build.py linux` end to end, then the .deb installed into a
scratch root and the installed program started offscreen (takes minutes: pytest -m slow)."""

from __future__ import annotations

import importlib.util
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import icons
import linux_deb
import project
import pytest
import smoke_check
from PySide6.QtGui import QImage

META = project.load()

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(platform.system() != "Linux", reason="builds the Linux installer"),
    pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb is not installed"),
    pytest.mark.skipif(
        importlib.util.find_spec("PyInstaller") is None,
        reason="PyInstaller is not installed: pip install -e '.[package]'",
    ),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Run build.py linux into a scratch folder; return that folder and what it printed."""
    scratch = tmp_path_factory.mktemp("build")
    done = subprocess.run(
        [
            sys.executable,
            str(project.PACKAGING / "build.py"),
            "linux",
            "--dist",
            str(scratch / "dist"),
            "--work",
            str(scratch / "work"),
        ],
        capture_output=True,
        text=True,
        timeout=1800,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )
    print(done.stdout[-6000:])
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    return scratch, done.stdout


def test_build_prints_the_bundle_beside_a_minimal_window_as_a_ratio(
    built: tuple[Path, str],
) -> None:
    _, output = built
    assert "build.py linux: ok" in output
    bundle = re.search(r"casino bundle\s+([\d.]+) MiB", output)
    minimal = re.search(r"minimal PySide6 window, same way\s+([\d.]+) MiB", output)
    ratio = re.search(r"casino / minimal\s+([\d.]+)", output)
    saved = re.search(r"the trimming saves\s+([\d.]+) MiB", output)
    assert bundle and minimal and ratio and saved, output
    assert float(ratio.group(1)) == pytest.approx(
        float(bundle.group(1)) / float(minimal.group(1)), abs=0.01
    )
    # The casino adds little beyond Qt itself and the compiled simulator's runtime (numba and
    # its LLVM, weighed apart: docs/decisions.md, "Simulations at compiled speed"), which is
    # there, and the trimming saves something.
    simulator = re.search(r"of it, the compiled simulator\s+([\d.]+) MiB", output)
    rest = re.search(r"casino less it / minimal\s+([\d.]+)", output)
    assert simulator and rest, output
    assert float(simulator.group(1)) > 50  # llvmlite's LLVM alone is over 150 MiB
    assert float(rest.group(1)) == pytest.approx(
        (float(bundle.group(1)) - float(simulator.group(1))) / float(minimal.group(1)), abs=0.01
    )
    assert float(rest.group(1)) < 1.25
    assert float(saved.group(1)) > 5


def test_the_deb_installs_the_program_menu_entry_icons_and_metadata(
    built: tuple[Path, str], tmp_path: Path
) -> None:
    scratch, _ = built
    deb = scratch / "dist" / linux_deb.deb_name(META)
    root = linux_deb.unpack_deb(deb, tmp_path / "root")
    launcher = root / "usr" / "bin" / "casino-gui"
    assert launcher.is_symlink()
    assert os.readlink(launcher) == "../../opt/casino-gui/casino-gui"
    assert os.access(launcher.resolve(), os.X_OK)
    share = root / "usr" / "share"
    assert (share / "applications" / f"{project.APP_ID}.desktop").is_file()
    assert (share / "metainfo" / f"{project.APP_ID}.metainfo.xml").is_file()
    for size in icons.PNG_SIZES:
        png = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{project.APP_ID}.png"
        assert QImage(str(png)).size().width() == size
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{project.APP_ID}.svg").is_file()
    assert (root / "opt" / "casino-gui" / "_internal" / "resources" / "casino-gui.svg").is_file()

    info = subprocess.run(
        ["dpkg-deb", "--field", str(deb), "Package", "Version", "Depends"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Package: casino-gui" in info
    assert f"Version: {META.version}" in info
    assert "libc6 (>= " in info


def test_the_installed_program_plays_a_round_and_shows_the_table(
    built: tuple[Path, str], tmp_path: Path
) -> None:
    scratch, _ = built
    root = linux_deb.unpack_deb(scratch / "dist" / linux_deb.deb_name(META), tmp_path / "root")
    picture = tmp_path / "table.png"
    result = smoke_check.run_smoke_test(root / "usr" / "bin" / "casino-gui", picture)
    assert "smoke test: one round played" in result.output
    # The worker process of the frozen program is the executable started again (freeze_support).
    assert "smoke test: strategy chart worked out in worker process " in result.output
    assert "rounds simulated at compiled speed (" in result.output
    image = QImage(str(picture))
    middle = image.pixelColor(image.width() // 2, image.height() // 3)
    assert smoke_check.felt_green(middle), middle.name()
    assert result.colours >= smoke_check.MIN_COLOURS
    # Its version is pyproject.toml's, read from the bundled metadata.
    done = subprocess.run(
        [str(root / "usr" / "bin" / "casino-gui"), "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == f"casino-gui {META.version}"


def test_the_portable_tarball_holds_the_program(built: tuple[Path, str]) -> None:
    scratch, _ = built
    with tarfile.open(scratch / "dist" / linux_deb.tarball_name(META)) as archive:
        names = set(archive.getnames())
    top = f"casino-gui-{META.version}"
    assert f"{top}/casino-gui" in names
    assert f"{top}/casino-gui.png" in names
    assert f"{top}/{project.APP_ID}.desktop" in names
    assert any(name.startswith(f"{top}/_internal/PySide6/") for name in names)
