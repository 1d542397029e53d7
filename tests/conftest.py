"""Settings every test needs before anything imports Qt."""

import os

from tests.screens import offscreen_platform

# Before any QApplication exists: no screen is needed, and qasync must bind to PySide6
# (docs/architecture.md, "Known traps on this stack"). The offscreen screen is a desktop's 1920 x 1080,
# not the platform's default 800 x 800, since the window fits itself to its screen.
os.environ["QT_QPA_PLATFORM"] = offscreen_platform(1920, 1080)
os.environ["QT_API"] = "pyside6"
