"""`casino-gui --data-dir DIR --smoke-test PNG --practice GAME`: ten flash-card decisions
through the real practice window, a picture, exit 0; the bankroll's balance and ledger as they
were, and `store stats --json` counting the ten in its `practice` object."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtGui import QImage

from tests.gui.test_smoke_on_a_used_folder import smoke_test
from tests.store.bankroll_files import ledger_of, store


def test_the_practice_smoke_test_drills_ten_decisions_and_leaves_the_money(tmp_path: Path) -> None:
    folder, picture = tmp_path / "data", tmp_path / "practice.png"
    assert smoke_test(folder, tmp_path / "table.png").returncode == 0  # a round played first
    ledger = ledger_of(folder)
    done = smoke_test(folder, picture, "--practice", "no_bust_21")
    assert done.returncode == 0, done.stderr
    assert "smoke test: 10 practice decisions at No Bust 21st Century Blackjack" in done.stdout
    assert not QImage(str(picture)).isNull()
    assert ledger_of(folder) == ledger
    assert store("verify", "--data-dir", str(folder)).returncode == 0
    stats = store("stats", "--data-dir", str(folder), "--json", "--no-quality")
    practice = json.loads(stats.stdout)["practice"]
    assert practice["decisions"] == 10
    assert practice["games"] == {"no_bust_21": practice["games"]["no_bust_21"]}
    assert 0 < practice["right"] < 10
