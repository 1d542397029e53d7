"""What of Qt the frozen casino leaves out.

The program imports QtCore, QtGui, QtWidgets (its smoke test clicks through Qt's public event
delivery, not QtTest), QtCharts (the bankroll chart of the statistics page) and QtMultimedia (the sound cues'
QSoundEffect, which imports QtNetwork); every other PySide6 module is excluded. QSoundEffect
plays WAV files through the system's audio (PulseAudio on Linux) with QtMultimedia's own code:
it needs none of the media backend plugins (`plugins/multimedia`, the FFmpeg backend with its
libav* libraries, about 20 MB), so they are dropped. PyInstaller's hooks also bring Qt plugins
for any kind of device, the Qt network stack those plugins need and Qt's translations; a
desktop card game needs none of them, so the spec drops them from the bundle (`keep`). build.py
measures what this saves by freezing the program once more without it.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path, PurePath

QT_MODULES_USED = frozenset(
    {"QtCore", "QtGui", "QtWidgets", "QtCharts", "QtMultimedia", "QtNetwork"}
)

# Modules PySide6 has had in some release; those of the installed PySide6 are added to these.
_KNOWN_QT_MODULES = (
    "Qt3DAnimation",
    "Qt3DCore",
    "Qt3DExtras",
    "Qt3DInput",
    "Qt3DLogic",
    "Qt3DRender",
    "QtAxContainer",
    "QtBluetooth",
    "QtCanvasPainter",
    "QtCharts",
    "QtConcurrent",
    "QtDBus",
    "QtDataVisualization",
    "QtDesigner",
    "QtGraphs",
    "QtGraphsWidgets",
    "QtHelp",
    "QtHttpServer",
    "QtLocation",
    "QtMultimedia",
    "QtMultimediaWidgets",
    "QtNetwork",
    "QtNetworkAuth",
    "QtNfc",
    "QtOpenGL",
    "QtOpenGLWidgets",
    "QtPdf",
    "QtPdfWidgets",
    "QtPositioning",
    "QtPrintSupport",
    "QtQml",
    "QtQuick",
    "QtQuick3D",
    "QtQuickControls2",
    "QtQuickTest",
    "QtQuickWidgets",
    "QtRemoteObjects",
    "QtScxml",
    "QtSensors",
    "QtSerialBus",
    "QtSerialPort",
    "QtSpatialAudio",
    "QtSql",
    "QtStateMachine",
    "QtSvg",
    "QtSvgWidgets",
    "QtTextToSpeech",
    "QtUiTools",
    "QtWebChannel",
    "QtWebEngineCore",
    "QtWebEngineQuick",
    "QtWebEngineWidgets",
    "QtWebSockets",
    "QtWebView",
    "QtXml",
)

# Python modules the program never uses whose extensions bring OpenSSL (about 5 MB); asyncio
# imports ssl only if it is there.
PYTHON_EXCLUDES = ("ssl", "_ssl", "_hashlib", "tkinter", "unittest", "pydoc", "PySide6.scripts")

# Plugin folders for embedded devices, networking, QML and media playback (QSoundEffect needs
# no backend plugin), not for a desktop window.
_DROPPED_PLUGIN_FOLDERS = frozenset(
    {
        "egldeviceintegrations",
        "generic",
        "networkinformation",
        "tls",
        "qmltooling",
        "sqldrivers",
        "multimedia",
        "position",
        "sensors",
        "texttospeech",
        "webview",
        "canbus",
        "designer",
    }
)
# Within the folders kept: the platform plugins a desktop uses are xcb and wayland (Linux),
# windows, cocoa, and offscreen for the smoke test; the GTK theme would bring GTK's own stack.
_DROPPED_PLUGINS = frozenset(
    {
        "qeglfs",
        "qlinuxfb",
        "qminimal",
        "qminimalegl",
        "qvnc",
        "qvkkhrdisplay",
        "qdirect2d",
        "qgtk3",
    }
)
# The program loads no image files: only SVG (icons) and ICO (Windows) readers stay.
_IMAGE_FORMATS_KEPT = frozenset({"qsvg", "qico"})
# Qt libraries that only the dropped plugins load (libQt6Network stays: QtMultimedia links it);
# FFmpeg's libraries, which only the dropped FFmpeg media plugin loads: libavcodec.so.61
# (Linux), avcodec-61.dll (Windows), libavcodec.61.dylib (macOS).
_DROPPED_QT_LIBRARY = re.compile(
    r"(?:lib)?(?:Qt6?(?:EglFSDeviceIntegration|EglFsKmsSupport|FFmpegStub)"
    r"|(?:avcodec|avformat|avutil|swresample|swscale)[.-])"
)
# The PulseAudio client and what only it loads (libsndfile and its codecs; 3.5 MB) are the
# system's: the client must speak to the system's sound server, every desktop Linux has it (the
# .deb depends on libpulse0, which brings the rest), and where it is missing QtMultimedia does not
# load and the table is silent. PyInstaller's ldd lists them all as QtMultimedia's, so
# `without_orphans` cannot see that they are the client's: they are named here.
_SYSTEM_AUDIO = re.compile(
    r"lib(?:pulse\w*|sndfile|FLAC|vorbis|vorbisenc|opus|ogg|mpg123|mp3lame|asyncns)[.-]"
)


def excluded_qt_modules() -> list[str]:
    """Every PySide6 module but those the program uses, as "PySide6.QtX" names."""
    names = set(_KNOWN_QT_MODULES)
    spec = importlib.util.find_spec("PySide6")
    if spec is not None and spec.submodule_search_locations:
        for folder in spec.submodule_search_locations:
            names.update(path.name.split(".")[0] for path in Path(folder).glob("Qt*.pyi"))
    return sorted(f"PySide6.{name}" for name in names - QT_MODULES_USED)


def _plugin_stem(name: str) -> str:
    stem = name.split(".", maxsplit=1)[0]
    return stem.removeprefix("lib")


def keep(destination: str) -> bool:
    """Whether a file of the bundle (its path inside the bundle) is one the casino needs."""
    parts = PurePath(destination.replace("\\", "/")).parts
    if "PySide6" in parts and "translations" in parts:
        return False
    if "plugins" in parts:
        index = parts.index("plugins")
        if len(parts) > index + 2:
            folder, stem = parts[index + 1], _plugin_stem(parts[-1])
            if folder in _DROPPED_PLUGIN_FOLDERS or stem in _DROPPED_PLUGINS:
                return False
            if folder == "imageformats" and stem not in _IMAGE_FORMATS_KEPT:
                return False
    if _SYSTEM_AUDIO.match(parts[-1]):
        return False
    if "numba" in parts and parts[-1].startswith("tbbpool"):
        # numba's TBB threading layer: it links libtbb, which a player's system may lack
        # (the .deb would depend on it), and the fast simulation runs no parallel loops.
        return False
    return not any(_DROPPED_QT_LIBRARY.match(part) for part in parts)


# Libraries a Python package opens with ctypes, by name at run time, which no extension
# module links: llvmlite's LLVM, which numba compiles the fast simulation with
# (docs/decisions.md, "Simulations at compiled speed").
LOADED_BY_CTYPES = frozenset({"libllvmlite.so", "llvmlite.dll", "libllvmlite.dylib"})


def without_orphans(binaries: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The binaries less the shared libraries that nothing kept loads any more.

    PyInstaller collected each plugin's libraries before `keep` dropped the plugin (the GTK
    theme alone brings GTK, cairo and pango). The roots are what is loaded by name at run time:
    Python's extension modules, Qt's plugins and libpython; a library stays if a root needs it,
    directly or through another library, and those opened with ctypes (`LOADED_BY_CTYPES`).
    Used on Linux, where the smoke test proves it; on
    Windows and macOS Qt loads some libraries (software OpenGL, say) without linking them.
    """
    from PyInstaller.depend.bindepend import get_imports

    def name_of(destination: str) -> str:
        return PurePath(destination.replace("\\", "/")).name

    libraries = {name_of(entry[0]): entry for entry in binaries if entry[2] != "SYMLINK"}
    roots = [
        entry
        for entry in binaries
        if entry[2] == "EXTENSION"
        or "plugins" in PurePath(entry[0]).parts
        or name_of(entry[0]).startswith(("libpython", "python"))
        or name_of(entry[0]) in LOADED_BY_CTYPES
    ]
    reached: set[str] = set()
    queue = list(roots)
    while queue:
        destination, source, _ = queue.pop()
        if destination in reached:
            continue
        reached.add(destination)
        for name, _path in get_imports(source):
            entry = libraries.get(PurePath(name).name)
            if entry is not None and entry[0] not in reached:
                queue.append(entry)
    kept_names = {name_of(destination) for destination in reached}
    return [
        entry
        for entry in binaries
        if entry[0] in reached or (entry[2] == "SYMLINK" and name_of(entry[0]) in kept_names)
    ]
