"""The Windows setup program: the NSIS script compiles, and the .exe's version resource."""

from __future__ import annotations

import subprocess
from pathlib import Path

import icons
import project
import pytest
import windows_installer
from PySide6.QtWidgets import QApplication

META = project.load()

needs_makensis = pytest.mark.skipif(
    windows_installer.find_makensis() is None,
    reason="makensis is not installed (Debian: apt-get install nsis; Windows: NSIS)",
)


@pytest.fixture
def ico(tmp_path: Path, qapp: QApplication) -> Path:
    path = tmp_path / "casino-gui.ico"
    pngs = {size: icons.render_png(project.ICON_SVG, size) for size in icons.ICO_SIZES}
    path.write_bytes(icons.ico_bytes(pngs))
    return path


@needs_makensis
def test_the_nsis_script_compiles_around_a_stand_in_payload(tmp_path: Path, ico: Path) -> None:
    payload = windows_installer.stand_in_payload(tmp_path / "payload", META)
    setup = windows_installer.compile_installer(
        META, payload, ico, tmp_path / windows_installer.setup_name(META)
    )
    data = setup.read_bytes()
    assert data[:2] == b"MZ"  # a Windows program
    assert b"Nullsoft" in data
    assert setup.name == f"casino-gui-{META.version}-windows-{project.machine()}-setup.exe"


@needs_makensis
def test_the_nsis_script_refuses_to_compile_without_its_defines(tmp_path: Path) -> None:
    makensis = windows_installer.find_makensis()
    assert makensis is not None
    done = subprocess.run(
        [str(makensis), "-V2", str(windows_installer.NSIS_SCRIPT)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode != 0
    assert "VERSION is not defined" in done.stdout + done.stderr


def test_the_nsis_script_makes_shortcuts_an_uninstaller_and_keeps_the_bankroll() -> None:
    script = windows_installer.NSIS_SCRIPT.read_text(encoding="utf-8")
    assert 'CreateShortcut "$SMPROGRAMS\\${APP_NAME}.lnk"' in script
    assert 'CreateShortcut "$DESKTOP\\${APP_NAME}.lnk"' in script
    assert 'WriteUninstaller "$INSTDIR\\Uninstall.exe"' in script
    assert '!define MUI_ICON "${ICON}"' in script
    # The uninstaller removes the program's folder only, never %LOCALAPPDATA%\casino_gui.
    assert "casino_gui" not in script.split('Section "Uninstall"')[1].replace(
        "%LOCALAPPDATA%\\casino_gui", ""
    )


def test_windows_reads_the_version_as_four_numbers() -> None:
    assert windows_installer.version_quad("0.1.0") == (0, 1, 0, 0)
    assert windows_installer.version_quad("1.2rc1") == (1, 2, 0, 0)
    assert windows_installer.version_quad("3.4.5.6.7") == (3, 4, 5, 6)
    with pytest.raises(ValueError, match="does not start with a number"):
        windows_installer.version_quad("dev")


def test_the_exe_version_resource_carries_pyproject_version() -> None:
    strings = windows_installer.version_info_strings(windows_installer.version_info_text(META))
    assert strings["ProductName"] == "Casino"
    assert strings["ProductVersion"] == META.version
    assert strings["FileVersion"] == META.version
    assert strings["OriginalFilename"] == "casino-gui.exe"
