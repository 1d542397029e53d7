"""A bare PySide6 window, the yardstick of `python -m bench.startup`.

Run as a script (by its path, so that importing it imports nothing of the casino): it shows a
QWidget, prints "painted" at its first paint, as `casino-gui --timings` prints its line, and
then waits to be ended, as the casino does.

`--import M1,M2` imports those modules first and `--exit-at-paint` ends the process at the
paint: under `valgrind --tool=callgrind` the two give the floor of a start that needs those
modules, in instructions (docs/performance.md, "The floor").
"""

import os
import sys

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget


class _FirstPaint(QObject):
    def __init__(self, exit_at_paint: bool) -> None:
        super().__init__()
        self._exit = exit_at_paint

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self.property("seen"):
            self.setProperty("seen", True)
            sys.stdout.write("painted\n")
            sys.stdout.flush()
            if self._exit:
                os._exit(0)
        return False


def _option(name: str) -> str | None:
    """The value after `name` in the command line, if any (argparse would add to the yardstick)."""
    arguments = sys.argv[1:]
    return arguments[arguments.index(name) + 1] if name in arguments[:-1] else None


if __name__ == "__main__":
    import importlib

    for module in filter(None, (_option("--import") or "").split(",")):
        importlib.import_module(module)
    app = QApplication(sys.argv[:1])
    window = QWidget()
    window.setWindowTitle("Bare PySide6 window")
    window.resize(320, 200)
    painted = _FirstPaint("--exit-at-paint" in sys.argv)
    window.installEventFilter(painted)
    window.show()
    sys.exit(app.exec())
