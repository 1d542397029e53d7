"""The house edge of each table, computed from its rules by the strategy engine.

A game's edge takes a few seconds to compute, so it is worked out on a background thread
after the window is up, and kept in the data folder (`house-edges.json`, keyed by the rules
and the program's version) so later starts show it at once. It is a cache: a damaged or
missing file is simply computed again.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from casino_gui import __version__
from casino_gui.engine.rules import Rules, rules_to_json
from casino_gui.engine.strategy import house_edge

FILE_NAME = "house-edges.json"


def rules_key(rules: Rules) -> str:
    return json.dumps(rules_to_json(rules), sort_keys=True)


class HouseEdges(QObject):
    computed = Signal(object, float)  # the rules, the edge (a fraction of the bet)

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.path = folder / FILE_NAME
        self._edges: dict[str, float] = {}
        try:
            saved = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            saved = {}
        if isinstance(saved, dict) and saved.get("version") == __version__:
            edges = saved.get("edges", {})
            if isinstance(edges, dict):
                self._edges = {k: float(v) for k, v in edges.items() if isinstance(v, int | float)}

    def known(self, rules: Rules) -> float | None:
        return self._edges.get(rules_key(rules))

    async def compute(self, tables: Iterable[Rules]) -> None:
        """Announce every table's edge: known ones at once, the others as they are computed."""
        loop = asyncio.get_running_loop()
        for rules in tables:
            edge = self.known(rules)
            if edge is None:
                edge = await _in_background(loop, rules)
                self._edges[rules_key(rules)] = edge
                self._save()
            self.computed.emit(rules, edge)

    def _save(self) -> None:
        temporary = self.path.with_suffix(".tmp")
        try:
            temporary.write_text(json.dumps({"version": __version__, "edges": self._edges}))
            os.replace(temporary, self.path)
        except OSError:
            pass  # a cache that cannot be written is computed again next time


async def _in_background(loop: asyncio.AbstractEventLoop, rules: Rules) -> float:
    """`house_edge(rules)` on a daemon thread, so that quitting never waits for it."""
    done: asyncio.Future[float] = loop.create_future()

    def work() -> None:
        try:
            edge = house_edge(rules)
        except Exception as error:  # reported to the awaiting task, not lost on the thread
            loop.call_soon_threadsafe(_settle, done, None, error)
        else:
            loop.call_soon_threadsafe(_settle, done, edge, None)

    threading.Thread(target=work, name="house-edge", daemon=True).start()
    return await done


def _settle(done: asyncio.Future[float], edge: float | None, error: Exception | None) -> None:
    if done.done():
        return
    if error is not None:
        done.set_exception(error)
    else:
        assert edge is not None
        done.set_result(edge)
