"""Temporary files are created, never followed: a link or a player's own file at a temporary
name is never written through or deleted, and what a kill leaves is cleared at the next start
(the settings, the data folder) or the next export of the same name.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from casino_gui.gui.settings import SETTINGS_FILE, Settings, Speed, load_settings, save_settings
from casino_gui.store import Bankroll, whole_file
from casino_gui.store.__main__ import main
from casino_gui.store.whole_file import MARK, SUFFIX, clear_orphans, open_whole

VICTIM = "precious"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A file of the player's, outside the folders written, that a link points at."""
    path = tmp_path / "elsewhere" / VICTIM
    path.parent.mkdir()
    path.write_text("the player's own words\n", encoding="utf-8")
    return path


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The random parts of temporary names, told in advance: "planted" first, then fresh
    ones; the list holds those drawn."""
    names = iter(["planted", "second", "third"])
    drawn: list[str] = []

    def token() -> str:
        drawn.append(next(names))
        return drawn[-1]

    monkeypatch.setattr(whole_file, "_token", token)
    yield drawn


def planted(folder: Path, target: str, victim: Path) -> Path:
    """A link at the name the next write of `target` draws first, to `victim`."""
    link = folder / f".{target}{MARK}planted{SUFFIX}"
    link.symlink_to(victim)
    return link


def test_a_link_planted_at_the_settings_temporary_name_is_never_followed(
    tmp_path: Path, victim: Path, drawn: list[str]
) -> None:
    folder = tmp_path / "casino"
    folder.mkdir()
    link = planted(folder, SETTINGS_FILE, victim)
    old = folder / "settings.json.partial"  # the fixed name of earlier versions
    old.symlink_to(victim)
    assert save_settings(folder, Settings(speed=Speed.FAST, speed_chosen=True))
    assert drawn == ["planted", "second"]  # the planted name was passed over
    assert victim.read_text("utf-8") == "the player's own words\n"
    assert load_settings(folder) == Settings(speed=Speed.FAST, speed_chosen=True)
    assert link.is_symlink() and old.is_symlink()  # not ours: left where they are
    assert not (folder / SETTINGS_FILE).is_symlink()


def test_the_export_never_follows_a_link_nor_deletes_the_players_own_file(
    tmp_path: Path, folder: Path, victim: Path, drawn: list[str]
) -> None:
    with Bankroll.open(folder):
        pass
    out = tmp_path / "out"
    out.mkdir()
    link = planted(out, "report.csv", victim)
    own = out / ".report.csv.partial"  # the export's name in earlier versions: the player's
    own.write_text("mine\n", encoding="utf-8")
    target = out / "report.csv"
    assert (
        main(["export", "--format", "csv", "--output", str(target), "--data-dir", str(folder)]) == 0
    )
    assert (out / "report.csv").read_text("utf-8").startswith("round,opened_at,")
    assert victim.read_text("utf-8") == "the player's own words\n"
    assert own.read_text("utf-8") == "mine\n"
    assert link.is_symlink()
    assert sorted(path.name for path in out.iterdir()) == sorted(
        [link.name, own.name, "report.csv"]
    )


def killed_while_writing(target: Path) -> Path:
    """A real process SIGKILLed in the middle of writing `target`: returns the temporary
    file it left."""
    before = set(target.parent.iterdir())
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - killed
        os.close(reader)
        with open_whole(target, "w", encoding="utf-8") as file:
            file.write('{"speed": "fa')
            file.flush()
            os.write(writer, b"x")
            time.sleep(60)  # killed here by the parent, long before
        os._exit(0)
    os.close(writer)
    assert os.read(reader, 1) == b"x"
    os.close(reader)
    os.kill(child, signal.SIGKILL)
    os.waitpid(child, 0)
    (left,) = set(target.parent.iterdir()) - before
    return left


def test_a_settings_write_killed_midway_is_cleared_at_the_next_start(
    tmp_path: Path, folder: Path
) -> None:
    with Bankroll.open(folder):
        pass
    assert save_settings(folder, Settings(speed=Speed.INSTANT, speed_chosen=True))
    old = folder / "settings.json.partial"  # what a kill left in earlier versions
    old.write_text("{", encoding="utf-8")
    left = killed_while_writing(folder / SETTINGS_FILE)
    assert left.name.startswith(f".{SETTINGS_FILE}{MARK}")
    assert load_settings(folder) == Settings(
        speed=Speed.INSTANT, speed_chosen=True
    )  # the old file, whole
    with Bankroll.open(folder):
        pass
    assert not left.exists() and not old.exists()
    assert load_settings(folder) == Settings(speed=Speed.INSTANT, speed_chosen=True)


def test_an_export_killed_midway_is_cleared_by_the_next_export_of_that_name(
    tmp_path: Path, folder: Path
) -> None:
    with Bankroll.open(folder):
        pass
    target = tmp_path / "report.json"
    left = killed_while_writing(target)
    assert not target.exists()
    command = ["export", "--output", str(target), "--data-dir", str(folder)]
    assert main(command) == 0
    assert target.read_text("utf-8") == "[]\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["casino", "report.json"]
    assert not left.exists()


def test_a_temporary_file_whose_writer_still_runs_is_left_to_it(tmp_path: Path) -> None:
    target = tmp_path / "settings.json"
    reader, writer = os.pipe()
    go_on, proceed = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's end is what the parent reads
        with open_whole(target, "w", encoding="utf-8") as file:
            file.write("{}")
            os.write(writer, b"x")
            os.read(go_on, 1)
        os._exit(0)
    assert os.read(reader, 1) == b"x"
    assert clear_orphans(tmp_path) == []  # held by its writer
    os.write(proceed, b"x")
    _, status = os.waitpid(child, 0)
    assert status == 0
    assert target.read_text("utf-8") == "{}"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["settings.json"]


def test_the_windows_export_never_follows_a_link_nor_deletes_the_players_own_file(
    tmp_path: Path, victim: Path, drawn: list[str]
) -> None:
    from casino_gui.gui.dialogs.history_export import write_whole

    link = planted(tmp_path, "rounds.csv", victim)
    own = tmp_path / ".rounds.csv.partial"
    own.write_text("mine\n", encoding="utf-8")
    write_whole(tmp_path / "rounds.csv", "round\n")
    assert (tmp_path / "rounds.csv").read_text("utf-8") == "round\n"
    assert victim.read_text("utf-8") == "the player's own words\n"
    assert own.read_text("utf-8") == "mine\n" and link.is_symlink()
