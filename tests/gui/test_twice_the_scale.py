"""The felt keeps its cards at twice the scale: on a 1280 x 800 screen at 2x (640 x 400 to Qt)
the bottom bar took 300 of the window's 704 screen pixels, and the cards came out smaller
than at 1x (58 pixels tall against 89). The bar's least size is now counted in the screen's
pixels (`theme.on_screen`), so it takes no more of the screen than at 1x, and it gives the felt
back the height the menu bar grows by at 2x. Each scale runs in a program of its own, on an
offscreen screen of 1280 x 800."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.screens import offscreen_platform

SCRIPT = r"""
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication([])
from casino_gui.engine import GAMES
from casino_gui.gui.table.geometry import CARD_SCALE
from casino_gui.store import Bankroll
from casino_gui.gui.window import CasinoWindow

bankroll = Bankroll.open(Path(sys.argv[1]))
window = CasinoWindow(bankroll, GAMES["blackjack"])
room = window.screen().availableGeometry()
ratio = window.devicePixelRatio()
# The window as big as the screen lets it be, less a window manager's frame (30 pixels).
window.resize(room.width(), room.height() - round(30 / ratio))
window.show()
window.show_table()
for _ in range(20):
    app.processEvents()
card = 140 * CARD_SCALE * window.view.transform().m22() * ratio  # in the screen's pixels
bar = window.table_page.bottom.height() * ratio
print(json.dumps({"card": card, "bar": bar}))
window.worker.shutdown()
bankroll.close()
"""


def measured(folder: Path, scale: str) -> dict[str, float]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": offscreen_platform(1280, 800, folder),
        "QT_SCALE_FACTOR": scale,
    }
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(folder / f"data-{scale}")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_the_felts_cards_keep_their_size_at_twice_the_scale(tmp_path: Path) -> None:
    once, twice = measured(tmp_path, "1"), measured(tmp_path, "2")
    # The bar takes about as many of the screen's pixels at 2x as at 1x, not half again more ...
    assert twice["bar"] <= once["bar"] * 1.05, (once, twice)
    # ... and gives back what the taller menu bar of 2x takes: the cards are no smaller (they
    # were 78 pixels against 83, once a third smaller).
    assert twice["card"] >= once["card"], (once, twice)
