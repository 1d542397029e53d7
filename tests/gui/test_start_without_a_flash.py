"""The start paints no frame of another colour and moves nothing between the opening felt and
the live table. Under Xvfb and openbox each start showed the live table first with its bottom
bar at the wrong size, the felt too big and a strip of the window's light grey (239, 239, 239)
under the bar for 80 to 200 ms, then jumped 3 to 4 pixels into place: the page was painted
before its layout had taken the window's size. The real program (`casino_gui.app.main`,
offscreen) runs in a child process; at each paint of the table page it notes what the page
paints, which must already be what it shows once it is live."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.gui.test_window_opening import CLOSED_SESSION

WATCHED = """
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
import casino_gui.app as app
from casino_gui.gui.table.page import TablePage

paints = []

def layout_of(page):
    bottom, view = page.bottom.geometry(), page.view.geometry()
    covered = view.united(bottom)
    return {
        "page": [page.width(), page.height()],
        "view": [view.x(), view.y(), view.width(), view.height()],
        "bottom": [bottom.x(), bottom.y(), bottom.width(), bottom.height()],
        "bar": page.bar.height(),
        "bare": [page.width() - covered.width(), page.height() - covered.height()],
    }

class AtPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and isinstance(watched, TablePage):
            paints.append(layout_of(watched))
        return False

def note(program, text):
    if "live page" in text:
        window = next(w for w in QApplication.topLevelWidgets() if w.isVisible())
        def done():
            print(json.dumps({"paints": paints, "live": layout_of(window.table_page)}))
            window.close()
        QTimer.singleShot(200, done)

at_paint = AtPaint()
QApplication([sys.argv[0]]).installEventFilter(at_paint)
app.write_output = note
sys.exit(app.main(["--data-dir", sys.argv[1], "--timings"]))
"""


def _run(script: str, folder: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", script, str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip().splitlines()[-1]


def test_the_live_table_is_painted_first_as_it_stays(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    _run(CLOSED_SESSION, folder)  # a session at the table: the next start opens at it
    found = json.loads(_run(WATCHED, folder))
    live = found["live"]
    assert live["bare"] == [0, 0]  # the felt and the bar cover the page: no grey shows
    # Every paint of the table page is of the page as it stays: no jump, no strip of grey.
    assert found["paints"], "the table page was never painted"
    assert [paint for paint in found["paints"] if paint != live] == [], live
