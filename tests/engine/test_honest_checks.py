"""The checks check what they say (docs/architecture.md, "The engine").

- Every doctest of the package (engine, analysis, store, window) runs in the suite, the walkthrough in round.py
  included, and a module that shows `>>>` examples has examples doctest finds.
- The GitHub workflow runs every command .ci/run runs.
- The developer tools are pinned to compatible releases of what is installed, so a new ruff or
  mypy cannot turn a green commit red.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
import tomllib
from importlib.metadata import version
from pathlib import Path
from types import ModuleType

import pytest
import yaml

import casino_gui

PROJECT = Path(__file__).resolve().parents[2]


def modules(package: ModuleType) -> list[str]:
    """The package's modules; a `__main__` (a command run on import) holds no examples."""
    names = [package.__name__]
    for info in pkgutil.walk_packages(package.__path__, prefix=package.__name__ + "."):
        if not info.name.endswith(".__main__"):
            names.append(info.name)
    return sorted(names)


MODULES = modules(casino_gui)


@pytest.mark.parametrize("name", MODULES)
def test_every_doctest_runs_and_passes(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
    source = Path(module.__file__ or "").read_text("utf-8")
    if re.search(r"^\s*>>> ", source, re.MULTILINE):
        assert tried > 0, f"{name} shows examples that doctest does not find"


def test_the_engines_walkthrough_is_among_them() -> None:
    from casino_gui.engine import round as round_module

    assert "casino_gui.engine.round" in MODULES
    assert doctest.testmod(round_module).attempted >= 5


def ci_run_commands() -> list[str]:
    """The checks .ci/run makes: the lines after each `echo "== ..."`."""
    lines = (PROJECT / ".ci" / "run").read_text("utf-8").splitlines()
    return [
        lines[i + 1].strip() for i, line in enumerate(lines[:-1]) if line.startswith('echo "== ')
    ]


def test_the_workflow_runs_every_check_of_ci_run() -> None:
    workflow = yaml.safe_load((PROJECT / ".github" / "workflows" / "ci.yml").read_text("utf-8"))
    runs = [
        step.get("run", "").strip() for job in workflow["jobs"].values() for step in job["steps"]
    ]
    commands = ci_run_commands()
    assert "mypy --strict casino_gui bench" in commands and "pytest" in commands
    missing = [command for command in commands if command not in runs]
    assert missing == []


@pytest.mark.parametrize("tool", ["ruff", "mypy"])
def test_developer_tools_are_pinned_to_the_installed_release(tool: str) -> None:
    project = tomllib.loads((PROJECT / "pyproject.toml").read_text("utf-8"))
    pins = [
        requirement
        for requirement in project["project"]["optional-dependencies"]["test"]
        if re.match(rf"{tool}\b", requirement)
    ]
    assert pins == [f"{tool}~={version(tool)}"]
