"""The casino-gui program: command-line options, the QApplication and its qasync loop."""

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path

# PySide6 before qasync: qasync binds to the first Qt it finds (ARCHITECTURE.md, "Known traps").
from PySide6.QtWidgets import QApplication

from casino_gui import __version__
from casino_gui.gui.placeholder import PlaceholderTable
from casino_gui.paths import data_dir

# The game ids of RULES.md and the names a player sees.
GAME_NAMES = {
    "blackjack": "Standard BlackJack",
    "face_up_21": "Face Up 21",
    "pontoon": "Pontoon",
    "caribbean_21": "Caribbean 21",
    "super_21": "Super 21",
    "match_play_21": "Match Play 21",
    "no_bust_21": "No Bust 21st Century Blackjack",
}

# argparse's status for bad usage; the other failures use the same one.
EXIT_USAGE = 2


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="casino-gui", description="A desktop blackjack casino: seven games on a felt table."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help="keep the casino's files in DIR instead of the per-user data folder",
    )
    parser.add_argument(
        "--game",
        choices=list(GAME_NAMES),
        default="blackjack",
        metavar="ID",
        help=f"the table to open: one of {', '.join(GAME_NAMES)} (default: %(default)s)",
    )
    parser.add_argument(
        "--smoke-test",
        type=Path,
        metavar="PNG",
        help="open the window, save a picture of it to PNG and exit (0 on success)",
    )
    return parser.parse_args(argv)


async def _play(app: QApplication, window: PlaceholderTable) -> int:
    closed = asyncio.Event()
    app.lastWindowClosed.connect(closed.set)
    window.show()
    await closed.wait()
    return 0


async def _smoke_test(window: PlaceholderTable, png: Path) -> int:
    window.show()
    # Let the window be laid out and painted once before it is grabbed.
    await asyncio.sleep(0.05)
    picture = window.grab()
    window.close()
    if picture.isNull() or not picture.save(str(png), "PNG"):
        print(f"casino-gui: could not write the smoke-test picture to {png}", file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the casino; the return value is the process's exit status."""
    args = parse_args(argv)
    folder = data_dir(args.data_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"casino-gui: cannot use the data folder {folder}: {error}", file=sys.stderr)
        return EXIT_USAGE

    # This program is PySide6 only: a QT_API left in the environment for another program
    # (pyqt5, say) would make qasync load the wrong binding.
    os.environ["QT_API"] = "pyside6"
    import qasync

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication([sys.argv[0]])
    app.setApplicationName("casino_gui")
    app.setApplicationDisplayName("Casino")
    app.setApplicationVersion(__version__)
    # Closing the window ends the coroutine below, so asyncio.run returns normally instead of
    # Qt stopping the loop under it.
    app.setQuitOnLastWindowClosed(False)

    window = PlaceholderTable(GAME_NAMES[args.game])
    if args.smoke_test is not None:
        status = qasync.run(_smoke_test(window, args.smoke_test))
    else:
        status = qasync.run(_play(app, window))
    return int(status)
