"""Casino.app's Info.plist (the .app and .dmg themselves are made on macOS only)."""

from __future__ import annotations

import plistlib
import re
from dataclasses import replace
from pathlib import Path

import macos_app
import project
import pytest

META = project.load()


def test_the_info_plist_carries_the_bundle_id_version_and_icon(tmp_path: Path) -> None:
    path = tmp_path / "Info.plist"
    macos_app.write_info_plist(META, path)
    with path.open("rb") as stream:
        plist = plistlib.load(stream)
    assert plist["CFBundleIdentifier"] == project.APP_ID
    assert plist["CFBundleShortVersionString"] == META.version
    assert plist["CFBundleVersion"] == META.version
    assert plist["CFBundleName"] == "Casino"
    assert plist["CFBundleExecutable"] == "casino-gui"
    assert plist["CFBundleIconFile"] == "casino-gui.icns"
    assert plist["CFBundlePackageType"] == "APPL"
    assert plist["NSHighResolutionCapable"] is True
    assert plist["LSApplicationCategoryType"] == "public.app-category.card-games"


def test_an_info_plist_of_another_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "Info.plist"
    macos_app.write_info_plist(replace(META, version="9.9.9"), path)
    with pytest.raises(ValueError, match=re.escape("version '9.9.9', pyproject.toml says")):
        macos_app.check_info_plist(path, META)


def test_an_info_plist_without_an_executable_is_refused(tmp_path: Path) -> None:
    plist = macos_app.info_plist(META)
    del plist["CFBundleExecutable"]
    path = tmp_path / "Info.plist"
    path.write_bytes(plistlib.dumps(plist))
    with pytest.raises(ValueError, match="no CFBundleExecutable"):
        macos_app.check_info_plist(path, META)
