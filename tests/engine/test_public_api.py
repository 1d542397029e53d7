"""The engine's public API is the one used (docs/architecture.md, "The engine"): `casino_gui.engine`
and its documented
sub-packages offer everything its callers take from it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import casino_gui.engine

PACKAGE = Path(casino_gui.engine.__file__).resolve().parents[1]
PUBLIC = (
    "casino_gui.engine",
    "casino_gui.engine.rules",
    "casino_gui.engine.rules.bounds",
    "casino_gui.engine.rulebook",
    "casino_gui.engine.betting",
    "casino_gui.engine.counting",
    "casino_gui.engine.strategy",
    "casino_gui.engine.practice",
)


def engine_imports(folder: str) -> list[tuple[str, str, str]]:
    """(file, module, name) of every `from casino_gui.engine... import name` under `folder`."""
    found = []
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "casino_gui.engine"
            ):
                for alias in node.names:
                    found.append(
                        (path.relative_to(PACKAGE).as_posix(), node.module or "", alias.name)
                    )
    return found


def exported(name: str) -> set[str]:
    """A public module's names: its `__all__`, or else every name without a leading _."""
    module = importlib.import_module(name)
    names = getattr(module, "__all__", None)
    if names is None:
        names = [attribute for attribute in vars(module) if not attribute.startswith("_")]
    return set(names)


@pytest.mark.parametrize("folder", ["analysis", "gui", "store"])
def test_the_analysis_the_window_and_the_store_import_only_the_public_api(folder: str) -> None:
    private = [f"{where}: {module}" for where, module, _ in engine_imports(folder)]
    assert [line for line in private if line.split(": ")[1] not in PUBLIC] == []


def test_the_store_books_money_from_the_engines_accounts_not_the_rounds_fields() -> None:
    # `spot_accounts` and `RoundResult` are the store's reading of a round: its mutable
    # spots and hands are the engine's business.
    reads = [
        f"{path.name}: {node.attr}"
        for path in sorted((PACKAGE / "store").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.Attribute) and node.attr in {"spots", "hands"}
    ]
    assert reads == []


@pytest.mark.parametrize("folder", ["gui", "store"])
def test_every_name_the_window_and_the_store_take_is_in_the_public_api(folder: str) -> None:
    offered = set()
    for name in PUBLIC:
        offered |= exported(name)
    missing = sorted(
        f"{where}: {module}.{name}"
        for where, module, name in engine_imports(folder)
        if name not in offered
    )
    assert missing == []


def test_the_public_namespace_holds_what_it_lists() -> None:
    for name in PUBLIC:
        module = importlib.import_module(name)
        for attribute in getattr(module, "__all__", ()):
            assert hasattr(module, attribute), f"{name}.{attribute}"
