"""Settings every test needs before anything imports Qt."""

import os

# Before any QApplication exists: no screen is needed, and qasync must bind to PySide6
# (ARCHITECTURE.md, "Known traps on this stack").
os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ["QT_API"] = "pyside6"
