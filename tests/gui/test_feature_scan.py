"""PySide's scan of each imported module, done by reading the module's file
(casino_gui.feature_scan; docs/decisions.md, "Startup and memory")."""

from __future__ import annotations

import importlib
import subprocess
import sys
import types
from pathlib import Path

import pytest

import casino_gui.app  # noqa: F401  (the program's start replaces the scan)
from casino_gui import feature_scan

FEATURE = sys.modules["shibokensupport.feature"]


def pyside_own_test(module: types.ModuleType) -> bool:
    """PySide's own answer, whatever wraps it now (the wrapper keeps it as its fallback)."""
    test = FEATURE._mod_uses_pyside
    while getattr(test, "reads_file", False):
        test = test.__closure__[0].cell_contents
    return bool(test(module))


def test_the_program_start_gives_pyside_the_direct_read() -> None:
    assert getattr(FEATURE._mod_uses_pyside, "reads_file", False)
    assert feature_scan.read_sources_directly() is False  # once: never wrapped twice


@pytest.mark.parametrize(
    "name",
    [
        "casino_gui.gui.theme",  # says PySide6
        "casino_gui.engine.money",  # does not
        "casino_gui.gui",  # a package's __init__.py
        "json",  # the standard library
        "sys",  # built in: no file, left to PySide
        "_sqlite3",  # an extension module: left to PySide
    ],
)
def test_the_direct_read_answers_as_pyside_does(name: str) -> None:
    module = importlib.import_module(name)
    assert FEATURE._mod_uses_pyside(module) == pyside_own_test(module)


def test_a_module_whose_file_is_gone_does_not_use_pyside(tmp_path: Path) -> None:
    # A frozen build's modules name files that are not there; PySide's test fails and says no.
    module = types.ModuleType("frozen_casino_module")
    module.__file__ = str(tmp_path / "gone" / "frozen_casino_module.py")
    assert FEATURE._mod_uses_pyside(module) is False
    assert pyside_own_test(module) is False


def test_a_pyside_without_the_scan_is_left_as_it_is() -> None:
    # A later PySide may drop the scan: the start goes on, nothing replaced.
    script = (
        "import sys; sys.modules['shibokensupport.feature'] = None\n"
        "from casino_gui.feature_scan import read_sources_directly\n"
        "print(read_sources_directly())"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "False"
