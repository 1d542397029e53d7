"""Practice: the drills' window (`dialog.py`), its choices (`options.py`), its feedback
(`feedback_panel.py`, worded by `wording.py`) and the drills' state (`drill.py`, Qt-free).
Loaded when Practice opens, never at the start."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from casino_gui.engine.rules import Rules
    from casino_gui.gui.practice.dialog import PracticeDialog
    from casino_gui.gui.window import CasinoWindow


def open_practice(window: CasinoWindow, rules: Rules | None = None) -> PracticeDialog:
    """Practice over the window, at the table of `rules` (the window's table when None)."""
    from PySide6.QtCore import Qt

    from casino_gui.gui.practice.dialog import PracticeDialog

    dialog = PracticeDialog(
        rules or window.controller.rules,
        window.bankroll.practice(),
        window.worker,
        window,
        count_system=window.settings.count_system,
    )
    # The player's felt, card back, deck and contrast, as at his table.
    dialog.scene.set_look(window.scene.look)
    dialog.bar.set_high_contrast(window.scene.look.high_contrast)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
