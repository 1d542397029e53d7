"""The docs are held to the code: the map names every package folder, the performance page every
benchmark, and nothing cites a tracker's numbers that a reader of the repository cannot look up.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
ARCHITECTURE = PROJECT / "docs" / "architecture.md"
PERFORMANCE = PROJECT / "docs" / "performance.md"
README = PROJECT / "README.md"
# "issue 15", "Issues 10 and 13", "issue #12": a citation only the tracker can resolve.
TRACKER_CITATION = re.compile(r"\b[Ii]ssues?\s+#?\d")


def package_folders() -> list[str]:
    """Every package folder of the shipped package and of the benches, from the root."""
    return sorted(
        init.parent.relative_to(PROJECT).as_posix()
        for top in ("casino_gui", "bench")
        for init in (PROJECT / top).rglob("__init__.py")
    )


def test_the_architecture_map_names_every_package_folder() -> None:
    text = ARCHITECTURE.read_text("utf-8")
    folders = package_folders()
    assert "casino_gui/engine/rulebook" in folders
    assert [folder for folder in folders if f"{folder}/" not in text] == []


def benches() -> list[str]:
    """The benches a developer runs: the modules of bench/ with a `main`."""
    return sorted(
        path.stem
        for path in (PROJECT / "bench").glob("*.py")
        if re.search(r"^def main\(", path.read_text("utf-8"), re.M)
    )


def test_the_performance_page_gives_every_benchmarks_command() -> None:
    text = PERFORMANCE.read_text("utf-8")
    names = benches()
    assert "engine" in names and "startup" in names
    assert [name for name in names if f"python -m bench.{name}" not in text] == []


def cited_files() -> list[Path]:
    sources = [
        path for top in ("casino_gui", "bench", "tests") for path in (PROJECT / top).rglob("*.py")
    ]
    here = Path(__file__).resolve()  # its examples below are citations on purpose
    return [*(path for path in sources if path != here), README, *(PROJECT / "docs").glob("*.md")]


@pytest.mark.parametrize("text", ["issue 15", "(Issues 10 and 13)", "issue #12's example"])
def test_a_tracker_citation_is_recognised(text: str) -> None:
    assert TRACKER_CITATION.search(text)


def test_comments_and_docs_cite_a_docs_section_never_a_tracker_number() -> None:
    found = [
        f"{path.relative_to(PROJECT)}:{number}: {line.strip()}"
        for path in cited_files()
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if TRACKER_CITATION.search(line)
    ]
    assert found == []


def test_the_readme_is_a_players_guide_that_starts_with_the_two_commands() -> None:
    lines = README.read_text("utf-8").splitlines()
    assert len(lines) <= 250
    assert "Play: `pip install . && casino-gui`" in lines[:6]
    assert "Test: `pip install -e '.[test]' && pytest`" in lines[:6]
