"""Every icon the installers ship, made from the one SVG in resources/.

Qt's SVG renderer draws the PNG sizes; .ico and .icns are written here by hand, since both are
small containers of PNG images:

- .ico: a 6-byte header (0, type 1, count), one 16-byte entry per image (width and height,
  0 meaning 256; 32 bits per pixel; the image's length and offset), then the PNGs. Windows has
  read PNG images inside .ico files since Vista.
- .icns: the tag ``icns`` and the file's length, then one block per image: a 4-letter type that
  says the size, the block's length (header included) and the PNG.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication

# The hicolor sizes a Linux desktop looks for (the theme also takes the SVG as "scalable").
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# The .icns block type for each image, with the pixel size it must hold.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),  # 512x512@2x
    (b"ic11", 32),  # 16x16@2x
    (b"ic12", 64),  # 32x32@2x
    (b"ic13", 256),  # 128x128@2x
    (b"ic14", 512),  # 256x256@2x
)


def _ensure_application() -> None:
    # QImage painting works without an application object, but Qt's SVG renderer may lay out
    # text, and fonts need one. No window is ever shown, so the offscreen platform will do. A
    # QApplication rather than a QGuiApplication, so that widgets can still be made in the same
    # process afterwards (as the tests do).
    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _ensure_application.app = QApplication([])  # type: ignore[attr-defined]


def render_png(svg: Path, size: int) -> bytes:
    """The SVG drawn into a square transparent image of `size` pixels, as PNG bytes."""
    _ensure_application()
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not an SVG image Qt can draw")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError(f"could not encode the {size}px icon as PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding the given PNG images, keyed by their pixel size."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = [], []
    for size in sizes:
        png = pngs[size]
        side = 0 if size >= 256 else size
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset))
        images.append(png)
        offset += len(png)
    return header + b"".join(entries) + b"".join(images)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns with one PNG block for each type of ICNS_TYPES."""
    blocks = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(blocks)) + blocks


def make_icons(svg: Path, out: Path, name: str) -> dict[str, Path]:
    """Write `name`-<size>.png for each of PNG_SIZES, `name`.ico and `name`.icns into `out`.

    Returns the paths by kind: "png-<size>", "ico", "icns" and "svg" (a copy of the source).
    """
    out.mkdir(parents=True, exist_ok=True)
    sizes = sorted({*PNG_SIZES, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    pngs = {size: render_png(svg, size) for size in sizes}
    made: dict[str, Path] = {}
    for size in PNG_SIZES:
        path = out / f"{name}-{size}.png"
        path.write_bytes(pngs[size])
        made[f"png-{size}"] = path
    made["ico"] = out / f"{name}.ico"
    made["ico"].write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    made["icns"] = out / f"{name}.icns"
    made["icns"].write_bytes(icns_bytes(pngs))
    made["svg"] = out / f"{name}.svg"
    made["svg"].write_bytes(svg.read_bytes())
    return made
