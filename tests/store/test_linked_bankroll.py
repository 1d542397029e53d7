"""One bankroll, one casino: a bankroll file that a second data folder names through a hard or
a symbolic link is played by neither casino, at once or one after the other (SQLite keeps the
write-ahead log beside each name: two names, two logs, a damaged file), and the wallet marker
is never written through a link (docs/decisions.md, "One bankroll, one casino"). The links
are planted for real; the commands run as their own processes."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from casino_gui.engine import GAMES, Bet
from casino_gui.store import Bankroll
from casino_gui.store.database import FILE_NAME, MARKER_NAME
from casino_gui.store.errors import LinkedBankrollError
from tests.gui.test_smoke_on_a_used_folder import smoke_test
from tests.store.bankroll_files import store

PROG = "python -m casino_gui.store"


def played(folder: Path) -> Path:
    """A data folder whose bankroll has a round: $10 on TS 7H, stood; the dealer 9C 9D wins."""
    with Bankroll.open(folder) as bankroll:
        bankroll.deal(GAMES["blackjack"], [Bet(1, 1_000)], shoe="TS 9C 7H 9D")
        bankroll.act("stand")
        assert bankroll.balance == 99_000
    return folder / FILE_NAME


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def plant(kind: str, target: Path, link: Path) -> None:
    link.parent.mkdir(parents=True, exist_ok=True)
    if kind == "hard":
        os.link(target, link)
    else:
        link.symlink_to(target)


@pytest.mark.parametrize("kind", ["hard", "symbolic"])
def test_a_second_casino_cannot_play_a_bankroll_linked_into_its_folder(
    tmp_path: Path, kind: str
) -> None:
    first = played(tmp_path / "first")
    second = tmp_path / "second"
    with Bankroll.open(first.parent) as playing:  # the first casino is running
        plant(kind, first, second / FILE_NAME)
        with pytest.raises(LinkedBankrollError) as refused:
            Bankroll.open(second)
        assert refused.value.path == second / FILE_NAME
        # The first casino goes on; its file is sound and its own.
        playing.deal(GAMES["blackjack"], [Bet(1, 500)], shoe="TS 9C 7H 9D")
        playing.act("stand")
        assert playing.balance == 98_500
    before = digest(first)
    for command in ("new-wallet", "restore"):
        done = store(command, "--data-dir", str(second))
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr.startswith(f"{PROG}: ")  # the file named, its path cut to fit
        assert "two casinos writing one file damage it" in done.stderr
        assert done.stderr.count("\n") == 1
    # Nor does the statistics' judging write it through the second folder.
    assert store("stats", "--data-dir", str(second)).returncode == 0
    assert digest(first) == before
    assert store("verify", "--data-dir", str(first.parent)).returncode == 0


def test_the_casino_refuses_a_hard_linked_bankroll_in_one_line(tmp_path: Path) -> None:
    first = played(tmp_path / "first")
    second = tmp_path / "second"
    plant("hard", first, second / FILE_NAME)
    before = digest(first)
    done = smoke_test(second, tmp_path / "table.png")
    assert done.returncode == 2
    assert done.stderr.startswith("casino-gui: ") and done.stderr.count("\n") == 1
    assert "has another name (a hard link) in another folder" in done.stderr
    assert digest(first) == before and not (tmp_path / "table.png").exists()
    # Linked, the file is played by neither folder: each start would write its own log.
    with pytest.raises(LinkedBankrollError):
        Bankroll.open(first.parent)
    (second / FILE_NAME).unlink()
    with Bankroll.open(first.parent) as bankroll:
        assert bankroll.balance == 99_000


def test_a_second_name_beside_the_bankroll_in_its_own_folder_is_no_second_casino(
    tmp_path: Path,
) -> None:
    """What a kill inside a swap can leave (`swap.keep_aside` links before it replaces)."""
    first = played(tmp_path / "first")
    os.link(first, first.with_name(f"{FILE_NAME}.replaced-20261207T041500Z"))
    with Bankroll.open(first.parent) as bankroll:
        assert bankroll.balance == 99_000


def test_the_wallet_marker_is_never_written_through_a_link(tmp_path: Path) -> None:
    folder, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (folder / MARKER_NAME).symlink_to(elsewhere / "created-through-the-link.txt")
    (elsewhere / "hard.txt").write_text("the player's own\n", encoding="utf-8")
    other = tmp_path / "other"
    other.mkdir()
    os.link(elsewhere / "hard.txt", other / MARKER_NAME)
    for data in (folder, other):
        done = store("new-wallet", "--data-dir", str(data))
        assert done.returncode == 0, done.stderr
    assert not (elsewhere / "created-through-the-link.txt").exists()
    assert (folder / MARKER_NAME).is_symlink()
    assert (elsewhere / "hard.txt").read_text(encoding="utf-8") == "the player's own\n"
    # Where nothing is at its name, the marker is made, whole.
    third = tmp_path / "third"
    assert store("new-wallet", "--data-dir", str(third)).returncode == 0
    marker = (third / MARKER_NAME).read_text(encoding="utf-8")
    assert marker.startswith("A casino wallet was opened in this folder on ")
    assert marker.endswith("it offers to restore a backup instead.\n")
