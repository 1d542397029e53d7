"""The program's version is written twice, in pyproject.toml and as a constant read at startup."""

import tomllib
from importlib.metadata import version
from pathlib import Path

import casino_gui

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_the_version_constant_is_pyproject_s() -> None:
    declared = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["version"]
    assert casino_gui.__version__ == declared


def test_the_version_constant_is_the_installed_metadata_s() -> None:
    # A stale install would carry another version in its metadata: the constant must agree
    # with what pip installed, which is what the frozen program's bundle is checked against.
    assert casino_gui.__version__ == version("casino-gui")
