"""The casino-gui program: command-line options, the bankroll, the window and its qasync loop.

A start opens the window first, with its title, size, menu bar and felt read from the settings,
after importing Qt alone; the engine, the store and the table's modules are loaded after that
paint, the live table is built in the same window, and the clicks and keys made meanwhile are
given to it in order (docs/decisions.md, "Startup and memory").
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

_STARTED = time.perf_counter()

# PySide6 before qasync: qasync binds to the first Qt it finds (docs/architecture.md, "Known
# traps on this stack").
from PySide6.QtCore import QEvent, QEventLoop, QObject, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from casino_gui.feature_scan import read_sources_directly  # noqa: E402

read_sources_directly()  # before the casino's own modules: each import is scanned by PySide

from casino_gui import __version__  # noqa: E402
from casino_gui.command_line import (  # noqa: E402
    CommandParser,
    flush_output,
    refuse,
    say,
    shown,
    write_output,
)
from casino_gui.game_ids import GAME_IDS  # noqa: E402
from casino_gui.paths import data_dir, data_dir_problem  # noqa: E402

if TYPE_CHECKING:
    from casino_gui.gui.held_input import HeldInput
    from casino_gui.gui.window import CasinoWindow
    from casino_gui.store import Bankroll, BankrollMissingError, FileProblemError
    from casino_gui.store.lock import FolderLock

# argparse's status for bad usage; a data folder the casino cannot use exits the same way.
EXIT_USAGE = 2
EXIT_FAILURE = 1


def _path(text: str) -> Path:
    # Path("") is ".", the current folder: an empty name is a slip, not a choice.
    if not text:
        raise argparse.ArgumentTypeError("give a path, not an empty name")
    return Path(text)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The options; a bad one exits with status 2 and one line (casino_gui.command_line)."""
    parser = CommandParser(
        prog="casino-gui", description="A desktop blackjack casino: seven games on a felt table."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--data-dir",
        type=_path,
        metavar="DIR",
        help="keep the casino's files in DIR instead of the per-user data folder",
    )
    parser.add_argument(
        "--game",
        choices=GAME_IDS,
        default=None,
        metavar="ID",
        help=f"the table to open: one of {', '.join(GAME_IDS)} (default: the last one played)",
    )
    parser.add_argument(
        "--smoke-test",
        type=_path,
        metavar="PNG",
        help="play one scripted round through the window, save a picture of it to PNG and exit",
    )
    parser.add_argument(
        "--practice",
        choices=GAME_IDS,
        metavar="ID",
        help="with --smoke-test: ten flash-card decisions of that game in Practice instead",
    )
    parser.add_argument(
        "--timings",
        action="store_true",
        help="print the time to the first painted page (the window opening, or the lobby) "
        "and to the live page",
    )
    args = parser.parse_args(argv)
    problem = data_dir_problem(args.data_dir) or _picture_problem(args.smoke_test)
    if problem:
        parser.error(problem)
    return args


def _picture_problem(png: Path | None) -> str | None:
    """A picture the smoke test could not save is refused before the round is played."""
    if png is None:
        return None
    folder = png.parent
    try:
        if png.is_dir():
            return f"--smoke-test {shown(png)}: give the name of a PNG file to write"
        if not folder.is_dir():
            return f"--smoke-test {shown(png)}: the folder {shown(folder)} does not exist"
        if not os.access(folder, os.W_OK | os.X_OK):
            return f"--smoke-test {shown(png)}: the folder {shown(folder)} is read-only"
        if png.exists() and not os.access(png, os.W_OK):
            return f"--smoke-test {shown(png)}: the file is read-only"
    except OSError as error:  # a name over 255 bytes, a folder on the way that cannot be read
        return f"--smoke-test {shown(png)}: {error.strerror or error}"
    return None


# A window that is never exposed (started minimised, say) is not waited for longer than this.
FIRST_PAINT_WAIT_MS = 2_000
# Left in data folders by older casinos, which showed a stored picture of the table first.
OLD_PICTURES = ("first_frame.cache", "first_frame.cache.partial")


def _say_time(what: str) -> None:
    elapsed = 1000 * (time.perf_counter() - _STARTED)
    write_output("casino-gui", f"startup: {elapsed:.0f} ms to the {what}\n")


class _Paint(QObject):
    """Ends a local event loop at the first paint of the widgets it watches."""

    def __init__(self, loop: QEventLoop) -> None:
        super().__init__()
        self._loop = loop

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self._loop.quit()
        return False


def show_and_wait_for_paint(window: QWidget, *painted: QWidget) -> None:
    """Show `window` and run Qt's events until one of `painted` is painted (or a while)."""
    loop = QEventLoop()
    paint = _Paint(loop)
    for widget in painted:
        widget.installEventFilter(paint)
    give_up = QTimer()
    give_up.setSingleShot(True)
    give_up.timeout.connect(loop.quit)
    give_up.start(FIRST_PAINT_WAIT_MS)
    window.show()
    loop.exec()
    give_up.stop()  # a quit left pending would stop the next event loop: qasync's
    for widget in painted:
        widget.removeEventFilter(paint)


def forget_old_pictures(folder: Path) -> None:
    for name in OLD_PICTURES:
        with contextlib.suppress(OSError):
            (folder / name).unlink(missing_ok=True)


def open_window(folder: Path, args: argparse.Namespace) -> tuple[CasinoWindow, HeldInput] | None:
    """The window as it opens, before the engine and the store are loaded: its title, size,
    menu bar and felt, read from the settings, painted, and its input held for the live
    table (docs/decisions.md, "Startup and memory"). None at a first start, which shows the
    lobby first."""
    from casino_gui.gui.held_input import HeldInput
    from casino_gui.gui.settings import window_look

    look = window_look(folder, args.game)
    if not look.at_table:
        return None
    from casino_gui.gui.opening import opening_window

    window, felt = opening_window(look)
    held = HeldInput(window)
    show_and_wait_for_paint(window, felt)
    if args.timings:
        _say_time("first painted page (the window opening)")
    return window, held


def show_live(
    bankroll: Bankroll, args: argparse.Namespace, opened: tuple[CasinoWindow, HeldInput] | None
) -> tuple[CasinoWindow, HeldInput | None] | None:
    """Build the live table (in the opened window, if any), show it and wait for its paint;
    None when the window was closed first. The input held since the window opened is given to
    it now, and what came since is handled, unless a round is to be resumed first: then the
    held input is returned, to be given once the round is back on the table."""
    from casino_gui.engine import rules_for
    from casino_gui.gui.window import CasinoWindow

    rules = rules_for(args.game) if args.game else None
    held = None
    if opened is None:
        window = CasinoWindow(bankroll, rules)
    else:
        window, held = opened
        if not window.isVisible():
            held.release()
            return None  # closed while it opened
        window.furnish(bankroll, rules)
    # The first start shows the lobby, later ones the table: whichever is painted first.
    shown = [window.view.viewport()] if window.table_shown() else [window.lobby]
    show_and_wait_for_paint(window, *shown)
    if args.timings:
        if opened is None:
            _say_time("first painted page")
        _say_time("live page")
    if not bankroll.round_open:
        if held is not None:
            held.release()  # the clicks and keys made while it opened, in order
            held = None
        # And those made meanwhile, before qasync and asyncio are loaded (~50 ms): the table
        # is live from its paint.
        QApplication.processEvents()
    return window, held


def give_held_input(window: CasinoWindow, held: HeldInput) -> None:
    """The input made while the window opened, given once a resumed round is back on the
    table: its moves were made before any hand was shown, so none is played on one; each says
    why (docs/decisions.md, "The pace of the table")."""
    window.controller.unseen_input = True
    try:
        held.release()
    finally:
        window.controller.unseen_input = False


async def _run(
    app: QApplication, window: CasinoWindow, held: HeldInput | None, args: argparse.Namespace
) -> int:
    import asyncio

    from casino_gui.engine import GAMES, rules_for
    from casino_gui.gui.table import async_slot

    async_slot.loop_runs()  # the moves held through the start, in the order they came
    await window.resume()
    if held is not None:
        give_held_input(window, held)  # now that the round is back
    await asyncio.sleep(0)  # the player's input first, then the work the start left for later
    back_up_after_first_paint(window)
    if args.smoke_test is not None and args.practice is not None:
        from casino_gui.gui.practice.smoke import drill_flash_cards

        return await drill_flash_cards(window, args.smoke_test, rules_for(args.practice))
    if args.smoke_test is not None:
        from casino_gui.gui.smoke import play_scripted_round

        asked = rules_for(args.game) if args.game else None
        return await play_scripted_round(window, args.smoke_test, asked)
    from casino_gui.gui.reduced_motion import follow_desktop_motion

    motion = asyncio.ensure_future(follow_desktop_motion(window))
    # The lobby is made now, after the first paint (polished, so that it shows at once), before
    # the house edges of the seven games are computed (or read from the cache) in the background.
    await asyncio.sleep(0)
    window.lobby.ensurePolished()
    await asyncio.sleep(0)
    edges = asyncio.ensure_future(window.edges.compute(GAMES.values()))
    await asyncio.sleep(0)
    _load_sound(window)
    closed = asyncio.Event()
    app.lastWindowClosed.connect(closed.set)
    if window.isVisible():
        await closed.wait()
    edges.cancel()
    motion.cancel()
    return 0


def _load_sound(window: CasinoWindow) -> None:
    """The audio stack, loaded once the table is live rather than by the first cue."""
    from casino_gui.gui.sound.player import QtSoundPlayer

    player = window.sound.player
    if window.settings.sound and isinstance(player, QtSoundPlayer):
        player.load()


def back_up_after_first_paint(window: CasinoWindow) -> None:
    """The start's backup, left until the table is painted and copied in the background (a
    long history takes a while to copy and check); one that cannot be written is said on the
    table, and every deal tries it again first (so none is dealt without it)."""
    from casino_gui.gui.table.messages import Severity
    from casino_gui.gui.table.wording import sentence
    from casino_gui.store import StoreError

    try:
        window.bankroll.back_up_soon()
    except StoreError as error:
        window.controller.say(sentence(str(error)), Severity.ERROR)


def _alert(message: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.critical(None, "Casino", message)


def take_the_folder(folder: Path) -> FolderLock | None:
    """The data folder's lock, taken before anything is shown: a second casino on the folder
    shows no table, only the message. None where it cannot be taken; opening the bankroll then
    tries again and says why (another casino, a read-only folder)."""
    from casino_gui.store.errors import StoreError
    from casino_gui.store.lock import FolderLock

    lock = FolderLock(folder)
    try:
        lock.acquire()
    except StoreError:
        return None
    return lock


def _open_bankroll(folder: Path, gui: bool, lock: FolderLock | None = None) -> Bankroll | int:
    from casino_gui.store import (
        AlreadyRunningError,
        Bankroll,
        BankrollMissingError,
        FileProblemError,
        StoreError,
    )

    try:
        # Backed up after the first paint; the lock taken before it handed over.
        return Bankroll.open(folder, backup_later=True, lock=lock)
    except AlreadyRunningError as error:
        message, status = str(error), EXIT_FAILURE
    except BankrollMissingError as error:
        # Never a silent new wallet where a bankroll was kept: the window offers the restore.
        say("casino-gui", str(error))
        return _offer_restore(folder, error) if gui else EXIT_USAGE
    except FileProblemError as error:
        if gui and error.set_aside is not None:
            # A damaged bankroll was just set aside: offer its backups now, in the window,
            # rather than a command to type and a second start.
            say("casino-gui", str(error))
            return _offer_restore_after(folder, error)
        message, status = str(error), EXIT_USAGE
    except StoreError as error:
        message, status = str(error), EXIT_USAGE
    say("casino-gui", message)
    if gui:
        _alert(message)
    return status


def _offer_restore_after(folder: Path, damaged: FileProblemError) -> Bankroll | int:
    """The bankroll was set aside as damaged: the next open finds it missing, and the window
    offers its newest good backup, saying first what happened to the file."""
    from casino_gui.store import Bankroll, BankrollMissingError, StoreError

    try:
        return Bankroll.open(folder)
    except BankrollMissingError as missing:
        # The path shortened as in every store message; the set-aside copy lies beside it.
        kept = damaged.set_aside.name if damaged.set_aside is not None else "a copy"
        cause = f"{shown(damaged.path)} {damaged.problem}. It was set aside, unchanged, as {kept}."
        return _offer_restore(folder, missing, cause)
    except StoreError as error:
        _alert(str(error))
        return EXIT_USAGE


def _offer_restore(
    folder: Path, error: BankrollMissingError, cause: str | None = None
) -> Bankroll | int:
    from casino_gui.gui.dialogs.bankroll_missing import Answer, BankrollMissingDialog
    from casino_gui.store import Bankroll, StoreError

    answer = BankrollMissingDialog(error, cause=cause).ask()
    try:
        if answer is Answer.RESTORE:
            restored = Bankroll.restore(folder)
            write_output("casino-gui", f"casino-gui: {restored.report().splitlines()[0]}\n")
            return Bankroll.open(folder)
        if answer is Answer.NEW_WALLET:
            return Bankroll.open(folder, new_wallet=True)
    except StoreError as failed:
        say("casino-gui", str(failed))
        _alert(str(failed))
    return EXIT_USAGE


def run(argv: Sequence[str] | None = None) -> NoReturn:
    """The program (`casino-gui`, `python -m casino_gui`): `main`, then the process ends at
    once. Everything the casino keeps is on the disk by then (the bankroll closed, the
    settings written, the worker process killed); tearing down Qt, its audio stack and the
    interpreter's modules one by one took most of a second, and is left to the system
    (docs/decisions.md, "Quitting")."""
    import logging  # loaded by then: its handlers are flushed

    try:
        status = main(argv)
    except OSError as error:  # a file or folder no check foresaw: said, never a traceback
        where = shown(str(error.filename)) if error.filename else "a file"
        say("casino-gui", f"{where}: {error.strerror or error}")
        status = EXIT_USAGE
    logging.shutdown()
    status = flush_output("casino-gui", status)  # an answer lost is said, and its status
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.flush()
    os._exit(status)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the casino; the return value is the process's exit status."""
    args = parse_args(argv)
    folder = data_dir(args.data_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return refuse(
            "casino-gui",
            f"cannot create the data folder {shown(folder)}: {error.strerror or error}",
        )

    # This program is PySide6 only: a QT_API left in the environment for another program
    # (pyqt5, say) would make qasync load the wrong binding.
    os.environ["QT_API"] = "pyside6"
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication([sys.argv[0]])
    app.setApplicationName("casino_gui")
    # No display name: Qt would add " — Casino" to every window title on X11 and Wayland, and
    # the window names itself ("Casino — Standard BlackJack").
    app.setApplicationVersion(__version__)
    # Closing the window ends the coroutine below, so asyncio.run returns normally instead of
    # Qt stopping the loop under it.
    app.setQuitOnLastWindowClosed(False)
    # The window opens first, if no other casino has the folder; the smoke test starts as a
    # new player would.
    lock = take_the_folder(folder)
    opening = None
    if lock is not None:
        forget_old_pictures(folder)
        if args.smoke_test is None:
            opening = open_window(folder, args)
    from casino_gui.gui.theme import apply_theme

    apply_theme()  # the questions asked before the window opens wear the casino's style too
    opened = _open_bankroll(folder, gui=args.smoke_test is None, lock=lock)
    if isinstance(opened, int):
        if opening is not None:
            opening[0].close()
        return opened
    with opened as bankroll:
        from casino_gui.gui.table import async_slot

        async_slot.wait_for_loop()  # a DEAL held through the start runs once the loop does
        live = show_live(bankroll, args, opening)
        if live is None:
            return 0
        import qasync  # after the live table's paint (docs/decisions.md, "Startup and memory")

        status = qasync.run(_run(app, *live, args))
    return int(status)
