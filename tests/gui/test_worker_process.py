"""Charts and house edges are worked out in a worker process: the window never freezes."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import runpy
from collections.abc import Callable, Iterator
from typing import NoReturn

import pytest
import qasync
from PySide6.QtCore import QElapsedTimer, Qt, QTimer
from pytestqt.qtbot import QtBot

from casino_gui.engine.games import BLACKJACK, CARIBBEAN_21, FACE_UP_21, PONTOON
from casino_gui.engine.strategy import chart, house_edge
from casino_gui.gui.dialogs.strategy_chart import StrategyChartDialog
from casino_gui.gui.workers import WorkerError, WorkerProcess
from tests.gui.conftest import Table, drain

Open = Callable[..., Table]


def alive(pid: int) -> bool:
    """Whether a process of that id still exists (a zombie counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.fixture
def worker() -> Iterator[WorkerProcess]:
    process = WorkerProcess()
    yield process
    process.shutdown()


class Ticks:
    """A timer that should fire every 10 ms: how many times it did, and its longest gap."""

    def __init__(self) -> None:
        self.count = 0
        self.longest_ms = 0.0
        self._clock = QElapsedTimer()
        self._clock.start()
        self._last = 0.0
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        now = self._clock.nsecsElapsed() / 1e6
        self.longest_ms = max(self.longest_ms, now - self._last)
        self._last = now
        self.count += 1


def test_the_chart_shows_a_spinner_then_the_chart_computed_in_another_process(
    qtbot: QtBot, worker: WorkerProcess
) -> None:
    ticks = Ticks()
    dialog = StrategyChartDialog(BLACKJACK, worker)
    qtbot.addWidget(dialog)
    dialog.show()
    # At once: the spinner turns, and no chart yet.
    assert dialog.is_computing()
    assert dialog.chart is None
    assert dialog.spinner.isVisible()
    with qtbot.waitSignal(dialog.chart_ready, timeout=120_000):
        pass
    assert dialog.computed_by() not in (None, os.getpid())
    assert dialog.computed_by() == worker.pid
    assert not dialog.spinner.isVisible()
    assert dialog.spinner.turns > 0
    assert dialog.chart == chart(BLACKJACK)
    assert set(dialog.tables) == {section.title for section in dialog.chart.sections}
    # The event loop kept turning: the 10 ms timer fired all along. (No timing assertion on
    # the gap; `python -m bench.stalls` prints it.)
    assert ticks.count > 10


def test_the_event_loop_keeps_turning_while_a_chart_computes(
    qtbot: QtBot, worker: WorkerProcess
) -> None:
    dialog = StrategyChartDialog(CARIBBEAN_21, worker)
    qtbot.addWidget(dialog)
    dialog.show()
    ticks = Ticks()
    # While the worker computes, the timer fires in this process again and again.
    qtbot.waitUntil(lambda: ticks.count >= 20, timeout=10_000)
    assert dialog.is_computing()
    with qtbot.waitSignal(dialog.chart_ready, timeout=120_000):
        pass


def test_closing_the_chart_while_it_computes_stops_the_worker(
    qtbot: QtBot, worker: WorkerProcess
) -> None:
    dialog = StrategyChartDialog(CARIBBEAN_21, worker)
    qtbot.addWidget(dialog)
    dialog.show()
    pid = worker.pid
    assert pid is not None and alive(pid)
    dialog.close()
    assert not alive(pid)
    assert not worker.busy()
    # The next job starts a new worker.
    again = worker.submit(house_edge, PONTOON)
    with qtbot.waitSignal(again.finished, timeout=120_000) as result:
        pass
    assert result.args == [house_edge(PONTOON)]
    assert again.pid not in (None, pid, os.getpid())


def test_closing_the_window_while_a_chart_computes_leaves_no_child_process(
    open_table: Open,
) -> None:
    table = open_table("caribbean_21")
    window = table.window
    window.show_strategy_chart()
    pid = window.worker.pid
    assert pid is not None and alive(pid)
    assert [child.pid for child in multiprocessing.active_children()] == [pid]
    window.close()
    assert not alive(pid)
    assert multiprocessing.active_children() == []
    assert window.worker.pid is None


def test_a_failed_job_says_why_and_the_worker_goes_on(qtbot: QtBot, worker: WorkerProcess) -> None:
    broken = worker.submit(house_edge, "not a table")
    with qtbot.waitSignal(broken.failed, timeout=60_000) as failure:
        pass
    assert failure.args[0].startswith("AttributeError: ")
    fine = worker.submit(house_edge, PONTOON)
    with qtbot.waitSignal(fine.finished, timeout=120_000):
        pass
    assert fine.pid == broken.pid


def test_the_same_job_asked_twice_is_computed_once_and_urgent_jobs_go_first(
    qtbot: QtBot, worker: WorkerProcess
) -> None:
    order: list[str] = []
    # Pontoon's edge is the quickest there is (the queue is the parent's: the jobs' length
    # does not change their order); its one- and two-deck tables are two other jobs.
    one_deck, two_decks = PONTOON.replace(decks=1), PONTOON.replace(decks=2)
    first = worker.submit(house_edge, PONTOON)
    later = worker.submit(house_edge, one_deck)
    urgent = worker.submit(house_edge, two_decks, urgent=True)
    twice = worker.submit(house_edge, one_deck)
    for name, pending in (("first", first), ("later", later), ("urgent", urgent)):
        pending.finished.connect(lambda _=None, name=name: order.append(name))
    with qtbot.waitSignal(twice.finished, timeout=240_000):
        pass
    # The running job finishes first; the urgent one overtakes the queue.
    assert order == ["first", "urgent", "later"]
    assert twice.result == later.result == house_edge(one_deck)


def test_a_withdrawn_job_waiting_in_the_queue_is_never_computed(
    qtbot: QtBot, worker: WorkerProcess
) -> None:
    running = worker.submit(house_edge, PONTOON)
    queued = worker.submit(house_edge, CARIBBEAN_21)
    queued.cancel()
    with qtbot.waitSignal(running.finished, timeout=120_000):
        pass
    qtbot.waitUntil(lambda: not worker.busy())
    assert not queued.done


def test_the_entry_module_starts_nothing_when_a_worker_imports_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A spawned worker runs the parent's main module under another name: the casino must not
    # start a second window then (and in the frozen program, freeze_support() takes over).
    import casino_gui.app

    starts: list[object] = []

    def start(argv: object = None) -> NoReturn:
        starts.append(argv)
        raise SystemExit(0)  # as `run` ends the process once the casino has closed

    monkeypatch.setattr(casino_gui.app, "run", start)
    runpy.run_module("casino_gui.__main__", run_name="__mp_main__")
    assert starts == []
    # The same module run as the program does start the casino: the probe above can see it.
    with pytest.raises(SystemExit) as exit_:
        runpy.run_module("casino_gui.__main__", run_name="__main__")
    assert exit_.value.code == 0
    assert starts == [None]


def test_the_frozen_programs_entry_calls_freeze_support_before_anything_else() -> None:
    # packaging/pyinstaller/casino-gui.spec freezes casino_gui/__main__.py: in the frozen
    # program a worker is this executable started again, and freeze_support() must catch it
    # before the casino's own start-up runs.
    import ast
    from pathlib import Path

    import casino_gui

    entry = Path(casino_gui.__file__).with_name("__main__.py")
    spec = Path(casino_gui.__file__).parents[1] / "packaging" / "pyinstaller" / "casino-gui.spec"
    assert '"casino_gui" / "__main__.py"' in spec.read_text("utf-8")
    guard = next(
        node for node in ast.parse(entry.read_text("utf-8")).body if isinstance(node, ast.If)
    )
    # First thing in a frozen program; elsewhere multiprocessing is not even imported (it
    # would delay the first paint, and freeze_support() does nothing there).
    frozen = guard.body[0]
    assert isinstance(frozen, ast.If)
    assert ast.unparse(frozen.test) == "getattr(sys, 'frozen', False)"
    assert [ast.unparse(node) for node in frozen.body] == [
        "import multiprocessing",
        "multiprocessing.freeze_support()",
    ]


def test_a_lobby_tile_turns_a_spinner_while_its_house_edge_is_worked_out(
    open_table: Open,
) -> None:
    table = open_table()
    window = table.window
    window.show_lobby()
    tile = window.lobby.tile("pontoon")
    pending = window.edges.request(PONTOON)
    assert pending is not None
    assert tile.edge_spinner.isVisible()
    assert "house edge" not in tile.decks_label.text()
    with table.qtbot.waitSignal(window.edges.computed, timeout=120_000):
        pass
    assert not tile.edge_spinner.isVisible()
    assert "house edge" in tile.decks_label.text()
    assert pending.pid not in (None, os.getpid())
    # Known now: asked again, it is announced at once, without the worker.
    with table.qtbot.waitSignal(window.edges.computed, timeout=100):
        assert window.edges.request(PONTOON) is None


def test_the_stall_benchmark_prints_the_longest_stall_of_each_chart(
    capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    from bench.stalls import main

    assert main(["pontoon"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[0] == "pontoon"
    assert lines[1].split()[-1] == "ms"
    assert lines[-1].startswith("longest event-loop stall: ")


def test_a_rules_page_works_out_an_unknown_house_edge_with_a_spinner(open_table: Open) -> None:
    from casino_gui.gui.lobby.game_tile import CUSTOM, edge_text

    table = open_table()
    window = table.window
    window.show_lobby()
    custom = window.lobby.custom_rules()
    assert window.edges.known(custom) is None
    dialog = window.lobby.open_rules(custom)
    table.qtbot.addWidget(dialog)
    line = dialog.edge_line
    assert line is not None
    assert line.is_computing() and line.spinner.isVisible()
    table.qtbot.waitUntil(lambda: not line.is_computing(), timeout=120_000)
    assert edge_text(house_edge(custom)) in line.text()
    # The tile of the custom table learnt it too.
    assert "house edge" in window.lobby.tile(CUSTOM).decks_label.text()


def test_a_tile_stops_its_spinner_when_nobody_waits_for_its_edge_any_more(
    open_table: Open,
) -> None:
    from casino_gui.gui.lobby.game_tile import CUSTOM

    table = open_table()
    window = table.window
    window.show_lobby()
    tile = window.lobby.tile(CUSTOM)
    # The custom table's dialog asks for the edge of the table it starts from: the tile's.
    dialog = window.lobby.open_custom_table()
    assert tile.edge_spinner.isVisible()
    dialog.reject()
    assert not tile.edge_spinner.isVisible()
    assert "house edge" not in tile.decks_label.text()
    assert not window.worker.busy()


def test_shutting_down_ends_every_waiting_job(
    qtbot: QtBot, qloop: qasync.QEventLoop, worker: WorkerProcess
) -> None:
    running = worker.submit(house_edge, CARIBBEAN_21)
    queued = worker.submit(house_edge, FACE_UP_21)
    waits = [asyncio.ensure_future(job.wait()) for job in (running, queued)]
    drain(qtbot)  # both coroutines are waiting on their jobs
    worker.shutdown()
    qtbot.waitUntil(lambda: all(wait.done() for wait in waits), timeout=5000)
    assert all(isinstance(wait.exception(), WorkerError) for wait in waits)
    assert multiprocessing.active_children() == []
    # A closed worker takes no more work.
    late = worker.submit(house_edge, PONTOON)
    assert late.error == "the casino is closing"


def test_the_chart_is_drawn_a_section_per_turn_of_the_event_loop(
    qtbot: QtBot, worker: WorkerProcess
) -> None:
    dialog = StrategyChartDialog(BLACKJACK, worker)
    qtbot.addWidget(dialog)
    dialog.show()
    ready: list[int] = []
    dialog.chart_ready.connect(lambda: ready.append(len(dialog.tables)))
    with qtbot.waitSignal(dialog.pending.finished, timeout=120_000):
        pass
    # The result has come: one section is drawn, the others wait for the next turns.
    assert dialog.chart is not None
    assert 0 < len(dialog.tables) < len(dialog.chart.sections)
    assert ready == [] and dialog.spinner.isVisible()
    with qtbot.waitSignal(dialog.chart_ready, timeout=5_000):
        pass
    assert ready == [len(dialog.chart.sections)]


def test_ctrl_k_opens_the_chart_at_once_and_the_worker_fills_it_in(open_table: Open) -> None:
    table = open_table("blackjack")
    window = table.window
    ticks = Ticks()
    table.qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    dialogs = window.findChildren(StrategyChartDialog)
    assert len(dialogs) == 1
    dialog = dialogs[0]
    assert dialog.isVisible() and dialog.is_computing()
    with table.qtbot.waitSignal(dialog.chart_ready, timeout=120_000):
        pass
    assert dialog.computed_by() not in (None, os.getpid())
    assert ticks.count > 10
    assert dialog.rules == window.controller.rules
