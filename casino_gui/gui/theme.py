"""The look of the whole casino: colours, fonts, the wood-and-felt backdrop, and the one Qt style
sheet of the application (`apply_theme`), which dresses every dialog like the table."""

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import QApplication, QStyle, QStyleFactory, QWidget

from casino_gui.gui.opening import MENU_BAR_STYLE

WOOD_DARK = QColor("#24130a")
WOOD = QColor("#4f2d14")
WOOD_LIGHT = QColor("#6e4220")
FELT = QColor("#1f7a3d")
FELT_DARK = QColor("#0b3d1e")
FELT_DEEP = QColor("#082d16")
GOLD = QColor("#e2b84f")
GOLD_BRIGHT = QColor("#f7dc85")
GOLD_DIM = QColor("#9c7a2e")
CREAM = QColor("#fbf3dc")
CHALK = QColor(255, 248, 225, 70)
CLARET = QColor("#6b1424")
CLARET_DARK = QColor("#3a0a14")
ERROR = "#ff8a7a"

# The bottom bar (rack and buttons) is drawn at full size in a big window and shrinks with a
# small one, down to this scale (a 1600 x 1000 screen at 2x leaves 800 x 470 for the window).
SMALLEST_SCALE = 0.55


def on_screen(widget: QWidget, amount: float) -> float:
    """A least size (pixels, or a scale) counted in the screen's own pixels, in the widget's:
    at twice the scale each of the widget's pixels is two of the screen's, so the bottom bar
    may shrink twice as far before it is as small as at 1x (docs/decisions.md, "The look
    adapts")."""
    return amount / max(1.0, widget.devicePixelRatioF())


# The same serif as the table's placeholder, so the lobby and the felt read as one casino.
SERIF_FAMILIES = ["Georgia", "DejaVu Serif", "Times New Roman", "serif"]
SANS_FAMILIES = ["Segoe UI", "Helvetica Neue", "DejaVu Sans", "sans-serif"]


def serif(pixel_size: int, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(SERIF_FAMILIES)
    font.setStyleHint(QFont.StyleHint.Serif)
    font.setPixelSize(pixel_size)
    font.setBold(bold)
    return font


# The console's lamps and readouts: DejaVu first on every system, as the felt's print.
PANEL_SANS_FAMILIES = ["DejaVu Sans", "Helvetica Neue", "Arial", "sans-serif"]


def sans(pixel_size: float, *, bold: bool = False, families: list[str] = SANS_FAMILIES) -> QFont:
    """The casino's sans serif at `pixel_size` (rounded: a scaled panel asks for 10.4)."""
    font = QFont()
    font.setFamilies(families)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(round(pixel_size))
    font.setBold(bold)
    return font


def panel_sans(pixel_size: float, *, bold: bool = False) -> QFont:
    """The sans serif of the console's lamps and readouts."""
    return sans(pixel_size, bold=bold, families=PANEL_SANS_FAMILIES)


def paint_wood_and_felt(painter: QPainter, rect: QRectF, rail: float = 18.0) -> QRectF:
    """A polished wooden rail around a lit felt; returns the felt's rectangle."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    wood = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    wood.setColorAt(0.0, WOOD_LIGHT)
    wood.setColorAt(0.5, WOOD)
    wood.setColorAt(1.0, WOOD_DARK)
    painter.fillRect(rect, QBrush(wood))

    felt_rect = rect.adjusted(rail, rail, -rail, -rail)
    felt = QRadialGradient(
        QPointF(felt_rect.center().x(), felt_rect.top() + felt_rect.height() * 0.3),
        max(felt_rect.width(), felt_rect.height()) * 0.75,
    )
    felt.setColorAt(0.0, FELT)
    felt.setColorAt(0.65, FELT_DARK)
    felt.setColorAt(1.0, FELT_DEEP)
    path = QPainterPath()
    path.addRoundedRect(felt_rect, 14, 14)
    painter.fillPath(path, QBrush(felt))
    # A thin gold inlay where wood meets felt, as on a real table's rail.
    painter.setPen(QPen(GOLD_DIM, 2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    return felt_rect


# The application's style sheet: every dialog on the felt, with gold buttons and cream fields;
# lists and tables marked `felt="true"` (history, backups) in the same dress; tabs in gold (the
# statistics page), scroll areas marked `felt="true"` letting the felt show through. Widgets that draw
# their own page (the rules card, the strategy chart) are left alone.
# The rules name `QDialog` so that they never reach the table's own painted widgets (the status
# panel colours its labels with palettes). Only the money fields are styled as line edits: a
# plain `QLineEdit` rule would also reach the line edit inside every spin box.
DIALOG_STYLE = f"""
QDialog {{
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #17683a, stop:1 #093219);
}}
QDialog QLabel {{ color: {CREAM.name()}; }}
QDialog QLabel[role="heading"] {{ color: {GOLD_BRIGHT.name()}; }}
QDialog QLabel[role="hint"] {{ color: #cfe3cf; }}
QDialog QLabel[role="error"] {{ color: {ERROR}; font-weight: bold; }}
QDialog QGroupBox {{
    color: {GOLD_BRIGHT.name()};
    border: 1px solid rgba(226, 184, 79, 110);
    border-radius: 10px;
    margin-top: 14px;
    padding: 14px 10px 8px 10px;
    background: rgba(0, 0, 0, 45);
    font-family: "DejaVu Serif", Georgia, serif;
    font-size: 17px;
    font-weight: bold;
}}
QDialog QGroupBox::title {{
    subcontrol-origin: margin;
    left: 14px;
    padding: 0 6px;
}}
QDialog QCheckBox {{ spacing: 8px; }}
QDialog QLabel:disabled {{ color: rgba(251, 243, 220, 110); }}
QDialog QLineEdit[money="true"] {{
    background: {CREAM.name()};
    color: #1d1208;
    border: 1px solid {GOLD_DIM.name()};
    border-radius: 4px;
    padding: 3px 6px;
    min-height: 22px;
    selection-background-color: {GOLD.name()};
    selection-color: #1d1208;
}}
QDialog QLineEdit[money="true"]:focus {{ border: 1px solid {GOLD_BRIGHT.name()}; }}
QDialog QLineEdit[money="true"][invalid="true"] {{ border: 2px solid {ERROR}; background: #ffe1da; }}
QDialog QPushButton {{
    color: {GOLD_BRIGHT.name()};
    background: rgba(0, 0, 0, 60);
    border: 1px solid {GOLD.name()};
    border-radius: 8px;
    padding: 7px 18px;
    font-weight: bold;
}}
QDialog QPushButton:hover {{ background: rgba(226, 184, 79, 45); }}
QDialog QPushButton:pressed {{ background: rgba(226, 184, 79, 90); }}
QDialog QPushButton:default, QDialog QPushButton[primary="true"] {{
    color: #2a1709;
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #fbe7a1, stop:0.5 #e9c35c,
                                stop:1 #b98a25);
    border: 1px solid #7a5a15;
}}
QDialog QPushButton:default:hover, QDialog QPushButton[primary="true"]:hover {{
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #fff3c4, stop:0.5 #f3d37a,
                                stop:1 #c99a2e);
}}
QDialog QPushButton:default:pressed, QDialog QPushButton[primary="true"]:pressed {{
    background: #b98a25;
}}
QDialog QPushButton:disabled {{
    color: rgba(251, 243, 220, 90);
    background: rgba(0, 0, 0, 40);
    border: 1px solid rgba(226, 184, 79, 70);
}}
QDialog QListWidget[felt="true"], QDialog QTableWidget[felt="true"] {{
    background: rgba(0, 0, 0, 70);
    color: {CREAM.name()};
    border: 1px solid rgba(226, 184, 79, 110);
    border-radius: 6px;
    gridline-color: rgba(226, 184, 79, 60);
    selection-background-color: rgba(226, 184, 79, 150);
    selection-color: #1d1208;
}}
QDialog QListWidget[felt="true"]::item {{ padding: 6px 8px; }}
QDialog QListWidget[felt="true"]::item:disabled {{ color: rgba(251, 243, 220, 110); }}
QDialog QTableWidget[felt="true"] QHeaderView {{ background: rgba(0, 0, 0, 110); }}
QDialog QTableWidget[felt="true"] QHeaderView::section {{
    background: rgba(0, 0, 0, 110);
    color: {GOLD_BRIGHT.name()};
    border: none;
    border-bottom: 1px solid rgba(226, 184, 79, 110);
    padding: 5px 8px;
    font-weight: bold;
}}
QDialog QTableWidget[felt="true"] QTableCornerButton::section {{
    background: rgba(0, 0, 0, 110);
    border: none;
}}
QDialog QTabWidget::pane {{
    border: 1px solid rgba(226, 184, 79, 110);
    border-radius: 8px;
    background: rgba(0, 0, 0, 35);
    top: -1px;
}}
QDialog QTabBar::tab {{
    color: {CREAM.name()};
    background: rgba(0, 0, 0, 70);
    border: 1px solid rgba(226, 184, 79, 110);
    border-bottom: none;
    border-top-left-radius: 8px;
    border-top-right-radius: 8px;
    padding: 6px 18px;
    margin-right: 3px;
    font-weight: bold;
}}
QDialog QTabBar::tab:hover {{ background: rgba(226, 184, 79, 45); }}
QDialog QTabBar::tab:selected {{
    color: #2a1709;
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #fbe7a1, stop:0.5 #e9c35c,
                                stop:1 #b98a25);
}}
QDialog QScrollArea[felt="true"], QDialog QScrollArea[felt="true"] > QWidget > QWidget {{
    background: transparent;
    border: none;
}}
QDialog QScrollArea[felt="true"] QScrollBar:vertical {{
    background: rgba(0, 0, 0, 60);
    width: 12px;
    border-radius: 6px;
}}
QDialog QScrollArea[felt="true"] QScrollBar::handle:vertical {{
    background: rgba(226, 184, 79, 150);
    min-height: 30px;
    border-radius: 6px;
}}
QDialog QScrollArea[felt="true"] QScrollBar::add-line:vertical,
QDialog QScrollArea[felt="true"] QScrollBar::sub-line:vertical {{ height: 0; }}
QDialog QScrollArea[felt="true"] QScrollBar::add-page:vertical,
QDialog QScrollArea[felt="true"] QScrollBar::sub-page:vertical {{ background: none; }}
{MENU_BAR_STYLE}QMenu {{ background: #24160c; color: {CREAM.name()}; border: 1px solid {GOLD_DIM.name()}; }}
QMenu::item {{ padding: 5px 26px 5px 22px; }}
QMenu::item:selected {{ background: rgba(226, 184, 79, 90); color: #fff8e0; }}
QMenu::item:disabled {{ color: rgba(251, 243, 220, 90); }}
QMenu::separator {{ height: 1px; background: rgba(226, 184, 79, 70); margin: 4px 8px; }}
QToolTip {{
    background: #24160c;
    color: {CREAM.name()};
    border: 1px solid {GOLD_DIM.name()};
    padding: 3px;
}}
"""
APP_STYLE = DIALOG_STYLE
# The high-contrast dress of the dialogs and menus, laid over the casino's (later rules win):
# white and yellow on black, the default button yellow, borders white; sizes unchanged, so a
# dialog that fits an 800 x 600 screen still does (docs/decisions.md, "The look adapts"). Check
# and radio buttons keep their palette (`input_palette`): a colour from a sheet would paint
# their marks too, white on their cream boxes.
HIGH_CONTRAST_STYLE = """
QDialog { background: #000000; }
QDialog QLabel { color: #ffffff; }
QDialog QLabel[role="heading"], QDialog QGroupBox { color: #ffe14d; }
QDialog QLabel[role="hint"] { color: #ffffff; }
QDialog QGroupBox { border: 1px solid #ffffff; background: #000000; }
QDialog QPushButton { color: #ffffff; background: #000000; border: 1px solid #ffffff; }
QDialog QPushButton:hover { background: #333333; }
QDialog QPushButton:default, QDialog QPushButton[primary="true"],
QDialog QPushButton:default:hover, QDialog QPushButton[primary="true"]:hover,
QDialog QTabBar::tab:selected {
    color: #000000;
    background: #ffe14d;
    border: 1px solid #ffffff;
}
QDialog QPushButton:disabled { color: #9a9a9a; background: #000000; border: 1px dashed #9a9a9a; }
QDialog QListWidget[felt="true"], QDialog QTableWidget[felt="true"],
QDialog QTabBar::tab, QDialog QTableWidget[felt="true"] QHeaderView::section {
    background: #000000;
    color: #ffffff;
    border-color: #ffffff;
}
"""
HIGH_CONTRAST_MENUS = """
QMenuBar, QMenu, QToolTip { background: #000000; color: #ffffff; border-color: #ffffff; }
QMenu::item:selected, QMenuBar::item:selected { background: #ffe14d; color: #000000; }
"""


FUSION = "casino-fusion"


def fusion_style() -> QStyle | None:
    """Qt's Fusion style, which draws check boxes, radio buttons, spin boxes and combo boxes from
    the palette alike on every platform. One for the application, which owns it: a widget does
    not own the style it is given, and a style sheet's proxy keeps a bare pointer to it, so the
    style must outlive every field drawn with it (a dialog's own copy, deleted among its children
    before a focused field, crashed Qt when that field then gave up its focus)."""
    app = QApplication.instance()
    if app is None:
        return None
    style = app.findChild(QStyle, FUSION)
    if style is None:
        style = QStyleFactory.create("Fusion")
        if style is None:
            return None
        style.setObjectName(FUSION)
        style.setParent(app)
    return style


def use_fusion(widget: QWidget) -> None:
    """Draw `widget` with the application's Fusion style. The style is looked up each time: PySide
    drops its wrapper of a style when a widget given it dies (it takes the widget for its owner),
    though the style itself lives on."""
    style = fusion_style()
    if style is not None:
        widget.setStyle(style)


def apply_theme(high_contrast: bool = False) -> None:
    """Give the running application the casino's style sheet, or its high-contrast dress (a
    call that changes nothing costs nothing: setting a style sheet polishes every widget)."""
    app = QApplication.instance()
    sheet = APP_STYLE + HIGH_CONTRAST_STYLE + HIGH_CONTRAST_MENUS if high_contrast else APP_STYLE
    if isinstance(app, QApplication) and app.styleSheet() != sheet:
        app.setStyleSheet(sheet)


def dialog_style() -> str:
    """The sheet a dialog dressing itself takes: the casino's, in high contrast when the
    application is (its own sheet says so: one place holds the choice)."""
    app = QApplication.instance()
    high = isinstance(app, QApplication) and app.styleSheet().endswith(HIGH_CONTRAST_MENUS)
    return DIALOG_STYLE + HIGH_CONTRAST_STYLE if high else DIALOG_STYLE


def input_palette(*, invalid: bool = False, label_on_felt: bool = False) -> QPalette:
    """Cream fields with gold buttons for spin boxes, combo boxes and check boxes (Fusion).

    Style sheets cannot draw a spin box's arrows without image files, so these widgets keep
    Fusion's drawing and take their colours from a palette; a refused field turns pink. Fusion
    draws a spin box's arrows in the window-text colour, a check box's label too: only a check
    box's label is cream on the felt.
    """
    palette = QPalette()
    base = QColor("#ffe1da") if invalid else CREAM
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        palette.setColor(group, QPalette.ColorRole.Base, base)
        palette.setColor(group, QPalette.ColorRole.Text, QColor("#1d1208"))
        palette.setColor(group, QPalette.ColorRole.Button, GOLD)
        palette.setColor(group, QPalette.ColorRole.ButtonText, QColor("#2a1709"))
        palette.setColor(group, QPalette.ColorRole.Window, FELT_DARK)
        palette.setColor(
            group, QPalette.ColorRole.WindowText, CREAM if label_on_felt else QColor("#2a1709")
        )
        palette.setColor(group, QPalette.ColorRole.Highlight, QColor(ERROR) if invalid else GOLD)
        palette.setColor(group, QPalette.ColorRole.HighlightedText, QColor("#1d1208"))
    disabled = QPalette.ColorGroup.Disabled
    palette.setColor(disabled, QPalette.ColorRole.Base, QColor("#9aa89a"))
    palette.setColor(disabled, QPalette.ColorRole.Text, QColor("#4a4a4a"))
    palette.setColor(disabled, QPalette.ColorRole.Button, QColor("#7d7a66"))
    palette.setColor(disabled, QPalette.ColorRole.ButtonText, QColor("#4a4a4a"))
    palette.setColor(disabled, QPalette.ColorRole.WindowText, QColor(251, 243, 220, 110))
    return palette
