"""A bare PySide6 window, the yardstick of `python -m bench.startup`.

Run as a script (by its path, so that importing it imports nothing of the casino): it shows a
QWidget, prints "painted" at its first paint, as `casino-gui --timings` prints its line, and
then waits to be ended, as the casino does.
"""

import sys

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget


class _FirstPaint(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self.property("seen"):
            self.setProperty("seen", True)
            sys.stdout.write("painted\n")
            sys.stdout.flush()
        return False


if __name__ == "__main__":
    app = QApplication(sys.argv)
    window = QWidget()
    window.setWindowTitle("Bare PySide6 window")
    window.resize(320, 200)
    painted = _FirstPaint()
    window.installEventFilter(painted)
    window.show()
    sys.exit(app.exec())
