"""The Linux package's desktop entry, AppStream metadata and control file."""

from __future__ import annotations

import configparser
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import linux_deb
import project
import pytest

from casino_gui.engine.games import GAMES

META = project.load()


def write_desktop_entry(folder: Path) -> Path:
    path = folder / f"{project.APP_ID}.desktop"
    path.write_text(linux_deb.desktop_entry(META), encoding="utf-8")
    return path


def write_metainfo(folder: Path) -> Path:
    path = folder / f"{project.APP_ID}.metainfo.xml"
    path.write_text(linux_deb.metainfo(META, date="2025-01-31"), encoding="utf-8")
    return path


def test_the_desktop_entry_starts_the_installed_command_with_the_icon(tmp_path: Path) -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(write_desktop_entry(tmp_path), encoding="utf-8")
    group = entry["Desktop Entry"]
    assert group["Type"] == "Application"
    assert group["Name"] == "Casino"
    assert group["Exec"] == "casino-gui"
    assert group["Icon"] == project.APP_ID
    assert group["Terminal"] == "false"
    assert "CardGame" in group["Categories"].split(";")


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="desktop-file-validate is not installed (Debian: apt-get install desktop-file-utils)",
)
def test_the_desktop_entry_passes_desktop_file_validate(tmp_path: Path) -> None:
    validation = linux_deb.validate_desktop_entry(write_desktop_entry(tmp_path))
    assert validation.ran
    assert validation.output == ""  # not even a hint


def test_the_metainfo_names_the_release_the_games_and_the_desktop_entry(tmp_path: Path) -> None:
    root = ET.parse(write_metainfo(tmp_path)).getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == project.APP_ID
    assert root.findtext("project_license") == "MIT"
    assert root.findtext("launchable") == f"{project.APP_ID}.desktop"
    assert root.findtext("provides/binary") == "casino-gui"
    release = root.find("releases/release")
    assert release is not None
    assert release.attrib == {"version": META.version, "date": "2025-01-31"}
    games = [item.text for item in root.iterfind("description/ul/li")]
    assert games == [rules.name for rules in GAMES.values()]
    rating = root.find("content_rating/content_attribute[@id='money-gambling']")
    assert rating is not None
    assert rating.text == "mild"


@pytest.mark.skipif(
    shutil.which("appstreamcli") is None,
    reason="appstreamcli is not installed (Debian: apt-get install appstream)",
)
def test_the_metainfo_passes_appstreamcli_validate(tmp_path: Path) -> None:
    validation = linux_deb.validate_metainfo(write_metainfo(tmp_path))
    assert validation.ran
    assert "Validation was successful" in validation.output


def test_a_broken_desktop_entry_is_rejected(tmp_path: Path) -> None:
    if shutil.which("desktop-file-validate") is None:
        pytest.skip("desktop-file-validate is not installed")
    bad = tmp_path / "bad.desktop"
    bad.write_text("[Desktop Entry]\nName=Casino\n", encoding="utf-8")
    with pytest.raises(linux_deb.ValidationError, match="Type"):
        linux_deb.validate_desktop_entry(bad)


def test_library_packages_are_named_by_debian_rule() -> None:
    assert linux_deb.package_of_soname("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert linux_deb.package_of_soname("libxcb-keysyms.so.1") == "libxcb-keysyms1"
    assert linux_deb.package_of_soname("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert linux_deb.package_of_soname("libdbus-1.so.3") == "libdbus-1-3"
    assert linux_deb.package_of_soname("libGL.so.1") == "libgl1"


def test_a_pre_release_sorts_before_its_release_in_debian() -> None:
    assert linux_deb.debian_version("0.1.0") == "0.1.0"
    assert linux_deb.debian_version("1.0rc1") == "1.0~rc1"
    assert linux_deb.debian_version("2.1.0b2") == "2.1.0~b2"


def test_the_control_file_names_package_version_and_dependencies() -> None:
    text = linux_deb.control(META, ["libegl1", "libc6 (>= 2.36)"], 1234)
    fields = dict(line.split(": ", 1) for line in text.splitlines() if not line.startswith(" "))
    assert fields["Package"] == "casino-gui"
    assert fields["Version"] == META.version
    assert fields["Installed-Size"] == "1234"
    assert fields["Depends"] == "libegl1, libc6 (>= 2.36)"
    assert fields["Section"] == "games"
    assert text.endswith("\n")
