"""Help ▸ Keyboard shortcuts: every key of the casino in an aligned grid, page by page.

The table's keys are read from the action bar and the chip rack, the menu's from the menu items
themselves, so the page lists exactly the keys that work.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from casino_gui.gui.dialogs.felt_scroll import felt_scroll
from casino_gui.gui.dialogs.screen_fit import fit_scroll_width, resize_within_screen
from casino_gui.gui.panels.action_bar import (
    CHIP_KEYS,
    CHOOSE_KEYS,
    CONVENIENCE_KEYS,
    CONVENIENCES,
    EXTRA_SHORTCUTS,
    HINT_KEY,
    KEY_CAPS,
    LABELS,
    ORDER,
)
from casino_gui.gui.panels.action_bar import SHORTCUTS as BUTTON_KEYS
from casino_gui.gui.panels.chip_rack import SHORTCUTS as CHIP_KEYS_BY_CHIP
from casino_gui.gui.panels.status_panel import COUNT_KEY
from casino_gui.gui.sound.mute_button import MUTE_KEY
from casino_gui.gui.table.picture import Convenience
from casino_gui.gui.theme import sans, serif

KEY_CAP_STYLE = (
    "color: #2a1709; background: #fbf3dc; border: 1px solid #9c7a2e; border-bottom-width: 3px;"
    " border-radius: 5px; padding: 1px 7px; font-weight: bold;"
)

# (keys as printed, what they do) in the lobby; the tiles handle these keys themselves.
LOBBY_ROWS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("←", "→", "↑", "↓"), "Choose a table"),
    (("Enter",), "Sit at the chosen table (Space and a double click too)"),
    (("R",), "Read the chosen table's rules (F1 too)"),
)

# (keys as printed, what they do) in the replay viewer (History ▸ Replay, a costliest
# decision's Replay); the viewer handles these keys itself (`ReplayViewer.keyPressEvent`).
REPLAY_ROWS: tuple[tuple[tuple[str, ...], str], ...] = (
    (
        ("\N{LEFTWARDS ARROW}", "\N{RIGHTWARDS ARROW}"),
        "Back or forward one step: a card or a decision",
    ),
    (("Home", "End"), "The round's start, or its end and result"),
)


CONVENIENCE_MEANINGS: dict[Convenience, str] = {
    Convenience.UNDO: "Undo: take back the last chip placed",
    Convenience.CLEAR: "Clear: take every bet back",
    Convenience.REBET: "Rebet: the last round's bets, circle by circle",
    Convenience.REBET_DOUBLE: "Rebet \N{MULTIPLICATION SIGN}2: the last round's bets, doubled",
}


def key_text(sequence: str) -> str:
    """A key as a player reads it on his keyboard: 'Ctrl+L', 'F1', 'Enter'."""
    return QKeySequence(sequence).toString(QKeySequence.SequenceFormat.NativeText)


def table_rows() -> list[tuple[tuple[str, ...], str]]:
    rows: list[tuple[tuple[str, ...], str]] = [
        ((KEY_CAPS[action],), LABELS[action].capitalize()) for action in ORDER
    ]
    rows.append(((HINT_KEY,), "Hint: the best move and what each move is worth"))
    first, *_, last = CHIP_KEYS_BY_CHIP.values()
    rows.append(((f"{first}\N{EN DASH}{last}",), "Choose a chip (the keypad's digits too)"))
    rows += [(CONVENIENCE_CAPS_SHOWN[c], CONVENIENCE_MEANINGS[c]) for c in CONVENIENCES]
    rows.append(
        (
            ("\N{LEFTWARDS ARROW}", "\N{RIGHTWARDS ARROW}"),
            "Choose a betting circle (a Buster circle too)",
        )
    )
    rows.append((("+", "\N{MINUS SIGN}"), "Put the chosen chip on that circle, or take it off"))
    rows.append(((MUTE_KEY,), "Mute the sound, or turn it back on"))
    rows.append(((COUNT_KEY,), "Show or hide the count (a table dealt from a shoe)"))
    rows.append(
        (
            (key_text("Tab"), key_text("Shift+Tab")),
            "The felt, the chips, the figures, the buttons, the sound lamp in turn",
        )
    )
    rows.append(
        (
            ("↑", "↓", key_text("Space")),
            "Walk the part Tab reached (a ring shows where); Space presses a button",
        )
    )
    return rows


def table_sequences() -> set[str]:
    """Every key sequence the table page binds, in portable text (for the completeness test)."""
    keys = {*BUTTON_KEYS.values(), HINT_KEY}
    keys |= {key for extra in EXTRA_SHORTCUTS.values() for key in extra}
    keys |= {*CHIP_KEYS_BY_CHIP.values(), *(f"Num+{k}" for k in CHIP_KEYS_BY_CHIP.values())}
    keys |= {key for keys_ in CONVENIENCE_KEYS.values() for key in keys_}
    keys |= {*CHOOSE_KEYS, *CHIP_KEYS, MUTE_KEY, COUNT_KEY}
    return keys


# The conveniences' keys as a player reads them: 'U', 'Ctrl+Z'; 'Shift+B'.
CONVENIENCE_CAPS_SHOWN: dict[Convenience, tuple[str, ...]] = {
    convenience: tuple(key_text(key) for key in keys)
    for convenience, keys in CONVENIENCE_KEYS.items()
}


def menu_rows(actions: Iterable[QAction]) -> list[tuple[tuple[str, ...], str]]:
    rows: list[tuple[tuple[str, ...], str]] = []
    for action in actions:
        sequence = action.shortcut()
        if not sequence.isEmpty():
            name = action.text().replace("&", "").removesuffix("…")
            rows.append(((sequence.toString(QKeySequence.SequenceFormat.NativeText),), name))
    return rows


class ShortcutsDialog(QDialog):
    """The keys in four groups: at the table, in the lobby, in the replay viewer, and the
    menus' own."""

    def __init__(self, menu_actions: Iterable[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.key_caps: list[QLabel] = []
        self.groups: dict[str, list[str]] = {}  # each group's key caps, in order
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 16)
        page = QWidget()
        grid = QGridLayout(page)
        grid.setContentsMargins(0, 0, 12, 0)  # a gap before the scroll bar
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(6)
        grid.setColumnStretch(1, 1)
        row = 0
        groups = (
            ("At the table", table_rows()),
            ("In the lobby", list(LOBBY_ROWS)),
            ("In the replay viewer", list(REPLAY_ROWS)),
            ("From the menus", menu_rows(menu_actions)),
        )
        for title, rows in groups:
            heading = QLabel(title)
            heading.setFont(serif(18, bold=True))
            heading.setProperty("role", "heading")
            grid.addWidget(heading, row, 0, 1, 2)
            row += 1
            self.groups[title] = [key for keys, _ in rows for key in keys]
            for keys, meaning in rows:
                grid.addWidget(self._keys(keys), row, 0, Qt.AlignmentFlag.AlignLeft)
                text = QLabel(meaning)
                text.setFont(sans(14))
                grid.addWidget(text, row, 1)
                row += 1
            grid.setRowMinimumHeight(row, 10)
            row += 1
        # The page is taller than an 800 x 600 screen: the keys scroll, the Close button stays.
        self.keys_area = felt_scroll(page)
        layout.addWidget(self.keys_area, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.ensurePolished()
        inside = page.sizeHint()
        bar = self.keys_area.verticalScrollBar().sizeHint().width()
        edges = layout.contentsMargins()
        fit_scroll_width(self.keys_area, inside.width() + bar, edges.left() + edges.right())
        resize_within_screen(
            self,
            inside.width() + bar + edges.left() + edges.right(),
            inside.height()
            + layout.spacing()
            + buttons.sizeHint().height()
            + edges.top()
            + edges.bottom(),
        )

    def _keys(self, keys: tuple[str, ...]) -> QWidget:
        box = QWidget()
        row = QGridLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.setHorizontalSpacing(4)
        for column, key in enumerate(keys):
            cap = QLabel(key)
            cap.setFont(sans(13, bold=True))
            cap.setStyleSheet(KEY_CAP_STYLE)
            cap.setAlignment(Qt.AlignmentFlag.AlignCenter)
            cap.setMinimumWidth(28)
            row.addWidget(cap, 0, column)
            self.key_caps.append(cap)
        return box

    def listed(self) -> list[str]:
        """The key caps shown, in order."""
        return [cap.text() for cap in self.key_caps]
