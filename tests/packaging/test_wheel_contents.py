"""The wheel holds only what the player runs: the game, its data, and no developer tool.

The benches and the bare window live in the repository's `bench/` package, the fault injection
in the tests (docs/architecture.md, "Layers")."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_built_wheel_holds_only_the_game(tmp_path: Path) -> None:
    # Built from a copy of what the wheel is made of: setuptools would reuse a stale build/.
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source)
    shutil.copytree(
        ROOT / "casino_gui", source / "casino_gui", ignore=shutil.ignore_patterns("__pycache__")
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), "."],
        cwd=source,
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = tmp_path.glob("casino_gui-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    modules = sorted(name for name in names if name.endswith(".py"))
    assert all(name.startswith("casino_gui/") for name in modules), modules
    tools = ("bench", "bare_window", "faults", "kill_points")
    assert [name for name in modules if any(tool in name for tool in tools)] == []
    # What the player runs is there: the entry point, the engine, the store, the window, sounds.
    for module in ("app", "engine/__init__", "store/__init__", "gui/window"):
        assert f"casino_gui/{module}.py" in modules
    assert any(name.startswith("casino_gui/resources/sounds/") for name in names)
    assert "casino_gui/py.typed" in names
