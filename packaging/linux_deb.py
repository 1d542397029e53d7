"""Linux: the .deb (dpkg-deb) and the portable .tar.gz around the one-folder bundle.

The .deb installs

    /opt/casino-gui/                    the bundle (casino-gui and _internal/)
    /usr/bin/casino-gui                 a relative link to /opt/casino-gui/casino-gui
    /usr/share/applications/ID.desktop  the menu entry
    /usr/share/icons/hicolor/*/apps/    the icon in each size, and the SVG as "scalable"
    /usr/share/metainfo/ID.metainfo.xml AppStream metadata for software centres
    /usr/share/doc/casino-gui/copyright

where ID is project.APP_ID. The desktop database and the icon cache are refreshed by the
triggers of desktop-file-utils and the icon theme, so the package needs no scripts of its own.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path
from string import Template
from xml.sax.saxutils import escape

import icons
import project

LINUX = project.PACKAGING / "linux"
INSTALL_DIR = Path("opt")  # the bundle goes to /opt/<name>


@dataclass(frozen=True)
class Validation:
    tool: str
    ran: bool  # False when the tool is not installed
    output: str


class ValidationError(RuntimeError):
    pass


def release_date() -> str:
    """The date of the release: SOURCE_DATE_EPOCH, else the last commit's date, else today."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        stamp = int(os.environ["SOURCE_DATE_EPOCH"])
        return datetime.datetime.fromtimestamp(stamp, datetime.UTC).date().isoformat()
    try:
        done = subprocess.run(
            ["git", "-C", str(project.ROOT), "log", "-1", "--format=%cs"],
            capture_output=True,
            text=True,
            check=True,
        )
        if done.stdout.strip():
            return done.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    return datetime.date.today().isoformat()


def desktop_entry(meta: project.Project) -> str:
    template = Template((LINUX / "casino-gui.desktop.in").read_text(encoding="utf-8"))
    return template.substitute(
        display_name=project.DISPLAY_NAME,
        summary=meta.summary,
        executable=meta.executable,
        icon=project.APP_ID,
    )


def metainfo(meta: project.Project, date: str | None = None) -> str:
    from casino_gui.engine.games import GAMES

    template = Template((LINUX / "casino-gui.metainfo.xml.in").read_text(encoding="utf-8"))
    games = "\n".join(f"      <li>{escape(rules.name)}</li>" for rules in GAMES.values())
    return template.substitute(
        app_id=project.APP_ID,
        license=escape(meta.license),
        display_name=escape(project.DISPLAY_NAME),
        authors=escape(meta.authors),
        description=escape(meta.description),
        games=games,
        desktop_id=f"{project.APP_ID}.desktop",
        executable=meta.executable,
        version=escape(meta.version),
        date=date or release_date(),
    )


def _validate(command: list[str], path: Path) -> Validation:
    tool = command[0]
    if shutil.which(tool) is None:
        return Validation(tool, False, f"{tool} is not installed: {path.name} not checked")
    done = subprocess.run([*command, str(path)], capture_output=True, text=True, check=False)
    output = (done.stdout + done.stderr).strip()
    if done.returncode != 0:
        raise ValidationError(f"{tool} rejects {path}:\n{output}")
    return Validation(tool, True, output)


def validate_desktop_entry(path: Path) -> Validation:
    return _validate(["desktop-file-validate"], path)


def validate_metainfo(path: Path) -> Validation:
    # --no-net: the check must not depend on the network (it would fetch screenshots and URLs).
    return _validate(["appstreamcli", "validate", "--no-net"], path)


def debian_version(version: str) -> str:
    """PEP 440 to Debian: a pre-release sorts before its release with "~" (1.0rc1 -> 1.0~rc1)."""
    return re.sub(r"\.?(a|b|rc|dev)(\d*)", r"~\1\2", version)


def debian_architecture() -> str:
    if shutil.which("dpkg"):
        done = subprocess.run(
            ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
        )
        return done.stdout.strip()
    return {"x86_64": "amd64", "arm64": "arm64"}.get(project.machine(), project.machine())


def _elf_files(bundle: Path) -> list[Path]:
    found = []
    for path in sorted(bundle.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as stream:
                if stream.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def external_libraries(bundle: Path) -> dict[str, str | None]:
    """The shared libraries the bundle's programs and libraries load from the system: soname ->
    where this machine has it (None where it has not: Qt's xcb plugin, say, on a server)."""
    inside = {path.name for path in bundle.rglob("*")}
    needed: dict[str, str | None] = {}
    line = re.compile(r"^\s*(\S+)\s+=>\s+(not found|\S+)")
    for path in _elf_files(bundle):
        done = subprocess.run(["ldd", str(path)], capture_output=True, text=True, check=False)
        for match in map(line.match, done.stdout.splitlines()):
            if match is None or match.group(1) in inside:
                continue
            soname, where = match.group(1), match.group(2)
            found = None if where == "not found" else where
            needed[soname] = needed.get(soname) or found
    return needed


def package_of_soname(soname: str) -> str:
    """Debian's naming rule for a library package: libfoo.so.6 -> libfoo6,
    libxcb-icccm.so.4 -> libxcb-icccm4, libdbus-1.so.3 -> libdbus-1-3."""
    name, _, version = soname.partition(".so.")
    name = name.lower().replace("_", "-")
    version = version.split(".")[0]
    return f"{name}-{version}" if name[-1].isdigit() else f"{name}{version}"


def _package_of_file(path: str) -> str | None:
    if shutil.which("dpkg-query") is None:
        return None
    real = os.path.realpath(path)
    candidates = {path, real}
    for candidate in list(candidates):
        candidates.add(
            candidate.removeprefix("/usr") if candidate.startswith("/usr/") else "/usr" + candidate
        )
    for candidate in sorted(candidates):
        done = subprocess.run(
            ["dpkg-query", "-S", candidate], capture_output=True, text=True, check=False
        )
        if done.returncode == 0 and ":" in done.stdout:
            return done.stdout.split(":")[0].split(",")[0].strip()
    return None


def depends(bundle: Path) -> list[str]:
    """The packages the bundle's system libraries come from, glibc at least as new as here."""
    packages = set()
    for soname, where in external_libraries(bundle).items():
        package = _package_of_file(where) if where else None
        packages.add(package or package_of_soname(soname))
    libc = os.confstr("CS_GNU_LIBC_VERSION") or ""
    glibc = libc.split()[-1] if libc.startswith("glibc") else None
    packages.discard("libc6")
    return [*sorted(packages), f"libc6 (>= {glibc})" if glibc else "libc6"]


def _tree_size_kib(root: Path) -> int:
    total = sum(p.lstat().st_size for p in root.rglob("*") if p.is_file() or p.is_symlink())
    return (total + 1023) // 1024


def control(meta: project.Project, depends_on: list[str], installed_kib: int) -> str:
    description = meta.description.rstrip(".")
    return (
        f"Package: {meta.name}\n"
        f"Version: {debian_version(meta.version)}\n"
        f"Architecture: {debian_architecture()}\n"
        f"Maintainer: {meta.authors}\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: {', '.join(depends_on)}\n"
        "Section: games\n"
        "Priority: optional\n"
        f"Description: {project.DISPLAY_NAME}: {meta.summary.lower()}\n"
        f" {description}.\n"
        " .\n"
        " The program and its own Python and Qt are installed under\n"
        f" /opt/{meta.name}; the player's bankroll lives in ~/.local/share/casino_gui.\n"
    )


def stage(meta: project.Project, bundle: Path, icon_files: dict[str, Path], root: Path) -> Path:
    """Lay out the package's files under `root` (emptied first), with DEBIAN/control."""
    if root.exists():
        shutil.rmtree(root)
    opt = root / INSTALL_DIR / meta.name
    shutil.copytree(bundle, opt, symlinks=True)
    usr_bin = root / "usr" / "bin"
    usr_bin.mkdir(parents=True)
    (usr_bin / meta.executable).symlink_to(
        Path("..", "..", INSTALL_DIR, meta.name, meta.executable)
    )

    share = root / "usr" / "share"
    applications = share / "applications"
    applications.mkdir(parents=True)
    (applications / f"{project.APP_ID}.desktop").write_text(desktop_entry(meta), encoding="utf-8")
    hicolor = share / "icons" / "hicolor"
    for size in icons.PNG_SIZES:
        folder = hicolor / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True)
        shutil.copyfile(icon_files[f"png-{size}"], folder / f"{project.APP_ID}.png")
    (hicolor / "scalable" / "apps").mkdir(parents=True)
    shutil.copyfile(icon_files["svg"], hicolor / "scalable" / "apps" / f"{project.APP_ID}.svg")
    (share / "metainfo").mkdir()
    (share / "metainfo" / f"{project.APP_ID}.metainfo.xml").write_text(
        metainfo(meta), encoding="utf-8"
    )
    doc = share / "doc" / meta.name
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(
        f"{meta.name} {meta.version}\nCopyright: {meta.authors}\nLicense: {meta.license}\n"
        "The bundle under /opt also holds Python (PSF licence), Qt and PySide6 (LGPL-3.0),\n"
        "qasync (BSD-2-Clause) and platformdirs (MIT).\n",
        encoding="utf-8",
    )
    for path in [root, *root.rglob("*")]:
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)

    debian = root / "DEBIAN"
    debian.mkdir()
    installed = _tree_size_kib(root / "opt") + _tree_size_kib(root / "usr")
    (debian / "control").write_text(control(meta, depends(bundle), installed), encoding="utf-8")
    return root


def deb_name(meta: project.Project) -> str:
    return f"{meta.name}_{debian_version(meta.version)}_{debian_architecture()}.deb"


def build_deb(root: Path, out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    subprocess.run(
        # xz at level 1: a sixth of the default's time for 17% more bytes on the compiled
        # simulator's LLVM (docs/performance.md, "The installer's size").
        ["dpkg-deb", "--root-owner-group", "-Zxz", "-z1", "--build", str(root), str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return out


def unpack_deb(deb: Path, root: Path) -> Path:
    """Extract the package's files into `root`, as dpkg would install them under /."""
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    return root


def tarball_name(meta: project.Project) -> str:
    return f"{meta.name}-{meta.version}-linux-{project.machine()}.tar.gz"


def build_tarball(
    meta: project.Project, bundle: Path, icon_files: dict[str, Path], out: Path
) -> Path:
    """The bundle in a folder named with the version, with the icon and a desktop entry, for
    systems without dpkg: unpack anywhere and run ./casino-gui."""
    top = f"{meta.name}-{meta.version}"
    out.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(out, "w:gz", compresslevel=6) as archive:
        archive.add(bundle, arcname=top)
        archive.add(icon_files["png-256"], arcname=f"{top}/{meta.name}.png")
        entry = out.parent / f"{project.APP_ID}.desktop"
        entry.write_text(desktop_entry(meta), encoding="utf-8")
        archive.add(entry, arcname=f"{top}/{project.APP_ID}.desktop")
        entry.unlink()
    return out
