"""Windows: the version resource of casino-gui.exe, and the NSIS setup program around the bundle.

makensis is NSIS's compiler: on Windows it comes with NSIS (the release workflow installs it),
and Debian's `nsis` package has the same compiler, which is how the script is checked on Linux
against a stand-in payload (`build.py windows --check-script`).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import project

NSIS_SCRIPT = project.PACKAGING / "windows" / "casino-gui.nsi"


def version_quad(version: str) -> tuple[int, int, int, int]:
    """The version as the four numbers Windows wants: 0.1.0 -> (0, 1, 0, 0).

    Only the leading release numbers count: 1.2rc1 is (1, 2, 0, 0)."""
    release = re.match(r"\d+(?:\.\d+)*", version)
    if release is None:
        raise ValueError(f"version {version!r} does not start with a number")
    numbers = [*(int(part) for part in release.group(0).split(".")), 0, 0, 0]
    return (numbers[0], numbers[1], numbers[2], numbers[3])


def version_info_text(meta: project.Project) -> str:
    """PyInstaller's version file for casino-gui.exe: what Explorer shows under Properties."""
    quad = version_quad(meta.version)
    strings = {
        "CompanyName": meta.authors,
        "FileDescription": project.DISPLAY_NAME,
        "FileVersion": meta.version,
        "InternalName": meta.executable,
        "LegalCopyright": f"{meta.authors}, {meta.license} licence",
        "OriginalFilename": f"{meta.executable}.exe",
        "ProductName": project.DISPLAY_NAME,
        "ProductVersion": meta.version,
    }
    table = ",\n".join(
        f"          StringStruct({key!r}, {value!r})" for key, value in strings.items()
    )
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={quad},
    prodvers={quad},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
{table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def version_info_strings(text: str) -> dict[str, str]:
    """The strings of a version file, read the way PyInstaller reads it (one Python expression
    of its versioninfo classes), without PyInstaller's Windows-only imports."""
    strings: dict[str, str] = {}

    def record(*args: object, **kwargs: object) -> tuple[object, ...]:
        return (args, kwargs)

    def string_struct(name: str, value: str) -> tuple[str, str]:
        strings[name] = value
        return (name, value)

    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "VarFileInfo")
    namespace: dict[str, object] = dict.fromkeys(names, record)
    namespace["StringStruct"] = string_struct
    namespace["VarStruct"] = record
    eval(compile(text, "version-info.txt", "eval"), {"__builtins__": {}}, namespace)
    return strings


def find_makensis() -> Path | None:
    found = shutil.which("makensis")
    if found:
        return Path(found)
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES")):
        if base and (Path(base) / "NSIS" / "makensis.exe").is_file():
            return Path(base) / "NSIS" / "makensis.exe"
    return None


def setup_name(meta: project.Project) -> str:
    return f"{meta.name}-{meta.version}-windows-{project.machine()}-setup.exe"


def defines(meta: project.Project, payload: Path, icon: Path, out: Path) -> dict[str, str]:
    return {
        "VERSION": meta.version,
        "VERSION_QUAD": ".".join(str(n) for n in version_quad(meta.version)),
        "APP_NAME": project.DISPLAY_NAME,
        "EXE_NAME": f"{meta.executable}.exe",
        "PAYLOAD": str(payload.resolve()),
        "ICON": str(icon.resolve()),
        "PUBLISHER": meta.authors,
        "UNINSTALL_KEY": meta.name,
        "OUTFILE": str(out.resolve()),
    }


def compile_installer(meta: project.Project, payload: Path, icon: Path, out: Path) -> Path:
    """Compile the NSIS script into the setup program `out`; raise if makensis fails."""
    makensis = find_makensis()
    if makensis is None:
        raise RuntimeError("makensis not found: install NSIS (Debian: apt-get install nsis)")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    # makensis on Windows takes /DNAME=value; on Linux it takes -D as well as /D, but /D could be
    # mistaken for a path there, so each system gets its own spelling.
    flag = "/" if os.name == "nt" else "-"
    command = [str(makensis), f"{flag}V2", f"{flag}WX"]
    command += [
        f"{flag}D{name}={value}" for name, value in defines(meta, payload, icon, out).items()
    ]
    command.append(str(NSIS_SCRIPT))
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0 or not out.is_file():
        raise RuntimeError(
            f"makensis failed with status {done.returncode}:\n{done.stdout}\n{done.stderr}"
        )
    return out


def stand_in_payload(folder: Path, meta: project.Project) -> Path:
    """A folder shaped like the frozen bundle (the .exe, _internal/ and a resource) whose
    files are placeholders: enough for makensis to prove the script on a machine that cannot
    freeze for Windows."""
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "_internal" / "resources").mkdir(parents=True)
    (folder / f"{meta.executable}.exe").write_bytes(b"MZ stand-in for the frozen program\n")
    (folder / "_internal" / "python311.dll").write_bytes(b"stand-in\n")
    shutil.copy2(project.ICON_SVG, folder / "_internal" / "resources" / project.ICON_SVG.name)
    return folder
