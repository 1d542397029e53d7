"""A `backups` folder that is a symbolic link is never followed (docs/decisions.md, "Lines of
play"): two bankrolls sharing one folder of backups would rotate each other's away and restore
each other's wallet. Each command says so in one line and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino_gui.store import BackupError, Bankroll
from casino_gui.store.__main__ import main as store_command
from casino_gui.store.database import FILE_NAME
from tests.store.bankroll_files import Clock
from tests.store.test_lines_of_play import session


def linked_to_another(tmp_path: Path) -> tuple[Path, Path, dict[str, bytes]]:
    """A data folder whose `backups` is a link to another bankroll's six backups (one more
    would make a rotation delete some); returns it, the other folder, and the other's
    backups' bytes."""
    other = tmp_path / "other"
    for _ in range(6):
        session(other, Clock(), 1)
    ours = tmp_path / "ours"
    session(ours, Clock(), 2)
    for path in (ours / "backups").iterdir():
        path.unlink()
    (ours / "backups").rmdir()
    (ours / "backups").symlink_to(other / "backups")
    kept = {path.name: path.read_bytes() for path in (other / "backups").iterdir()}
    return ours, other, kept


def test_a_start_refuses_a_linked_folder_of_backups_and_deletes_nothing_through_it(
    tmp_path: Path,
) -> None:
    ours, other, kept = linked_to_another(tmp_path)
    before = (ours / FILE_NAME).read_bytes()
    with pytest.raises(BackupError, match="is a link, not a folder"):
        Bankroll.open(ours, clock=Clock())
    assert {path.name: path.read_bytes() for path in (other / "backups").iterdir()} == kept
    assert (ours / FILE_NAME).read_bytes() == before


@pytest.mark.parametrize("named", [False, True])
def test_a_restore_through_a_linked_folder_of_backups_is_refused_in_one_line(
    tmp_path: Path, named: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    ours, other, kept = linked_to_another(tmp_path)
    before = (ours / FILE_NAME).read_bytes()
    chosen = [str(ours / "backups" / sorted(kept)[0])] if named else []
    assert store_command(["restore", "--data-dir", str(ours), *chosen]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert len(said.err.splitlines()) == 1
    assert f"{ours / 'backups'} is a link, not a folder" in said.err
    assert "nothing was changed" in said.err
    assert (ours / FILE_NAME).read_bytes() == before
    assert {path.name: path.read_bytes() for path in (other / "backups").iterdir()} == kept


def test_store_backups_lists_nothing_through_a_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ours, _, _ = linked_to_another(tmp_path)
    assert store_command(["backups", "--data-dir", str(ours)]) == 2
    said = capsys.readouterr()
    assert said.out == "" and "is a link, not a folder" in said.err
