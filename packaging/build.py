"""Build the casino's installer for one system, and prove the frozen program runs.

    python packaging/build.py linux      .deb and .tar.gz   (on Linux, with dpkg-deb)
    python packaging/build.py windows    setup .exe         (on Windows, with NSIS's makensis)
    python packaging/build.py macos      .app in a .dmg     (on macOS, with hdiutil)

Each freezes the program with PyInstaller into one folder (packaging/pyinstaller/casino-gui.spec),
wraps it in the system's installer, then starts the program as installed with --smoke-test in a
fresh data folder and fails unless the picture it saves shows the table. It also freezes a
minimal PySide6 window and the casino without the Qt trimming, the same way, and prints the sizes
side by side (--no-compare skips those two builds).

    python packaging/build.py TARGET --check-script

checks the target's installer script and metadata without freezing anything, on any system
that has the tools: the .desktop file and AppStream metadata (Linux), the NSIS script compiled
by makensis around a stand-in payload (Windows), the Info.plist (macOS).

The installers go to dist/, the work to build/packaging/TARGET/.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import icons
import linux_deb
import macos_app
import project
import smoke_check
import windows_installer

SPEC = project.PACKAGING / "pyinstaller" / "casino-gui.spec"
TARGETS = {"linux": "Linux", "windows": "Windows", "macos": "Darwin"}
MIB = 1024 * 1024


class BuildError(RuntimeError):
    pass


@dataclass
class Report:
    """What the build prints at the end: the sizes, the installers, the timings."""

    sizes: dict[str, int] = field(default_factory=dict)
    installers: list[Path] = field(default_factory=list)
    timings: list[tuple[str, float]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        print(f"== {name}", flush=True)
        started = time.perf_counter()
        yield
        self.timings.append((name, time.perf_counter() - started))


def tree_size(path: Path) -> int:
    """Bytes in the files under `path` (links count as links, as a copy with symlinks keeps them)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


# The compiled simulator's runtime (docs/decisions.md, "Simulations at compiled speed"): numba,
# its LLVM (llvmlite, most of it) and numpy. Weighed apart, so that the rest of the bundle is
# still held against a bare PySide6 window.
SIMULATOR_PARTS = ("numba", "llvmlite", "numpy", "numpy.libs")


def simulator_size(bundle: Path) -> int:
    """Bytes of the compiled simulator's runtime in the one-folder bundle."""
    return sum(
        tree_size(base / name)
        for base in (bundle, bundle / "_internal")
        for name in SIMULATOR_PARTS
        if (base / name).is_dir()
    )


def mib(size: int) -> str:
    return f"{size / MIB:7.1f} MiB"


def freeze(work: Path, *spec_args: str) -> Path:
    """Run the spec with PyInstaller into work/dist; return the one-folder bundle."""
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(work / "dist"),
        "--workpath",
        str(work / "pyinstaller"),
        str(SPEC),
        "--",
        *spec_args,
    ]
    subprocess.run(command, check=True, cwd=project.ROOT)
    program = spec_args[spec_args.index("--program") + 1] if "--program" in spec_args else "casino"
    name = project.load().executable if program == "casino" else "minimal-window"
    return work / "dist" / name


def check_bundled_version(bundle: Path, meta: project.Project) -> None:
    """The program reads its version from the package metadata PyInstaller bundled: it must be
    pyproject.toml's (a stale editable install in the source tree would carry an older one)."""
    import email.parser

    versions = []
    for path in [*bundle.rglob("METADATA"), *bundle.rglob("PKG-INFO")]:
        headers = email.parser.Parser().parsestr(path.read_text(encoding="utf-8"), headersonly=True)
        if (headers["Name"] or "").replace("_", "-").lower() == meta.name:
            versions.append(headers["Version"])
    if set(versions) != {meta.version}:
        raise BuildError(
            f"the bundle carries the metadata of {meta.name} {versions or 'nowhere'}, "
            f"pyproject.toml says {meta.version}: run pip install -e . again"
        )


def executable_in(bundle: Path, name: str) -> Path:
    return bundle / (f"{name}.exe" if os.name == "nt" else name)


def compare_builds(work: Path, report: Report, icon_args: Sequence[str]) -> None:
    """Freeze the casino without the Qt trimming and a minimal window, to weigh the bundle."""
    with report.step("freeze the casino without the Qt trimming (to measure what it saves)"):
        untrimmed = freeze(work / "untrimmed", "--keep-all-qt", *icon_args)
        report.sizes["untrimmed"] = tree_size(untrimmed)
    with report.step("freeze a minimal PySide6 window the same way"):
        minimal = freeze(work / "minimal", "--program", "minimal")
        report.sizes["minimal"] = tree_size(minimal)
        env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
        done = subprocess.run(
            [str(executable_in(minimal, "minimal-window")), "--quit"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if done.returncode != 0:
            raise BuildError(f"the minimal window does not start:\n{done.stdout}{done.stderr}")


def smoke(executable: Path, work: Path, report: Report) -> None:
    with report.step(f"smoke test: {executable}"):
        try:
            result = smoke_check.run_smoke_test(executable, work / "smoke.png")
        except smoke_check.SmokeTestError as error:
            raise BuildError(str(error)) from error
        print(result.output)
        report.notes.append(
            f"smoke test passed in {result.seconds:.1f} s: {result.colours} colours, "
            f"{result.felt_share:.0%} felt green; picture {result.picture}"
        )


def build_linux(
    meta: project.Project, work: Path, dist: Path, report: Report, compare: bool
) -> None:
    icon_files = make_icons(work, report)
    with report.step("freeze the casino (PyInstaller, one folder)"):
        bundle = freeze(work, "--program", "casino")
        report.sizes["bundle"] = tree_size(bundle)
        report.sizes["simulator"] = simulator_size(bundle)
        check_bundled_version(bundle, meta)
    if compare:
        compare_builds(work, report, ())
    with report.step("stage the .deb and check its desktop entry and AppStream metadata"):
        root = linux_deb.stage(meta, bundle, icon_files, work / "deb-root")
        share = root / "usr" / "share"
        for validation in (
            linux_deb.validate_desktop_entry(share / "applications" / f"{project.APP_ID}.desktop"),
            linux_deb.validate_metainfo(share / "metainfo" / f"{project.APP_ID}.metainfo.xml"),
        ):
            print(f"{validation.tool}: {'ok' if validation.ran else 'skipped'} {validation.output}")
        print((root / "DEBIAN" / "control").read_text(encoding="utf-8"), end="")
    with report.step("dpkg-deb --build"):
        deb = linux_deb.build_deb(root, dist / linux_deb.deb_name(meta))
        report.installers.append(deb)
    with report.step("portable .tar.gz"):
        report.installers.append(
            linux_deb.build_tarball(meta, bundle, icon_files, dist / linux_deb.tarball_name(meta))
        )
    installed = work / "installed"
    if installed.exists():
        shutil.rmtree(installed)
    with report.step(f"unpack {deb.name} into {installed}"):
        linux_deb.unpack_deb(deb, installed)
    smoke(installed / "usr" / "bin" / meta.executable, work, report)


def build_windows(
    meta: project.Project, work: Path, dist: Path, report: Report, compare: bool
) -> None:
    icon_files = make_icons(work, report)
    version_file = work / "version-info.txt"
    version_file.write_text(windows_installer.version_info_text(meta), encoding="utf-8")
    icon_args = ("--icon", str(icon_files["ico"]), "--version-file", str(version_file))
    with report.step("freeze the casino (PyInstaller, one folder)"):
        bundle = freeze(work, "--program", "casino", *icon_args)
        report.sizes["bundle"] = tree_size(bundle)
        report.sizes["simulator"] = simulator_size(bundle)
        check_bundled_version(bundle, meta)
    if compare:
        compare_builds(work, report, icon_args)
    smoke(executable_in(bundle, meta.executable), work, report)
    with report.step("makensis"):
        setup = windows_installer.compile_installer(
            meta, bundle, icon_files["ico"], dist / windows_installer.setup_name(meta)
        )
        report.installers.append(setup)


def build_macos(
    meta: project.Project, work: Path, dist: Path, report: Report, compare: bool
) -> None:
    icon_files = make_icons(work, report)
    icon_args = ("--icon", str(icon_files["icns"]))
    with report.step("freeze the casino (PyInstaller, one folder, Casino.app)"):
        bundle = freeze(work, "--program", "casino", *icon_args)
        report.sizes["bundle"] = tree_size(bundle)
        report.sizes["simulator"] = simulator_size(bundle)
        check_bundled_version(bundle, meta)
    app = work / "dist" / f"{project.DISPLAY_NAME}.app"
    plist = macos_app.check_info_plist(app / "Contents" / "Info.plist", meta)
    print(f"Info.plist: {plist['CFBundleIdentifier']} {plist['CFBundleShortVersionString']}")
    if compare:
        compare_builds(work, report, icon_args)
    smoke(macos_app.app_executable(app, meta), work, report)
    with report.step("hdiutil create (.dmg)"):
        name = f"{project.DISPLAY_NAME}-{meta.version}-macos-{project.machine()}.dmg"
        report.installers.append(macos_app.make_dmg(app, dist / name, meta))


def make_icons(work: Path, report: Report) -> dict[str, Path]:
    with report.step(f"icons from {project.ICON_SVG.relative_to(project.ROOT)}"):
        return icons.make_icons(project.ICON_SVG, work / "icons", project.load().name)


def check_scripts(target: str, meta: project.Project, work: Path, report: Report) -> None:
    """Check the target's installer script and metadata without freezing the program."""
    icon_files = make_icons(work, report)
    check = work / "check"
    if check.exists():
        shutil.rmtree(check)
    check.mkdir(parents=True)
    if target == "linux":
        with report.step("desktop entry and AppStream metadata"):
            desktop = check / f"{project.APP_ID}.desktop"
            desktop.write_text(linux_deb.desktop_entry(meta), encoding="utf-8")
            info = check / f"{project.APP_ID}.metainfo.xml"
            info.write_text(linux_deb.metainfo(meta), encoding="utf-8")
            for validation in (
                linux_deb.validate_desktop_entry(desktop),
                linux_deb.validate_metainfo(info),
            ):
                state = "ok" if validation.ran else "SKIPPED"
                report.notes.append(f"{validation.tool}: {state} {validation.output}".strip())
    elif target == "windows":
        with report.step("NSIS script, compiled around a stand-in payload"):
            payload = windows_installer.stand_in_payload(check / "payload", meta)
            setup = windows_installer.compile_installer(
                meta, payload, icon_files["ico"], check / windows_installer.setup_name(meta)
            )
            report.notes.append(f"makensis compiled {setup} ({tree_size(setup)} bytes)")
            strings = windows_installer.version_info_strings(
                windows_installer.version_info_text(meta)
            )
            report.notes.append(
                f"version resource: {strings['ProductName']} {strings['ProductVersion']}"
            )
    else:
        with report.step("Info.plist"):
            plist = macos_app.write_info_plist(meta, check / "Info.plist")
            report.notes.append(
                f"Info.plist: {plist['CFBundleIdentifier']} {plist['CFBundleShortVersionString']}"
                f" ({check / 'Info.plist'}); .icns {icon_files['icns']}"
            )


def print_report(report: Report) -> None:
    sizes = report.sizes
    if "bundle" in sizes:
        print("\n== sizes (the files of the one-folder bundle)")
        print(f"  casino bundle                    {mib(sizes['bundle'])}")
        if "minimal" in sizes:
            ratio = sizes["bundle"] / sizes["minimal"]
            extra = sizes["bundle"] - sizes["minimal"]
            print(f"  minimal PySide6 window, same way {mib(sizes['minimal'])}")
            print(f"  casino / minimal                 {ratio:7.2f}   (+{extra / MIB:.1f} MiB)")
            if "simulator" in sizes:
                rest = sizes["bundle"] - sizes["simulator"]
                print(f"  of it, the compiled simulator    {mib(sizes['simulator'])}")
                print(f"  casino less it / minimal         {rest / sizes['minimal']:7.2f}")
        if "untrimmed" in sizes:
            saved = sizes["untrimmed"] - sizes["bundle"]
            print(f"  casino without the Qt trimming   {mib(sizes['untrimmed'])}")
            print(
                f"  the trimming saves               {mib(saved)}"
                f"   ({saved / sizes['untrimmed']:.0%})"
            )
    if report.installers:
        print("\n== installers")
        for path in report.installers:
            print(f"  {mib(tree_size(path))}  {path}")
    if report.notes:
        print("\n== checks")
        for note in report.notes:
            print(f"  {note}")
    if not report.timings:
        return
    print("\n== timings")
    for name, seconds in report.timings:
        print(f"  {seconds:6.1f} s  {name}")
    print(f"  {sum(s for _, s in report.timings):6.1f} s  in all")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="build.py", description="Build the casino's installer for one system."
    )
    parser.add_argument("target", choices=list(TARGETS))
    parser.add_argument(
        "--check-script",
        action="store_true",
        help="check the installer's script and metadata only (any system), without freezing",
    )
    parser.add_argument(
        "--no-compare",
        action="store_true",
        help="skip the two builds that only measure (untrimmed casino, minimal window)",
    )
    parser.add_argument("--dist", type=Path, default=project.ROOT / "dist", help="default: dist/")
    parser.add_argument("--work", type=Path, default=None, help="default: build/packaging/TARGET/")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    meta = project.load()
    work = (args.work or project.ROOT / "build" / "packaging" / args.target).resolve()
    work.mkdir(parents=True, exist_ok=True)
    report = Report()
    print(f"{meta.name} {meta.version}: {args.target} on {platform.system()} {project.machine()}")
    try:
        if args.check_script:
            check_scripts(args.target, meta, work, report)
        else:
            if platform.system() != TARGETS[args.target]:
                raise BuildError(
                    f"build.py {args.target} runs on {TARGETS[args.target]}: PyInstaller freezes "
                    f"for the system it runs on (--check-script checks the scripts anywhere)"
                )
            builders = {"linux": build_linux, "windows": build_windows, "macos": build_macos}
            builders[args.target](meta, work, args.dist.resolve(), report, not args.no_compare)
    except (
        BuildError,
        linux_deb.ValidationError,
        subprocess.CalledProcessError,
        RuntimeError,
    ) as error:
        print_report(report)
        print(f"\nbuild.py {args.target}: FAILED: {error}", file=sys.stderr)
        return 1
    print_report(report)
    print(f"\nbuild.py {args.target}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
