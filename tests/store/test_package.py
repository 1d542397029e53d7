"""`casino_gui.store` loads its names on first use: its lock is taken without the rest."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from casino_gui import store


def test_every_public_name_has_a_home_and_resolves_to_what_the_home_defines() -> None:
    assert set(store._HOMES) == set(store.__all__)
    for name in store.__all__:
        home = __import__(store._HOMES[name], fromlist=[name])
        assert getattr(store, name) is getattr(home, name)


def test_the_homes_are_the_imports_mypy_reads() -> None:
    tree = ast.parse(Path(store.__file__).read_text("utf-8"))
    guard = next(node for node in tree.body if isinstance(node, ast.If))  # if TYPE_CHECKING:
    imported = {
        alias.name: node.module
        for node in guard.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert imported == store._HOMES


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'Wallet'"):
        _ = store.Wallet  # type: ignore[attr-defined]


def test_taking_the_lock_loads_neither_sqlite_nor_the_bankroll(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from casino_gui.store.lock import FolderLock\n"
        "lock = FolderLock(Path(sys.argv[1]))\n"
        "lock.acquire()\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True
    )
    modules = set(done.stdout.split())
    assert "casino_gui.store.lock" in modules
    assert not modules & {"sqlite3", "casino_gui.store.bankroll", "casino_gui.store.database"}


def test_the_store_reads_no_environment_variable_that_could_end_it() -> None:
    """Kill points are armed by the tests (tests/store/kill_points.py), never by a setting
    the shipped program reads: no module of the store looks at the environment."""
    folder = Path(store.__file__).parent
    readers = [
        path.relative_to(folder).as_posix()
        for path in sorted(folder.rglob("*.py"))
        if "environ" in path.read_text("utf-8") or "getenv" in path.read_text("utf-8")
    ]
    assert readers == []
    assert not (folder / "faults.py").exists()
