"""The window shown until the real table exists: an empty felt table with the game's name."""

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView

# The scene has a fixed logical size and the view scales it to the window (ARCHITECTURE.md).
SCENE_WIDTH = 1600
SCENE_HEIGHT = 900
TEXT_MAX_WIDTH = SCENE_WIDTH - 240

FELT_CENTRE = QColor("#1f7a3d")
FELT_EDGE = QColor("#0b3d1e")
BEYOND_TABLE = QColor("#08140c")
CHALK = QColor(255, 248, 225, 110)
CREAM = QColor("#fbf3dc")
GOLD = QColor("#e2b84f")

SERIF_FAMILIES = ["Georgia", "DejaVu Serif", "Times New Roman", "serif"]


def _felt_brush() -> QBrush:
    gradient = QRadialGradient(QPointF(SCENE_WIDTH / 2, SCENE_HEIGHT * 0.35), SCENE_WIDTH * 0.7)
    gradient.setColorAt(0.0, FELT_CENTRE)
    gradient.setColorAt(1.0, FELT_EDGE)
    return QBrush(gradient)


def _serif(pixel_size: int, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(SERIF_FAMILIES)
    font.setStyleHint(QFont.StyleHint.Serif)
    font.setPixelSize(pixel_size)
    font.setBold(bold)
    return font


def _add_centred_text(
    scene: QGraphicsScene, text: str, font: QFont, colour: QColor, centre_y: float
) -> QGraphicsSimpleTextItem:
    item = scene.addSimpleText(text, font)
    item.setBrush(colour)
    box = item.boundingRect()
    # A long name (No Bust 21st Century Blackjack) is shrunk to stay inside the rail.
    scale = min(1.0, TEXT_MAX_WIDTH / box.width()) if box.width() > 0 else 1.0
    item.setScale(scale)
    item.setPos((SCENE_WIDTH - box.width() * scale) / 2, centre_y - box.height() * scale / 2)
    return item


def build_placeholder_scene(game_name: str) -> QGraphicsScene:
    """An empty table: felt, the chalk lines of the betting arc, the game's name."""
    scene = QGraphicsScene(QRectF(0, 0, SCENE_WIDTH, SCENE_HEIGHT))
    scene.addRect(scene.sceneRect(), QPen(Qt.PenStyle.NoPen), _felt_brush())

    # The betting arc: the lower half of a wide ellipse, with five empty circles on it.
    chalk = QPen(CHALK, 4)
    arc = QPainterPath()
    arc_box = QRectF(150, -300, SCENE_WIDTH - 300, 1000)
    arc.arcMoveTo(arc_box, 200)
    arc.arcTo(arc_box, 200, 140)
    scene.addPath(arc, chalk)
    for spot in range(5):
        angle = 215 + spot * 27.5
        point = QPainterPath()
        point.arcMoveTo(arc_box.adjusted(90, 90, -90, -90), angle)
        centre = point.currentPosition()
        scene.addEllipse(QRectF(centre.x() - 55, centre.y() - 55, 110, 110), chalk)

    _add_centred_text(scene, game_name, _serif(96, bold=True), CREAM, 250)
    _add_centred_text(scene, "Table coming soon", _serif(44), GOLD, 360)
    return scene


class PlaceholderTable(QGraphicsView):
    """The placeholder window: the whole scene, scaled to the window with its aspect kept."""

    def __init__(self, game_name: str) -> None:
        super().__init__()
        self.setScene(build_placeholder_scene(game_name))
        # Qt adds the application's display name ("Casino") where the platform does that.
        self.setWindowTitle(game_name)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setBackgroundBrush(BEYOND_TABLE)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumSize(640, 360)
        self.resize(1200, 675)

    def _fit_table(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_table()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_table()
