"""Reads an application's accessibility tree through AT-SPI and prints it as JSON.

Run by the system's Python, which has `pyatspi` (python3-pyatspi), not the project's venv:
`/usr/bin/python3 atspi_reader.py NAME` prints [[depth, role, name, states], ...] of the first
application on the bus whose name is NAME (the program's name as Qt gives it);
`atspi_reader.py --listen SECONDS` prints "listening", then the announcements made meanwhile
(as a screen reader hears them) as a JSON list once the seconds have passed.
"""

import json
import sys

import pyatspi  # type: ignore[import-not-found]

STATES = ("focusable", "focused", "selected", "sensitive", "enabled", "active", "checked")


def walk(node, depth, rows):  # type: ignore[no-untyped-def]
    states = node.getState()
    names = [s for s in STATES if states.contains(getattr(pyatspi, "STATE_" + s.upper()))]
    rows.append([depth, node.getRoleName(), node.name, names])
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            walk(child, depth + 1, rows)


def listen(seconds: float) -> None:
    from gi.repository import GLib  # type: ignore[import-not-found]

    heard: list[str] = []
    pyatspi.Registry.registerEventListener(
        lambda event: heard.append(str(event.any_data)), "object:announcement"
    )
    GLib.timeout_add(100, lambda: print("listening", flush=True) and False)
    GLib.timeout_add(int(seconds * 1000), pyatspi.Registry.stop)
    pyatspi.Registry.start()
    print(json.dumps(heard))


def main() -> None:
    if sys.argv[1] == "--listen":
        listen(float(sys.argv[2]))
        return
    wanted = sys.argv[1]
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == wanted:
            rows: list[list[object]] = []
            walk(app, 0, rows)
            print(json.dumps(rows))
            return
    print(json.dumps([]))


main()
