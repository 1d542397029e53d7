"""The house edge of each table, computed from its rules by the strategy engine.

A table's edge takes up to a few seconds to compute, so the worker process works it out
(`casino_gui.gui.workers`) while the window goes on; it is kept in the data folder
(`house-edges.json`, keyed by the rules and the program's version) so later starts show it
at once. It is a cache: a damaged or missing file is simply computed again.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from casino_gui import __version__
from casino_gui.engine.rules import Rules, rules_to_json
from casino_gui.gui.workers import Pending, WorkerError, WorkerProcess

FILE_NAME = "house-edges.json"


def rules_key(rules: Rules) -> str:
    return json.dumps(rules_to_json(rules), sort_keys=True)


class HouseEdges(QObject):
    computed = Signal(object, float)  # the rules, the edge (a fraction of the bet)
    computing = Signal(object)  # the rules whose edge the worker has been asked for
    given_up = Signal(object)  # the rules whose edge nobody waits for any more, or that failed

    def __init__(self, folder: Path, worker: WorkerProcess) -> None:
        super().__init__()
        self.path = folder / FILE_NAME
        self.worker = worker
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

    def request(self, rules: Rules, *, urgent: bool = False) -> Pending | None:
        """Ask for a table's edge: None when it is known (`computed` is emitted at once),
        else the worker's job, whose result is also announced on `computed` and kept."""
        edge = self.known(rules)
        if edge is not None:
            self.computed.emit(rules, edge)
            return None
        # The advisor is imported when an edge is first asked for, after the first paint.
        from casino_gui.engine.strategy import house_edge

        pending = self.worker.submit(house_edge, rules, urgent=urgent)
        pending.finished.connect(lambda edge: self._learn(rules, edge))
        pending.ended.connect(lambda: self._ended(rules))
        self.computing.emit(rules)
        return pending

    async def compute(self, tables: Iterable[Rules]) -> None:
        """Announce every table's edge: known ones at once, the others as they are computed.
        Cancelling the coroutine withdraws the jobs not done yet."""
        waiting = [pending for rules in tables if (pending := self.request(rules)) is not None]
        try:
            for pending in waiting:
                # A table whose edge could not be computed simply shows none.
                with contextlib.suppress(WorkerError):
                    await pending.wait()
        finally:
            for pending in waiting:
                pending.cancel()

    def _ended(self, rules: Rules) -> None:
        if self.known(rules) is None:
            self.given_up.emit(rules)

    def _learn(self, rules: Rules, edge: float) -> None:
        key = rules_key(rules)
        if key not in self._edges:
            self._edges[key] = edge
            self._save()
        self.computed.emit(rules, edge)

    def _save(self) -> None:
        temporary = self.path.with_suffix(".tmp")
        try:
            temporary.write_text(json.dumps({"version": __version__, "edges": self._edges}))
            os.replace(temporary, self.path)
        except OSError:
            pass  # a cache that cannot be written is computed again next time
