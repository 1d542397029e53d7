"""macOS: the Casino.app bundle's Info.plist, and the .dmg a player drags the app out of.

PyInstaller's BUNDLE step lays out Casino.app (Contents/MacOS/casino-gui, Contents/Resources
with the .icns, Contents/Info.plist from `info_plist`); `make_dmg` wraps it with hdiutil, which
only macOS has.
"""

from __future__ import annotations

import plistlib
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import project

# Qt 6.8 and later run on macOS 12 and later.
MINIMUM_MACOS = "12.0"
REQUIRED_KEYS = (
    "CFBundleIdentifier",
    "CFBundleName",
    "CFBundleDisplayName",
    "CFBundleExecutable",
    "CFBundleIconFile",
    "CFBundlePackageType",
    "CFBundleShortVersionString",
    "CFBundleVersion",
    "LSMinimumSystemVersion",
)


def info_plist(meta: project.Project, executable: str | None = None) -> dict[str, Any]:
    """The Info.plist of Casino.app, version and bundle id from pyproject.toml."""
    return {
        "CFBundleIdentifier": project.APP_ID,
        "CFBundleName": project.DISPLAY_NAME,
        "CFBundleDisplayName": project.DISPLAY_NAME,
        "CFBundleExecutable": executable or meta.executable,
        "CFBundleIconFile": f"{meta.name}.icns",
        "CFBundlePackageType": "APPL",
        "CFBundleInfoDictionaryVersion": "6.0",
        "CFBundleShortVersionString": meta.version,
        "CFBundleVersion": meta.version,
        "CFBundleDevelopmentRegion": "en",
        "LSMinimumSystemVersion": MINIMUM_MACOS,
        "LSApplicationCategoryType": "public.app-category.card-games",
        "NSHumanReadableCopyright": f"{meta.authors}, {meta.license} licence",
        "NSHighResolutionCapable": True,
        "NSPrincipalClass": "NSApplication",
        # The window follows the system's light or dark appearance.
        "NSRequiresAquaSystemAppearance": False,
    }


def write_info_plist(meta: project.Project, path: Path) -> dict[str, Any]:
    """Write the Info.plist to `path`, read it back with plistlib and check it; return it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(plistlib.dumps(info_plist(meta)))
    return check_info_plist(path, meta)


def check_info_plist(path: Path, meta: project.Project) -> dict[str, Any]:
    """Read an Info.plist and raise ValueError unless it names the app, its id and version."""
    with path.open("rb") as stream:
        plist: dict[str, Any] = plistlib.load(stream)
    missing = [key for key in REQUIRED_KEYS if not plist.get(key)]
    if missing:
        raise ValueError(f"{path}: no {', '.join(missing)}")
    if plist["CFBundleIdentifier"] != project.APP_ID:
        raise ValueError(
            f"{path}: bundle id {plist['CFBundleIdentifier']!r}, not {project.APP_ID!r}"
        )
    if plist["CFBundleShortVersionString"] != meta.version:
        raise ValueError(
            f"{path}: version {plist['CFBundleShortVersionString']!r}, pyproject.toml says "
            f"{meta.version!r}"
        )
    if plist["CFBundlePackageType"] != "APPL":
        raise ValueError(f"{path}: CFBundlePackageType is not APPL")
    return plist


def app_executable(app: Path, meta: project.Project) -> Path:
    return app / "Contents" / "MacOS" / meta.executable


def make_dmg(app: Path, dmg: Path, meta: project.Project) -> Path:
    """A compressed disk image holding the .app and a link to /Applications to drag it onto."""
    hdiutil = shutil.which("hdiutil")
    if hdiutil is None:
        raise RuntimeError("hdiutil is macOS's own tool: build the .dmg on macOS")
    with tempfile.TemporaryDirectory(prefix="casino-dmg-") as scratch:
        staging = Path(scratch) / project.DISPLAY_NAME
        staging.mkdir()
        # symlinks=True keeps the frameworks' internal links (and the code signature) intact.
        shutil.copytree(app, staging / app.name, symlinks=True)
        (staging / "Applications").symlink_to("/Applications")
        dmg.unlink(missing_ok=True)
        subprocess.run(
            [
                hdiutil,
                "create",
                "-volname",
                f"{project.DISPLAY_NAME} {meta.version}",
                "-srcfolder",
                str(staging),
                "-fs",
                "HFS+",
                "-format",
                "UDZO",
                "-ov",
                str(dmg),
            ],
            check=True,
        )
    return dmg
