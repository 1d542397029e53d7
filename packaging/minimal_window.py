"""The smallest PySide6 program with a window: build.py freezes it the same way as the casino,
so that the casino's bundle can be weighed against Qt's own."""

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget

app = QApplication(sys.argv)
window = QWidget()
window.setWindowTitle("Minimal PySide6 window")
window.resize(320, 200)
window.show()
if "--quit" in sys.argv:  # shown, painted, then closed: proves the frozen build starts
    QTimer.singleShot(200, app.quit)
sys.exit(app.exec())
