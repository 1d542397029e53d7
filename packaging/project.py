"""What the installers say about the program, read from pyproject.toml (the one source of truth).

Only what pyproject.toml cannot hold lives here: the reverse-DNS id that the desktop file,
AppStream and macOS want, and the names of the installed files.
"""

from __future__ import annotations

import platform
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
RESOURCES = ROOT / "resources"
ICON_SVG = RESOURCES / "casino-gui.svg"

# The id of the desktop file, the AppStream component and the macOS bundle.
APP_ID = "io.github.casino_gui.Casino"
# What a player sees in menus, the Dock and the Start menu.
DISPLAY_NAME = "Casino"
# What a person sees in a list of programs: the Start menu's uninstall entry, AppStream.
PUBLISHER = "The casino_gui developers"


@dataclass(frozen=True)
class Project:
    name: str  # the distribution name, also the command, the .deb and the folder under /opt
    version: str
    description: str
    license: str
    authors: str
    entry_point: str  # module:function of the gui-script named like the project

    @property
    def executable(self) -> str:
        return self.name

    @property
    def summary(self) -> str:
        """The description's first clause: short enough for a menu's tooltip."""
        return self.description.split(":")[0].rstrip(".")


def load(pyproject: Path = ROOT / "pyproject.toml") -> Project:
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    name = data["name"]
    authors = ", ".join(author["name"] for author in data.get("authors", []))
    license_ = data.get("license", {})
    return Project(
        name=name,
        version=data["version"],
        description=data["description"],
        license=license_.get("text", "") if isinstance(license_, dict) else str(license_),
        authors=authors or PUBLISHER,
        entry_point=data["gui-scripts"][name],
    )


def machine() -> str:
    """The CPU the build is for, in the spelling of the file names (x86_64, arm64, ...)."""
    arch = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(arch, arch)
