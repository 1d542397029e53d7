"""A game's rules page: the engine's rules text (`describe`) set as a printed house-rules card.

The text comes from the rules object, so the page can never disagree with the table; this module
only turns its plain-text layout into HTML: the title underlined with '=', section titles,
'- ' bullets and '  ' indented lines (a small table of payouts under the bullet above them).
"""

import html
import re
from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import describe
from casino_gui.engine.rules import Rules
from casino_gui.gui.dialogs.house_edge_line import HouseEdgeLine
from casino_gui.gui.dialogs.screen_fit import resize_within_screen
from casino_gui.gui.lobby.game_tile import edge_text
from casino_gui.gui.lobby.house_edges import HouseEdges
from casino_gui.gui.theme import GOLD_DIM, dialog_style, sans, serif


@dataclass
class _Item:
    text: str
    rows: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class _Section:
    title: str
    paragraphs: list[str] = field(default_factory=list)
    items: list[_Item] = field(default_factory=list)


def _parse(text: str) -> tuple[str, list[_Section]]:
    lines = text.splitlines()
    title = lines[0].strip() if lines else ""
    body = lines[1:]
    if body and body[0].strip() and set(body[0].strip()) == {"="}:
        body = body[1:]
    sections: list[_Section] = []
    after_blank = True
    for line in body:
        if not line.strip():
            after_blank = True
            continue
        if line.startswith("- "):
            if not sections:
                sections.append(_Section(""))
            sections[-1].items.append(_Item(line[2:].strip()))
        elif line.startswith("  ") and sections and sections[-1].items:
            # "label: 3:1": the payout is what follows the last ": ".
            label, sep, value = line.strip().rpartition(": ")
            sections[-1].items[-1].rows.append((label, value) if sep else (value, ""))
        elif after_blank or not sections:
            sections.append(_Section(line.strip()))
        else:
            sections[-1].paragraphs.append(line.strip())
        after_blank = False
    return title, sections


# The action buttons' names (DOUBLE, SPLIT, ...) and payout ratios (3:2) are what a player looks
# for on a rules card: they stand out.
_BUTTON_WORD = re.compile(r"\b[A-Z]{3,}(?: [A-Z]{3,})*\b")
_RATIO = re.compile(r"(?<![\w:])\d+:\d+(?![\w:])")


def _escape(text: str) -> str:
    # Only element text is escaped, never an attribute: quotes can stay as they are.
    return html.escape(text, quote=False)


def _inline(text: str) -> str:
    escaped = _escape(text)
    escaped = _BUTTON_WORD.sub(lambda m: f'<span class="button">{m.group(0)}</span>', escaped)
    return _RATIO.sub(lambda m: f'<span class="ratio">{m.group(0)}</span>', escaped)


RULES_CSS = """
body { color: #2b1a0c; font-size: 15px; }
h1 { color: #0f4d27; font-size: 28px; margin-bottom: 2px; }
h2 { color: #6b1424; font-size: 18px; margin-top: 16px; margin-bottom: 4px; }
p.subtitle { color: #7a5a15; font-size: 13px; margin-top: 0px; }
ul { margin-top: 2px; margin-bottom: 2px; }
li { margin-bottom: 5px; }
span.button { font-weight: bold; color: #0f4d27; }
span.ratio { font-weight: bold; color: #6b1424; }
table.pays { margin-top: 4px; margin-bottom: 4px; }
td { padding: 3px 10px 3px 10px; }
td.pays { font-weight: bold; color: #6b1424; }
"""


def rules_html(text: str) -> str:
    """The HTML page for a rules text in `describe`'s layout."""
    title, sections = _parse(text)
    parts = [f'<h1 align="center">{_escape(title)}</h1>']
    parts.append('<p class="subtitle" align="center">House rules of this table</p>')
    for section in sections:
        if section.title:
            parts.append(f"<h2>{_escape(section.title)}</h2>")
        parts.extend(f"<p>{_inline(paragraph)}</p>" for paragraph in section.paragraphs)
        if not section.items:
            continue
        parts.append("<ul>")
        for item in section.items:
            parts.append(f"<li>{_inline(item.text)}")
            if item.rows:
                parts.append(
                    '<table class="pays" cellspacing="0" cellpadding="3" border="0" '
                    'bgcolor="#f3e6c0">'
                )
                for label, value in item.rows:
                    parts.append(
                        f"<tr><td>{_escape(label)}</td>"
                        f'<td class="pays" align="right">{_escape(value)}</td></tr>'
                    )
                parts.append("</table>")
            parts.append("</li>")
        parts.append("</ul>")
    return "\n".join(parts)


class RulesDialog(QDialog):
    """The rules page of one table, generated from its rules object."""

    def __init__(
        self,
        rules: Rules,
        parent: QWidget | None = None,
        house_edge: float | None = None,
        edges: HouseEdges | None = None,
    ) -> None:
        super().__init__(parent)
        self._rules = rules
        self._text = describe(rules)
        self.setWindowTitle(f"Rules of {rules.name}")
        self.setStyleSheet(dialog_style())
        resize_within_screen(self, 680, 760)  # twice the scale: 640 x 400 to Qt, say

        self._browser = QTextBrowser()
        self._browser.setOpenLinks(False)
        self._browser.document().setDefaultStyleSheet(RULES_CSS)
        self._browser.document().setDefaultFont(serif(15))
        self._browser.document().setDocumentMargin(22)
        # A cream card on the felt: long text reads best dark on light.
        self._browser.setStyleSheet(
            "QTextBrowser { background: #fbf3dc; border: 3px solid "
            f"{GOLD_DIM.name()}; border-radius: 10px; }}"
            "QScrollBar:vertical { background: #efe2bd; width: 12px; margin: 4px 2px; border: none; }"
            "QScrollBar::handle:vertical { background: #c9a24a; border-radius: 4px;"
            " min-height: 40px; }"
            "QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical { height: 0; }"
            "QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical { background: none; }"
        )
        self._browser.setHtml(rules_html(self._text))

        close = QPushButton("Close")
        close.setFont(sans(14, bold=True))
        close.setProperty("primary", True)
        close.setDefault(True)
        close.setCursor(Qt.CursorShape.PointingHandCursor)
        close.clicked.connect(self.accept)
        self.close_button = close

        edge = (
            ""
            if house_edge is None
            else f" House edge with basic strategy: {edge_text(house_edge)}."
        )
        hint = QLabel(f"Written from the rules the table plays by.{edge}")
        hint.setProperty("role", "hint")
        buttons = QHBoxLayout()
        buttons.addWidget(hint)
        # An edge not known yet is worked out in the worker process, a spinner turning.
        self.edge_line: HouseEdgeLine | None = None
        if house_edge is None and edges is not None:
            self.edge_line = HouseEdgeLine(edges)
            self.edge_line.show_for(rules)
            buttons.addWidget(self.edge_line, 1)
        buttons.addStretch(1)
        buttons.addWidget(close)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 14, 18, 16)
        layout.setSpacing(10)
        layout.addWidget(self._browser, 1)
        layout.addLayout(buttons)

    def rules(self) -> Rules:
        return self._rules

    def done(self, result: int) -> None:
        if self.edge_line is not None:
            self.edge_line.cancel()
        super().done(result)

    def text(self) -> str:
        """The plain rules text shown, exactly as the engine wrote it."""
        return self._text

    def browser(self) -> QTextBrowser:
        return self._browser
