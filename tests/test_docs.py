"""The docs are held to the code: the map names every package folder, the performance page every
benchmark, the rules page is the engine's own description, and nothing cites a document, a
section or a tracker's number that a reader of the repository cannot look up.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
ARCHITECTURE = PROJECT / "docs" / "architecture.md"
PERFORMANCE = PROJECT / "docs" / "performance.md"
DECISIONS = PROJECT / "docs" / "decisions.md"
README = PROJECT / "README.md"
RULES_PAGE = PROJECT / "docs" / "rules.md"
# "issue 15", "Issues 10 and 13", "issue #12": a citation only the tracker can resolve.
TRACKER_CITATION = re.compile(r"\b[Ii]ssues?\s+#?\d")
# 'docs/decisions.md', 'rules.md, "Money"', 'decisions.md "Counting"': a document, and the
# section after it when one is quoted.
DOCUMENT_CITATION = re.compile(r'(?<![\w/.-])((?:docs/)?[\w-]+\.md)\b(?:[,:]? ?"([^"]+)")?')


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
    """The benches a developer runs: the modules of bench/ with a `main` that run as
    `python -m bench.NAME` (not the parts a bench runs: the bare window, the engine's player,
    the store's scale figures)."""
    texts = {path.stem: path.read_text("utf-8") for path in (PROJECT / "bench").glob("*.py")}
    return sorted(
        name
        for name, text in texts.items()
        if re.search(r"^def main\(", text, re.M)
        and re.search(r"^if __name__ == .__main__.:", text, re.M)
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


def test_no_readme_line_passes_100_characters() -> None:
    # A player reads the README in a terminal or a narrow pane as well as rendered.
    long = [
        f"README.md:{number}: {len(line)} characters"
        for number, line in enumerate(README.read_text("utf-8").splitlines(), start=1)
        if len(line) > 100
    ]
    assert long == []


def test_the_readme_lists_every_menus_shortcut_in_its_keys_table() -> None:
    # Ctrl+P (Game ▸ Practice) was missing from the table the README calls the keys' list.
    table = README.read_text("utf-8").split("## Keys", 1)[1].split("\n## ", 1)[0]
    menus = (PROJECT / "casino_gui" / "gui" / "menus.py").read_text("utf-8")
    shortcuts = set(re.findall(r'"(Ctrl\+[A-Z,])"', menus))
    assert "Ctrl+P" in shortcuts
    assert sorted(key for key in shortcuts if key not in table) == []


def test_the_readme_is_a_players_guide_that_starts_with_the_two_commands() -> None:
    lines = README.read_text("utf-8").splitlines()
    assert len(lines) <= 250
    assert "Play: `pip install . && casino-gui`" in lines[:6]
    assert "Test: `pip install -e '.[test]' && pytest`" in lines[:6]


def test_the_rules_page_is_the_engines_own_description() -> None:
    # Regenerate with `python -m casino_gui.engine.rules --page > docs/rules.md`.
    from casino_gui.engine.rules_page import rules_page

    assert RULES_PAGE.read_text("utf-8") == rules_page()


def anchors(document: Path) -> list[str]:
    """What a citation may name in a document: its headings and its bold paragraph leads
    ("- **The felt's print**: ...", quotes around a lead's name left out)."""
    text = document.read_text("utf-8")
    return [
        *(line.lstrip("#").strip().lower() for line in text.splitlines() if line.startswith("#")),
        *(lead.strip('"').lower() for lead in re.findall(r"\*\*([^*]+)\*\*", text)),
    ]


def cited_document(name: str, citing: Path) -> Path:
    """The file a citation names: a path from the root, or a bare name beside a page of docs/,
    or from code at the root or in docs/ (a page's text written by the code)."""
    if "/" in name:
        return PROJECT / name
    if citing.parent.name == "docs":
        return citing.parent / name
    return next(
        (found for found in (PROJECT / name, PROJECT / "docs" / name) if found.exists()),
        PROJECT / name,
    )


def citation_faults(citing: Path, text: str) -> list[str]:
    """The citations in `text` whose document the repository lacks, or whose quoted section
    is not in it."""
    faults = []
    for match in DOCUMENT_CITATION.finditer(text):
        name, section = match.groups()
        document = cited_document(name, citing)
        if not document.is_file():
            faults.append(f"{name}: no such document")
        elif section and document.parent.name == "docs":
            wanted = section.lower()
            if not any(anchor.startswith(wanted) for anchor in anchors(document)):
                faults.append(f'{name}: no section "{section}"')
    return faults


def test_a_citation_of_a_missing_document_or_section_is_found() -> None:
    text = 'as RULES.md, "Money" says; docs/rules.md, "Money"; decisions.md, "Nowhere"; README.md'
    assert citation_faults(PROJECT / "casino_gui" / "x.py", text) == [
        "RULES.md: no such document",
        'decisions.md: no section "Nowhere"',
    ]


def test_every_cited_document_and_section_is_in_the_repository() -> None:
    found = [
        f"{path.relative_to(PROJECT)}:{number}: {fault}"
        for path in cited_files()
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        for fault in citation_faults(path, line)
    ]
    assert found == []


# A bench's figure: a measured ratio ("3.10×", "1.5–1.8×"), a count of instructions, a time in
# micro- or nanoseconds, a rate of rounds. Goals ("within 1.5×") and design constants ("270 ms",
# "1280 × 800") are not measured figures.
BENCH_FIGURE = re.compile(
    r"\d\.\d\d×|\d(?:\.\d+)?[–-]\d+(?:\.\d+)?×|\d ?[Mm](?:illion)? instructions"
    r"|\d ?(?:µs|ns)\b|rounds (?:a|per CPU) second"
)


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("usable table comes at 3.0–3.8× (wall and CPU)", True),
        ("1.27× the same engine", True),
        ("49 million instructions of a start", True),
        ("10,076 against 10,165 rounds per CPU second", True),
        ("A usable table within 1.5× a bare window is out of reach", False),
        ("normal 270 ms, fast 100 ms; at 1280 × 800", False),
    ],
)
def test_a_bench_figure_is_recognised(text: str, figure: bool) -> None:
    assert bool(BENCH_FIGURE.search(text)) is figure


def test_decisions_cite_the_performance_pages_figures_never_restate_them() -> None:
    # Figures live in docs/performance.md only: two copies drift apart (3.0–3.8× beside 3.10×).
    found = [
        f"decisions.md:{number}: {line.strip()}"
        for number, line in enumerate(DECISIONS.read_text("utf-8").splitlines(), start=1)
        if BENCH_FIGURE.search(line)
    ]
    assert found == []


def test_async_code_is_the_windows_alone_as_the_map_says() -> None:
    # docs/architecture.md, "A round, from a click to a ledger row": the engine, the store and
    # the analysis are plain functions; coroutines run on the window's one event loop.
    async_modules = sorted(
        path.relative_to(PROJECT).as_posix()
        for path in (PROJECT / "casino_gui").rglob("*.py")
        if re.search(r"^\s*async def ", path.read_text("utf-8"), re.M)
    )
    assert "casino_gui/gui/table/controller.py" in async_modules
    outside = [
        name
        for name in async_modules
        if not name.startswith("casino_gui/gui/") and name != "casino_gui/app.py"
    ]
    assert outside == []
    assert "`async def` is the window's alone" in ARCHITECTURE.read_text("utf-8")
