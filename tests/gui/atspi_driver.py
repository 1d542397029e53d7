"""Plays a round in the real window under Xvfb with accessibility on, and reads its AT-SPI
tree before, during and after it (tests/gui/test_accessibility.py runs this).

Run inside a session D-Bus (`dbus-run-session`) by the project's Python:
`python atspi_driver.py DATA_FOLDER`. It starts Xvfb and the AT-SPI bus, opens the casino's
window on the xcb platform, and at each checkpoint runs tests/gui/atspi_reader.py with the
system's Python (which has pyatspi) while the window's event loop runs, so Qt answers the
reader's questions. Prints {checkpoint: rows} as JSON on its last line.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
APP_NAME = "casino-accessibility-check"


def start_display() -> subprocess.Popen[bytes]:
    """Xvfb on a free display number (it writes the number it took to the pipe)."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    os.environ["DISPLAY"] = f":{number}"
    return xvfb


def main() -> None:
    data = Path(sys.argv[1])
    xvfb = start_display()
    bus = subprocess.Popen(
        ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], stderr=subprocess.DEVNULL
    )
    os.environ.update(QT_QPA_PLATFORM="xcb", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
    try:
        print(json.dumps(asyncio_run(data)))
    finally:
        bus.terminate()
        xvfb.terminate()


def asyncio_run(data: Path) -> dict[str, object]:
    import qasync
    from PySide6.QtWidgets import QApplication

    app = QApplication([APP_NAME])
    app.setApplicationName(APP_NAME)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        return loop.run_until_complete(play(data))


async def read_tree() -> object:
    """The tree as the reader sees it, read while this loop answers."""
    process = await asyncio.to_thread(
        subprocess.run,
        ["/usr/bin/python3", str(HERE / "atspi_reader.py"), APP_NAME],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(process.stdout)


async def idle(controller: object, act: object) -> None:
    """Run `act` (a click) and wait until the controller has handled it."""
    done = asyncio.get_running_loop().create_future()

    def finished() -> None:
        if not done.done():
            done.set_result(None)

    controller.idle.connect(finished)  # type: ignore[attr-defined]
    act()  # type: ignore[operator]
    await asyncio.wait_for(done, 20)
    controller.idle.disconnect(finished)  # type: ignore[attr-defined]


async def until(condition: object) -> None:
    for _ in range(200):
        if condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0.05)
    raise TimeoutError("the window never came to the state the check waits for")


async def play(data: Path) -> dict[str, object]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from casino_gui.engine import Action, rules_for
    from casino_gui.gui.table.tempo import Speed
    from casino_gui.gui.window import CasinoWindow
    from casino_gui.store import Bankroll

    bankroll = Bankroll.open(data)
    window = CasinoWindow(bankroll, rules_for("blackjack"))
    window.resize(1200, 820)
    window.show()
    controller = window.controller
    controller.speed = Speed.INSTANT
    await asyncio.sleep(1.0)  # the window is mapped and the bridge registered
    trees: dict[str, object] = {"before": await read_tree()}

    circle = window.view.mapFromScene(window.scene.circles[2].scenePos())
    rack = window.rack.chip_button(2_500)
    QTest.mouseClick(rack, Qt.MouseButton.LeftButton)  # the rack's choice: no round work
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=circle)
    await until(lambda: controller.pending.bets.get(2) == 2_500)
    trees["bet"] = await read_tree()

    # What a screen reader hears from here on, until the round has settled.
    listener = subprocess.Popen(
        ["/usr/bin/python3", str(HERE / "atspi_reader.py"), "--listen", "14"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert listener.stdout is not None
    await asyncio.to_thread(listener.stdout.readline)  # "listening"
    for chip in (10_000, 2_500):  # the $100 chip chosen, then the $25 again
        QTest.mouseClick(window.rack.chip_button(chip), Qt.MouseButton.LeftButton)

    # Ten and six against the dealer's nine, his seven in the hole; he draws a king and busts.
    controller.next_shoe = "TH 9S 6C 7D KD"
    deal = window.bar.button(Action.DEAL)
    await idle(controller, lambda: QTest.mouseClick(deal, Qt.MouseButton.LeftButton))
    trees["turn"] = await read_tree()
    # The felt's arrows: from the hand whose turn it is to the next thing, circle 3.
    window.activateWindow()
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_Down)
    trees["walked"] = await read_tree()

    stand = window.bar.button(Action.STAND)
    await idle(controller, lambda: QTest.mouseClick(stand, Qt.MouseButton.LeftButton))
    await asyncio.sleep(0.5)
    trees["settled"] = await read_tree()
    trees["heard"] = json.loads(await asyncio.to_thread(listener.stdout.read))

    # A second round (the same bet again): the first round's hand leaves the felt.
    controller.next_shoe = "AS 5D KH 8C"
    await idle(controller, lambda: QTest.mouseClick(deal, Qt.MouseButton.LeftButton))
    await asyncio.sleep(0.5)
    trees["again"] = await read_tree()
    window.close()
    bankroll.close()
    return trees


if __name__ == "__main__":
    main()
