"""The GitHub Actions workflows: valid YAML, every step named, the three systems covered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import project
import pytest
import yaml

WORKFLOWS = project.ROOT / ".github" / "workflows"


def load(name: str) -> dict[str, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict), name
    # YAML 1.1 reads the key `on` as True.
    if True in data:
        data["on"] = data.pop(True)
    return data


def steps(workflow: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(job, step) for job, spec in workflow["jobs"].items() for step in spec["steps"]]


@pytest.mark.parametrize("name", ["ci.yml", "release.yml"])
def test_the_workflow_is_valid_yaml_and_names_every_step_and_job(name: str) -> None:
    workflow = load(name)
    assert workflow["name"]
    assert workflow["on"]
    assert workflow["jobs"]
    for job, spec in workflow["jobs"].items():
        assert spec.get("name"), f"{name}: job {job} has no name"
        assert spec.get("runs-on"), f"{name}: job {job} has no runs-on"
    for job, step in steps(workflow):
        assert step.get("name"), f"{name}: a step of {job} has no name: {step}"
        assert ("uses" in step) != ("run" in step), f"{name}: {step['name']}"


def test_only_the_two_workflows_exist() -> None:
    assert sorted(path.name for path in Path(WORKFLOWS).iterdir()) == ["ci.yml", "release.yml"]


def test_ci_runs_the_tests_on_linux_windows_and_macos() -> None:
    workflow = load("ci.yml")
    (job,) = workflow["jobs"].values()
    systems = {os.split("-")[0] for os in job["strategy"]["matrix"]["os"]}
    assert systems == {"ubuntu", "windows", "macos"}
    commands = [step.get("run", "") for _, step in steps(workflow)]
    assert any(command.strip() == "pytest" for command in commands)
    linux_tests = [
        step
        for _, step in steps(workflow)
        if step.get("run") == "pytest" and "Linux" in step["name"]
    ]
    assert linux_tests[0]["env"]["QT_QPA_PLATFORM"] == "offscreen"


def test_ci_requires_the_screen_reader_check_on_linux_as_ci_run_does() -> None:
    ci_run = (project.ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "CASINO_GUI_REQUIRE_ATSPI=1" in ci_run
    linux_tests = [
        step
        for _, step in steps(load("ci.yml"))
        if step.get("run") == "pytest" and "Linux" in step["name"]
    ]
    assert [step["env"].get("CASINO_GUI_REQUIRE_ATSPI") for step in linux_tests] == ["1"]


def test_ci_installs_on_linux_what_ci_run_installs() -> None:
    ci_run = (project.ROOT / ".ci" / "run").read_text(encoding="utf-8")
    listed = ci_run.split("apt_packages=(")[1].split(")")[0].split()
    apt = " ".join(
        step.get("run", "") for _, step in steps(load("ci.yml")) if "apt-get" in step.get("run", "")
    )
    missing = [name for name in listed if name not in apt and not name.startswith("python3")]
    assert not missing, f"ci.yml does not install {missing}"


def test_release_builds_each_installer_on_its_own_system_and_uploads_it() -> None:
    workflow = load("release.yml")
    build = workflow["jobs"]["build"]
    targets = {entry["target"]: entry["os"] for entry in build["strategy"]["matrix"]["include"]}
    assert {target: os.split("-")[0] for target, os in targets.items()} == {
        "linux": "ubuntu",
        "windows": "windows",
        "macos": "macos",
    }
    runs = [step.get("run", "") for step in build["steps"]]
    assert "python packaging/build.py ${{ matrix.target }}" in runs
    uploads = [step for step in build["steps"] if "upload-artifact" in step.get("uses", "")]
    assert uploads[0]["with"]["path"] == "dist/*"
    assert workflow["jobs"]["publish"]["needs"] == "build"
